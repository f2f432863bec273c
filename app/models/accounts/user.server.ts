import type { User } from "@prisma/client";
import { prepareOwnConsent } from "~/models/sms/patient-consent.server";
import { loginSchema, profileSchema, registerSchema } from "~/validation/account";
import { validateForm } from "~/validation/form";
import { asOneLineName, isHttpUrl, isReservedAddress } from "~/validation/fields";
import { enqueueMail, wakeOutbox } from "~/models/mail/outbox.server";
import {
  isEmailVerified,
  issueVerificationLink,
  newVerificationLink,
  verificationLinksCapped,
  retireVerificationLinks,
  verificationMail,
} from "./email-verification.server";
import { demoLoginRefusal } from "./demo-accounts.server";
import { prisma } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { hashPassword, verifyPassword } from "~/infra/password.server";
import { accountKey, clientKey, pairKey, rateLimits } from "~/infra/rate-limit.server";
import { fail, isUniqueViolation, ok, type Result } from "~/utils/result";
import {
  LOGIN_FIELDS,
  PROFILE_FIELDS,
  REGISTER_FIELDS,
  REGISTER_PRESETS,
} from "~/validation/form-fields";

/** What account actions answer; the messages in quotes in the spec are spelled as there. */
export const ACCOUNT_RESULTS = {
  registered: "registation success full",
  loggedIn: "Login successfully",
  loggedOut: "Logout Successfully",
  profileUpdated: "Profile Updated Successfully",
  // One message for an unknown address and a wrong password: no account discovery.
  wrongCredentials: "Invalid email or password",
  emailTaken: "This email is already registered. Please login instead.",
  googleProfileReadOnly:
    "This account signs in with Google: its profile is managed by Google and cannot be edited here.",
  somethingWentWrong: "Something went wrong",
} as const;

type Options = { clientIp: string };

let dummyHash: Promise<string> | undefined;
/** A hash to compare against when there is no account, so both cases take as long. */
function timingHash() {
  dummyHash ??= hashPassword("no-account-has-this-password");
  return dummyHash;
}

/**
 * Creates the account and mails a verification link to the address. An address that
 * belongs to a patient record with no password and no Google link (one the clinic's staff
 * made) answers as usual too, but the registration sets nothing: the mail's link lets the
 * owner of the mailbox choose the password on its page. Once the record has had its links
 * for the hour, the answer says so instead.
 * The link brings the patient back to `returnTo` (where registering started: the booking
 * form, say).
 */
export async function registerUser(
  input: Record<string, unknown>,
  { clientIp, returnTo }: Options & { returnTo?: string | null },
): Promise<Result<{ message: string; email: string }>> {
  const limits = rateLimits();
  const client = clientKey(clientIp);
  const limited = await limits.signIn.take(client);
  if (limited) return limited;
  const parsed = validateForm(registerSchema, input, REGISTER_FIELDS, REGISTER_PRESETS);
  if (!parsed.ok) return parsed;
  const { name, email, userImage, password } = parsed.data;

  const existing = await prisma.user.findUnique({
    where: { email },
    select: { id: true, email: true, passwordHash: true, googleId: true },
  });
  if (existing && !isClaimable(existing)) return fail(409, ACCOUNT_RESULTS.emailTaken);
  const linksCapped = existing ? await verificationLinksCapped(existing.id) : null;
  if (linksCapped) return linksCapped;
  // Only accounts actually created (or claimed) count against the hourly cap.
  const capped = await limits.registrations.take(client);
  if (capped) return capped;
  // A claim stores no password, but hashes it all the same: both answers take as long.
  const passwordHash = await hashPassword(password);
  if (existing) {
    const issued = await issueVerificationLink(existing, { claim: true, returnTo });
    return issued.ok ? ok({ message: ACCOUNT_RESULTS.registered, email }) : issued;
  }
  const link = newVerificationLink();
  try {
    // One transaction: the account, its link and the mail exist together or not at all.
    await prisma.$transaction(async () => {
      const user = await prisma.user.create({
        data: { name, email, userImage, passwordHash, emailVerifications: { create: link.row } },
        select: { id: true, email: true },
      });
      await enqueueMail(verificationMail(user, link, "sign-up", returnTo));
    });
  } catch (error) {
    await limits.registrations.giveBack(client);
    // Two sign-ups for one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) return fail(409, ACCOUNT_RESULTS.emailTaken);
    throw error;
  }
  wakeOutbox();
  return ok({ message: ACCOUNT_RESULTS.registered, email });
}

/** A record nobody can sign in to yet: no password, no Google link. */
function isClaimable(user: Pick<User, "passwordHash" | "googleId">) {
  return user.passwordHash === null && user.googleId === null;
}

/**
 * Checks a login. Before the password check, each limit takes its point at once (parallel
 * guesses cannot all slip under one): the client's sign-in attempts, the failures of this
 * account from this client, then the account's checks from everywhere, which a device that
 * signed in to the account before (`knownAccounts`, ~/http/device.server) skips. An
 * address without an account is counted and refused the same way.
 */
export async function loginUser(
  input: Record<string, unknown>,
  { clientIp, knownAccounts = [] }: Options & { knownAccounts?: readonly string[] },
): Promise<Result<{ message: string; user: User }>> {
  const limits = rateLimits();
  const client = clientKey(clientIp);
  const limited = await limits.signIn.take(client);
  if (limited) return limited;
  const parsed = validateForm(loginSchema, input, LOGIN_FIELDS);
  if (!parsed.ok) return parsed;
  const { email, password } = parsed.data;
  const account = accountKey(email);
  const pair = pairKey(account, client);
  const pairLocked = await limits.loginFailures.take(pair);
  if (pairLocked) return pairLocked;
  const countsForAccount = !knownAccounts.includes(account);
  if (countsForAccount) {
    const accountLocked = await limits.accountChecks.take(account);
    if (accountLocked) {
      // Refused before the check: no failure of this address.
      await limits.loginFailures.giveBack(pair);
      return accountLocked;
    }
  }

  const user = await prisma.user.findUnique({ where: { email } });
  // Google-only accounts have no password; they get the same answer as a wrong one.
  const matches = await verifyPassword(password, user?.passwordHash ?? (await timingHash()));
  if (!user?.passwordHash || !matches) {
    return fail(401, ACCOUNT_RESULTS.wrongCredentials);
  }
  const demoOff = demoLoginRefusal(email, password, { demoAccounts: getEnv().DEMO_ACCOUNTS });
  if (demoOff) return demoOff;
  // A login that succeeds uses up no allowance; it clears nobody else's failures.
  await Promise.all([
    limits.signIn.giveBack(client),
    limits.loginFailures.giveBack(pair),
    countsForAccount ? limits.accountChecks.giveBack(account) : null,
  ]);
  return ok({ message: ACCOUNT_RESULTS.loggedIn, user });
}

/**
 * Updates name, image link and address. Fields left out (undefined) keep their current
 * value, so an API client may send only what changes; a blank name is refused.
 */
export async function updateProfile(
  user: User,
  input: Record<string, unknown>,
): Promise<Result<{ message: string; user: User }>> {
  if (user.provider === "google") return fail(403, ACCOUNT_RESULTS.googleProfileReadOnly);
  const merged = {
    name: input.name === undefined ? user.name : input.name,
    userImage: input.userImage === undefined ? user.userImage : input.userImage,
    address: input.address === undefined ? user.address : input.address,
  };
  const parsed = validateForm(profileSchema, merged, PROFILE_FIELDS);
  if (!parsed.ok) return parsed;
  // Agreement to texts and the mobile number (decisions.md item 25), after the spec's checks.
  // A mobile typed on the profile is kept; ticking the box without one uses the stored
  // mobile, else the phone of the newest booking.
  const typed = typeof input.mobile === "string" ? input.mobile.trim() : "";
  const number = typed || user.mobile || user.phone;
  const keep = typed !== "" && typed !== user.mobile;
  const consent = await prepareOwnConsent(user.id, input.smsConsent, number, keep);
  if ("ok" in consent) return consent;
  const write = () => prisma.user.update({ where: { id: user.id }, data: parsed.data });
  const { apply } = consent;
  const updated = apply
    ? await prisma.$transaction(async () => {
        await apply();
        return write();
      })
    : await write();
  return ok({ message: ACCOUNT_RESULTS.profileUpdated, user: updated });
}

export type GoogleIdentity = {
  /** Google's stable subject id. */
  sub: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
};

export const GOOGLE_RESERVED_MESSAGE =
  "This Google account's e-mail address can never receive mail (.invalid is a reserved domain), so it cannot sign in here.";

/** A refusal whose message is safe to show the visitor. */
export class GoogleSignInError extends Error {}

/**
 * The account for a Google identity: the one already linked to this Google subject,
 * else the account with the same (Google-verified) address, which gets linked, else a
 * new Google account. An unverified address never takes over an existing account.
 *
 * Linking proves the address. If the account had never proven it, whoever set its
 * password may be a stranger who registered the address first: the password goes, and so
 * do every session and API token of the account, its open links (reset, verification) and
 * the profile the stranger typed (name, image link, address), replaced by Google's. A
 * record without a password (one the clinic made) keeps its profile; a verified account
 * keeps its password and profile.
 */
export async function findOrCreateGoogleUser(identity: GoogleIdentity): Promise<User> {
  const linked = await prisma.user.findUnique({ where: { googleId: identity.sub } });
  if (linked) return linked;

  const email = identity.email?.trim().toLowerCase();
  if (!email) {
    throw new GoogleSignInError("Google did not share an e-mail address for this account.");
  }
  // The desk's stand-ins live under .invalid: such an address is nobody's to sign in with.
  if (isReservedAddress(email)) throw new GoogleSignInError(GOOGLE_RESERVED_MESSAGE);
  const existing = await prisma.user.findUnique({ where: { email } });
  if (existing) {
    if (!identity.emailVerified) {
      throw new GoogleSignInError(
        "An account with this e-mail already exists. Please login with your password.",
      );
    }
    if (isEmailVerified(existing)) {
      return prisma.user.update({ where: { id: existing.id }, data: { googleId: identity.sub } });
    }
    const now = new Date();
    const [user] = await prisma.$transaction([
      prisma.user.update({
        where: { id: existing.id },
        data: {
          ...(existing.passwordHash ? { ...googleProfile(identity, email), address: "" } : {}),
          googleId: identity.sub,
          passwordHash: null,
          emailVerifiedAt: now,
        },
      }),
      prisma.session.deleteMany({ where: { userId: existing.id } }),
      prisma.passwordReset.updateMany({
        where: { userId: existing.id, usedAt: null },
        data: { usedAt: now },
      }),
      retireVerificationLinks(existing.id, now),
    ]);
    return user;
  }
  try {
    return await prisma.user.create({
      data: {
        ...googleProfile(identity, email),
        email,
        provider: "google",
        googleId: identity.sub,
        emailVerifiedAt: identity.emailVerified ? new Date() : null,
      },
    });
  } catch (error) {
    // The same first sign-in finishing twice at once: the other one created the user.
    if (isUniqueViolation(error)) {
      const raced = await prisma.user.findUnique({ where: { googleId: identity.sub } });
      if (raced) return raced;
    }
    throw error;
  }
}

/** The name and picture Google shares, as this app stores them. */
function googleProfile(identity: GoogleIdentity, email: string) {
  return {
    name: asOneLineName(identity.name ?? "").slice(0, 100) || email.split("@")[0]!,
    userImage: identity.picture && isHttpUrl(identity.picture) ? identity.picture : "",
  };
}
