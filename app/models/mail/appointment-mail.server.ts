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
import { messageRecipient, type Recipient } from "~/models/family/recipient.server";
import { firstName } from "~/models/family/rules";
import { linkTokenFor, linkUrl } from "~/models/self-service/appointment-link.server";
import { isInsideCutoff } from "~/models/booking/cancellation-policy.server";
import { getClinicSettings, type Settings } from "~/models/settings/clinic-settings.server";
import { dueFormsForVisit } from "~/models/forms/due.server";
import { formsLine, formsMailLine } from "~/models/forms/records.server";
import type { ActiveForm } from "~/models/forms/templates.server";
import { enqueueVisitText, type TextRecipient, textPlan } from "~/models/sms/outbound.server";

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

/**
 * The address a patient's clinic mail goes to (docs/decisions/010-clinic-mail.md), or null
 * for none: their guardian's for a family member without an account of their own
 * (~/models/family/recipient.server, the one home of that rule).
 */
export async function mailRecipient(userId: string | null): Promise<string | null> {
  return (await messageRecipient(userId))?.to ?? null;
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
  /** The family member the visit is for, when the mail goes to their guardian. */
  about: { name: string } | null = null,
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
    summary: `${settings.clinicName}: ${about ? `${firstName(about.name)}'s ` : ""}${appointment.service.name}`,
    description: `${about ? `${about.name}: ` : ""}${appointment.service.name} with ${appointment.dentist.name}`,
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
  /** The forms due before the visit, with their link (confirmation and first reminder). */
  forms?: string | null;
  /** The mail goes to a guardian (`greet`) about the family member `name`. */
  about?: { greet: string; name: string } | null;
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
  // A guardian reads about "Emma's appointment" ("Emma's Check-up" in the subject).
  const about = options.about ?? null;
  const first = about ? firstName(about.name) : null;
  const greet = about?.greet ?? appointment.name;
  const whose = first ? `${first}'s appointment` : "your appointment";
  const titled = first ? `${first}'s ${appointment.service.name}` : "your appointment";
  const Titled = titled.charAt(0).toUpperCase() + titled.slice(1);
  const coming = first ? `${first} is coming` : "you are coming";
  const intro = {
    booked: `Hello ${greet},\n\n${whose} is booked. The attached calendar file adds it to your calendar.`,
    moved: `Hello ${greet},\n\n${whose} has moved${options.previously ? ` from ${options.previously}` : ""} to ${when}. The attached calendar file updates your calendar.`,
    cancelled: `Hello ${greet},\n\n${whose} has been cancelled and the time is free again.${reason}`,
    reminder: `Hello ${greet},\n\nthis is a reminder of ${whose} on ${when}.${confirmed ? " Thank you for confirming it." : ` Please confirm that ${coming}.`}`,
  }[kind];
  const outro =
    kind === "cancelled" || !options.token
      ? "You are welcome to book another time on our website."
      : changeLines(appointment, settings, options.token, options.now);
  return {
    subject: {
      booked: `${Titled} on ${when} is booked`,
      moved: `${Titled} has moved to ${when}`,
      cancelled: `${Titled} on ${when} is cancelled`,
      reminder: confirmed
        ? `Reminder: ${titled} on ${when}`
        : `Reminder: please confirm ${titled} on ${when}`,
    }[kind],
    text: `${intro}\n\n${details.join("\n")}\n\n${options.forms ? `${options.forms}\n\n` : ""}${outro}\n\n${settings.clinicName}`,
  };
}

/**
 * Whom a visit's messages go to (text, mail or both, as the clinic's settings choose per
 * kind, docs/decisions/052-text-messages.md; a text to whoever receives the patient's mail,
 * at their mobile, with their consent), and for a confirmation the forms due before it.
 */
export type MessagePlan = {
  textTo: TextRecipient | null;
  recipient: Recipient | null;
  dueForms: readonly ActiveForm[];
};

async function messageTargets(
  userId: string | null,
  kind: AppointmentMailKind,
  settings: Settings,
): Promise<Omit<MessagePlan, "dueForms">> {
  const { textTo, mailToo } = await textPlan(userId, OUTBOX_KIND[kind], settings);
  return { textTo, recipient: mailToo ? await messageRecipient(userId) : null };
}

/**
 * A new booking's message plan, read before its visit is written: on PostgreSQL the
 * placement holds its day's lock from reading the day's holds to the commit, and these
 * reads (the patient, the family link, the forms) need no lock, so every other booking of
 * that day waits for less (docs/performance.md, "PostgreSQL against SQLite").
 */
export async function planBookingMessages(
  visit: { userId: string | null; serviceId: string; date: string; startsAt: Date },
  settings: Settings,
): Promise<MessagePlan> {
  const targets = await messageTargets(visit.userId, "booked", settings);
  // The visit has no id yet, so no form was signed for it: the rules see only older signatures.
  const dueForms =
    targets.recipient && visit.userId ? await dueFormsForVisit({ ...visit, id: "" }) : [];
  return { ...targets, dueForms };
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
    /** A reminder that is the visit's first: it links to the forms due, as the confirmation does. */
    firstReminder?: boolean;
    /** The numbers a reminder sweep texted already (one text per number per sweep). */
    sweptNumbers?: Set<string>;
    /** Read before the visit was written (a new booking's, `planBookingMessages`). */
    plan?: MessagePlan;
  } = {},
): Promise<string | null> {
  const dedupeKey =
    options.dedupeKey ?? `${OUTBOX_KIND[kind]}:${appointment.id}:${appointment.sequence}`;
  const { textTo, recipient } =
    options.plan ?? (await messageTargets(appointment.userId, kind, settings));
  if (!recipient && !textTo) return null;
  const token = kind === "cancelled" ? null : await linkTokenFor(appointment);
  if (textTo) {
    await enqueueVisitText(appointment, OUTBOX_KIND[kind], textTo, settings, now, {
      token,
      dedupeKey,
      notBefore: options.notBefore,
      sweptNumbers: options.sweptNumbers,
    });
  }
  if (!recipient) return null;
  const { to } = recipient;
  const withForms = kind === "booked" || (kind === "reminder" && options.firstReminder === true);
  const { subject, text } = composeAppointmentMail(appointment, kind, settings, {
    token,
    now,
    previously: options.previously,
    reason: options.reason,
    forms: !withForms
      ? null
      : options.plan && appointment.userId
        ? formsLine(options.plan.dueForms, appointment.id, appointment.userId)
        : await formsMailLine(appointment.id),
    about: aboutOf(recipient),
  });
  const message: NewOutboxMessage = {
    dedupeKey,
    kind: OUTBOX_KIND[kind],
    to,
    subject,
    text,
    calendar: appointmentCalendar(appointment, settings, to, now, recipient.about),
    // The account it went to: a guardian's mail leaves with the guardian's account.
    userId: recipient.accountId,
    appointmentId: appointment.id,
    notBefore: options.notBefore,
  };
  await enqueueMail(message, now);
  return to;
}

/** What a mail to a guardian says of whom it is about; null for the patient's own mail. */
export function aboutOf(recipient: Recipient): MailOptions["about"] {
  return recipient.about ? { greet: recipient.greet, name: recipient.about.name } : null;
}

/**
 * The cancellation mail of a visit whose patient just deleted their account, sent at once
 * and never stored: the outbox would keep the address and name the patient asked us to
 * erase (docs/decisions/013-my-data.md). A failure is logged; the deletion stands.
 */
export async function sendCancellationMail(
  to: string,
  appointment: MailAppointment,
  /** A removed family member's visit: the mail greets their guardian. */
  about: MailOptions["about"] = null,
) {
  const settings = await getClinicSettings();
  const now = new Date();
  const { subject, text } = composeAppointmentMail(appointment, "cancelled", settings, {
    token: null,
    now,
    about,
  });
  try {
    await sendMail({
      to,
      subject,
      text,
      calendar: appointmentCalendar(appointment, settings, to, now, about),
    });
  } catch (error) {
    console.error("The cancellation mail of a deleted account could not be sent", error);
  }
}
