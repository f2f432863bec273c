/**
 * What an account holder does to their family (My family, `GET`/`POST /api/me/family`):
 * add a member who has no login of their own, choose what they may do for an adult, and
 * remove a member (docs/decisions/049-families.md). Each change is audited in its
 * transaction.
 */
import type { User } from "@prisma/client";
import { unverifiedRefusal } from "~/models/accounts/email-verification.server";
import { recordAudit } from "~/models/audit/trail.server";
import { noEmailAddress } from "~/models/patients/no-email";
import { phoneDigitsOf } from "~/models/patients/search.server";
import { roleOf } from "~/models/roles";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { prisma } from "~/infra/db.server";
import { lockUntilCommit, LOCKS } from "~/infra/sql-dialect.server";
import { rateLimits } from "~/infra/rate-limit.server";
import { clinicNow } from "~/utils/clinic-time";
import { fail, invalid, ok, type Result } from "~/utils/result";
import { familyMemberSchema, permissionsSchema } from "~/validation/family";
import {
  FAMILY_MEMBER_FIELDS,
  FAMILY_PERMISSIONS,
  type FamilyPermissions,
} from "~/validation/family-fields";
import { validateForm } from "~/validation/form";
import { ACTIVE_LINK, type FamilyMember, familyMembers, findFamilyMember } from "./links.server";
import {
  describePermissions,
  FAMILY_TEXT,
  firstName,
  isChildOn,
  linkPermissions,
  MAX_DEPENDANTS,
  permissionsOf,
} from "./rules";

export type Account = Pick<User, "id" | "name" | "role" | "emailVerifiedAt">;

/** A family member as `GET /api/me/family` and `POST /api/me/family` answer it. */
export type FamilyMemberJson = {
  id: string;
  name: string;
  dateOfBirth: string;
  relationship: string;
  permissions: FamilyPermissions;
  /** They sign in on their own: they decide what their guardian may still do. */
  ownAccount: boolean;
};

export function toMemberJson(member: FamilyMember): FamilyMemberJson {
  return {
    id: member.id,
    name: member.name,
    dateOfBirth: member.dateOfBirth,
    relationship: member.relationship,
    permissions: permissionsOf(member),
    ownAccount: member.ownLogin,
  };
}

export const STAFF_FAMILY_MESSAGE =
  "Staff accounts do not look after family members here. Please use a patient account.";

/** The account may keep a family here: a patient whose address is verified, within the limit. */
async function mayChangeFamily(account: Account): Promise<Result> {
  const limited = await rateLimits().familyChanges.take(account.id);
  if (limited) return limited;
  if (roleOf(account) !== "patient") return fail(403, STAFF_FAMILY_MESSAGE);
  return unverifiedRefusal(account) ?? ok({});
}

/** The boxes as sent; a request that names none of them keeps every permission (the API). */
function chosenPermissions(input: Record<string, unknown>): FamilyPermissions {
  const named = FAMILY_PERMISSIONS.some((permission) => permission in input);
  if (!named) return { book: true, messages: true, forms: true, visits: true };
  return permissionsSchema.parse(input);
}

/**
 * Adds a family member without a login of their own: a patient record of its own (found
 * by the desk, with its own visits, alerts and recall; no password, a stand-in address,
 * nothing mailed to it) linked to the account with every permission for a child, the
 * chosen ones for an adult.
 */
export async function addFamilyMember(
  account: Account,
  input: Record<string, unknown>,
  now: Date = new Date(),
): Promise<Result<{ member: FamilyMemberJson; message: string }>> {
  const allowed = await mayChangeFamily(account);
  if (!allowed.ok) return allowed;
  const { timeZone } = await getClinicSettings();
  const today = clinicNow(now, timeZone).date;
  const checked = validateForm(familyMemberSchema(today), input, FAMILY_MEMBER_FIELDS);
  if (!checked.ok) return checked;
  const { name, dateOfBirth, relationship, phone, allergies, conditions } = checked.data;
  const permissions = linkPermissions(isChildOn(dateOfBirth, today), chosenPermissions(input));
  const created = await prisma.$transaction(async () => {
    await lockUntilCommit([LOCKS.family(account.id)]);
    const count = await prisma.guardianLink.count({
      where: { guardianId: account.id, ...ACTIVE_LINK },
    });
    if (count >= MAX_DEPENDANTS) return null;
    const record = await prisma.user.create({
      data: {
        name,
        email: noEmailAddress(),
        passwordHash: null,
        provider: "local",
        dateOfBirth,
        phone,
        phoneDigits: phoneDigitsOf(phone),
        allergies,
        conditions,
      },
      select: { id: true },
    });
    await prisma.guardianLink.create({
      data: { guardianId: account.id, dependantId: record.id, relationship, ...permissions },
    });
    await recordAudit({
      actor: { id: account.id, role: "patient" },
      action: "family.add",
      entityType: "patient",
      entityId: record.id,
      patientId: record.id,
      summary: `A patient added a family member they look after (${relationship}; may: ${describePermissions(permissions)})`,
      after: { name, dateOfBirth, relationship, permissions: describePermissions(permissions) },
    });
    return record;
  });
  if (!created) return fail(409, FAMILY_TEXT.tooMany);
  const member = await findFamilyMember(account.id, created.id);
  if (!member) return fail(404, FAMILY_TEXT.notFound);
  return ok({ member: toMemberJson(member), message: `${firstName(name)} is now in your family.` });
}

/** The account's family as the page and the API list it. */
export async function listFamily(accountId: string): Promise<FamilyMemberJson[]> {
  return (await familyMembers(accountId)).map(toMemberJson);
}

/**
 * What the account may do for an adult family member who has no login of their own (a
 * child's guardian may do everything; a grown-up decides their own on My family).
 */
export async function changePermissions(
  account: Account,
  dependantId: string,
  input: Record<string, unknown>,
  now: Date = new Date(),
): Promise<Result<{ member: FamilyMemberJson; message: string }>> {
  const allowed = await mayChangeFamily(account);
  if (!allowed.ok) return allowed;
  const member = await findFamilyMember(account.id, dependantId);
  if (!member) return fail(404, FAMILY_TEXT.notFound);
  if (member.ownLogin) return fail(403, FAMILY_TEXT.noPermission);
  const { timeZone } = await getClinicSettings();
  if (isChildOn(member.dateOfBirth, clinicNow(now, timeZone).date)) {
    return invalid(FAMILY_TEXT.childPermissions);
  }
  const permissions = linkPermissions(false, permissionsSchema.parse(input));
  await prisma.$transaction(async () => {
    await prisma.guardianLink.update({ where: { id: member.linkId }, data: permissions });
    await recordAudit({
      actor: { id: account.id, role: "patient" },
      action: "family.permissions",
      entityType: "patient",
      entityId: member.id,
      patientId: member.id,
      summary: `A guardian changed what they may do for an adult they look after`,
      before: { permissions: describePermissions(member) },
      after: { permissions: describePermissions(permissions) },
    });
  });
  return ok({
    member: { ...toMemberJson(member), permissions: permissionsOf(permissions) },
    message: `Saved what you may do for ${firstName(member.name)}.`,
  });
}
