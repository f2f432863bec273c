/**
 * A patient's own visits as their pages read them: the home page's next visit, the
 * My appointments list and the phone the booking form starts with. What they do to a visit is ./changes.server (through the booking
 * core, docs/decisions/027-one-booking-core.md).
 */
import type { User } from "@prisma/client";
import { prisma } from "~/infra/db.server";
import { familyMembers } from "~/models/family/links.server";
import { ACTIVE_STATUSES } from "~/models/booking/appointment-status";
import {
  type AppointmentJson,
  type StoredVisit,
  toAppointmentJson,
  WITH_DETAILS,
} from "~/models/booking/visit";

/**
 * The patient's next visit that still holds its time (booked, confirmed or checked in,
 * not over yet), for the home page's "Your next appointment" panel; null when none.
 */
export async function nextAppointment(
  userId: string,
  now: Date = new Date(),
): Promise<AppointmentJson | null> {
  const row = await prisma.appointment.findFirst({
    where: { userId, status: { in: ACTIVE_STATUSES }, endsAt: { gt: now } },
    include: WITH_DETAILS,
    orderBy: [{ startsAt: "asc" }, { createdAt: "asc" }],
  });
  return row ? toAppointmentJson(row) : null;
}

/**
 * The signed-in patient's bookings, with those of the family members whose visits they may
 * see (docs/decisions/049-families.md): upcoming soonest first, the rest latest first. A
 * family member's visit names them (`forName`) and may be changed only with the book
 * permission (`mayChange`).
 */
export async function listAppointments(userId: string, now: Date = new Date()) {
  const members = await familyMembers(userId);
  const names = new Map(members.map((member) => [member.id, member.name]));
  const seen = [userId, ...members.filter((m) => m.maySeeVisits).map((m) => m.id)];
  const bookable = new Set([userId, ...members.filter((m) => m.mayBook).map((m) => m.id)]);
  const rows = await prisma.appointment.findMany({
    where: { userId: seen.length === 1 ? userId : { in: seen } },
    include: WITH_DETAILS,
    orderBy: [{ startsAt: "asc" }, { createdAt: "asc" }],
  });
  const isUpcoming = (row: StoredVisit) =>
    (ACTIVE_STATUSES as string[]).includes(row.status) && row.startsAt > now;
  const view = (row: StoredVisit) => ({
    ...toAppointmentJson(row),
    forName: row.userId && row.userId !== userId ? (names.get(row.userId) ?? null) : null,
    mayChange: row.userId !== null && bookable.has(row.userId),
  });
  return {
    upcoming: rows.filter(isUpcoming).map(view),
    past: rows
      .filter((row) => !isUpcoming(row))
      .reverse()
      .map(view),
  };
}

/**
 * The phone a booking form starts with: the one on the patient's record, else the one
 * their latest booking gave (a patient types it once).
 */
export async function knownPhone(user: Pick<User, "id" | "phone">): Promise<string> {
  if (user.phone) return user.phone;
  const latest = await prisma.appointment.findFirst({
    where: { userId: user.id, phone: { not: "" } },
    orderBy: { createdAt: "desc" },
    select: { phone: true },
  });
  return latest?.phone ?? "";
}
