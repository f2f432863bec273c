/**
 * Who looks after whom, as the rest of the app asks it (docs/decisions/049-families.md):
 * may this account act for that patient with a permission (booking, the medical-history
 * forms, the visit pages), and the family around one account or record.
 */
import { prisma } from "~/infra/db.server";
import type { FamilyPermission } from "~/validation/family-fields";
import { type LinkPermissions, PERMISSION_COLUMNS } from "./rules";

/** A link in force: ended ones are kept (linking again reopens them) but grant nothing. */
export const ACTIVE_LINK = { endedAt: null } as const;

const LINK_FIELDS = {
  id: true,
  relationship: true,
  mayBook: true,
  receivesMessages: true,
  mayFillForms: true,
  maySeeVisits: true,
  createdAt: true,
} as const;

const PERSON_FIELDS = {
  id: true,
  name: true,
  dateOfBirth: true,
  passwordHash: true,
  googleId: true,
} as const;

/** Whether a record signs in on its own (a password or Google): a grown-up dependant does. */
export function hasOwnLogin(user: { passwordHash: string | null; googleId: string | null }) {
  return user.passwordHash !== null || user.googleId !== null;
}

/**
 * May account `actorId` act for patient `patientId` with `permission`: always for their
 * own record, else only through a link in force that grants it. What the booking, the
 * family's pages and the medical-history forms ask; anything else is "not found".
 */
export async function mayActFor(
  actorId: string,
  patientId: string,
  permission: FamilyPermission,
): Promise<boolean> {
  if (!actorId || !patientId) return false;
  if (actorId === patientId) return true;
  const link = await prisma.guardianLink.findFirst({
    where: {
      guardianId: actorId,
      dependantId: patientId,
      ...ACTIVE_LINK,
      [PERMISSION_COLUMNS[permission]]: true,
    },
    select: { id: true },
  });
  return link !== null;
}

/** The account's own id and those of the family members it may act for with `permission`. */
export async function patientsActedFor(
  actorId: string,
  permission: FamilyPermission,
): Promise<string[]> {
  const links = await prisma.guardianLink.findMany({
    where: { guardianId: actorId, ...ACTIVE_LINK, [PERMISSION_COLUMNS[permission]]: true },
    select: { dependantId: true },
    orderBy: { createdAt: "asc" },
  });
  return [actorId, ...links.map((link) => link.dependantId)];
}

export type FamilyMember = LinkPermissions & {
  linkId: string;
  id: string;
  name: string;
  dateOfBirth: string;
  relationship: string;
  /** They sign in on their own (grown up): they decide what the guardian may do. */
  ownLogin: boolean;
  since: Date;
};

/** The family members `guardianId` looks after, in the order they were added. */
export async function familyMembers(guardianId: string): Promise<FamilyMember[]> {
  const links = await prisma.guardianLink.findMany({
    where: { guardianId, ...ACTIVE_LINK },
    select: { ...LINK_FIELDS, dependant: { select: PERSON_FIELDS } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return links.map(({ dependant, id, createdAt, ...link }) => ({
    ...link,
    linkId: id,
    id: dependant.id,
    name: dependant.name,
    dateOfBirth: dependant.dateOfBirth,
    ownLogin: hasOwnLogin(dependant),
    since: createdAt,
  }));
}

export type Guardian = LinkPermissions & {
  linkId: string;
  id: string;
  name: string;
  relationship: string;
};

/** Who looks after `dependantId`, oldest link first. */
export async function guardiansOf(dependantId: string): Promise<Guardian[]> {
  const links = await prisma.guardianLink.findMany({
    where: { dependantId, ...ACTIVE_LINK },
    select: { ...LINK_FIELDS, guardian: { select: { id: true, name: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return links.map(({ guardian, id, createdAt: _createdAt, ...link }) => ({
    ...link,
    linkId: id,
    id: guardian.id,
    name: guardian.name,
  }));
}

/** A family member of `guardianId` by id (link in force), or null: another's is "not found". */
export async function findFamilyMember(
  guardianId: string,
  dependantId: string,
): Promise<FamilyMember | null> {
  if (!dependantId || dependantId.length > 64) return null;
  const members = await familyMembers(guardianId);
  return members.find((member) => member.id === dependantId) ?? null;
}
