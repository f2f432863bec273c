// A patient's own data (issue 15): the export of everything stored about them, and the
// deletion of their account. Both are built from one function per kind of record, so a
// new kind (waitlist entries, outbox messages, status history, slot holds) is one
// gatherer in EXPORT_SECTIONS and one step in ERASURE_STEPS (docs/decisions/013-my-data.md).
import type { Prisma, User } from "@prisma/client";
import {
  APPOINTMENT_DETAILS,
  type AppointmentWithDetails,
  PATIENT_CANCELLABLE,
  sendCancellationMail,
} from "~/models/appointment.server";
import { recordAudit } from "~/models/audit.server";
import { forgetPatientInAuditTrail } from "~/models/audit-erasure.server";
import { getClinicSettings } from "~/models/clinic-settings.server";
import { enqueueMail, wakeOutbox } from "~/models/outbox.server";
import { formatDateTime } from "~/utils/clinic-format";
import { removeMailFiles } from "~/utils/mail.server";
import { isEmailVerified } from "~/models/email-verification.server";
import { clinicNow } from "~/utils/clinic-time";
import { prisma } from "~/utils/db.server";
import { verifyPassword } from "~/utils/password.server";
import { rateLimits } from "~/utils/rate-limit.server";
import { roleOf } from "~/utils/roles.server";
import { fail, invalid, ok, type Result } from "~/utils/result";
import { getCookieToken, getHeaderToken, hashToken } from "~/utils/session.server";

/** Bumped only when a field is removed or changes meaning; new sections keep the version. */
export const EXPORT_VERSION = 1;
export const EXPORT_FORMAT = "dental-clinic/my-data";
/** What anonymised bookings and reviews show instead of the patient's name. */
export const FORMER_PATIENT = "Former patient";
/** A Google-only account proves itself by a Google sign-in this recent. */
export const REAUTH_WINDOW_MS = 5 * 60 * 1000;

export const MY_DATA_MESSAGES = {
  passwordRequired: "Please enter your password to confirm.",
  wrongPassword: "That password is not right. Your account has not been deleted.",
  googleReauthRequired:
    "Please confirm with Google first: deleting an account that signs in with Google needs a Google sign-in from the last 5 minutes.",
  staffAccount: "Staff accounts cannot be deleted here. Please ask the clinic's administrator.",
  gone: "This account no longer exists.",
  deleted: "Your account has been deleted. Thank you for having been our patient.",
} as const;

type Reader = Prisma.TransactionClient;

// ---------------------------------------------------------------- export

const SERVICE = { select: { id: true, slug: true, name: true } } as const;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Sections of the export, one per kind of record; each reads only `userId`'s rows. */
const EXPORT_SECTIONS = {
  async appointments(db: Reader, userId: string) {
    const rows = await db.appointment.findMany({
      where: { userId },
      include: {
        service: SERVICE,
        dentist: { select: { name: true } },
        // What happened to the visit; who did it is the clinic's business, not the export's.
        statusChanges: {
          select: { from: true, to: true, at: true, note: true },
          orderBy: [{ at: "asc" }, { id: "asc" }],
        },
      },
      orderBy: [{ startsAt: "asc" }, { createdAt: "asc" }],
    });
    return rows.map((row) => ({
      id: row.id,
      service: row.service,
      name: row.name,
      email: row.email,
      phone: row.phone,
      date: row.date,
      time: row.time,
      message: row.message,
      dentist: row.dentist.name,
      status: row.status,
      cancelReason: row.cancelReason,
      statusHistory: row.statusChanges.map((change) => ({ ...change, at: iso(change.at) })),
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    }));
  },
  async reviews(db: Reader, userId: string) {
    const rows = await db.review.findMany({
      where: { userId },
      include: { service: SERVICE },
      orderBy: { createdAt: "asc" },
    });
    return rows.map((row) => ({
      id: row.id,
      service: row.service,
      name: row.name,
      message: row.message,
      rating: row.rating,
      createdAt: iso(row.createdAt),
    }));
  },
  async servicesAdded(db: Reader, userId: string) {
    const rows = await db.service.findMany({
      where: { createdById: userId },
      select: { id: true, slug: true, name: true, status: true, hidden: true, createdAt: true },
      orderBy: { createdAt: "asc" },
    });
    return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) }));
  },
  /** When each sign-in started and ends; never the token or its hash. */
  async signInSessions(db: Reader, userId: string) {
    const rows = await db.session.findMany({
      where: { userId },
      select: { createdAt: true, expiresAt: true },
      orderBy: { createdAt: "asc" },
    });
    return rows.map((row) => ({ createdAt: iso(row.createdAt), expiresAt: iso(row.expiresAt) }));
  },
  async emailVerifications(db: Reader, userId: string) {
    const rows = await db.emailVerification.findMany({
      where: { userId },
      select: { createdAt: true, expiresAt: true, usedAt: true },
      orderBy: { createdAt: "asc" },
    });
    return rows.map(linkDates);
  },
  async passwordResets(db: Reader, userId: string) {
    const rows = await db.passwordReset.findMany({
      where: { userId },
      select: { createdAt: true, expiresAt: true, usedAt: true },
      orderBy: { createdAt: "asc" },
    });
    return rows.map(linkDates);
  },
  /** The audit trail about this patient: what was done and by which role, not by whom. */
  async activity(db: Reader, userId: string) {
    const rows = await db.auditEntry.findMany({
      where: { patientId: userId },
      select: { at: true, action: true, actorRole: true, summary: true },
      orderBy: [{ at: "asc" }, { id: "asc" }],
    });
    return rows.map((row) => ({ ...row, at: iso(row.at) }));
  },
  /** Mail the clinic sent or will send them: what and when, never the text (links). */
  async mails(db: Reader, userId: string) {
    const rows = await db.outboxMessage.findMany({
      where: { userId },
      select: { kind: true, subject: true, status: true, createdAt: true, sentAt: true },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt), sentAt: iso(row.sentAt) }));
  },
  /** Places on the waiting list and the times offered from them; never the links. */
  async waitlist(db: Reader, userId: string) {
    const rows = await db.waitlistEntry.findMany({
      where: { userId },
      include: {
        service: SERVICE,
        dentist: { select: { name: true } },
        offers: {
          select: {
            startsAt: true,
            dentist: { select: { name: true } },
            expiresAt: true,
            status: true,
            respondedAt: true,
            createdAt: true,
          },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        },
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    return rows.map((row) => ({
      id: row.id,
      service: row.service,
      dentist: row.dentist?.name ?? null,
      fromDate: row.fromDate,
      toDate: row.toDate,
      partOfDay: row.partOfDay,
      phone: row.phone,
      status: row.status,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      offers: row.offers.map((offer) => ({
        startsAt: iso(offer.startsAt),
        dentist: offer.dentist.name,
        expiresAt: iso(offer.expiresAt),
        status: offer.status,
        respondedAt: iso(offer.respondedAt),
        createdAt: iso(offer.createdAt),
      })),
    }));
  },
  /** When they are due back, the invitations sent and the desk's calls (docs/decisions/035-recall.md). */
  async recall(db: Reader, userId: string) {
    const rows = await db.patientRecall.findMany({
      where: { userId },
      include: {
        recallType: { select: { name: true } },
        invitations: { orderBy: [{ sentAt: "asc" }, { id: "asc" }] },
        calls: { orderBy: [{ at: "asc" }, { id: "asc" }] },
        user: { select: { recallOptOut: true } },
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    return rows.map((row) => ({
      id: row.id,
      type: row.recallType.name,
      intervalMonths: row.intervalMonths,
      dueDate: row.dueDate,
      lastVisitDate: row.lastVisitDate,
      invitationsOptedOutAt: iso(row.user.recallOptOut?.at ?? null),
      invitations: row.invitations.map((invitation) => ({
        step: invitation.step,
        dueDate: invitation.dueDate,
        sentAt: iso(invitation.sentAt),
        convertedAt: iso(invitation.convertedAt),
      })),
      calls: row.calls.map((call) => ({
        at: iso(call.at),
        outcome: call.outcome,
        note: call.note,
      })),
    }));
  },
} satisfies Record<string, (db: Reader, userId: string) => Promise<unknown[]>>;

function linkDates(row: { createdAt: Date; expiresAt: Date; usedAt: Date | null }) {
  return { createdAt: iso(row.createdAt), expiresAt: iso(row.expiresAt), usedAt: iso(row.usedAt) };
}

type Sections = {
  [Key in keyof typeof EXPORT_SECTIONS]: Awaited<ReturnType<(typeof EXPORT_SECTIONS)[Key]>>;
};

export type MyDataExport = {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  profile: {
    id: string;
    name: string;
    email: string;
    emailVerifiedAt: string | null;
    userImage: string;
    address: string;
    provider: string;
    googleLinked: boolean;
    hasPassword: boolean;
    role: string;
    createdAt: string | null;
    updatedAt: string | null;
  };
} & Sections;

function profileOf(user: User): MyDataExport["profile"] {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerifiedAt: iso(user.emailVerifiedAt),
    userImage: user.userImage,
    address: user.address,
    provider: user.provider,
    googleLinked: user.googleId !== null,
    hasPassword: user.passwordHash !== null,
    role: user.role,
    createdAt: iso(user.createdAt),
    updatedAt: iso(user.updatedAt),
  };
}

/**
 * Everything stored about `user`, read in one transaction (a consistent picture) that
 * also writes the audit entry: who exported, when, never what.
 */
export async function exportMyData(
  user: Pick<User, "id">,
  now: Date = new Date(),
): Promise<Result<{ document: MyDataExport; filename: string }>> {
  const limited = await rateLimits().dataExports.take(user.id);
  if (limited) return limited;
  const document = await prisma.$transaction(async (tx) => {
    const current = await tx.user.findUnique({ where: { id: user.id } });
    if (!current) return null;
    const sections = {} as Record<string, unknown>;
    for (const [name, gather] of Object.entries(EXPORT_SECTIONS)) {
      sections[name] = await gather(tx, current.id);
    }
    await recordAudit(tx, {
      actor: { id: current.id, role: roleOf(current) },
      action: "data.export",
      entityType: "User",
      entityId: current.id,
      patientId: current.id,
      summary: "The patient downloaded their data",
    });
    return {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: now.toISOString(),
      profile: profileOf(current),
      ...(sections as Sections),
    } satisfies MyDataExport;
  });
  if (!document) return fail(404, MY_DATA_MESSAGES.gone);
  return ok({ document, filename: `dental-clinic-my-data-${clinicNow(now).date}.json` });
}

/** The export as the page's download: an attachment with a dated name, never cached. */
export function exportResponse({
  document,
  filename,
}: {
  document: MyDataExport;
  filename: string;
}) {
  return new Response(JSON.stringify(document, null, 2), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
}

// ---------------------------------------------------------------- deletion

/** What the steps of a deletion share: who, when, and what to mail once it is committed. */
export type ErasureContext = {
  user: User;
  now: Date;
  /** Names, addresses and phones the patient used: for the audit trail's older sentences. */
  personal: Set<string>;
  /** The outbox messages to the patient removed, whose mail files go after the commit. */
  mailIds: string[];
  /** Cancelled upcoming bookings, as they were, for the mails after the commit. */
  cancelled: AppointmentWithDetails[];
  counts: Record<string, number>;
};

type ErasureStep = {
  name: string;
  run: (tx: Prisma.TransactionClient, context: ErasureContext) => Promise<number>;
};

const ACCOUNT_DELETED_NOTE = "Cancelled: the patient deleted their account";

const ANONYMOUS_BOOKING = { name: FORMER_PATIENT, email: "", phone: "", message: "" };

/**
 * Tells the clinic (its address in the settings) through the outbox, in the deletion's
 * transaction, which visits just became free: service, dentist and time, never who the
 * patient was.
 */
async function notifyClinic(
  tx: Prisma.TransactionClient,
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
    tx,
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
    // The patient's own cancel rule (booked or confirmed, not started yet), done as their
    // cancel does it: the status, its history row, the calendar SEQUENCE, the holds freed.
    name: "cancelUpcomingAppointments",
    async run(tx, context) {
      const upcoming = await tx.appointment.findMany({
        where: {
          userId: context.user.id,
          status: { in: PATIENT_CANCELLABLE },
          startsAt: { gt: context.now },
        },
        include: APPOINTMENT_DETAILS,
      });
      for (const appointment of upcoming) {
        context.personal.add(appointment.name).add(appointment.email).add(appointment.phone);
        const { count } = await tx.appointment.updateMany({
          where: { id: appointment.id, status: appointment.status },
          data: {
            status: "cancelled",
            cancelReason: ACCOUNT_DELETED_NOTE,
            sequence: { increment: 1 },
          },
        });
        if (count !== 1) continue;
        await tx.slotHold.deleteMany({ where: { appointmentId: appointment.id } });
        await tx.appointmentStatusChange.create({
          data: {
            appointmentId: appointment.id,
            from: appointment.status,
            to: "cancelled",
            at: context.now,
            note: ACCOUNT_DELETED_NOTE,
          },
        });
        context.cancelled.push({
          ...appointment,
          status: "cancelled",
          sequence: appointment.sequence + 1,
        });
      }
      return context.cancelled.length;
    },
  },
  {
    // Past and cancelled bookings stay in the diary, with nothing that names the patient.
    name: "anonymiseAppointments",
    async run(tx, context) {
      const rows = await tx.appointment.findMany({
        where: { userId: context.user.id },
        select: { name: true, email: true, phone: true },
      });
      for (const row of rows) context.personal.add(row.name).add(row.email).add(row.phone);
      // A reason the patient typed when cancelling is theirs; a staff member's stays.
      await tx.appointment.updateMany({
        where: {
          userId: context.user.id,
          statusChanges: { some: { to: "cancelled", byUserId: context.user.id } },
        },
        data: { cancelReason: null },
      });
      const { count } = await tx.appointment.updateMany({
        where: { userId: context.user.id },
        data: { ...ANONYMOUS_BOOKING, userId: null },
      });
      return count;
    },
  },
  {
    name: "anonymiseReviews",
    async run(tx, context) {
      const rows = await tx.review.findMany({
        where: { userId: context.user.id },
        select: { name: true },
      });
      for (const row of rows) context.personal.add(row.name);
      const { count } = await tx.review.updateMany({
        where: { userId: context.user.id },
        data: { name: FORMER_PATIENT, userId: null },
      });
      return count;
    },
  },
  {
    // The catalogue keeps the services; only the link to their author goes.
    name: "releaseServices",
    async run(tx, context) {
      const { count } = await tx.service.updateMany({
        where: { createdById: context.user.id },
        data: { createdById: null },
      });
      return count;
    },
  },
  {
    // Every browser session and API token: the account is signed out everywhere.
    name: "removeSessions",
    async run(tx, context) {
      return (await tx.session.deleteMany({ where: { userId: context.user.id } })).count;
    },
  },
  {
    name: "removePasswordResets",
    async run(tx, context) {
      return (await tx.passwordReset.deleteMany({ where: { userId: context.user.id } })).count;
    },
  },
  {
    name: "removeEmailVerifications",
    async run(tx, context) {
      const { count } = await tx.emailVerification.deleteMany({
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
    async run(tx, context) {
      const where = { userId: context.user.id };
      const rows = await tx.outboxMessage.findMany({ where, select: { id: true } });
      context.mailIds.push(...rows.map((row) => row.id));
      return (await tx.outboxMessage.deleteMany({ where })).count;
    },
  },
  {
    // Places on the waiting list and their offers (the offers go with their entry).
    name: "removeWaitlist",
    async run(tx, context) {
      const rows = await tx.waitlistEntry.findMany({
        where: { userId: context.user.id },
        select: { phone: true },
      });
      for (const row of rows) context.personal.add(row.phone);
      const { count } = await tx.waitlistEntry.deleteMany({ where: { userId: context.user.id } });
      return count;
    },
  },
  {
    // Entries about the patient keep what happened and who on the staff did it.
    name: "anonymiseAuditTrail",
    run: (tx, context) => forgetPatientInAuditTrail(tx, context.user.id, [...context.personal]),
  },
  {
    name: "removeProfile",
    async run(tx, context) {
      return (await tx.user.deleteMany({ where: { id: context.user.id } })).count;
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
    /** Only tests replace the steps (to make one fail). */
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
  const deleted = await prisma.$transaction(async (tx) => {
    const current = await tx.user.findUnique({ where: { id: user.id } });
    if (!current) return false;
    context.user = current;
    context.personal.add(current.name).add(current.email);
    if (current.address) context.personal.add(current.address);
    for (const step of steps) context.counts[step.name] = await step.run(tx, context);
    await notifyClinic(tx, context, settings);
    await recordAudit(tx, {
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
  wakeOutbox();
  if (isEmailVerified(user)) {
    for (const appointment of context.cancelled)
      await sendCancellationMail(user.email, appointment);
  }
  return ok({ message: MY_DATA_MESSAGES.deleted, counts: context.counts });
}
