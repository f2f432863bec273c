/**
 * The family's pure rules (docs/decisions/049-families.md): ages, what a guardian may do
 * for a child or an adult they look after, and the words the pages and mail use. The
 * reads and writes beside this file ask them.
 */
import type { GuardianLink } from "@prisma/client";
import {
  FAMILY_PERMISSIONS,
  type FamilyPermission,
  type FamilyPermissions,
  type Relationship,
  RELATIONSHIP_LABELS,
  isRelationship,
} from "~/validation/family-fields";

/** From this age a family member is an adult: their guardian's permissions are chosen. */
export const ADULT_AGE = 18;
/** Family members one account may look after (each has their own cap of upcoming visits). */
export const MAX_DEPENDANTS = 10;

/** The column of GuardianLink that holds each permission. */
export const PERMISSION_COLUMNS = {
  book: "mayBook",
  messages: "receivesMessages",
  forms: "mayFillForms",
  visits: "maySeeVisits",
} as const satisfies Record<FamilyPermission, keyof GuardianLink>;

export type LinkPermissions = Pick<
  GuardianLink,
  "mayBook" | "receivesMessages" | "mayFillForms" | "maySeeVisits"
>;

export const ALL_PERMISSIONS: LinkPermissions = {
  mayBook: true,
  receivesMessages: true,
  mayFillForms: true,
  maySeeVisits: true,
};

export const FAMILY_TEXT = {
  notFound: "There is no such family member.",
  tooMany: `You can look after up to ${MAX_DEPENDANTS} family members here. Please call the clinic to add more.`,
  childPermissions:
    "A child's guardian may do everything for them; their permissions are chosen once they are adults.",
  ownAccountTooYoung: (age: number) =>
    `A family member can have an account of their own from the age of ${age}.`,
  alreadyOwnAccount: "They already have an account of their own.",
  emailInUse:
    "That e-mail address already belongs to an account. Please enter their own address, which no account uses yet.",
  noPermission: "You may not do that for this family member.",
  noGuardian: "There is no such person looking after you.",
  linkRefused: "A patient cannot look after themselves, and staff records cannot be linked.",
  alreadyLinked: "They are already linked.",
  dependantChoice: (name: string) =>
    `Please choose what becomes of ${name}'s record: keep it at the clinic, or remove it.`,
} as const;

/** What becomes of a family member's record when their guardian's account is deleted. */
export const KEEP = "keep";
export const REMOVE = "remove";

/** The form field (and flat API key) that says it, per family member. */
export const choiceField = (memberId: string) => `family-${memberId}`;

/** Whole years from `dateOfBirth` to `on` (both YYYY-MM-DD); null when either is missing. */
export function ageOn(dateOfBirth: string, on: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth) || !/^\d{4}-\d{2}-\d{2}$/.test(on)) return null;
  const years = Number(on.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return on.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

/** A child on `on`: under ADULT_AGE, or of unknown age (the safe side: every permission). */
export function isChildOn(dateOfBirth: string, on: string): boolean {
  const age = ageOn(dateOfBirth, on);
  return age === null || age < ADULT_AGE;
}

/** Old enough on `on` for an account of their own, at the clinic's age. */
export function mayHaveOwnAccount(dateOfBirth: string, on: string, ownAccountAge: number) {
  const age = ageOn(dateOfBirth, on);
  return age !== null && age >= ownAccountAge;
}

/** The permissions a new or edited link stores: all of them for a child, the chosen ones otherwise. */
export function linkPermissions(child: boolean, chosen: FamilyPermissions): LinkPermissions {
  if (child) return ALL_PERMISSIONS;
  return {
    mayBook: chosen.book,
    receivesMessages: chosen.messages,
    mayFillForms: chosen.forms,
    maySeeVisits: chosen.visits,
  };
}

/** The permissions as the forms' boxes name them. */
export function permissionsOf(link: LinkPermissions): FamilyPermissions {
  return Object.fromEntries(
    FAMILY_PERMISSIONS.map((permission) => [permission, link[PERMISSION_COLUMNS[permission]]]),
  ) as FamilyPermissions;
}

/** "Emma" of "Emma Jones": what mail and pages call a family member. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** "My child", or the stored word itself when it is not one the forms know. */
export function relationshipLabel(relationship: string): string {
  return isRelationship(relationship) ? RELATIONSHIP_LABELS[relationship] : relationship;
}

/** What staff read of a link, from the dependant's side: "child of", "cared for by"... */
export function staffRelationLabel(relationship: string): string {
  const words: Record<Relationship, string> = {
    child: "Child",
    partner: "Partner",
    parent: "Parent",
    relative: "Relative",
    other: "Cared for",
  };
  return isRelationship(relationship) ? words[relationship] : relationship;
}

/** The link's permissions as a sentence for the audit trail and the staff card. */
export function describePermissions(link: LinkPermissions): string {
  const on = FAMILY_PERMISSIONS.filter((permission) => link[PERMISSION_COLUMNS[permission]]);
  const words: Record<FamilyPermission, string> = {
    book: "book",
    messages: "messages",
    forms: "forms",
    visits: "visits",
  };
  return on.length === 0 ? "nothing" : on.map((permission) => words[permission]).join(", ");
}
