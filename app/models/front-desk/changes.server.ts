/**
 * One appointment at the front desk: what staff see of it, and their status changes and
 * moves. The booking core does the work under the desk's policy; its events write the
 * audit entry and the patient's mail in the change's transaction.
 */
import {
  type AppointmentStatus,
  isStatus,
  STATUS_LABELS,
} from "~/models/booking/appointment-status";
import { prisma } from "~/infra/db.server";
import { may } from "~/models/permissions";
import { limitStaffWrite } from "~/infra/rate-limit.server";
import { fail, invalid, ok, type Result } from "~/utils/result";
import { confirmationSentTo } from "~/models/mail/appointment-mail.server";
import { moveAppointment } from "../booking/move.server";
import { deskPolicy } from "../booking/policy";
import { changeStatus } from "../booking/status.server";
import { undoStatusChange } from "../booking/undo.server";
import { type StaffAppointmentJson, toStaffAppointmentJson, WITH_DETAILS } from "../booking/visit";
import type { StaffActor } from "~/models/roles";

export const NOT_FOUND_MESSAGE = "There is no such appointment.";
export const REASON_REQUIRED_MESSAGE = "Please give a reason.";
export const REASON_LIMIT = 500;
export const DENTIST_OWN_VISITS_MESSAGE =
  "Dentists can update the status of their own visits; reception and admin cancel and move.";

/** An appointment as the staff see it: details, the patient's contact and the history. */
export async function appointmentForStaff(id: string) {
  const row = await prisma.appointment.findUnique({
    where: { id },
    include: {
      ...WITH_DETAILS,
      dentist: { select: { id: true, slug: true, name: true, userId: true } },
      user: { select: { id: true, name: true, email: true, phone: true } },
      createdBy: { select: { name: true } },
      statusChanges: {
        orderBy: [{ at: "asc" }, { id: "asc" }],
        include: { byUser: { select: { name: true } } },
      },
    },
  });
  if (!row) return null;
  return {
    appointment: toStaffAppointmentJson(row),
    /** The staff account of the visit's dentist: whose own visit it is. */
    dentistUserId: row.dentist.userId,
    patient: row.user,
    source: row.source,
    createdBy: row.createdBy?.name ?? null,
    overrideReason: row.overrideReason,
    cancelReason: row.cancelReason,
    /** Where the patient's confirmation went; null when none was mailed. */
    mailedTo: await confirmationSentTo(id),
    history: row.statusChanges.map((change) => ({
      id: change.id,
      from: change.from,
      to: change.to,
      at: change.at.toISOString(),
      by: change.byUser?.name ?? null,
      note: change.note,
    })),
  };
}

/**
 * A staff status change (confirm, check in, complete, no-show, cancel with a reason the
 * patient is told in the cancellation mail, a check-in taken back to booked by the desk).
 */
export async function staffChangeStatus(
  actor: StaffActor,
  id: string,
  rawStatus: string,
  rawReason: string | null | undefined,
  now: Date = new Date(),
): Promise<Result<{ appointment: StaffAppointmentJson }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const to = rawStatus.trim();
  if (!isStatus(to)) {
    return invalid(
      "Please choose a status: confirmed, checked_in, completed, no_show, cancelled, or booked to take a check-in back.",
    );
  }
  const reason = rawReason?.trim() ?? "";
  if (to === "cancelled" && !reason) return invalid(REASON_REQUIRED_MESSAGE);
  if (reason.length > REASON_LIMIT) {
    return invalid(`Please keep the reason under ${REASON_LIMIT} characters.`);
  }
  const before = await prisma.appointment.findUnique({
    where: { id },
    select: { dentist: { select: { userId: true } } },
  });
  if (!before) return fail(404, NOT_FOUND_MESSAGE);
  const permission =
    to === "cancelled"
      ? "appointments.cancel"
      : to === "booked"
        ? "appointments.undoCheckIn"
        : "appointments.changeStatus";
  if (!may(actor, permission, { own: before.dentist.userId === actor.id })) {
    return fail(403, DENTIST_OWN_VISITS_MESSAGE);
  }
  const result = await changeStatus(
    id,
    to,
    { kind: "staff", ...actor },
    {
      now,
      reason: to === "cancelled" ? reason : undefined,
      tellPatient: to === "cancelled",
      note: reason || `${STATUS_LABELS[to]} by the clinic`,
    },
  );
  if (!result.ok) return result;
  return ok({ appointment: toStaffAppointmentJson(result.appointment) });
}

/**
 * Takes back the staff member's own last status change of a visit, within the undo window
 * (docs/decisions/039-diary-undo-and-outcomes.md); the visit's history keeps both rows.
 */
export async function staffUndo(
  actor: StaffActor,
  id: string,
  now: Date = new Date(),
): Promise<Result<{ appointment: StaffAppointmentJson; undone: AppointmentStatus }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const before = await prisma.appointment.findUnique({
    where: { id },
    select: { dentist: { select: { userId: true } } },
  });
  if (!before) return fail(404, NOT_FOUND_MESSAGE);
  if (!may(actor, "appointments.changeStatus", { own: before.dentist.userId === actor.id })) {
    return fail(403, DENTIST_OWN_VISITS_MESSAGE);
  }
  const result = await undoStatusChange(id, { kind: "staff", ...actor }, now);
  if (!result.ok) return result;
  return ok({ appointment: toStaffAppointmentJson(result.appointment), undone: result.from });
}

/**
 * A staff move to another free time, dentist or chair, with the desk's rules (no online
 * notice). Of two staff moving visits into one free time, the second is told it is taken.
 */
export async function staffMove(
  actor: StaffActor,
  id: string,
  target: { date: string; time: string; dentist?: string; chair?: string },
  now: Date = new Date(),
): Promise<Result<{ appointment: StaffAppointmentJson }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  if (!may(actor, "appointments.move")) return fail(403, DENTIST_OWN_VISITS_MESSAGE);
  let chairId: string | undefined;
  if (target.chair?.trim()) {
    const chair = await prisma.chair.findFirst({
      where: { id: target.chair.trim(), active: true },
      select: { id: true },
    });
    if (!chair) return invalid("Please choose one of the clinic's chairs.");
    chairId = chair.id;
  }
  let dentistId: string | undefined;
  if (target.dentist?.trim() && target.dentist.trim() !== "any") {
    const dentist = await prisma.dentist.findFirst({
      where: { OR: [{ id: target.dentist.trim() }, { slug: target.dentist.trim() }] },
      select: { id: true },
    });
    if (!dentist) return invalid("Please choose one of the clinic's dentists.");
    dentistId = dentist.id;
  }
  const moved = await moveAppointment(
    id,
    { date: target.date, time: target.time, dentistId, chairId },
    deskPolicy(actor),
    now,
  );
  if (!moved.ok) return moved.status === 404 ? fail(404, NOT_FOUND_MESSAGE) : moved;
  const row = await prisma.appointment.findUniqueOrThrow({ where: { id }, include: WITH_DETAILS });
  return ok({ appointment: toStaffAppointmentJson(row) });
}
