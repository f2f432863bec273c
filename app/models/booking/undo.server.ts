/**
 * Taking back a visit's last status change for a few minutes after it, by whoever made it
 * (docs/decisions/039-diary-undo-and-outcomes.md). The visit goes back to the status it
 * had in one transaction shaped like changeStatus's: only if the status is still the one
 * the change wrote, with its own history row (an undo never erases one), the holds of a
 * missed visit written again, and the "status-changed" event marked `undo`, whose
 * handlers withdraw what the change started (a review request still waiting, the
 * recall's due date) and audit it.
 */
import {
  type AppointmentStatus,
  isForwardChange,
  parseStatus,
  RELEASES_HOLDS,
  STATUS_LABELS,
  UNDO_MINUTES,
  UNDOABLE,
} from "~/models/booking/appointment-status";
import { prisma } from "~/infra/db.server";
import { LOCKS, lockUntilCommit } from "~/infra/sql-dialect.server";
import { fail, isUniqueViolation, ok, type Result } from "~/utils/result";
import { chairResource, dentistResource, holdSteps } from "~/models/booking/slot-engine";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { prepareEvent, visitEventsCommitted } from "./events.server";
import { APPOINTMENT_NOT_FOUND_MESSAGE } from "./move.server";
import { actorUserId, type BookingActor } from "./policy";
import { type StoredVisit, WITH_DETAILS } from "./visit";

export const NOTHING_TO_UNDO_MESSAGE =
  "There is no status change of yours on this visit to undo any more: it is undone after " +
  `${UNDO_MINUTES} minutes, or once anything else changed the visit.`;
export const TIME_TAKEN_SINCE_MESSAGE =
  "The visit's time has been booked for someone else since it was marked missed, so it cannot go back. Please book the patient again.";

/** A history row as the undo reads it. */
export type HistoryRow = {
  id: string;
  appointmentId: string;
  from: string | null;
  to: string;
  at: Date;
  byUserId: string | null;
};

/** The change `row` (a visit's latest history row) can be undone by `userId` at `now`. */
export function canUndo(row: HistoryRow | undefined, userId: string, now: Date): boolean {
  if (!row || row.byUserId !== userId || !isForwardChange(row.from, row.to)) return false;
  if (!(UNDOABLE as readonly string[]).includes(row.to)) return false;
  return now.getTime() - row.at.getTime() <= UNDO_MINUTES * 60_000;
}

/** The window's start: history rows older than this cannot be undone. */
export const undoWindowStart = (now: Date) => new Date(now.getTime() - UNDO_MINUTES * 60_000);

export async function undoStatusChange(
  appointmentId: string,
  actor: Extract<BookingActor, { kind: "staff" }>,
  now: Date = new Date(),
): Promise<Result<{ appointment: StoredVisit; from: AppointmentStatus; to: AppointmentStatus }>> {
  const [visit, last] = await Promise.all([
    prisma.appointment.findUnique({
      where: { id: appointmentId },
      select: {
        status: true,
        date: true,
        startsAt: true,
        endsAt: true,
        bufferMinutes: true,
        dentistId: true,
        chairId: true,
        userId: true,
      },
    }),
    prisma.appointmentStatusChange.findFirst({
      where: { appointmentId },
      orderBy: [{ at: "desc" }, { id: "desc" }],
    }),
  ]);
  if (!visit) return fail(404, APPOINTMENT_NOT_FOUND_MESSAGE);
  if (!last || !canUndo(last, actor.id, now) || last.to !== visit.status) {
    return fail(409, NOTHING_TO_UNDO_MESSAGE);
  }
  const undone = parseStatus(last.to);
  const back = parseStatus(last.from ?? "");
  const settings = await getClinicSettings();
  const raise = await prepareEvent("status-changed", visit, now);
  try {
    const changed = await prisma.$transaction(async () => {
      // The visit's day alone until the commit, as a booking holds it (./place.server).
      await lockUntilCommit([LOCKS.day(visit.date)]);
      const { count } = await prisma.appointment.updateMany({
        where: { id: appointmentId, status: undone },
        data: { status: back },
      });
      // Anything after the row read (another change, another undo) makes it stale.
      const newer = await prisma.appointmentStatusChange.count({
        where: {
          appointmentId,
          OR: [{ at: { gt: last.at } }, { at: last.at, id: { gt: last.id } }],
        },
      });
      if (count === 0 || newer > 0) throw new StaleUndo();
      if (RELEASES_HOLDS.includes(undone)) {
        const layer = 0;
        const resources = [dentistResource(visit.dentistId), chairResource(visit.chairId)];
        await prisma.slotHold.createMany({
          data: holdSteps(visit).flatMap((startsAt) =>
            resources.map((resource) => ({ resource, startsAt, layer, appointmentId })),
          ),
        });
      }
      await prisma.appointmentStatusChange.create({
        data: {
          appointmentId,
          from: undone,
          to: back,
          at: now,
          byUserId: actorUserId(actor),
          note: `Undone: ${STATUS_LABELS[undone]} taken back`,
        },
      });
      const stored = await prisma.appointment.findUniqueOrThrow({
        where: { id: appointmentId },
        include: WITH_DETAILS,
      });
      await raise(
        { type: "status-changed", visit: stored, actor, from: undone, to: back, undo: true },
        { now, settings },
      );
      return stored;
    });
    visitEventsCommitted();
    return ok({ appointment: changed, from: undone, to: back });
  } catch (error) {
    if (error instanceof StaleUndo) return fail(409, NOTHING_TO_UNDO_MESSAGE);
    if (isUniqueViolation(error)) return fail(409, TIME_TAKEN_SINCE_MESSAGE);
    throw error;
  }
}

class StaleUndo extends Error {}
