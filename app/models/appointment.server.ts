import type { Appointment, Service } from "@prisma/client";
import {
  CLINIC_TIME_ZONE,
  clinicNow,
  clinicTimeToUtc,
  formatClinicDate,
  isIsoDate,
} from "~/utils/clinic-time";
import {
  isPastSlot,
  OPENING_HOURS,
  slotProblem,
  slotProblemMessage,
  slotTimes,
} from "~/utils/slot-rules";
import { isEmailVerified, verifiedAccount } from "~/models/email-verification.server";
import { prisma } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { calendarFile } from "~/utils/ics.server";
import { sendMail } from "~/utils/mail.server";
import { fail, invalid, isUniqueViolation, ok, type Result } from "~/utils/result";
import {
  APPOINTMENT_REQUIRED_FIELDS,
  appointmentSchema,
  DATE_FORMAT_MESSAGE,
} from "~/validation/appointment";
import { validateForm } from "~/validation/form";
import { UNKNOWN_SERVICE_MESSAGE } from "~/validation/service";

/** The spec reuses the service toast for a booking (docs/spec/product-spec.md §8). */
export const APPOINTMENT_BOOKED = "Product Created Successfully";
export const SLOT_TAKEN_MESSAGE = "Sorry, that time is already booked.";
export const TOO_MANY_BOOKINGS_MESSAGE = `You already have ${OPENING_HOURS.maxUpcomingPerPatient} upcoming appointments. Please cancel one before booking another.`;
export const APPOINTMENT_NOT_FOUND_MESSAGE =
  "We could not find that appointment among your bookings.";
export const ALREADY_CANCELLED_MESSAGE = "This appointment is already cancelled.";
export const ALREADY_PAST_MESSAGE =
  "This appointment has already started or taken place, so it can no longer be cancelled.";

export type AppointmentWithService = Appointment & {
  service: Pick<Service, "id" | "slug" | "name">;
};

/** A booking as pages and JSON answers see it. */
export type AppointmentJson = {
  _id: string;
  service: { _id: string; slug: string; name: string };
  name: string;
  email: string;
  phone: string;
  /** Clinic date, YYYY-MM-DD. */
  date: string;
  /** Clinic time, HH:MM. */
  time: string;
  message: string;
  status: "booked" | "cancelled";
};

const WITH_SERVICE = { service: { select: { id: true, slug: true, name: true } } } as const;

function toAppointmentJson(appointment: AppointmentWithService): AppointmentJson {
  return {
    _id: appointment.id,
    service: {
      _id: appointment.service.id,
      slug: appointment.service.slug,
      name: appointment.service.name,
    },
    name: appointment.name,
    email: appointment.email,
    phone: appointment.phone,
    date: appointment.date,
    time: appointment.time,
    message: appointment.message,
    status: appointment.status === "cancelled" ? "cancelled" : "booked",
  };
}

/**
 * The slot starts still bookable on `date` (clinic time): an open day within the booking
 * horizon, not started yet, with a chair left. All services share the chairs, so the
 * free times do not depend on the service.
 */
export async function freeTimes(date: string, now: Date = new Date()): Promise<string[]> {
  const candidates = slotTimes().filter((time) => slotProblem(date, time, now) === null);
  if (candidates.length === 0) return [];
  const held = await prisma.appointment.groupBy({
    by: ["time"],
    where: { date, chair: { not: null } },
    _count: { _all: true },
  });
  const full = new Set(
    held.filter((row) => row._count._all >= OPENING_HOURS.chairsPerSlot).map((row) => row.time),
  );
  return candidates.filter((time) => !full.has(time));
}

/** What a patient reads when no time or no more time is free that day. */
function noTimesMessage(date: string, now: Date): string {
  const times = slotTimes();
  const problem = slotProblem(date, times[times.length - 1]!, now);
  return problem
    ? slotProblemMessage(problem, date)
    : `Nothing is free on ${formatClinicDate(date)} any more. Please choose another day.`;
}

async function freeTimesSentence(date: string, now: Date): Promise<string> {
  const times = await freeTimes(date, now);
  return times.length > 0
    ? `Still free on ${formatClinicDate(date)}: ${times.join(", ")}.`
    : noTimesMessage(date, now);
}

/** `GET /resources/free-slots?date=`: the free times of a day, or why there are none. */
export async function getFreeSlots(
  rawDate: string | null,
  now: Date = new Date(),
): Promise<Result<{ date: string; times: string[]; message: string | null }>> {
  const date = rawDate?.trim() ?? "";
  if (!isIsoDate(date)) return invalid(DATE_FORMAT_MESSAGE);
  const times = await freeTimes(date, now);
  return ok({ date, times, message: times.length > 0 ? null : noTimesMessage(date, now) });
}

/**
 * The confirmation or cancellation, to `to`: always the account's verified address, never
 * the booking form's e-mail, which is only contact data (docs/decisions/010-clinic-mail.md).
 */
function appointmentMail(
  to: string,
  appointment: AppointmentWithService,
  kind: "booked" | "cancelled",
) {
  const when = `${formatClinicDate(appointment.date)} at ${appointment.time}`;
  const start = clinicTimeToUtc(appointment.date, appointment.time);
  const end = new Date(start.getTime() + OPENING_HOURS.slotMinutes * 60_000);
  const details = [
    `Service: ${appointment.service.name}`,
    `Date: ${formatClinicDate(appointment.date)}`,
    `Time: ${appointment.time} (clinic time, ${CLINIC_TIME_ZONE})`,
    `Name: ${appointment.name}`,
    `Phone: ${appointment.phone}`,
    `Message: ${appointment.message}`,
  ];
  const intro =
    kind === "booked"
      ? `Hello ${appointment.name},\n\nyour appointment is booked. The attached calendar file adds it to your calendar.`
      : `Hello ${appointment.name},\n\nyour appointment has been cancelled and the time is free again.`;
  const outro =
    kind === "booked"
      ? "You can see or cancel it under My appointments on our website."
      : "You are welcome to book another time on our website.";
  return {
    to,
    subject:
      kind === "booked"
        ? `Your appointment on ${when} is booked`
        : `Your appointment on ${when} is cancelled`,
    text: `${intro}\n\n${details.join("\n")}\n\n${outro}\n\nDental Clinic`,
    attachments: [
      {
        filename: "appointment.ics",
        contentType: "text/calendar; charset=utf-8",
        content: calendarFile({
          uid: `appointment-${appointment.id}@${new URL(getEnv().APP_URL).hostname}`,
          start,
          end,
          summary: `Dental Clinic: ${appointment.service.name}`,
          description: details.join("\n"),
          status: kind === "booked" ? "CONFIRMED" : "CANCELLED",
          sequence: kind === "booked" ? 0 : 1,
        }),
      },
    ],
  };
}

/** Mail is sent after the answer: a slow or failing mail server must not undo a booking. */
function deliver(mail: ReturnType<typeof appointmentMail>) {
  sendMail(mail).catch((error: unknown) => {
    console.error(`Could not send "${mail.subject}" to ${mail.to}`, error);
  });
}

/**
 * Make appointment and `POST /api/create-appointment`, for an account with a verified
 * address. The slot is held by the unique index on (date, time, chair): of any number of
 * simultaneous requests for the last chair, the database lets exactly one insert through
 * and the others are refused as full.
 */
export async function bookAppointment(
  input: Record<string, unknown>,
  userId: string,
  now: Date = new Date(),
): Promise<Result<{ appointment: AppointmentJson }>> {
  const patient = await verifiedAccount(userId);
  if (!patient.ok) return patient;
  const validated = validateForm(appointmentSchema, input, APPOINTMENT_REQUIRED_FIELDS);
  if (!validated.ok) return validated;
  const { service: serviceId, date, time, ...contact } = validated.data;

  const service = await prisma.service.findUnique({
    where: { id: serviceId },
    select: { id: true },
  });
  if (!service) return invalid(UNKNOWN_SERVICE_MESSAGE);

  const problem = slotProblem(date, time, now);
  if (problem) {
    const sameDayStillOpen =
      problem === "outside-hours" ||
      problem === "off-grid" ||
      (problem === "past" && date === clinicNow(now).date);
    const message = slotProblemMessage(problem, date);
    return invalid(sameDayStillOpen ? `${message} ${await freeTimesSentence(date, now)}` : message);
  }

  // A soft cap against one account holding many slots; not a uniqueness rule.
  const upcoming = await prisma.appointment.count({
    where: { userId, chair: { not: null }, date: { gte: clinicNow(now).date } },
  });
  if (upcoming >= OPENING_HOURS.maxUpcomingPerPatient) {
    return fail(409, TOO_MANY_BOOKINGS_MESSAGE);
  }

  for (let chair = 1; chair <= OPENING_HOURS.chairsPerSlot; chair += 1) {
    try {
      const appointment = await prisma.appointment.create({
        data: { ...contact, date, time, chair, userId, serviceId: service.id },
        include: WITH_SERVICE,
      });
      deliver(appointmentMail(patient.account.email, appointment, "booked"));
      return ok({ appointment: toAppointmentJson(appointment) });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return fail(409, `${SLOT_TAKEN_MESSAGE} ${await freeTimesSentence(date, now)}`);
}

/** The rule of the patient's own cancel: still booked, and not started yet. */
export function isCancellable(row: Pick<Appointment, "status" | "date" | "time">, now: Date) {
  return row.status === "booked" && !isPastSlot(row.date, row.time, now);
}

/** The cancellation mail of `appointment` to `to`, sent after the answer (as a cancel's). */
export function sendCancellationMail(to: string, appointment: AppointmentWithService) {
  deliver(appointmentMail(to, appointment, "cancelled"));
}

/** The signed-in patient's bookings: upcoming soonest first, the rest latest first. */
export async function listAppointments(userId: string, now: Date = new Date()) {
  const rows = await prisma.appointment.findMany({
    where: { userId },
    include: WITH_SERVICE,
    orderBy: [{ date: "asc" }, { time: "asc" }, { createdAt: "asc" }],
  });
  const isUpcoming = (row: Appointment) => isCancellable(row, now);
  return {
    upcoming: rows.filter(isUpcoming).map(toAppointmentJson),
    past: rows
      .filter((row) => !isUpcoming(row))
      .reverse()
      .map(toAppointmentJson),
  };
}

/**
 * Cancels one of the patient's upcoming bookings and frees its chair. Another patient's
 * booking is answered exactly like one that does not exist.
 */
export async function cancelAppointment(
  appointmentId: string,
  userId: string,
  now: Date = new Date(),
): Promise<Result<{ appointment: AppointmentJson }>> {
  const appointment = await prisma.appointment.findFirst({
    where: { id: appointmentId, userId },
    include: { ...WITH_SERVICE, user: { select: { email: true, emailVerifiedAt: true } } },
  });
  if (!appointment) return fail(404, APPOINTMENT_NOT_FOUND_MESSAGE);
  if (appointment.status === "cancelled") return fail(409, ALREADY_CANCELLED_MESSAGE);
  if (isPastSlot(appointment.date, appointment.time, now)) return fail(409, ALREADY_PAST_MESSAGE);
  // Conditional on still being booked, so two cancels at once send one mail.
  const { count } = await prisma.appointment.updateMany({
    where: { id: appointment.id, userId, status: "booked" },
    data: { status: "cancelled", chair: null },
  });
  if (count === 0) return fail(409, ALREADY_CANCELLED_MESSAGE);
  const { user, ...cancelled } = { ...appointment, status: "cancelled", chair: null };
  if (user && isEmailVerified(user)) sendCancellationMail(user.email, cancelled);
  return ok({ appointment: toAppointmentJson(cancelled) });
}
