/**
 * The family at the front desk (docs/decisions/049-families.md): the patient card shows
 * who looks after the patient, whom they look after and their siblings, each a link to
 * their own card (and "Book for ..."); reception links a record to a guardian, or ends a
 * link, each change audited.
 */
import { recordAudit } from "~/models/audit/trail.server";
import { findPatient } from "~/models/patients/search.server";
import { may } from "~/models/permissions";
import type { StaffActor } from "~/models/roles";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { prisma } from "~/infra/db.server";
import { limitStaffWrite } from "~/infra/rate-limit.server";
import { clinicNow } from "~/utils/clinic-time";
import { fail, invalid, ok, type Result } from "~/utils/result";
import { FAMILY_MESSAGES, isRelationship } from "~/validation/family-fields";
import { ACTIVE_LINK, familyMembers, guardiansOf, hasOwnLogin } from "./links.server";
import { EDIT_REFUSED } from "./own-account.server";
import {
  ALL_PERMISSIONS,
  describePermissions,
  FAMILY_TEXT,
  mayHaveOwnAccount,
  staffRelationLabel,
} from "./rules";

export type CardRelative = { id: string; name: string; relation: string };

export type CardFamily = {
  /** Who looks after the patient, with what they may do. */
  guardians: (CardRelative & { linkId: string; permissions: string })[];
  /** Whom the patient looks after. */
  dependants: CardRelative[];
  /** The other family members the patient's guardians look after. */
  siblings: CardRelative[];
  /** The patient looks after nobody and is looked after: an account of their own may be given. */
  ownAccount: { allowed: boolean; age: number } | null;
};

export const GUARDIAN_NOT_FOUND =
  "Please enter the guardian's e-mail address as it is on their record.";

/** The family on the patient card of `patientId` (names only: contact details stay on each card). */
export async function familyOnCard(patientId: string, now: Date = new Date()): Promise<CardFamily> {
  const [guardians, dependants, record, settings] = await Promise.all([
    guardiansOf(patientId),
    familyMembers(patientId),
    prisma.user.findUnique({
      where: { id: patientId },
      select: { dateOfBirth: true, passwordHash: true, googleId: true },
    }),
    getClinicSettings(),
  ]);
  const siblingLinks =
    guardians.length === 0
      ? []
      : await prisma.guardianLink.findMany({
          where: {
            guardianId: { in: guardians.map((guardian) => guardian.id) },
            dependantId: { not: patientId },
            ...ACTIVE_LINK,
          },
          select: { relationship: true, dependant: { select: { id: true, name: true } } },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        });
  const siblings = new Map<string, CardRelative>();
  for (const link of siblingLinks) {
    siblings.set(link.dependant.id, { ...link.dependant, relation: "Sibling" });
  }
  const today = clinicNow(now, settings.timeZone).date;
  return {
    guardians: guardians.map((guardian) => ({
      id: guardian.id,
      name: guardian.name,
      linkId: guardian.linkId,
      relation: `${staffRelationLabel(guardian.relationship)} of`,
      permissions: describePermissions(guardian),
    })),
    dependants: dependants.map((member) => ({
      id: member.id,
      name: member.name,
      relation: staffRelationLabel(member.relationship),
    })),
    siblings: [...siblings.values()],
    ownAccount:
      guardians.length > 0 && record && !hasOwnLogin(record)
        ? {
            allowed: mayHaveOwnAccount(record.dateOfBirth, today, settings.ownAccountAge),
            age: settings.ownAccountAge,
          }
        : null,
  };
}

async function deskMay(actor: StaffActor): Promise<Result> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  return may(actor, "patients.edit") ? ok({}) : fail(403, EDIT_REFUSED);
}

/**
 * Links record `dependantId` to the guardian named by e-mail or id (`guardian`), as
 * `relationship`: every permission (the guardian, or the grown-up, changes them online).
 * A link that ended is opened again.
 */
export async function linkGuardian(
  actor: StaffActor,
  dependantId: string,
  input: { guardian?: unknown; relationship?: unknown },
): Promise<Result<{ message: string }>> {
  const allowed = await deskMay(actor);
  if (!allowed.ok) return allowed;
  const relationship = typeof input.relationship === "string" ? input.relationship : "";
  if (!isRelationship(relationship)) {
    return { ...invalid(FAMILY_MESSAGES.relationship), field: "relationship" };
  }
  const [dependant, guardian] = await Promise.all([
    findPatient(dependantId),
    findPatient(typeof input.guardian === "string" ? input.guardian : ""),
  ]);
  if (!dependant) return fail(404, FAMILY_TEXT.notFound);
  if (!guardian) return { ...invalid(GUARDIAN_NOT_FOUND), field: "guardian" };
  if (guardian.id === dependant.id) return invalid(FAMILY_TEXT.linkRefused);
  const [current, reverse] = await Promise.all([
    prisma.guardianLink.findUnique({
      where: { guardianId_dependantId: { guardianId: guardian.id, dependantId: dependant.id } },
    }),
    prisma.guardianLink.findFirst({
      where: { guardianId: dependant.id, dependantId: guardian.id, ...ACTIVE_LINK },
      select: { id: true },
    }),
  ]);
  if (current && current.endedAt === null) return fail(409, FAMILY_TEXT.alreadyLinked);
  if (reverse) return invalid(FAMILY_TEXT.linkRefused);
  await prisma.$transaction(async () => {
    await prisma.guardianLink.upsert({
      where: { guardianId_dependantId: { guardianId: guardian.id, dependantId: dependant.id } },
      create: {
        guardianId: guardian.id,
        dependantId: dependant.id,
        relationship,
        ...ALL_PERMISSIONS,
      },
      update: { relationship, endedAt: null, ...ALL_PERMISSIONS },
    });
    await recordAudit({
      actor,
      action: "family.link",
      entityType: "patient",
      entityId: dependant.id,
      patientId: dependant.id,
      summary: `Linked the patient to a guardian (${relationship})`,
      after: { guardian: guardian.name, relationship },
    });
  });
  return ok({ message: `${dependant.name} is now linked to ${guardian.name}.` });
}

/** Ends the link `linkId` of record `dependantId` (kept with when it ended). */
export async function unlinkGuardian(
  actor: StaffActor,
  dependantId: string,
  linkId: string,
  now: Date = new Date(),
): Promise<Result<{ message: string }>> {
  const allowed = await deskMay(actor);
  if (!allowed.ok) return allowed;
  const link = await prisma.guardianLink.findFirst({
    where: { id: linkId, dependantId, ...ACTIVE_LINK },
    select: { id: true, guardian: { select: { name: true } }, relationship: true },
  });
  if (!link) return fail(404, FAMILY_TEXT.noGuardian);
  await prisma.$transaction(async () => {
    await prisma.guardianLink.update({ where: { id: link.id }, data: { endedAt: now } });
    await recordAudit({
      actor,
      action: "family.unlink",
      entityType: "patient",
      entityId: dependantId,
      patientId: dependantId,
      summary: `Ended the patient's link to a guardian (${link.relationship})`,
      before: { guardian: link.guardian.name, relationship: link.relationship },
    });
  });
  return ok({ message: `${link.guardian.name} no longer looks after this patient.` });
}
