/**
 * A patient's own visits as their pages read them: the home page's next visit, the
 * My appointments list and the phone the booking form starts with. What they do to a visit is ./changes.server (through the booking
 * core, docs/decisions/027-one-booking-core.md).
 */
import type { User } from "@prisma/client";
import { prisma } from "~/infra/db.server";
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

/** The signed-in patient's bookings: upcoming soonest first, the rest latest first. */
export async function listAppointments(userId: string, now: Date = new Date()) {
  const rows = await prisma.appointment.findMany({
    where: { userId },
    include: WITH_DETAILS,
    orderBy: [{ startsAt: "asc" }, { createdAt: "asc" }],
  });
  const isUpcoming = (row: StoredVisit) =>
    (ACTIVE_STATUSES as string[]).includes(row.status) && row.startsAt > now;
  return {
    upcoming: rows.filter(isUpcoming).map(toAppointmentJson),
    past: rows
      .filter((row) => !isUpcoming(row))
      .reverse()
      .map(toAppointmentJson),
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
