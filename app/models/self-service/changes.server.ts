import type { Prisma } from "@prisma/client";
import { hashToken } from "~/infra/token-hash.server";
import { patientsActedFor } from "~/models/family/links.server";
import { type ClinicClock, formatDateTime } from "~/utils/clinic-format";
import { prisma } from "~/infra/db.server";
import { limitLinkAction, type LinkClient } from "~/infra/rate-limit.server";
import { fail, invalid, ok, type Failure, type Result } from "~/utils/result";
import { isWellFormedToken } from "./appointment-link.server";
import type { AppointmentJson } from "~/models/booking/visit";
import { APPOINTMENT_NOT_FOUND_MESSAGE, moveAppointment } from "~/models/booking/move.server";
import { cancelAppointment, changeStatus } from "~/models/booking/status.server";
import { getFreeSlots, type FreeSlots } from "~/models/booking/free-times.server";
import { onlinePolicy } from "~/models/booking/policy";
import { insideCutoffMessage, isInsideCutoff } from "~/models/booking/cancellation-policy.server";
import { getClinicSettings, type Settings } from "~/models/settings/clinic-settings.server";

/**
 * What a patient does to their own booking without the front desk: confirm, reschedule or
 * cancel, signed in (My appointments) or through the one-click links in the clinic's mail
 * (docs/decisions/019-appointment-links.md). Inside the cancellation cutoff neither change
 * is allowed: the patient calls the clinic.
 */

export const SELF_SERVICE_MESSAGES = {
  invalidLink:
    "This link is not valid. Please use the link in the newest e-mail about your appointment, or sign in and open My appointments.",
  expiredLink:
    "This link has expired: the appointment has already started or taken place. Please call the clinic if you need anything.",
  cancelled: "This appointment has been cancelled. You are welcome to book another time.",
  confirmed: "Thank you! Your appointment is confirmed. See you then.",
  alreadyConfirmed: "Your appointment is already confirmed. See you then.",
  reasonTooLong: "Please keep the reason under 500 characters.",
  chooseTime: "Please choose one of the free times.",
} as const;

export const MAX_REASON_LENGTH = 500;

export function cancelledMessage(
  appointment: Pick<AppointmentJson, "date" | "time">,
  clock: ClinicClock,
) {
  return `Your appointment on ${formatDateTime(appointment.date, appointment.time, clock)} is cancelled.`;
}

export function movedMessage(
  appointment: Pick<AppointmentJson, "date" | "time">,
  clock: ClinicClock,
) {
  return `Your appointment has moved to ${formatDateTime(appointment.date, appointment.time, clock)}.`;
}

/** What a link page shows: the patient's first name and the visit, nothing else. */
export type LinkVisit = {
  id: string;
  firstName: string;
  serviceId: string;
  serviceName: string;
  dentistId: string;
  dentistName: string;
  date: string;
  time: string;
  status: string;
  /** False inside the cancellation cutoff. */
  changeable: boolean;
};

type VisitRow = NonNullable<Awaited<ReturnType<typeof readVisit>>>;

function readVisit(where: Prisma.AppointmentWhereInput) {
  return prisma.appointment.findFirst({
    where,
    select: {
      id: true,
      userId: true,
      name: true,
      date: true,
      time: true,
      startsAt: true,
      status: true,
      serviceId: true,
      dentistId: true,
      linkTokenHash: true,
      service: { select: { name: true } },
      dentist: { select: { name: true } },
    },
  });
}

function visitOf(row: VisitRow, settings: Settings, now: Date): LinkVisit {
  return {
    id: row.id,
    firstName: row.name.trim().split(/\s+/)[0] ?? "",
    serviceId: row.serviceId,
    serviceName: row.service.name,
    dentistId: row.dentistId,
    dentistName: row.dentist.name,
    date: row.date,
    time: row.time,
    status: row.status,
    changeable: !isInsideCutoff(row.startsAt, settings, now),
  };
}

/** A visit still ahead and not cancelled, or the clear refusal a page shows instead. */
function liveVisit(row: VisitRow | null, settings: Settings, now: Date, notFound: Failure) {
  if (!row) return notFound;
  if (row.status === "cancelled") return fail(410, SELF_SERVICE_MESSAGES.cancelled);
  if (row.startsAt <= now || (row.status !== "booked" && row.status !== "confirmed")) {
    return fail(410, SELF_SERVICE_MESSAGES.expiredLink);
  }
  return ok({ visit: visitOf(row, settings, now), row, settings });
}

/** The visit a mail link names. A wrong, expired or used-up link is a clear refusal. */
export async function visitByLink(token: string | undefined, now: Date = new Date()) {
  const notFound = fail(404, SELF_SERVICE_MESSAGES.invalidLink);
  if (!isWellFormedToken(token)) return notFound;
  const [row, settings] = await Promise.all([
    readVisit({ linkTokenHash: hashToken(token) }),
    getClinicSettings(),
  ]);
  return liveVisit(row, settings, now, notFound);
}

/**
 * One of the signed-in patient's upcoming visits, or a family member's they may book and
 * cancel for (docs/decisions/049-families.md); another's is answered as not found.
 */
export async function ownVisit(appointmentId: string, userId: string, now: Date = new Date()) {
  const patients = await patientsActedFor(userId, "book");
  const [row, settings] = await Promise.all([
    readVisit({ id: appointmentId, userId: { in: patients } }),
    getClinicSettings(),
  ]);
  return liveVisit(row, settings, now, fail(404, APPOINTMENT_NOT_FOUND_MESSAGE));
}

type Found = Exclude<Awaited<ReturnType<typeof visitByLink>>, Failure>;

export async function confirmByLink(
  token: string | undefined,
  client: LinkClient,
  now: Date = new Date(),
): Promise<Result<{ message: string }>> {
  const limited = await limitLinkAction("visit-confirm", client);
  if (limited) return limited;
  const found = await visitByLink(token, now);
  if (!found.ok) return found;
  if (found.row.status === "confirmed")
    return ok({ message: SELF_SERVICE_MESSAGES.alreadyConfirmed });
  const result = await changeStatus(
    found.row.id,
    "confirmed",
    { kind: "patient", userId: found.row.userId },
    {
      now,
      note: "Confirmed by the patient from the e-mail link",
      where: { linkTokenHash: found.row.linkTokenHash },
    },
  );
  if (!result.ok) return result;
  return ok({ message: SELF_SERVICE_MESSAGES.confirmed });
}

function parseReason(raw: unknown): Result<{ reason: string | undefined }> {
  const reason = typeof raw === "string" ? raw.trim() : "";
  if (reason.length > MAX_REASON_LENGTH) return invalid(SELF_SERVICE_MESSAGES.reasonTooLong);
  return ok({ reason: reason || undefined });
}

async function cancelFound(found: Found, rawReason: unknown, note: string, now: Date) {
  if (!found.visit.changeable) return fail(409, insideCutoffMessage(found.settings));
  const reason = parseReason(rawReason);
  if (!reason.ok) return reason;
  const result = await changeStatus(
    found.row.id,
    "cancelled",
    { kind: "patient", userId: found.row.userId },
    { now, note, reason: reason.reason },
  );
  if (!result.ok) return result;
  return ok({ message: cancelledMessage(result.appointment, found.settings) });
}

export async function cancelByLink(
  token: string | undefined,
  rawReason: unknown,
  client: LinkClient,
  now: Date = new Date(),
): Promise<Result<{ message: string }>> {
  const limited = await limitLinkAction("visit-cancel", client);
  if (limited) return limited;
  const found = await visitByLink(token, now);
  if (!found.ok) return found;
  return cancelFound(found, rawReason, "Cancelled by the patient from the e-mail link", now);
}

export async function cancelOwnVisit(
  appointmentId: string,
  userId: string,
  rawReason: unknown,
  now: Date = new Date(),
): Promise<Result<{ message: string }>> {
  const reason = parseReason(rawReason);
  if (!reason.ok) return reason;
  // A family member's visit is cancelled by the guardian who may (recorded as theirs).
  const visit = await prisma.appointment.findFirst({
    where: { id: appointmentId, userId: { in: await patientsActedFor(userId, "book") } },
    select: { userId: true },
  });
  const [result, settings] = await Promise.all([
    cancelAppointment(appointmentId, visit?.userId ?? userId, now, reason.reason, userId),
    getClinicSettings(),
  ]);
  if (!result.ok) return result;
  return ok({ message: cancelledMessage(result.appointment, settings) });
}

async function rescheduleFound(found: Found, form: { date: unknown; time: unknown }, now: Date) {
  if (!found.visit.changeable) return fail(409, insideCutoffMessage(found.settings));
  if (typeof form.date !== "string" || typeof form.time !== "string" || !form.time) {
    return invalid(SELF_SERVICE_MESSAGES.chooseTime);
  }
  const result = await moveAppointment(
    found.row.id,
    { date: form.date, time: form.time },
    onlinePolicy(found.row.userId),
    now,
  );
  if (!result.ok) return result;
  return ok({ message: movedMessage(result.appointment, found.settings) });
}

export async function rescheduleByLink(
  token: string | undefined,
  form: { date: unknown; time: unknown },
  client: LinkClient,
  now: Date = new Date(),
): Promise<Result<{ message: string }>> {
  const limited = await limitLinkAction("visit-reschedule", client);
  if (limited) return limited;
  const found = await visitByLink(token, now);
  if (!found.ok) return found;
  return rescheduleFound(found, form, now);
}

export async function rescheduleOwnVisit(
  appointmentId: string,
  userId: string,
  form: { date: unknown; time: unknown },
  now: Date = new Date(),
): Promise<Result<{ message: string }>> {
  const found = await ownVisit(appointmentId, userId, now);
  if (!found.ok) return found;
  return rescheduleFound(found, form, now);
}

/**
 * The free times on `date` for the visit's service, with its dentist when they have any
 * that day, else with any dentist who performs it (the move then changes dentist).
 */
export async function rescheduleTimes(
  visit: LinkVisit,
  date: string | null,
  now: Date = new Date(),
): Promise<Result<FreeSlots & { sameDentist: boolean }> | null> {
  if (!date) return null;
  const own = await getFreeSlots({ date, service: visit.serviceId, dentist: visit.dentistId }, now);
  if (!own.ok || own.times.length > 0) return own.ok ? ok({ ...own, sameDentist: true }) : own;
  const any = await getFreeSlots({ date, service: visit.serviceId }, now);
  return any.ok ? ok({ ...any, sameDentist: false }) : any;
}
