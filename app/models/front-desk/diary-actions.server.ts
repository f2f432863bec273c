/**
 * What the diary's buttons do, in the desk's words: a status move from a card, the undo of
 * the staff member's last one, a drag to another time, dentist or chair. Each goes through
 * the front desk's own functions (their limits, permissions and audit); this only reads
 * the form and says what happened.
 */
import {
  type AppointmentStatus,
  STATUS_LABELS,
  UNDO_MINUTES,
  UNDOABLE,
} from "~/models/booking/appointment-status";
import { formatDateTime } from "~/utils/clinic-format";
import { invalid, ok, type Result } from "~/utils/result";
import { getClinicClock } from "~/models/settings/clinic-settings.server";
import type { StaffActor } from "~/models/roles";
import { staffChangeStatus, staffMove, staffUndo } from "./changes.server";

export const UNKNOWN_CHANGE_MESSAGE = "Please choose what to do with the visit.";

const AFTER: Partial<Record<AppointmentStatus, string>> = {
  booked: "is booked again: the check-in is taken back.",
  confirmed: "is confirmed",
  checked_in: "is checked in",
  completed: "is completed",
  no_show: "is marked missed",
};

/**
 * A card's button carries both what to do and the visit ("status:confirmed <id>", "undo
 * <id>"): one form holds the whole grid. A drag posts them as `intent` and `id`.
 */
function readIntent(form: Record<string, string>) {
  const [intent = "", inButton = ""] = (form.intent ?? "").split(" ", 2);
  return { intent, id: (form.id ?? inButton).trim() };
}

export async function diaryChange(
  actor: StaffActor,
  form: Record<string, string>,
): Promise<Result<{ message: string }>> {
  const { intent, id } = readIntent(form);
  if (!id) return invalid(UNKNOWN_CHANGE_MESSAGE);
  if (intent.startsWith("status:")) {
    const to = intent.slice("status:".length);
    if (to === "cancelled") return invalid("Please give the reason on the visit's cancel form.");
    const changed = await staffChangeStatus(actor, id, to, "");
    if (!changed.ok) return changed;
    const { name, status } = changed.appointment;
    if (!UNDOABLE.includes(status)) return ok({ message: `${name} ${AFTER[status]}` });
    return ok({
      message: `${name} ${AFTER[status] ?? `is ${STATUS_LABELS[status].toLowerCase()}`}. You can undo it on the card for ${UNDO_MINUTES} minutes.`,
    });
  }
  if (intent === "undo") {
    const undone = await staffUndo(actor, id);
    if (!undone.ok) return undone;
    const { name, status } = undone.appointment;
    return ok({
      message: `Undone: ${name} is ${STATUS_LABELS[status].toLowerCase()} again.`,
    });
  }
  if (intent === "move") {
    const moved = await staffMove(actor, id, {
      date: form.date ?? "",
      time: form.time ?? "",
      dentist: form.dentist,
      chair: form.chair,
    });
    if (!moved.ok) return moved;
    const { name, date, time, dentist, chair } = moved.appointment;
    const clock = await getClinicClock();
    return ok({
      message: `Moved ${name} to ${formatDateTime(date, time, clock)} with ${dentist.name} (${chair.name}).`,
    });
  }
  return invalid(UNKNOWN_CHANGE_MESSAGE);
}
