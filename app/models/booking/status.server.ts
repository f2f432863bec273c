/**
 * A visit along its lifecycle (~/models/booking/appointment-status TRANSITIONS): confirm, check in,
 * complete, no-show, cancel. One transaction writes the new status (only if it is still
 * the one read), the history row, releases the holds of a cancelled or missed visit, and
 * raises the event whose handlers mail, audit, offer the freed time or ask for a review.
 */
import type { Prisma } from "@prisma/client";
import {
  type AppointmentStatus,
  canMove,
  isCheckInTakenBack,
  ONCE_STARTED,
  onItsDay,
  parseStatus,
  passesThrough,
  RELEASES_HOLDS,
  STATUS_LABELS,
} from "~/models/booking/appointment-status";
import { formatDate } from "~/utils/clinic-format";
import { clinicNow } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { LOCKS, lockUntilCommit } from "~/infra/sql-dialect.server";
import { type Failure, fail, ok, type Result } from "~/utils/result";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { insideCutoffMessage, isInsideCutoff } from "./cancellation-policy.server";
import { prepareEvent, visitEventsCommitted } from "./events.server";
import { APPOINTMENT_NOT_FOUND_MESSAGE } from "./move.server";
import { CHANGED_MEANWHILE_MESSAGE } from "./place.server";
import { actorUserId, type BookingActor } from "./policy";
import { type AppointmentJson, type StoredVisit, toAppointmentJson, WITH_DETAILS } from "./visit";

export const ALREADY_CANCELLED_MESSAGE = "This appointment is already cancelled.";
export const ALREADY_PAST_MESSAGE =
  "This appointment has already started or taken place, so it can no longer be cancelled.";

export type StatusOptions = {
  now?: Date;
  /** The history row's note. */
  note?: string;
  /** Why it was cancelled (stored; in the patient's mail when `tellPatient`). */
  reason?: string;
  tellPatient?: boolean;
  /** Further conditions on the visit (its patient, its link). */
  where?: Prisma.AppointmentWhereInput;
};
type Changed = Result<{ appointment: StoredVisit; from: AppointmentStatus }>;

export const CHECK_IN_KEPT_MESSAGE =
  "The visit has ended, so its check-in stays: mark it completed or missed instead.";

/** What the change reads of the visit first. */
const CURRENT = {
  status: true,
  date: true,
  startsAt: true,
  endsAt: true,
  dentistId: true,
  userId: true,
} as const;
type Current = Prisma.AppointmentGetPayload<{ select: typeof CURRENT }>;

type Settings = Awaited<ReturnType<typeof getClinicSettings>>;

/** The lifecycle's refusal of `from` -> `to` for the visit `current` at `now`, or null. */
function refusedMove(
  from: AppointmentStatus,
  to: AppointmentStatus,
  current: Current,
  now: Date,
  settings: Settings,
) {
  if (from === to || !canMove(from, to)) {
    if (to === "cancelled" && from === "cancelled") return fail(409, ALREADY_CANCELLED_MESSAGE);
    return fail(
      409,
      `A ${STATUS_LABELS[from].toLowerCase()} appointment cannot become ${STATUS_LABELS[to].toLowerCase()}.`,
    );
  }
  if (ONCE_STARTED.includes(to) && current.startsAt > now) {
    return fail(
      409,
      `An appointment can only be marked ${STATUS_LABELS[to].toLowerCase()} once it has started.`,
    );
  }
  if (!onItsDay(to, current.date, clinicNow(now, settings.timeZone).date)) {
    const day = formatDate(current.date, settings);
    return fail(409, `This visit is on ${day}: it can only be checked in from that day.`);
  }
  if (isCheckInTakenBack(from, to) && current.endsAt <= now) {
    return fail(409, CHECK_IN_KEPT_MESSAGE);
  }
  return null;
}

/**
 * Checks the move and runs the event's reads (`prepare`); answers the step that writes it
 * inside a transaction: the new status only if it is still the one read, the history row,
 * the holds of a cancelled or missed visit released, and the event raised. When the
 * status changed meanwhile the step writes nothing and answers the refusal.
 */
async function prepareChange(
  appointmentId: string,
  current: Current | null,
  to: AppointmentStatus,
  actor: BookingActor,
  options: StatusOptions,
  now: Date,
): Promise<Failure | { from: AppointmentStatus; write: () => Promise<StoredVisit | Failure> }> {
  if (!current) return fail(404, APPOINTMENT_NOT_FOUND_MESSAGE);
  const day = current.date;
  const from = parseStatus(current.status);
  const settings = await getClinicSettings();
  const refused = refusedMove(from, to, current, now, settings);
  if (refused) return refused;
  const draft = {
    startsAt: current.startsAt,
    dentistId: current.dentistId,
    userId: current.userId,
  };
  const context = { now, settings };
  let raise: (visit: StoredVisit) => Promise<unknown>;
  if (to === "cancelled") {
    const cancelled = await prepareEvent("cancelled", draft, now);
    const reason = options.reason ?? null;
    const tellPatient = options.tellPatient ?? false;
    raise = (visit) =>
      cancelled({ type: "cancelled", visit, actor, from, reason, tellPatient }, context);
  } else {
    const changed = await prepareEvent("status-changed", draft, now);
    raise = (visit) => changed({ type: "status-changed", visit, actor, from, to }, context);
  }
  async function write() {
    // The visit's day alone until the commit, as a booking holds it (./place.server): a
    // cancellation frees its times and may offer them, and both are the day's.
    await lockUntilCommit([LOCKS.day(day)]);
    const { count } = await prisma.appointment.updateMany({
      where: { id: appointmentId, status: from },
      data: {
        status: to,
        ...(to === "cancelled"
          ? { cancelReason: options.reason ?? null, sequence: { increment: 1 } }
          : {}),
      },
    });
    if (count === 0) return changedMeanwhile(appointmentId);
    if (RELEASES_HOLDS.includes(to)) await prisma.slotHold.deleteMany({ where: { appointmentId } });
    // Each step its own history row, a step recorded on the way a millisecond before the
    // change itself (the history and the undo read rows by time).
    const steps = [from, ...passesThrough(from, to), to];
    for (let step = 1; step < steps.length; step += 1) {
      const last = step === steps.length - 1;
      await prisma.appointmentStatusChange.create({
        data: {
          appointmentId,
          from: steps[step - 1]!,
          to: steps[step]!,
          at: last ? now : new Date(now.getTime() - (steps.length - 1 - step)),
          byUserId: actorUserId(actor),
          note: last
            ? (options.note ?? "")
            : `Recorded as the visit was marked ${STATUS_LABELS[to].toLowerCase()}`,
        },
      });
    }
    const visit = await prisma.appointment.findUniqueOrThrow({
      where: { id: appointmentId },
      include: WITH_DETAILS,
    });
    await raise(visit);
    return visit;
  }
  return { from, write };
}

/** Another change came first: "already cancelled" only when that is what it did. */
async function changedMeanwhile(appointmentId: string): Promise<Failure> {
  const now = await prisma.appointment.findUnique({
    where: { id: appointmentId },
    select: { status: true },
  });
  return now?.status === "cancelled"
    ? fail(409, ALREADY_CANCELLED_MESSAGE)
    : fail(409, CHANGED_MEANWHILE_MESSAGE);
}

/** The visit as it stands, and the change prepared from it. */
async function readAndPrepare(
  appointmentId: string,
  to: AppointmentStatus,
  actor: BookingActor,
  options: StatusOptions,
) {
  const current = await prisma.appointment.findFirst({
    where: { id: appointmentId, ...options.where },
    select: CURRENT,
  });
  return prepareChange(appointmentId, current, to, actor, options, options.now ?? new Date());
}

/**
 * Moves a visit along its lifecycle in a transaction of its own; the event's reads run
 * before it opens.
 */
export async function changeStatus(
  appointmentId: string,
  to: AppointmentStatus,
  actor: BookingActor,
  options: StatusOptions = {},
): Promise<Changed> {
  const prepared = await readAndPrepare(appointmentId, to, actor, options);
  if (!("write" in prepared)) return prepared;
  const changed = await prisma.$transaction(() => prepared.write());
  if ("ok" in changed) return changed;
  visitEventsCommitted();
  return ok({ appointment: changed, from: prepared.from });
}

/**
 * The same change inside the caller's open transaction, which it commits or rolls back
 * with (an account's deletion cancels the patient's visits in its own). The event's reads
 * run in that transaction too (docs/decisions/029-transactions-without-traps.md). The
 * caller tells the events' subscribers after its commit (`visitEventsCommitted`).
 */
export async function changeStatusWithin(
  appointmentId: string,
  to: AppointmentStatus,
  actor: BookingActor,
  options: StatusOptions = {},
): Promise<Changed> {
  const prepared = await readAndPrepare(appointmentId, to, actor, options);
  if (!("write" in prepared)) return prepared;
  const changed = await prepared.write();
  if ("ok" in changed) return changed;
  return ok({ appointment: changed, from: prepared.from });
}

/**
 * Cancels one of the patient's upcoming bookings and frees its time, until the
 * cancellation cutoff. Another patient's booking is answered exactly like one that does
 * not exist.
 */
export async function cancelAppointment(
  appointmentId: string,
  userId: string,
  now: Date = new Date(),
  reason?: string,
  /** Who cancels: the patient, or a guardian for a family member (their status history names them). */
  actorId: string = userId,
): Promise<Result<{ appointment: AppointmentJson }>> {
  const appointment = await prisma.appointment.findFirst({
    where: { id: appointmentId, userId },
    select: { status: true, startsAt: true },
  });
  if (!appointment) return fail(404, APPOINTMENT_NOT_FOUND_MESSAGE);
  if (appointment.status === "cancelled") return fail(409, ALREADY_CANCELLED_MESSAGE);
  if (appointment.startsAt <= now) return fail(409, ALREADY_PAST_MESSAGE);
  const settings = await getClinicSettings();
  if (isInsideCutoff(appointment.startsAt, settings, now)) {
    return fail(409, insideCutoffMessage(settings));
  }
  const result = await changeStatus(
    appointmentId,
    "cancelled",
    { kind: "patient", userId: actorId },
    {
      now,
      reason,
      note: actorId === userId ? "Cancelled by the patient" : "Cancelled by the patient's guardian",
      where: { userId },
    },
  );
  if (!result.ok) return result;
  return ok({ appointment: toAppointmentJson(result.appointment) });
}
