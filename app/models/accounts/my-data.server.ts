// A patient's own data (issue 15): the export of everything stored about them. It and the
// deletion (./deletion.server) are built from one function per kind of record, so a
// new kind (waitlist entries, outbox messages, status history, slot holds) is one
// gatherer in EXPORT_SECTIONS and one step in ERASURE_STEPS (docs/decisions/013-my-data.md).
import type { User } from "@prisma/client";
import { recordAudit } from "~/models/audit/trail.server";
import { clinicNow } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { rateLimits } from "~/infra/rate-limit.server";
import { roleOf } from "~/models/roles";
import { fail, ok, type Result } from "~/utils/result";
import { formsExport } from "~/models/forms/records.server";

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

// ---------------------------------------------------------------- export

const SERVICE = { select: { id: true, slug: true, name: true } } as const;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Sections of the export, one per kind of record; each reads only `userId`'s rows. */
const EXPORT_SECTIONS = {
  async appointments(userId: string) {
    const rows = await prisma.appointment.findMany({
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
  async reviews(userId: string) {
    const rows = await prisma.review.findMany({
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
  async servicesAdded(userId: string) {
    const rows = await prisma.service.findMany({
      where: { createdById: userId },
      select: { id: true, slug: true, name: true, status: true, hidden: true, createdAt: true },
      orderBy: { createdAt: "asc" },
    });
    return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) }));
  },
  /**
   * When each sign-in started, was last used and ends, its browser and the address it
   * signed in from; never the token or its hash.
   */
  async signInSessions(userId: string) {
    const rows = await prisma.session.findMany({
      where: { userId },
      select: {
        createdAt: true,
        expiresAt: true,
        lastSeenAt: true,
        userAgent: true,
        ipAddress: true,
      },
      orderBy: { createdAt: "asc" },
    });
    return rows.map((row) => ({
      createdAt: iso(row.createdAt),
      expiresAt: iso(row.expiresAt),
      lastSeenAt: iso(row.lastSeenAt),
      userAgent: row.userAgent,
      ipAddress: row.ipAddress,
    }));
  },
  async emailVerifications(userId: string) {
    const rows = await prisma.emailVerification.findMany({
      where: { userId },
      select: { createdAt: true, expiresAt: true, usedAt: true },
      orderBy: { createdAt: "asc" },
    });
    return rows.map(linkDates);
  },
  async passwordResets(userId: string) {
    const rows = await prisma.passwordReset.findMany({
      where: { userId },
      select: { createdAt: true, expiresAt: true, usedAt: true },
      orderBy: { createdAt: "asc" },
    });
    return rows.map(linkDates);
  },
  /** The audit trail about this patient: what was done and by which role, not by whom. */
  async activity(userId: string) {
    const rows = await prisma.auditEntry.findMany({
      where: { patientId: userId },
      select: { at: true, action: true, actorRole: true, summary: true },
      orderBy: [{ at: "asc" }, { id: "asc" }],
    });
    return rows.map((row) => ({ ...row, at: iso(row.at) }));
  },
  /** Mail and texts the clinic sent or will send them: what and when, never the text (links). */
  async mails(userId: string) {
    const rows = await prisma.outboxMessage.findMany({
      where: { userId },
      select: {
        kind: true,
        channel: true,
        toAddress: true,
        subject: true,
        status: true,
        deliveryStatus: true,
        createdAt: true,
        sentAt: true,
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt), sentAt: iso(row.sentAt) }));
  },
  /** Texts they sent the clinic (docs/decisions/052-text-messages.md). */
  async textsReceived(userId: string) {
    const rows = await prisma.smsInbound.findMany({
      where: { userId },
      select: { fromNumber: true, body: true, keyword: true, receivedAt: true, handledAt: true },
      orderBy: [{ receivedAt: "asc" }, { id: "asc" }],
    });
    return rows.map((row) => ({
      ...row,
      receivedAt: iso(row.receivedAt),
      handledAt: iso(row.handledAt),
    }));
  },
  /** Places on the waiting list and the times offered from them; never the links. */
  async waitlist(userId: string) {
    const rows = await prisma.waitlistEntry.findMany({
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
  async recall(userId: string) {
    const rows = await prisma.patientRecall.findMany({
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
  /** Signed forms as signed, with their reviews and each one's PDF (ADR 050). */
  forms: formsExport,
} satisfies Record<string, (userId: string) => Promise<unknown[]>>;

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
    phone: string;
    /** E.164, and their answer on texts with when it was recorded. */
    mobile: string;
    smsConsent: { answer: string; recordedAt: string | null };
    /** YYYY-MM-DD, or "" when the clinic has none. */
    dateOfBirth: string;
    /** What the clinic keeps on the patient's health and its own note on them (ADR 013). */
    medicalAlerts: { allergies: string; conditions: string };
    clinicNote: string;
    provider: string;
    googleLinked: boolean;
    hasPassword: boolean;
    role: string;
    createdAt: string | null;
    updatedAt: string | null;
  };
  /** The records of the family members the patient looks after (docs/decisions/049-families.md). */
  familyMembers?: unknown[];
} & Sections;

/** One record's profile and every section of the export (a family member's too). */
export async function recordExport(user: User) {
  const sections = {} as Record<string, unknown>;
  for (const [name, gather] of Object.entries(EXPORT_SECTIONS)) {
    sections[name] = await gather(user.id);
  }
  return { profile: profileOf(user), ...(sections as Sections) };
}

function profileOf(user: User): MyDataExport["profile"] {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerifiedAt: iso(user.emailVerifiedAt),
    userImage: user.userImage,
    address: user.address,
    phone: user.phone,
    mobile: user.mobile,
    smsConsent: { answer: user.smsConsent, recordedAt: iso(user.smsConsentAt) },
    dateOfBirth: user.dateOfBirth,
    medicalAlerts: { allergies: user.allergies, conditions: user.conditions },
    clinicNote: user.staffNote,
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
  /** Sections read in the same transaction beside the patient's own (their family's records). */
  more?: (user: User) => Promise<Partial<MyDataExport>>,
): Promise<Result<{ document: MyDataExport; filename: string }>> {
  const limited = await rateLimits().dataExports.take(user.id);
  if (limited) return limited;
  const document = await prisma.$transaction(async () => {
    const current = await prisma.user.findUnique({ where: { id: user.id } });
    if (!current) return null;
    const own = await recordExport(current);
    const extra = more ? await more(current) : {};
    await recordAudit({
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
      ...own,
      ...extra,
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
