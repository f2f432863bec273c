import { prisma } from "~/infra/db.server";
import { ACTIVE_STATUSES } from "~/models/booking/appointment-status";

/** How long after a move the visit itself says it moved (My appointments, the home panel). */
export const JUST_MOVED_MINUTES = 15;

/**
 * The patient's active visits moved (by them, a mail link or the clinic) in the last
 * JUST_MOVED_MINUTES, each with the moment its note ends: the visit then says where it
 * went, where the patient looks for it, instead of a toast that may sit off screen.
 */
export async function justMovedVisits(
  userId: string,
  now: Date = new Date(),
): Promise<Map<string, Date>> {
  const window = JUST_MOVED_MINUTES * 60_000;
  const rows = await prisma.appointment.findMany({
    where: {
      userId,
      status: { in: ACTIVE_STATUSES },
      rescheduledAt: { gt: new Date(now.getTime() - window) },
    },
    select: { id: true, rescheduledAt: true },
  });
  return new Map(rows.map((row) => [row.id, new Date(row.rescheduledAt!.getTime() + window)]));
}
