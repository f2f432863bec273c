/**
 * A visit along its lifecycle (~/models/booking/appointment-status TRANSITIONS): confirm, check in,
 * complete, no-show, cancel. One transaction writes the new status (only if it is still
 * the one read), the history row, releases the holds of a cancelled or missed visit, and
 * raises the event whose handlers mail, audit, offer the freed time or ask for a review.
 */
import type { Prisma } from "@prisma/client";
import { wakeOutbox } from "~/models/outbox.server";
import {
  type AppointmentStatus,
  canMove,
  ONCE_STARTED,
  parseStatus,
  RELEASES_HOLDS,
  STATUS_LABELS,
} from "~/models/booking/appointment-status";
import { prisma } from "~/infra/db.server";
import { LOCKS, lockUntilCommit } from "~/infra/sql-dialect.server";
import { type Failure, fail, ok, type Result } from "~/utils/result";
import { getClinicSettings } from "../clinic-settings.server";
import { insideCutoffMessage, isInsideCutoff } from "../cancellation-policy.server";
import { prepareEvent } from "./events.server";
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

type Tx = Prisma.TransactionClient;
type Changed = Result<{ appointment: StoredVisit; from: AppointmentStatus }>;

/** What the change reads of the visit first. */
const CURRENT = {
  status: true,
  date: true,
  startsAt: true,
  dentistId: true,
  userId: true,
} as const;
type Current = Prisma.AppointmentGetPayload<{ select: typeof CURRENT }>;

/** The lifecycle's refusal of `from` -> `to` for a visit starting at `startsAt`, or null. */
function refusedMove(from: AppointmentStatus, to: AppointmentStatus, startsAt: Date, now: Date) {
  if (from === to || !canMove(from, to)) {
    if (to === "cancelled" && from === "cancelled") return fail(409, ALREADY_CANCELLED_MESSAGE);
    return fail(
      409,
      `A ${STATUS_LABELS[from].toLowerCase()} appointment cannot become ${STATUS_LABELS[to].toLowerCase()}.`,
    );
  }
  if (ONCE_STARTED.includes(to) && startsAt > now) {
    return fail(
      409,
      `An appointment can only be marked ${STATUS_LABELS[to].toLowerCase()} once it has started.`,
    );
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
): Promise<
  Failure | { from: AppointmentStatus; write: (tx: Tx) => Promise<StoredVisit | Failure> }
> {
  if (!current) return fail(404, APPOINTMENT_NOT_FOUND_MESSAGE);
  const day = current.date;
  const from = parseStatus(current.status);
  const refused = refusedMove(from, to, current.startsAt, now);
  if (refused) return refused;
  const settings = await getClinicSettings();
  const draft = {
    startsAt: current.startsAt,
    dentistId: current.dentistId,
    userId: current.userId,
  };
  const context = { now, settings };
  let raise: (tx: Tx, visit: StoredVisit) => Promise<unknown>;
  if (to === "cancelled") {
    const cancelled = await prepareEvent("cancelled", draft, now);
    const reason = options.reason ?? null;
    const tellPatient = options.tellPatient ?? false;
    raise = (tx, visit) =>
      cancelled(tx, { type: "cancelled", visit, actor, from, reason, tellPatient }, context);
  } else {
    const changed = await prepareEvent("status-changed", draft, now);
    raise = (tx, visit) => changed(tx, { type: "status-changed", visit, actor, from, to }, context);
  }
  async function write(tx: Tx) {
    // The visit's day alone until the commit, as a booking holds it (./place.server): a
    // cancellation frees its times and may offer them, and both are the day's.
    await lockUntilCommit(tx, [LOCKS.day(day)]);
    const { count } = await tx.appointment.updateMany({
      where: { id: appointmentId, status: from },
      data: {
        status: to,
        ...(to === "cancelled"
          ? { cancelReason: options.reason ?? null, sequence: { increment: 1 } }
          : {}),
      },
    });
    if (count === 0) return changedMeanwhile(tx, appointmentId);
    if (RELEASES_HOLDS.includes(to)) await tx.slotHold.deleteMany({ where: { appointmentId } });
    await tx.appointmentStatusChange.create({
      data: {
        appointmentId,
        from,
        to,
        at: now,
        byUserId: actorUserId(actor),
        note: options.note ?? "",
      },
    });
    const visit = await tx.appointment.findUniqueOrThrow({
      where: { id: appointmentId },
      include: WITH_DETAILS,
    });
    await raise(tx, visit);
    return visit;
  }
  return { from, write };
}

/** Another change came first: "already cancelled" only when that is what it did. */
async function changedMeanwhile(tx: Tx, appointmentId: string): Promise<Failure> {
  const now = await tx.appointment.findUnique({
    where: { id: appointmentId },
    select: { status: true },
  });
  return now?.status === "cancelled"
    ? fail(409, ALREADY_CANCELLED_MESSAGE)
    : fail(409, CHANGED_MEANWHILE_MESSAGE);
}

/** The visit as it stands (read through `db`), and the change prepared from it. */
async function readAndPrepare(
  db: Pick<Tx, "appointment">,
  appointmentId: string,
  to: AppointmentStatus,
  actor: BookingActor,
  options: StatusOptions,
) {
  const current = await db.appointment.findFirst({
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
  const prepared = await readAndPrepare(prisma, appointmentId, to, actor, options);
  if (!("write" in prepared)) return prepared;
  const changed = await prisma.$transaction((tx) => prepared.write(tx));
  if ("ok" in changed) return changed;
  wakeOutbox();
  return ok({ appointment: changed, from: prepared.from });
}

/**
 * The same change inside the caller's open transaction `tx`, which it commits or rolls
 * back with (an account's deletion cancels the patient's visits in its own). The event's
 * reads run in that transaction too: inside it, `prisma` is `tx`
 * (docs/decisions/029-transactions-without-traps.md). The caller wakes the outbox after
 * its commit.
 */
export async function changeStatusWithin(
  tx: Tx,
  appointmentId: string,
  to: AppointmentStatus,
  actor: BookingActor,
  options: StatusOptions = {},
): Promise<Changed> {
  const prepared = await readAndPrepare(tx, appointmentId, to, actor, options);
  if (!("write" in prepared)) return prepared;
  const changed = await prepared.write(tx);
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
    { kind: "patient", userId },
    { now, reason, note: "Cancelled by the patient", where: { userId } },
  );
  if (!result.ok) return result;
  return ok({ appointment: toAppointmentJson(result.appointment) });
}
