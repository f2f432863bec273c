/**
 * The appointment domain's door: a patient's own visits as pages read them, and the
 * booking core (~/models/booking/*: rules, the one writer, events) that every booking,
 * move and status change goes through (docs/decisions/027-one-booking-core.md).
 */
import { prisma } from "~/infra/db.server";
import { ACTIVE_STATUSES } from "~/models/booking/appointment-status";
import { sendMail } from "~/infra/mail.server";
import { fail, type Failure } from "~/utils/result";
import { appointmentCalendar, composeAppointmentMail } from "./appointment-mail.server";
import {
  type AppointmentJson,
  type StoredVisit,
  toAppointmentJson,
  WITH_DETAILS,
} from "./booking/visit";
import { tooManyBookingsMessage } from "./booking/rules";
import { getClinicSettings, type Settings } from "./clinic-settings.server";

export {
  ACTIVE_STATUSES,
  PATIENT_CANCELLABLE,
  STATUS_LABELS,
  STATUSES,
  TRANSITIONS,
  type AppointmentStatus,
} from "~/models/booking/appointment-status";
export { appointmentsNeedingAttention, type NeedsAttention } from "./booking/attention.server";
export { APPOINTMENT_BOOKED, bookAppointment, bookVisit } from "./booking/book.server";
export {
  findBookableService,
  resolveDentist,
  type ServiceRow,
  UNKNOWN_DENTIST_MESSAGE,
} from "./booking/choices.server";
export {
  freeTimes,
  getFreeSlots,
  phoneOnlyHint,
  type FreeSlots,
  staffFreeTimes,
} from "./booking/free-times.server";
export {
  APPOINTMENT_NOT_FOUND_MESSAGE,
  moveAppointment,
  NOT_MOVABLE_MESSAGE,
} from "./booking/move.server";
export { deskPolicy, onlinePolicy, waitlistPolicy, type BookingActor } from "./booking/policy";
export { SLOT_TAKEN_MESSAGE, tooManyBookingsMessage } from "./booking/rules";
export {
  ALREADY_CANCELLED_MESSAGE,
  ALREADY_PAST_MESSAGE,
  cancelAppointment,
  changeStatus,
} from "./booking/status.server";
export {
  type AppointmentJson,
  type StoredVisit as AppointmentWithDetails,
  toAppointmentJson,
  WITH_DETAILS,
} from "./booking/visit";

/**
 * The booking form asks the rule "patient-cap" as it opens (booking asks it through the
 * booking core): its refusal when the patient already holds the clinic's most upcoming
 * visits, else null.
 */
export async function visitCapRefusal(
  userId: string,
  settings: Pick<Settings, "maxUpcomingPerPatient">,
  now: Date = new Date(),
): Promise<Failure | null> {
  const upcoming = await prisma.appointment.count({
    where: { userId, status: { in: ACTIVE_STATUSES }, startsAt: { gt: now } },
  });
  return upcoming >= settings.maxUpcomingPerPatient
    ? fail(409, tooManyBookingsMessage(settings.maxUpcomingPerPatient))
    : null;
}

/** Includes what a mail about an appointment shows (service, dentist, chair). */
export const APPOINTMENT_DETAILS = WITH_DETAILS;

/**
 * The cancellation mail of a visit whose patient just deleted their account, sent at once
 * and never stored: the outbox would keep the address and name the patient asked us to
 * erase (docs/decisions/013-my-data.md). A failure is logged; the deletion stands.
 */
export async function sendCancellationMail(to: string, appointment: StoredVisit) {
  const settings = await getClinicSettings();
  const now = new Date();
  const { subject, text } = composeAppointmentMail(appointment, "cancelled", settings, {
    token: null,
    now,
  });
  try {
    await sendMail({
      to,
      subject,
      text,
      calendar: appointmentCalendar(appointment, settings, to, now),
    });
  } catch (error) {
    console.error("The cancellation mail of a deleted account could not be sent", error);
  }
}

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
