/**
 * A day's holds as the booking rules see them: for free times, and inside the transaction
 * that places a visit (~/models/booking/place.server), which then decides on them.
 */
import { Prisma, type SlotHold } from "@prisma/client";
import { prisma } from "~/infra/db.server";
import { addDays, clinicTimeToUtc } from "~/utils/clinic-time";
import { HOLD_MINUTES, holdKey } from "~/models/booking/slot-engine";
import type { RuleDay } from "./rules";

export type DayHolds = Pick<RuleDay, "held" | "visitsByDentist" | "heldMinutes">;

/**
 * The day's holds, on any layer, through the startsAt index; a moving visit's own holds
 * are left out (its old time counts as free to it).
 */
export async function readHolds(
  date: string,
  timeZone: string,
  exceptAppointmentId?: string,
): Promise<DayHolds> {
  const from = clinicTimeToUtc(date, "00:00", timeZone);
  const to = clinicTimeToUtc(addDays(date, 1), "00:00", timeZone);
  // Raw SQL: every booking and every free-times answer reads a day's holds, and Prisma's
  // query compiler cost more than the read itself (docs/performance.md).
  const rows = await prisma.$queryRaw<Pick<SlotHold, "resource" | "startsAt" | "appointmentId">[]>`
    SELECT "resource", "startsAt", "appointmentId" FROM "SlotHold"
    WHERE "startsAt" >= ${from} AND "startsAt" < ${to}
    ${exceptAppointmentId ? Prisma.sql`AND "appointmentId" <> ${exceptAppointmentId}` : Prisma.empty}`;
  const held = new Set<string>();
  const visitsByDentist = new Map<string, Set<string>>();
  const heldMinutes = new Map<string, number>();
  for (const row of rows) {
    held.add(holdKey(row.resource, row.startsAt));
    if (!row.resource.startsWith("dentist:")) continue;
    const id = row.resource.slice("dentist:".length);
    const visits = visitsByDentist.get(id) ?? new Set<string>();
    visits.add(row.appointmentId);
    visitsByDentist.set(id, visits);
    heldMinutes.set(id, (heldMinutes.get(id) ?? 0) + HOLD_MINUTES);
  }
  return { held, visitsByDentist, heldMinutes };
}
