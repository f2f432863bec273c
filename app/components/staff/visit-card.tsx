import type { DragEvent } from "react";
import { PatientAlerts } from "~/components/staff/patient-alerts";
import type { DiaryVisit } from "~/models/front-desk/diary-visits.server";
import type { HistoryState } from "~/models/forms/due.server";
import { ACTION_LABELS, NEEDS_OUTCOME, UNDO_LABELS } from "~/models/front-desk/visit-actions";
import { STATUS_LABELS } from "~/models/booking/appointment-status";
import { type ClinicClock, formatTime } from "~/utils/clinic-format";

/**
 * The card's word on the patient's medical history
 * (docs/decisions/050-medical-history-and-consent-forms.md): due before the visit, or
 * signed and waiting for a dentist's review. Its tone is the stylesheet's `history-<state>`.
 */
export const HISTORY_LABELS: Record<HistoryState, string> = {
  due: "History due",
  review: "History to review",
};

/** The data a dragged card carries: the visit's id. */
export const DRAG_TYPE = "application/x-clinic-visit";

/**
 * One visit in the diary: who, what, the patient's message, and the next status moves
 * the viewer may make in one click (buttons of the grid's one form, which works without
 * JavaScript), the cancel form behind a link (it needs its reason), and the undo of their
 * last change. A plain function that returns the card, not a component: a full day has
 * 160 cards, and each component is one more step of React's render (it uses no hooks).
 */
export function visitCard(
  visit: DiaryVisit,
  clock: ClinicClock,
  showWho: "dentist" | "chair" | "both",
  /** With JavaScript, a visit the viewer may move can be dragged to a free time. */
  draggable: boolean,
  busy: boolean,
) {
  const who =
    showWho === "both"
      ? `${visit.dentist.name} · ${visit.chair.name}`
      : showWho === "dentist"
        ? visit.dentist.name
        : visit.chair.name;
  const drag = draggable && visit.offer.move;
  // The card's only attributes are what it needs (no test ids): 160 cards on a full day.
  return (
    <article
      key={visit._id}
      draggable={drag ? true : undefined}
      onDragStart={
        drag
          ? (event: DragEvent) => {
              event.dataTransfer.setData(DRAG_TYPE, visit._id);
              event.dataTransfer.effectAllowed = "move";
            }
          : undefined
      }
      className={`diary-card${visit.needsOutcome ? " border-red-700 bg-red-50" : ""}${
        drag ? " cursor-grab" : ""
      }`}
    >
      <a
        href={`/staff/appointments/${visit._id}`}
        // The card is what is dragged, not its link.
        draggable={drag ? false : undefined}
      >
        {`${formatTime(visit.time, clock)} ${visit.name}`}
      </a>
      <p>{`${visit.service} · ${who}`}</p>
      {visit.message ? (
        <p className="text-xs">
          <b>Patient&apos;s message:</b> {visit.message}
        </p>
      ) : null}
      {visit.alerts ? <PatientAlerts alerts={visit.alerts} compact /> : null}
      {/* Badges, then buttons, each on their own line: the card's direct children, laid
          out by .diary-card (160 cards on a full day: no wrapper elements). */}
      {/* The badges are the card's own spans, not components: 160 cards on a full day. */}
      {visit.history ? (
        <span className={`history-${visit.history}`}>{HISTORY_LABELS[visit.history]}</span>
      ) : null}
      {visit.needsOutcome ? (
        <span className="border-red-700 bg-white text-red-800" data-testid="needs-outcome">
          {NEEDS_OUTCOME}
        </span>
      ) : null}
      {/* A status as a word (never colour alone), its tone the stylesheet's st-<status>. */}
      <span className={`st-${visit.status}`}>{STATUS_LABELS[visit.status]}</span>
      {/* The grid is one form: each button says what to do and to which visit. */}
      {visit.offer.actions.map((to) => (
        <button
          key={to}
          name="intent"
          value={`status:${to} ${visit._id}`}
          aria-label={`${ACTION_LABELS[to]} ${visit.name}`}
          disabled={busy}
        >
          {ACTION_LABELS[to]}
        </button>
      ))}
      {visit.undo ? (
        <button
          name="intent"
          value={`undo ${visit._id}`}
          aria-label={`${UNDO_LABELS[visit.undo]} of ${visit.name}`}
          disabled={busy}
        >
          {UNDO_LABELS[visit.undo]}
        </button>
      ) : null}
      {visit.offer.cancel ? (
        <a
          href={`/staff/appointments/${visit._id}#cancel-heading`}
          aria-label={`Cancel ${visit.name}…`}
        >
          Cancel…
        </a>
      ) : null}
    </article>
  );
}
