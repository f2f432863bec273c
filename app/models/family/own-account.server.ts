/**
 * Growing up (docs/decisions/049-families.md): from the clinic's age (ClinicSettings
 * .ownAccountAge, 16 by default) a family member may have an account of their own. Their
 * guardian or the desk enters the young person's own e-mail address; a one-time link (the
 * e-mail verification's hashed, single-use claim link) goes to it; opening it, the young
 * person sets a password, and from then on their mail comes to them and they decide what
 * each guardian may still do for them.
 */
import {
  isEmailVerified,
  newVerificationLink,
  verificationLinksCapped,
} from "~/models/accounts/email-verification.server";
import { recordAudit } from "~/models/audit/trail.server";
import { enqueueMail, wakeOutbox, type NewOutboxMessage } from "~/models/mail/outbox.server";
import { may } from "~/models/permissions";
import type { StaffActor } from "~/models/roles";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { prisma } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { limitStaffWrite, rateLimits } from "~/infra/rate-limit.server";
import { clinicNow } from "~/utils/clinic-time";
import { fail, invalid, ok, type Result } from "~/utils/result";
import { ownAccountSchema, permissionsSchema } from "~/validation/family";
import { validateFields } from "~/validation/form";
import { ACTIVE_LINK, findFamilyMember, guardiansOf, hasOwnLogin } from "./links.server";
import type { Account } from "./members.server";
import {
  describePermissions,
  FAMILY_TEXT,
  firstName,
  linkPermissions,
  mayHaveOwnAccount,
} from "./rules";

export const EDIT_REFUSED = "Only the front desk and administrators change patient records.";

/** Who gives a family member an account of their own. */
export type OwnAccountGiver =
  { kind: "guardian"; account: Account } | { kind: "staff"; actor: StaffActor };

/** The page the link opens: it asks for the password (/own-account/<token>). */
export function ownAccountLink(token: string): string {
  return `${getEnv().APP_URL}/own-account/${token}`;
}

function ownAccountMail(
  person: { id: string; name: string },
  to: string,
  giver: string,
  clinic: string,
  link: ReturnType<typeof newVerificationLink>,
): NewOutboxMessage {
  const url = ownAccountLink(link.token);
  const lines = [
    `Hello ${firstName(person.name)},`,
    "",
    `${giver} asked for you to have your own account at ${clinic}, where your visits are kept. Open the link below and choose your password.`,
    `From then on the clinic's e-mail about your visits comes to you, and you decide what the people who looked after your visits may still see and do for you.`,
    "",
    url,
    "",
    "The link works once, within 24 hours. If you did not expect this e-mail, ignore it: nothing changes without the link.",
  ];
  return {
    dedupeKey: `verification:${link.row.tokenHash}`,
    kind: "verification",
    userId: person.id,
    to,
    subject: `Your own account at ${clinic}`,
    text: lines.join("\n"),
  };
}

/** The record and the name of who gives it an account, or the refusal (not found, not allowed). */
async function giverSees(giver: OwnAccountGiver, dependantId: string) {
  if (giver.kind === "guardian") {
    const limited = await rateLimits().familyChanges.take(giver.account.id);
    if (limited) return limited;
    const member = await findFamilyMember(giver.account.id, dependantId);
    return member ? ok({ by: giver.account.name }) : fail(404, FAMILY_TEXT.notFound);
  }
  const limited = await limitStaffWrite(giver.actor.id);
  if (limited) return limited;
  if (!may(giver.actor, "patients.edit")) return fail(403, EDIT_REFUSED);
  const guardians = await guardiansOf(dependantId);
  return guardians.length > 0 ? ok({ by: "The clinic" }) : fail(404, FAMILY_TEXT.notFound);
}

/**
 * Gives family member `dependantId` an account of their own: their address stored (not yet
 * verified, so nothing of theirs is mailed to it but this link) and the link mailed to it.
 * Refused before the clinic's age, for a record that already signs in, for an address an
 * account uses, and after three links within the hour.
 */
export async function offerOwnAccount(
  giver: OwnAccountGiver,
  dependantId: string,
  input: Record<string, unknown>,
  now: Date = new Date(),
): Promise<Result<{ message: string; email: string }>> {
  const allowed = await giverSees(giver, dependantId);
  if (!allowed.ok) return allowed;
  const record = await prisma.user.findFirst({
    where: { id: dependantId, role: "patient" },
    select: { id: true, name: true, dateOfBirth: true, passwordHash: true, googleId: true },
  });
  if (!record) return fail(404, FAMILY_TEXT.notFound);
  if (hasOwnLogin(record)) return fail(409, FAMILY_TEXT.alreadyOwnAccount);
  const settings = await getClinicSettings();
  const today = clinicNow(now, settings.timeZone).date;
  if (!mayHaveOwnAccount(record.dateOfBirth, today, settings.ownAccountAge)) {
    return invalid(FAMILY_TEXT.ownAccountTooYoung(settings.ownAccountAge));
  }
  const checked = validateFields(ownAccountSchema, input);
  if (!checked.ok) return checked;
  const { email } = checked.data;
  const taken = await prisma.user.findFirst({
    where: { email, id: { not: record.id } },
    select: { id: true },
  });
  if (taken) return { ...fail(409, FAMILY_TEXT.emailInUse), field: "email" };
  const capped = await verificationLinksCapped(record.id, now);
  if (capped) return capped;
  const link = newVerificationLink(now);
  const actor =
    giver.kind === "guardian" ? { id: giver.account.id, role: "patient" as const } : giver.actor;
  await prisma.$transaction(async () => {
    await prisma.user.update({ where: { id: record.id }, data: { email, emailVerifiedAt: null } });
    // A link sent before to another (mistyped) address must not claim the record now.
    await prisma.emailVerification.updateMany({
      where: { userId: record.id, usedAt: null },
      data: { usedAt: now },
    });
    await prisma.emailVerification.create({
      data: { ...link.row, userId: record.id, claim: true },
    });
    await enqueueMail(ownAccountMail(record, email, allowed.by, settings.clinicName, link), now);
    await recordAudit({
      actor,
      action: "family.own_account",
      entityType: "patient",
      entityId: record.id,
      patientId: record.id,
      summary: "Sent a family member the link to an account of their own",
      after: { email },
    });
  });
  wakeOutbox();
  return ok({
    email,
    message: `We e-mailed ${email} a link. ${firstName(record.name)} sets a password there and then decides what their family may still see.`,
  });
}

/** The young person's own account, signed in: they, not a guardian, decide the links. */
async function grownUp(account: Account): Promise<Result> {
  const limited = await rateLimits().familyChanges.take(account.id);
  if (limited) return limited;
  const record = await prisma.user.findUnique({
    where: { id: account.id },
    select: { passwordHash: true, googleId: true, emailVerifiedAt: true },
  });
  return record && hasOwnLogin(record) && isEmailVerified(record)
    ? ok({})
    : fail(403, FAMILY_TEXT.noPermission);
}

/**
 * A grown-up family member decides what guardian `guardianId` may still do for them
 * (book, forms, visits; their mail comes to them), or ends the link (`stop`).
 */
export async function decideGuardian(
  account: Account,
  guardianId: string,
  input: Record<string, unknown>,
  now: Date = new Date(),
): Promise<Result<{ message: string }>> {
  const allowed = await grownUp(account);
  if (!allowed.ok) return allowed;
  const guardian = (await guardiansOf(account.id)).find((entry) => entry.id === guardianId);
  if (!guardian) return fail(404, FAMILY_TEXT.noGuardian);
  const stop = input.intent === "stop";
  const chosen = permissionsSchema.parse(input);
  const permissions = linkPermissions(false, { ...chosen, messages: false });
  await prisma.$transaction(async () => {
    await prisma.guardianLink.updateMany({
      where: { id: guardian.linkId, ...ACTIVE_LINK },
      data: stop ? { endedAt: now } : permissions,
    });
    await recordAudit({
      actor: { id: account.id, role: "patient" },
      action: stop ? "family.unlink" : "family.permissions",
      entityType: "patient",
      entityId: account.id,
      patientId: account.id,
      summary: stop
        ? "A patient with an account of their own ended a guardian's link"
        : "A patient with an account of their own chose what a guardian may do for them",
      before: { permissions: describePermissions(guardian) },
      after: stop ? { ended: true } : { permissions: describePermissions(permissions) },
    });
  });
  const name = firstName(guardian.name);
  return ok({
    message: stop
      ? `${name} no longer looks after your visits.`
      : `Saved what ${name} may still do for you.`,
  });
}
