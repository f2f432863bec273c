/**
 * A booking the staff take for a caller (the New booking screen and
 * `POST /api/staff/appointments`): the online rules without the notice period or the cap
 * of upcoming visits, or with "book anyway" and a reason a deliberate double booking on
 * the next free hold layer. The patient gets the same confirmation as online; a patient
 * the clinic may not write to gets none, and the answer says so.
 */
import { type ClinicClock, formatDateTime } from "~/utils/clinic-format";
import { normalizeTime } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { limitStaffWrite } from "~/infra/rate-limit.server";
import { invalid, ok, type Success } from "~/utils/result";
import { appointmentSchema, TIME_FORMAT_MESSAGE } from "~/validation/appointment";
import { dateRefusal } from "~/validation/dates";
import { UNKNOWN_SERVICE_MESSAGE } from "~/validation/service";
import { bookVisit } from "../booking/book.server";
import { findBookableService, resolveDentist } from "../booking/choices.server";
import type { PlaceRefusal } from "../booking/place.server";
import { deskPolicy } from "../booking/policy";
import { type StaffAppointmentJson, toStaffAppointmentJson } from "../booking/visit";
import { getClinicClock } from "~/models/settings/clinic-settings.server";
import { findPatient } from "~/models/patients/search.server";
import type { StaffActor } from "~/models/roles";
import { prepareEntryBooked } from "~/models/waitlist/desk-offer.server";
import { REASON_LIMIT, REASON_REQUIRED_MESSAGE } from "./changes.server";

export const PATIENT_NOT_FOUND_MESSAGE = "Please choose the patient first.";
export const OVERRIDE_DENTIST_MESSAGE =
  "Booking anyway needs a chosen dentist. Please choose one instead of Any dentist.";
export const NOTE_LIMIT = 1000;
export const UNKNOWN_CHAIR_MESSAGE = "Please choose one of the clinic's chairs.";

export type DeskBookingInput = {
  /** The patient's id or e-mail (`patientId` is the screen's name for it). */
  patient?: unknown;
  patientId?: unknown;
  service?: unknown;
  /** A dentist's id or slug, or "any". */
  dentist?: unknown;
  /** A chair's id (the diary's free time); the first free chair when missing. */
  chair?: unknown;
  date?: unknown;
  time?: unknown;
  /** The number to reach the patient on for this visit; theirs on file by default. */
  phone?: unknown;
  /** The staff's private note on the visit. */
  note?: unknown;
  override?: unknown;
  reason?: unknown;
  /** The patient's waiting-list entry this books ("book now"): it leaves the list. */
  waitlistEntry?: unknown;
};

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
const isYes = (value: unknown) =>
  value === true || ["yes", "true", "on", "1"].includes(text(value).toLowerCase());

/** What the desk tells staff about the patient's confirmation. */
export function confirmationNote(mailedTo: string | null, patientName: string) {
  return mailedTo
    ? `The confirmation went to ${mailedTo}.`
    : `No confirmation was mailed: ${patientName} has no e-mail address the clinic may write to yet.`;
}

export function bookedMessage(
  appointment: { name: string; date: string; time: string },
  mailedTo: string | null,
  clock: ClinicClock,
) {
  return `Booked ${appointment.name} on ${formatDateTime(appointment.date, appointment.time, clock)}. ${confirmationNote(mailedTo, appointment.name)}`;
}

export async function bookAtDesk(
  actor: StaffActor,
  input: DeskBookingInput,
  now: Date = new Date(),
): Promise<
  | Success<{ appointment: StaffAppointmentJson; mailedTo: string | null; message: string }>
  | PlaceRefusal
> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const patient = await findPatient(text(input.patient ?? input.patientId));
  if (!patient) return invalid(PATIENT_NOT_FOUND_MESSAGE);
  const service = await findBookableService(text(input.service));
  if (!service) return invalid(UNKNOWN_SERVICE_MESSAGE);
  const date = text(input.date);
  const refusedDate = dateRefusal(date, now);
  if (refusedDate) return refusedDate;
  const time = normalizeTime(text(input.time));
  if (!time) return invalid(TIME_FORMAT_MESSAGE);
  const dentist = await resolveDentist(text(input.dentist), service);
  if (!dentist.ok) return dentist;
  const chairId = text(input.chair);
  if (chairId && !(await prisma.chair.findFirst({ where: { id: chairId, active: true } }))) {
    return invalid(UNKNOWN_CHAIR_MESSAGE);
  }
  const phoneInput = text(input.phone);
  const phone = phoneInput ? appointmentSchema.shape.phone.safeParse(phoneInput) : null;
  if (phone && !phone.success) return invalid(phone.error.issues[0]!.message);
  const note = text(input.note);
  if (note.length > NOTE_LIMIT) {
    return invalid(`Please keep the note under ${NOTE_LIMIT} characters.`);
  }
  const override = isYes(input.override);
  const reason = text(input.reason);
  if (override && !reason) return invalid(`${REASON_REQUIRED_MESSAGE} Booking anyway needs one.`);
  if (reason.length > REASON_LIMIT) {
    return invalid(`Please keep the reason under ${REASON_LIMIT} characters.`);
  }
  if (override && !dentist.dentistId) return invalid(OVERRIDE_DENTIST_MESSAGE);
  const entryBooked = await prepareEntryBooked(
    text(input.waitlistEntry),
    { userId: patient.id, serviceId: service.id },
    now,
  );

  const booked = await bookVisit(
    {
      service,
      dentistId: dentist.dentistId,
      chairId: chairId || undefined,
      date,
      time,
      userId: patient.id,
      contact: {
        name: patient.name,
        email: patient.email,
        phone: phone?.data ?? patient.phone,
        message: "",
      },
      staffNote: note,
    },
    deskPolicy(actor, override ? { reason } : null),
    now,
    entryBooked ?? undefined,
  );
  if (!booked.ok) return booked;
  const appointment = toStaffAppointmentJson(booked.appointment);
  return ok({
    appointment,
    mailedTo: booked.mailedTo,
    message: bookedMessage(appointment, booked.mailedTo, await getClinicClock()),
  });
}
