import { Form, Link } from "@remix-run/react";
import type { DragEvent } from "react";
import { StatusBadge } from "~/components/staff/status-badge";
import type { DiaryVisit } from "~/models/front-desk/diary-visits.server";
import { ACTION_LABELS, NEEDS_OUTCOME, UNDO_LABELS } from "~/models/front-desk/visit-actions";
import { STATUS_LABELS } from "~/utils/appointment-status";
import { type ClinicClock, formatTime } from "~/utils/clinic-format";

/** The data a dragged card carries: the visit's id. */
export const DRAG_TYPE = "application/x-clinic-visit";

const small =
  "inline-flex min-h-6 min-w-6 items-center rounded border border-slate-400 bg-white px-2 py-0.5 text-xs font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60";

/**
 * One visit in the diary: who, what, the patient's message, and the next status moves
 * the viewer may make in one click (each a form that works without JavaScript), the
 * cancel form behind a link (it needs its reason), and the undo of their last change.
 */
export function VisitCard({
  visit,
  clock,
  showWho,
  back,
  draggable,
  busy,
}: {
  visit: DiaryVisit;
  clock: ClinicClock;
  showWho: "dentist" | "chair" | "both";
  /** The diary's address, to come back to after a change. */
  back: string;
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
      data-visit={visit._id}
      draggable={draggable && visit.move ? true : undefined}
      onDragStart={draggable && visit.move ? onDragStart : undefined}
      className={`rounded border p-1.5 text-left text-sm ${
        visit.needsOutcome ? "border-red-700 bg-red-50" : "border-slate-300 bg-white"
      } ${draggable && visit.move ? "cursor-grab" : ""}`}
    >
      <Link
        to={`/staff/appointments/${visit._id}`}
        className="block rounded text-slate-900 hover:underline"
        // The card is what is dragged, not its link.
        draggable={draggable && visit.move ? false : undefined}
      >
        <span className="font-semibold">{formatTime(visit.time, clock)}</span> {visit.name}
      </Link>
      <p className="text-slate-700">
        {visit.service} · {who}
      </p>
      {visit.message ? (
        <p className="text-xs text-slate-800">
          <span className="font-semibold">Patient&apos;s message:</span> {visit.message}
        </p>
      ) : null}
      {/* The patient's medical alerts (the records branch) go here, above the status. */}
      <p className="mt-1 flex flex-wrap items-center gap-1">
        {visit.needsOutcome ? (
          <span
            className="inline-block rounded border border-red-700 bg-white px-1.5 py-0.5 text-xs font-semibold text-red-800"
            data-testid="needs-outcome"
          >
            {NEEDS_OUTCOME}
          </span>
        ) : null}
        <StatusBadge status={visit.status} labels={STATUS_LABELS} />
      </p>
      {visit.actions.length > 0 || visit.undo || visit.cancel ? (
        <Form method="post" className="mt-1 flex flex-wrap gap-1">
          <input type="hidden" name="id" value={visit._id} />
          <input type="hidden" name="back" value={back} />
          {visit.actions.map((to) => (
            <button
              key={to}
              type="submit"
              name="intent"
              value={`status:${to}`}
              className={small}
              aria-label={`${ACTION_LABELS[to]} ${visit.name}`}
              disabled={busy}
            >
              {ACTION_LABELS[to]}
            </button>
          ))}
          {visit.undo ? (
            <button
              type="submit"
              name="intent"
              value="undo"
              className={small}
              aria-label={`${UNDO_LABELS[visit.undo]} of ${visit.name}`}
              disabled={busy}
            >
              {UNDO_LABELS[visit.undo]}
            </button>
          ) : null}
          {visit.cancel ? (
            <Link
              to={`/staff/appointments/${visit._id}#cancel-heading`}
              className={small}
              aria-label={`Cancel ${visit.name}…`}
            >
              Cancel…
            </Link>
          ) : null}
        </Form>
      ) : null}
    </article>
  );
}
