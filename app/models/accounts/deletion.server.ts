// A patient's deletion of their own account (issue 15): one step per kind of record in
// ERASURE_STEPS, beside the export's one gatherer per kind in ./my-data.server
// (docs/decisions/013-my-data.md).
import type { User } from "@prisma/client";
import type { StoredVisit } from "~/models/booking/visit";
import { PATIENT_CANCELLABLE } from "~/models/booking/appointment-status";
import { sendCancellationMail } from "~/models/mail/appointment-mail.server";
import { changeStatusWithin } from "~/models/booking/status.server";
import { recordAudit } from "~/models/audit/trail.server";
import { forgetPatientInAuditTrail } from "~/models/audit/erasure.server";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { enqueueMail, wakeOutbox } from "~/models/mail/outbox.server";
import { formatDateTime } from "~/utils/clinic-format";
import { removeMailFiles } from "~/infra/mail.server";
import { removeSmsFiles } from "~/infra/sms.server";
import { isEmailVerified } from "./email-verification.server";
import { prisma } from "~/infra/db.server";
import { verifyPassword } from "~/infra/password.server";
import { rateLimits } from "~/infra/rate-limit.server";
import { fail, invalid, ok, type Result } from "~/utils/result";
import { getCookieToken, getHeaderToken } from "~/infra/session.server";
import { hashToken } from "~/infra/token-hash.server";
import { FORMER_PATIENT, MY_DATA_MESSAGES, REAUTH_WINDOW_MS } from "./my-data.server";
import { eraseFormsOf } from "~/models/forms/records.server";

/** What the steps of a deletion share: who, when, and what to mail once it is committed. */
export type ErasureContext = {
  user: User;
  now: Date;
  /** Names, addresses and phones the patient used: for the audit trail's older sentences. */
  personal: Set<string>;
  /** The outbox messages to the patient removed, whose mail files go after the commit. */
  mailIds: string[];
  /** Cancelled upcoming bookings, as they were, for the mails after the commit. */
  cancelled: StoredVisit[];
  /** The family member a cancelled visit was for, by visit id (their mail greets the patient). */
  about?: Map<string, { greet: string; name: string }>;
  counts: Record<string, number>;
};

export type ErasureStep = {
  name: string;
  run: (context: ErasureContext) => Promise<number>;
};

const ACCOUNT_DELETED_NOTE = "Cancelled: the patient deleted their account";

const ANONYMOUS_BOOKING = { name: FORMER_PATIENT, email: "", phone: "", message: "" };

/**
 * Tells the clinic (its address in the settings) through the outbox, in the deletion's
 * transaction, which visits just became free: service, dentist and time, never who the
 * patient was.
 */
async function notifyClinic(
  context: ErasureContext,
  settings: Awaited<ReturnType<typeof getClinicSettings>>,
) {
  if (context.cancelled.length === 0 || !settings.email) return;
  const clock = { timeZone: settings.timeZone, locale: settings.locale };
  const lines = context.cancelled.map(
    (visit) =>
      `- ${visit.service.name} with ${visit.dentist.name}, ${formatDateTime(visit.date, visit.time, clock)}`,
  );
  const count = context.cancelled.length;
  await enqueueMail(
    {
      dedupeKey: `clinic-cancellation:${context.cancelled.map((visit) => visit.id).join(",")}`,
      kind: "cancellation",
      to: settings.email,
      subject: `${count} appointment${count === 1 ? "" : "s"} cancelled: a patient deleted their account`,
      text: [
        `A patient deleted their account, which cancelled ${count === 1 ? "this visit" : "these visits"}:`,
        "",
        ...lines,
        "",
        "The times are free again. The visits stay in the diary as a former patient's.",
      ].join("\n"),
    },
    context.now,
  );
}

/**
 * The deletion, one step per kind of record, run in this order inside one transaction.
 * A new kind of record is a new step here (see the ADR for where each belongs).
 */
export const ERASURE_STEPS: readonly ErasureStep[] = [
  {
    // The patient's own cancel rule (booked or confirmed, not started yet), through the
    // booking core's one cancel path in this transaction: the status, its history row, the
    // calendar SEQUENCE, the holds freed, and the cancelled event's consequences (the freed
    // time offered to the waiting list). The patient's mail it queues goes with the rest of
    // their mail in removeMailToPatient below; they get theirs unstored after the commit.
    name: "cancelUpcomingAppointments",
    async run(context) {
      const upcoming = await prisma.appointment.findMany({
        where: {
          userId: context.user.id,
          status: { in: PATIENT_CANCELLABLE },
          startsAt: { gt: context.now },
        },
        select: { id: true, name: true, email: true, phone: true },
        orderBy: [{ startsAt: "asc" }, { id: "asc" }],
      });
      for (const visit of upcoming) {
        context.personal.add(visit.name).add(visit.email).add(visit.phone);
        const cancelled = await changeStatusWithin(
          visit.id,
          "cancelled",
          { kind: "patient", userId: context.user.id },
          {
            now: context.now,
            reason: ACCOUNT_DELETED_NOTE,
            note: ACCOUNT_DELETED_NOTE,
          },
        );
        if (cancelled.ok) context.cancelled.push(cancelled.appointment);
      }
      return context.cancelled.length;
    },
  },
  {
    // Past and cancelled bookings stay in the diary, with nothing that names the patient.
    name: "anonymiseAppointments",
    async run(context) {
      const rows = await prisma.appointment.findMany({
        where: { userId: context.user.id },
        select: { name: true, email: true, phone: true },
      });
      for (const row of rows) context.personal.add(row.name).add(row.email).add(row.phone);
      // A reason the patient typed when cancelling is theirs; a staff member's stays, and
      // so does the deletion's own.
      await prisma.appointment.updateMany({
        where: {
          userId: context.user.id,
          cancelReason: { not: ACCOUNT_DELETED_NOTE },
          statusChanges: { some: { to: "cancelled", byUserId: context.user.id } },
        },
        data: { cancelReason: null },
      });
      const { count } = await prisma.appointment.updateMany({
        where: { userId: context.user.id },
        data: { ...ANONYMOUS_BOOKING, userId: null },
      });
      return count;
    },
  },
  {
    name: "anonymiseReviews",
    async run(context) {
      const rows = await prisma.review.findMany({
        where: { userId: context.user.id },
        select: { name: true },
      });
      for (const row of rows) context.personal.add(row.name);
      const { count } = await prisma.review.updateMany({
        where: { userId: context.user.id },
        data: { name: FORMER_PATIENT, userId: null },
      });
      return count;
    },
  },
  {
    // The catalogue keeps the services; only the link to their author goes.
    name: "releaseServices",
    async run(context) {
      const { count } = await prisma.service.updateMany({
        where: { createdById: context.user.id },
        data: { createdById: null },
      });
      return count;
    },
  },
  {
    // Every browser session and API token: the account is signed out everywhere.
    name: "removeSessions",
    async run(context) {
      return (await prisma.session.deleteMany({ where: { userId: context.user.id } })).count;
    },
  },
  {
    name: "removePasswordResets",
    async run(context) {
      return (await prisma.passwordReset.deleteMany({ where: { userId: context.user.id } })).count;
    },
  },
  {
    name: "removeEmailVerifications",
    async run(context) {
      const { count } = await prisma.emailVerification.deleteMany({
        where: { userId: context.user.id },
      });
      return count;
    },
  },
  {
    // Mail to them, sent or waiting: its text holds their name, and pending mail must not
    // reach an address the clinic no longer knows. Found by the account it went to, never
    // by its address's text (the clinic's own address may have been registered).
    name: "removeMailToPatient",
    async run(context) {
      const where = { userId: context.user.id };
      const rows = await prisma.outboxMessage.findMany({ where, select: { id: true } });
      context.mailIds.push(...rows.map((row) => row.id));
      return (await prisma.outboxMessage.deleteMany({ where })).count;
    },
  },
  {
    // Texts from their mobile number, matched or not (docs/decisions/052-text-messages.md).
    name: "removeTextsFromPatient",
    async run(context) {
      const numbers = context.user.mobile ? [context.user.mobile] : [];
      const { count } = await prisma.smsInbound.deleteMany({
        where: { OR: [{ userId: context.user.id }, { fromNumber: { in: numbers } }] },
      });
      return count;
    },
  },
  {
    // Places on the waiting list and their offers (the offers go with their entry).
    name: "removeWaitlist",
    async run(context) {
      const rows = await prisma.waitlistEntry.findMany({
        where: { userId: context.user.id },
        select: { phone: true },
      });
      for (const row of rows) context.personal.add(row.phone);
      const { count } = await prisma.waitlistEntry.deleteMany({
        where: { userId: context.user.id },
      });
      return count;
    },
  },
  {
    // Entries about the patient keep what happened and who on the staff did it.
    name: "anonymiseAuditTrail",
    run: (context) => forgetPatientInAuditTrail(context.user.id, [...context.personal]),
  },
  {
    // Signed forms: deleted, or kept unlinked as clinical records for the clinic's
    // retention (docs/decisions/050-medical-history-and-consent-forms.md).
    name: "keepOrRemoveForms",
    run: (context) => eraseFormsOf(context.user.id, context.now),
  },
  {
    name: "removeProfile",
    async run(context) {
      return (await prisma.user.deleteMany({ where: { id: context.user.id } })).count;
    },
  },
];

/** The sign-in (cookie or token) a request comes with, and when it began. */
async function requestSession(request: Request) {
  const token = getHeaderToken(request) ?? (await getCookieToken(request));
  if (!token) return null;
  return prisma.session.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { userId: true, createdAt: true },
  });
}

/**
 * Whoever asks to delete an account proves again that it is theirs: the password, or for
 * an account without one (Google-only) a Google sign-in from the last few minutes.
 */
async function confirmIdentity(
  user: User,
  input: Record<string, unknown>,
  request: Request,
  now: Date,
): Promise<Result> {
  if (user.passwordHash) {
    const password = input.password;
    if (typeof password !== "string" || password.length === 0) {
      return invalid(MY_DATA_MESSAGES.passwordRequired);
    }
    if (password.length > 200 || !(await verifyPassword(password, user.passwordHash))) {
      return fail(403, MY_DATA_MESSAGES.wrongPassword);
    }
    return ok({});
  }
  const session = await requestSession(request);
  const fresh =
    session?.userId === user.id && now.getTime() - session.createdAt.getTime() <= REAUTH_WINDOW_MS;
  return fresh ? ok({}) : fail(403, MY_DATA_MESSAGES.googleReauthRequired);
}

/** Whether the account must confirm with Google (no password) rather than a password. */
export function confirmsWithGoogle(user: Pick<User, "passwordHash">) {
  return user.passwordHash === null;
}

/**
 * Deletes the signed-in patient's account (the My data page and `DELETE /api/me`): after
 * the identity check, every step of ERASURE_STEPS and the audit entry in one transaction,
 * so a failure leaves everything as it was; the cancellation mails go out once it has
 * committed, to the address the account had proven.
 */
export async function deleteMyAccount(
  user: User,
  input: Record<string, unknown>,
  {
    request,
    now = new Date(),
    steps = ERASURE_STEPS,
  }: {
    request: Request;
    now?: Date;
    /** Tests replace the steps (to make one fail); a family's deletion adds its own first. */
    steps?: readonly ErasureStep[];
  },
): Promise<Result<{ message: string; counts: Record<string, number> }>> {
  const limited = await rateLimits().accountDeletions.take(user.id);
  if (limited) return limited;
  if (user.role !== "patient") return fail(403, MY_DATA_MESSAGES.staffAccount);
  const confirmed = await confirmIdentity(user, input, request, now);
  if (!confirmed.ok) return confirmed;

  const context: ErasureContext = {
    user,
    now,
    personal: new Set([user.name, user.email, user.address].filter(Boolean)),
    cancelled: [],
    mailIds: [],
    counts: {},
  };
  // Read before the transaction: no other query of the process runs while one is open.
  const settings = await getClinicSettings();
  const deleted = await prisma.$transaction(async () => {
    const current = await prisma.user.findUnique({ where: { id: user.id } });
    if (!current) return false;
    context.user = current;
    context.personal.add(current.name).add(current.email);
    if (current.address) context.personal.add(current.address);
    if (current.mobile) context.personal.add(current.mobile);
    for (const step of steps) context.counts[step.name] = await step.run(context);
    await notifyClinic(context, settings);
    await recordAudit({
      actor: { id: current.id, role: "patient" },
      action: "account.delete",
      entityType: "User",
      entityId: current.id,
      patientId: current.id,
      summary: `The patient deleted their account: ${context.counts.cancelUpcomingAppointments ?? 0} upcoming appointment(s) cancelled, ${context.counts.anonymiseAppointments ?? 0} booking(s) and ${context.counts.anonymiseReviews ?? 0} review(s) kept anonymised`,
    });
    return true;
  });
  if (!deleted) return fail(404, MY_DATA_MESSAGES.gone);
  await removeMailFiles(context.mailIds);
  await removeSmsFiles(context.mailIds);
  wakeOutbox();
  if (isEmailVerified(user)) {
    for (const appointment of context.cancelled) {
      await sendCancellationMail(user.email, appointment, context.about?.get(appointment.id));
    }
  }
  return ok({ message: MY_DATA_MESSAGES.deleted, counts: context.counts });
}
