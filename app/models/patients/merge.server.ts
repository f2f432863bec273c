/**
 * Two records of one person made one (docs/decisions/042-patient-records-and-merges.md):
 * an admin merges a duplicate into the record they keep. Visits, reviews, recalls, the
 * waiting list, services added, mail and the audit trail's references move to the kept
 * record; empty details are filled from the duplicate and medical alerts and notes are
 * joined, never dropped; the duplicate goes. One transaction with its audit entry.
 */
import type { Prisma } from "@prisma/client";
import { prisma } from "~/infra/db.server";
import { isNoEmailAddress } from "./no-email";
import { moveFamilyLinks } from "~/models/family/merge.server";
import { may } from "~/models/permissions";
import { limitStaffWrite } from "~/infra/rate-limit.server";
import { fail, type Failure, invalid, ok, type Result } from "~/utils/result";
import type { StaffActor } from "~/models/roles";
import { recordAudit } from "~/models/audit/trail.server";
import { RECORD_FIELDS } from "./alerts.server";

export const MERGE_MESSAGES = {
  refused: "Only an administrator merges patient records.",
  choose: "Please choose the duplicate record to merge into this one.",
  same: "A record cannot be merged into itself.",
  gone: "One of the two records no longer exists: search again.",
  bothSignIn:
    "Both records sign in online, so they cannot be merged: two accounts may be two people. Ask the patient which one they use; they can delete the other from My data.",
  keepAccount:
    "The duplicate signs in online and this record does not: open the duplicate's card and merge this record into it, so the patient keeps their sign-in.",
  unverified:
    "This record signs in online, but its owner has not confirmed its e-mail address yet: whoever registered it may not be this patient. Ask the patient to open the link we mailed them (or send a new one from the sign-in page), then merge.",
} as const;

const PERSON = { id: true, phoneDigits: true, emailVerifiedAt: true, ...RECORD_FIELDS } as const;

type Person = Prisma.UserGetPayload<{ select: typeof PERSON }>;

const signsIn = (person: Person) => person.passwordHash !== null || person.googleId !== null;

/**
 * Why these two records may not be merged, or null. A record that signs in is always the
 * one kept, and only once its owner has proven the address: a stranger who registered a
 * caller's real address (unverified) must get nothing of the caller's record by a merge.
 */
function refusalOf(keep: Person, duplicate: Person): Failure | null {
  if (signsIn(keep) && signsIn(duplicate)) return fail(409, MERGE_MESSAGES.bothSignIn);
  if (signsIn(duplicate)) return fail(409, MERGE_MESSAGES.keepAccount);
  if (signsIn(keep) && keep.emailVerifiedAt === null) return fail(409, MERGE_MESSAGES.unverified);
  return null;
}

/** What a merge would move, for the confirmation and the audit entry. */
export type MergeCounts = {
  visits: number;
  reviews: number;
  recalls: number;
  waitlist: number;
};

/** The patient record a merge keeps (the merge page's subject), or null. */
export function recordToKeep(id: string) {
  return prisma.user.findFirst({
    where: { id, role: "patient" },
    select: { id: true, name: true },
  });
}

/** The two records and what would move, or why they cannot be merged. */
/**
 * The two records and what would move, for the confirmation; `refusal` says why they
 * cannot be merged (the screen shows both records and it, without the button).
 */
export async function mergePreview(
  keepId: string,
  duplicateId: string,
): Promise<
  Result<{ keep: Person; duplicate: Person; counts: MergeCounts; refusal: Failure | null }>
> {
  if (!duplicateId || duplicateId.length > 64) return invalid(MERGE_MESSAGES.choose);
  if (keepId === duplicateId) return invalid(MERGE_MESSAGES.same);
  const [keep, duplicate] = await Promise.all(
    [keepId, duplicateId].map((id) =>
      prisma.user.findFirst({ where: { id, role: "patient" }, select: PERSON }),
    ),
  );
  if (!keep || !duplicate) return fail(404, MERGE_MESSAGES.gone);
  const where = { userId: duplicateId };
  const [visits, reviews, recalls, waitlist] = await Promise.all([
    prisma.appointment.count({ where }),
    prisma.review.count({ where }),
    prisma.patientRecall.count({ where }),
    prisma.waitlistEntry.count({ where: { ...where, status: "waiting" } }),
  ]);
  const counts = { visits, reviews, recalls, waitlist };
  return ok({ keep, duplicate, counts, refusal: refusalOf(keep, duplicate) });
}

/** Two texts as one, neither lost: an allergy noted on either record stays on the merged one. */
function joined(kept: string, other: string): string {
  if (!other || kept.includes(other)) return kept;
  return kept ? `${kept}\n${other}` : other;
}

/** The kept record's details, its empty ones filled and its alerts and notes joined. */
function mergedDetails(keep: Person, duplicate: Person) {
  const fill = (field: "phone" | "address" | "dateOfBirth") => keep[field] || duplicate[field];
  const phone = fill("phone");
  return {
    phone,
    phoneDigits: keep.phone ? keep.phoneDigits : duplicate.phoneDigits,
    address: fill("address"),
    dateOfBirth: fill("dateOfBirth"),
    allergies: joined(keep.allergies, duplicate.allergies),
    conditions: joined(keep.conditions, duplicate.conditions),
    staffNote: joined(keep.staffNote, duplicate.staffNote),
    // A record that signs in keeps its address: it is what its owner signs in with.
    ...(!signsIn(keep) && isNoEmailAddress(keep.email) && !isNoEmailAddress(duplicate.email)
      ? { emailToTake: duplicate.email }
      : {}),
  };
}

/** The duplicate's recalls: moved, or where both have one of a type, the later visit's kept. */
async function moveRecalls(keepId: string, duplicateId: string) {
  const [mine, theirs] = await Promise.all(
    [keepId, duplicateId].map((userId) =>
      prisma.patientRecall.findMany({
        where: { userId },
        select: { id: true, recallTypeId: true, lastVisitDate: true },
      }),
    ),
  );
  for (const recall of theirs!) {
    const same = mine!.find((row) => row.recallTypeId === recall.recallTypeId);
    if (!same) {
      await prisma.patientRecall.update({ where: { id: recall.id }, data: { userId: keepId } });
    } else if ((recall.lastVisitDate ?? "") > (same.lastVisitDate ?? "")) {
      await prisma.patientRecall.delete({ where: { id: same.id } });
      await prisma.patientRecall.update({ where: { id: recall.id }, data: { userId: keepId } });
    } else {
      await prisma.patientRecall.delete({ where: { id: recall.id } });
    }
  }
  const optedOut = await prisma.recallOptOut.findUnique({ where: { userId: duplicateId } });
  if (optedOut) {
    await prisma.recallOptOut.upsert({
      where: { userId: keepId },
      create: { userId: keepId, at: optedOut.at },
      update: {},
    });
  }
}

/**
 * The duplicate's waiting entries move; where both wait for one service, the entry that
 * joined first keeps its place and the other leaves the list (its open offer withdrawn).
 */
async function moveWaitlist(keepId: string, duplicateId: string) {
  await prisma.waitlistEntry.updateMany({
    where: { userId: duplicateId },
    data: { userId: keepId },
  });
  const waiting = await prisma.waitlistEntry.findMany({
    where: { userId: keepId, status: "waiting" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, serviceId: true },
  });
  const seen = new Set<string>();
  const extra: string[] = [];
  for (const entry of waiting) {
    if (seen.has(entry.serviceId)) extra.push(entry.id);
    seen.add(entry.serviceId);
  }
  if (extra.length === 0) return;
  await prisma.waitlistEntry.updateMany({
    where: { id: { in: extra } },
    data: { status: "removed" },
  });
  await prisma.waitlistOffer.updateMany({
    where: { entryId: { in: extra }, status: "open" },
    data: { status: "withdrawn" },
  });
}

/**
 * Merges record `duplicateId` into `keepId` (an admin's act). Both records are read inside
 * the transaction that writes the kept one: an edit committed after the admin's preview
 * (an allergy added at the desk) is merged, never overwritten by an older read.
 */
export async function mergePatients(
  actor: StaffActor,
  keepId: string,
  duplicateId: string,
): Promise<Result<{ counts: MergeCounts; name: string }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  if (!may(actor, "patients.merge")) return fail(403, MERGE_MESSAGES.refused);
  return prisma.$transaction(async () => {
    // Inside the callback `prisma` is this transaction (ADR 029): the preview's reads too.
    const preview = await mergePreview(keepId, duplicateId);
    if (!preview.ok) return preview;
    if (preview.refusal) return preview.refusal;
    const { keep, duplicate, counts } = preview;
    const { emailToTake, ...details } = mergedDetails(keep, duplicate);
    const moved = { userId: keepId };
    await prisma.appointment.updateMany({ where: { userId: duplicateId }, data: moved });
    await prisma.review.updateMany({ where: { userId: duplicateId }, data: moved });
    await moveRecalls(keepId, duplicateId);
    await moveWaitlist(keepId, duplicateId);
    await moveFamilyLinks(keepId, duplicateId);
    await prisma.service.updateMany({
      where: { createdById: duplicateId },
      data: { createdById: keepId },
    });
    await prisma.appointmentStatusChange.updateMany({
      where: { byUserId: duplicateId },
      data: { byUserId: keepId },
    });
    await prisma.outboxMessage.updateMany({ where: { userId: duplicateId }, data: moved });
    // Signed forms stay as signed; only whose record they are on moves (ADR 050).
    await prisma.formSubmission.updateMany({
      where: { patientId: duplicateId },
      data: { patientId: keepId },
    });
    // The trail's references follow the person, so their history reads on one card and a
    // later deletion of their account reaches all of it (ADR 013).
    await prisma.auditEntry.updateMany({
      where: { patientId: duplicateId },
      data: { patientId: keepId },
    });
    await prisma.auditEntry.updateMany({
      where: { actorId: duplicateId },
      data: { actorId: keepId },
    });
    await prisma.user.delete({ where: { id: duplicateId } });
    await prisma.user.update({
      where: { id: keepId },
      data: { ...details, ...(emailToTake ? { email: emailToTake } : {}) },
    });
    await recordAudit({
      actor,
      action: "patient.merge",
      entityType: "patient",
      entityId: keepId,
      patientId: keepId,
      summary: `Merged a duplicate record into the patient's: ${counts.visits} visits, ${counts.reviews} reviews, ${counts.recalls} recalls and ${counts.waitlist} waiting-list entries moved`,
      before: {
        name: duplicate.name,
        email: isNoEmailAddress(duplicate.email) ? "" : duplicate.email,
        phone: duplicate.phone,
        address: duplicate.address,
      },
      after: { ...counts },
    });
    return ok({ counts, name: keep.name });
  });
}
