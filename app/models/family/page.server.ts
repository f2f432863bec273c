/** What My family (/user/family) shows (docs/decisions/049-families.md). */
import type { User } from "@prisma/client";
import { unverifiedRefusal } from "~/models/accounts/email-verification.server";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { clinicNow } from "~/utils/clinic-time";
import { familyMembers, guardiansOf, hasOwnLogin } from "./links.server";
import { toMemberJson } from "./members.server";
import { ageOn, isChildOn, MAX_DEPENDANTS, mayHaveOwnAccount, permissionsOf } from "./rules";

/**
 * The account's family: each member with their age, whether their permissions are fixed
 * (a child) and whether they may be given an account of their own; and, for an account
 * that was a family member once (grown up), who still looks after them.
 */
export async function familyPage(
  account: Pick<User, "id" | "emailVerifiedAt" | "passwordHash" | "googleId">,
  now: Date = new Date(),
) {
  const settings = await getClinicSettings();
  const today = clinicNow(now, settings.timeZone).date;
  const [members, guardians] = await Promise.all([
    familyMembers(account.id),
    hasOwnLogin(account) ? guardiansOf(account.id) : Promise.resolve([]),
  ]);
  return {
    verifyFirst: unverifiedRefusal(account)?.message ?? null,
    today,
    ownAccountAge: settings.ownAccountAge,
    max: MAX_DEPENDANTS,
    members: members.map((member) => ({
      ...toMemberJson(member),
      age: ageOn(member.dateOfBirth, today),
      child: isChildOn(member.dateOfBirth, today),
      mayOwnAccount:
        !member.ownLogin && mayHaveOwnAccount(member.dateOfBirth, today, settings.ownAccountAge),
    })),
    guardians: guardians.map((guardian) => ({
      id: guardian.id,
      name: guardian.name,
      relationship: guardian.relationship,
      permissions: permissionsOf(guardian),
    })),
  };
}
