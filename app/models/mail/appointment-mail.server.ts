import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { enqueueMail, type NewOutboxMessage } from "./outbox.server";
import {
  type ClinicClock,
  formatDate,
  formatDateTime,
  formatDuration,
  formatTime,
  formatZone,
} from "~/utils/clinic-format";
import { calendarDisplayName } from "./calendar-name";
import { prisma } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { sendMail } from "~/infra/mail.server";
import { isNoEmailAddress } from "~/models/patients/no-email";
import { linkTokenFor, linkUrl } from "~/models/self-service/appointment-link.server";
import { isInsideCutoff } from "~/models/booking/cancellation-policy.server";
import { getClinicSettings, type Settings } from "~/models/settings/clinic-settings.server";

/**
 * Every mail about one appointment (confirmation, change, cancellation, reminder), composed
 * for the outbox inside the transaction of the change that causes it, each with its
 * calendar part (RFC 5545/5546): one UID for the life of the booking, SEQUENCE from
 * `Appointment.sequence`, METHOD:REQUEST on booking, move and reminder, METHOD:CANCEL with
 * STATUS:CANCELLED on cancellation, the clinic as ORGANIZER.
 */

export type AppointmentMailKind = "booked" | "moved" | "cancelled" | "reminder";

/** What a mail needs of the appointment (the include of the domain module's reads). */
export type MailAppointment = {
  id: string;
  userId: string | null;
  name: string;
  phone: string;
  message: string;
  date: string;
  time: string;
  startsAt: Date;
  endsAt: Date;
  status: string;
  sequence: number;
  linkNonce: string | null;
  linkTokenHash: string | null;
  service: { name: string; durationMinutes: number };
  dentist: { name: string };
};

const OUTBOX_KIND = {
  booked: "booking",
  moved: "change",
  cancelled: "cancellation",
  reminder: "reminder",
} as const;

const clockOf = (settings: Settings): ClinicClock => ({
  timeZone: settings.timeZone,
  locale: settings.locale,
});

/** The address clinic mail goes to (docs/decisions/010-clinic-mail.md), or null for none. */
export async function mailRecipient(userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: { email: true, emailVerifiedAt: true, passwordHash: true, googleId: true },
  });
  // A record kept without an e-mail address (docs/decisions/042-patient-records-and-merges.md) is never mailed.
  if (!user || isNoEmailAddress(user.email)) return null;
  if (user.emailVerifiedAt) return user.email;
  // A record the staff made for a caller (no password, no Google): the address they recorded.
  return user.passwordHash === null && user.googleId === null ? user.email : null;
}

/**
 * Where the visit's newest confirmation (booking or change mail, with the calendar file)
 * went, or null when none was written: what "we sent the confirmation to" may claim.
 */
export async function confirmationSentTo(appointmentId: string): Promise<string | null> {
  const mail = await prisma.outboxMessage.findFirst({
    where: { appointmentId, kind: { in: [OUTBOX_KIND.booked, OUTBOX_KIND.moved] } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { toAddress: true },
  });
  return mail?.toAddress ?? null;
}

function appointmentUid(appointmentId: string): string {
  return `appointment-${appointmentId}@${new URL(getEnv().APP_URL).hostname}`;
}

function organizerOf(settings: Settings): { name: string; email: string } {
  const fromAddress = /<([^>]+)>/.exec(getEnv().MAIL_FROM)?.[1] ?? getEnv().MAIL_FROM;
  return { name: calendarDisplayName(settings.clinicName), email: settings.email || fromAddress };
}

function clinicAddress(settings: Settings): string {
  return [settings.street, settings.city, [settings.region, settings.postalCode].join(" ").trim()]
    .filter(Boolean)
    .join(", ");
}

/** The calendar part: REQUEST for a live booking, CANCEL with STATUS:CANCELLED otherwise. */
export function appointmentCalendar(
  appointment: MailAppointment,
  settings: Settings,
  attendee: string,
  now: Date,
): { method: "REQUEST" | "CANCEL"; content: string } {
  const cancelled = appointment.status === "cancelled";
  const calendar = ical({
    prodId: { company: settings.clinicName, product: "Appointments", language: "EN" },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: appointmentUid(appointment.id),
    sequence: appointment.sequence,
    stamp: now,
    start: appointment.startsAt,
    end: appointment.endsAt,
    summary: `${settings.clinicName}: ${appointment.service.name}`,
    description: `${appointment.service.name} with ${appointment.dentist.name}`,
    location: clinicAddress(settings) || null,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: organizerOf(settings),
    attendees: [{ email: attendee, name: calendarDisplayName(appointment.name) }],
  });
  return { method: cancelled ? "CANCEL" : "REQUEST", content: calendar.toString() };
}

/** The clinic's phone as a `tel:` link ("+1 555 0100" -> "tel:+15550100"); null without one. */
export function telLink(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");
  return /\d/.test(digits) ? `tel:${digits}` : null;
}

/**
 * What a mail says about changing the visit: the one-click links, or inside the
 * cancellation cutoff (where those would refuse) the clinic's phone as a `tel:` link.
 */
function changeLines(
  appointment: MailAppointment,
  settings: Settings,
  token: string,
  now: Date,
): string {
  const confirm =
    appointment.status === "confirmed" ? [] : [`Confirm: ${linkUrl(token, "confirm")}`];
  if (isInsideCutoff(appointment.startsAt, settings, now)) {
    const tel = telLink(settings.phone);
    return [
      ...confirm,
      `Changes by phone only: the visit starts within ${settings.cancellationCutoffHours} hours, so please call us to move or cancel it${tel ? `: ${tel}` : "."}`,
      "",
      "You can see it under My appointments on our website.",
    ].join("\n");
  }
  return [
    ...confirm,
    `Reschedule: ${linkUrl(token, "reschedule")}`,
    `Cancel: ${linkUrl(token, "cancel")}`,
    "",
    `You can also see, move or cancel it under My appointments on our website${settings.phone ? `, or call us on ${settings.phone}` : ""}.`,
  ].join("\n");
}

export type MailOptions = {
  /** Null for mail that carries no links (cancellation). */
  token: string | null;
  now: Date;
  /** The time a moved visit had. */
  previously?: string;
  /** Why the clinic cancelled, when the form told staff the patient is told. */
  reason?: string | null;
};

/**
 * The mail's subject and text. Only what the patient gave and the visit's facts: never the
 * staff's note (Appointment.staffNote).
 */
export function composeAppointmentMail(
  appointment: MailAppointment,
  kind: AppointmentMailKind,
  settings: Settings,
  options: MailOptions,
): { subject: string; text: string } {
  const clock = clockOf(settings);
  const when = formatDateTime(appointment.date, appointment.time, clock);
  const minutes = (appointment.endsAt.getTime() - appointment.startsAt.getTime()) / 60_000;
  const details = [
    `Service: ${appointment.service.name} (${formatDuration(minutes)})`,
    `Dentist: ${appointment.dentist.name}`,
    `Date: ${formatDate(appointment.date, clock)}`,
    `Time: ${formatTime(appointment.time, clock)} (${formatZone(clock)})`,
    `Name: ${appointment.name}`,
    ...(appointment.phone ? [`Phone: ${appointment.phone}`] : []),
    ...(appointment.message ? [`Message: ${appointment.message}`] : []),
  ];
  const confirmed = appointment.status === "confirmed";
  const reason = options.reason ? ` Reason: ${options.reason}` : "";
  const intro = {
    booked: `Hello ${appointment.name},\n\nyour appointment is booked. The attached calendar file adds it to your calendar.`,
    moved: `Hello ${appointment.name},\n\nyour appointment has moved${options.previously ? ` from ${options.previously}` : ""} to ${when}. The attached calendar file updates your calendar.`,
    cancelled: `Hello ${appointment.name},\n\nyour appointment has been cancelled and the time is free again.${reason}`,
    reminder: `Hello ${appointment.name},\n\nthis is a reminder of your appointment on ${when}.${confirmed ? " Thank you for confirming it." : " Please confirm that you are coming."}`,
  }[kind];
  const outro =
    kind === "cancelled" || !options.token
      ? "You are welcome to book another time on our website."
      : changeLines(appointment, settings, options.token, options.now);
  return {
    subject: {
      booked: `Your appointment on ${when} is booked`,
      moved: `Your appointment has moved to ${when}`,
      cancelled: `Your appointment on ${when} is cancelled`,
      reminder: confirmed
        ? `Reminder: your appointment on ${when}`
        : `Reminder: please confirm your appointment on ${when}`,
    }[kind],
    text: `${intro}\n\n${details.join("\n")}\n\n${outro}\n\n${settings.clinicName}`,
  };
}

/**
 * Writes the appointment's mail to the outbox, as one step of the caller's transaction,
 * and answers the address it goes to: null (nothing
 * written) when the patient has no address the clinic may write to. `dedupeKey` defaults
 * to one message per kind and calendar version.
 */
export async function enqueueAppointmentMail(
  appointment: MailAppointment,
  kind: AppointmentMailKind,
  settings: Settings,
  now: Date,
  options: {
    previously?: string;
    reason?: string | null;
    dedupeKey?: string;
    notBefore?: Date;
  } = {},
): Promise<string | null> {
  const to = await mailRecipient(appointment.userId);
  if (!to) return null;
  const token = kind === "cancelled" ? null : await linkTokenFor(appointment);
  const { subject, text } = composeAppointmentMail(appointment, kind, settings, {
    token,
    now,
    previously: options.previously,
    reason: options.reason,
  });
  const message: NewOutboxMessage = {
    dedupeKey:
      options.dedupeKey ?? `${OUTBOX_KIND[kind]}:${appointment.id}:${appointment.sequence}`,
    kind: OUTBOX_KIND[kind],
    to,
    subject,
    text,
    calendar: appointmentCalendar(appointment, settings, to, now),
    userId: appointment.userId ?? undefined,
    appointmentId: appointment.id,
    notBefore: options.notBefore,
  };
  await enqueueMail(message, now);
  return to;
}

/**
 * The cancellation mail of a visit whose patient just deleted their account, sent at once
 * and never stored: the outbox would keep the address and name the patient asked us to
 * erase (docs/decisions/013-my-data.md). A failure is logged; the deletion stands.
 */
export async function sendCancellationMail(to: string, appointment: MailAppointment) {
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
