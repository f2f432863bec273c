import type { DragEvent } from "react";
import { PatientAlerts } from "~/components/staff/patient-alerts";
import { HistoryBadge } from "~/components/forms/history-badge";
import { StatusBadge } from "~/components/staff/status-badge";
import type { DiaryVisit } from "~/models/front-desk/diary-visits.server";
import { ACTION_LABELS, NEEDS_OUTCOME, UNDO_LABELS } from "~/models/front-desk/visit-actions";
import { STATUS_LABELS } from "~/models/booking/appointment-status";
import { type ClinicClock, formatTime } from "~/utils/clinic-format";

/** The data a dragged card carries: the visit's id. */
export const DRAG_TYPE = "application/x-clinic-visit";

/**
 * One visit in the diary: who, what, the patient's message, and the next status moves
 * the viewer may make in one click (buttons of the grid's one form, which works without
 * JavaScript), the cancel form behind a link (it needs its reason), and the undo of their
 * last change.
 */
export function VisitCard({
  visit,
  clock,
  showWho,
  draggable,
  busy,
}: {
  visit: DiaryVisit;
  clock: ClinicClock;
  showWho: "dentist" | "chair" | "both";
  /** With JavaScript, a visit the viewer may move can be dragged to a free time. */
  draggable: boolean;
  busy: boolean;
}) {
  const who =
    showWho === "both"
      ? `${visit.dentist.name} · ${visit.chair.name}`
      : showWho === "dentist"
        ? visit.dentist.name
        : visit.chair.name;
  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData(DRAG_TYPE, visit._id);
    event.dataTransfer.effectAllowed = "move";
  };
  return (
    <article
      data-testid="diary-visit"
      draggable={draggable && visit.move ? true : undefined}
      onDragStart={draggable && visit.move ? onDragStart : undefined}
      className={`diary-card${visit.needsOutcome ? " border-red-700 bg-red-50" : ""}${
        draggable && visit.move ? " cursor-grab" : ""
      }`}
    >
      <a
        href={`/staff/appointments/${visit._id}`}
        // The card is what is dragged, not its link.
        draggable={draggable && visit.move ? false : undefined}
      >
        {`${formatTime(visit.time, clock)} ${visit.name}`}
      </a>
      <p>{`${visit.service} · ${who}`}</p>
      {visit.message ? (
        <p className="text-xs">
          <b>Patient&apos;s message:</b> {visit.message}
        </p>
      ) : null}
      <PatientAlerts alerts={visit.alerts} compact />
      {/* Badges, then buttons, each on their own line: the card's direct children, laid
          out by .diary-card (160 cards on a full day: no wrapper elements). */}
      <HistoryBadge state={visit.history} />
      {visit.needsOutcome ? (
        <span className="border-red-700 bg-white text-red-800" data-testid="needs-outcome">
          {NEEDS_OUTCOME}
        </span>
      ) : null}
      <StatusBadge status={visit.status} labels={STATUS_LABELS} bare />
      {/* The grid is one form: each button says what to do and to which visit. */}
      {visit.actions.map((to) => (
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
      {visit.cancel ? (
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
