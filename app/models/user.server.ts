import type { User } from "@prisma/client";
import {
  LOGIN_FIELDS,
  PROFILE_FIELDS,
  REGISTER_FIELDS,
  loginSchema,
  profileSchema,
  registerSchema,
} from "~/validation/account";
import { validateForm } from "~/validation/form";
import { isHttpUrl } from "~/validation/fields";
import { prisma } from "~/utils/db.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import { accountKey, clientKey, rateLimits } from "~/utils/rate-limit.server";
import { fail, isUniqueViolation, ok, type Result } from "~/utils/result";

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

export async function registerUser(
  input: Record<string, unknown>,
  { clientIp }: Options,
): Promise<Result<{ message: string; user: User }>> {
  const limits = rateLimits();
  const client = clientKey(clientIp);
  const limited = await limits.signIn.take(client);
  if (limited) return limited;
  const parsed = validateForm(registerSchema, input, REGISTER_FIELDS);
  if (!parsed.ok) return parsed;
  const { name, email, userImage, password } = parsed.data;

  const existing = await prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) return fail(409, ACCOUNT_RESULTS.emailTaken);
  // Only accounts actually created count against the hourly cap.
  const capped = await limits.registrations.take(client);
  if (capped) return capped;
  let user: User;
  try {
    user = await prisma.user.create({
      data: { name, email, userImage, passwordHash: await hashPassword(password) },
    });
  } catch (error) {
    await limits.registrations.giveBack(client);
    // Two sign-ups for one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) return fail(409, ACCOUNT_RESULTS.emailTaken);
    throw error;
  }
  return ok({ message: ACCOUNT_RESULTS.registered, user });
}

export async function loginUser(
  input: Record<string, unknown>,
  { clientIp }: Options,
): Promise<Result<{ message: string; user: User }>> {
  const limits = rateLimits();
  const client = clientKey(clientIp);
  const limited = await limits.signIn.take(client);
  if (limited) return limited;
  const parsed = validateForm(loginSchema, input, LOGIN_FIELDS);
  if (!parsed.ok) return parsed;
  const { email, password } = parsed.data;
  // Taken before the password is checked, so parallel guesses cannot all slip under the
  // limit; an address without an account is counted (and refused) the same way.
  const account = accountKey(email);
  const locked = await limits.loginFailures.take(account);
  if (locked) return locked;

  const user = await prisma.user.findUnique({ where: { email } });
  // Google-only accounts have no password; they get the same answer as a wrong one.
  const matches = await verifyPassword(password, user?.passwordHash ?? (await timingHash()));
  if (!user?.passwordHash || !matches) {
    return fail(401, ACCOUNT_RESULTS.wrongCredentials);
  }
  // A login that succeeds uses up no allowance; it clears nobody else's failures.
  await Promise.all([limits.signIn.giveBack(client), limits.loginFailures.giveBack(account)]);
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
  const updated = await prisma.user.update({ where: { id: user.id }, data: parsed.data });
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

/** A refusal whose message is safe to show the visitor. */
export class GoogleSignInError extends Error {}

/**
 * The account for a Google identity: the one already linked to this Google subject,
 * else the account with the same (Google-verified) address, which gets linked, else a
 * new Google account. An unverified address never takes over an existing account.
 */
export async function findOrCreateGoogleUser(identity: GoogleIdentity): Promise<User> {
  const linked = await prisma.user.findUnique({ where: { googleId: identity.sub } });
  if (linked) return linked;

  const email = identity.email?.trim().toLowerCase();
  if (!email) {
    throw new GoogleSignInError("Google did not share an e-mail address for this account.");
  }
  const existing = await prisma.user.findUnique({ where: { email } });
  if (existing) {
    if (!identity.emailVerified) {
      throw new GoogleSignInError(
        "An account with this e-mail already exists. Please login with your password.",
      );
    }
    return prisma.user.update({ where: { id: existing.id }, data: { googleId: identity.sub } });
  }
  const picture = identity.picture && isHttpUrl(identity.picture) ? identity.picture : "";
  try {
    return await prisma.user.create({
      data: {
        name: identity.name?.trim().slice(0, 100) || email.split("@")[0]!,
        email,
        userImage: picture,
        provider: "google",
        googleId: identity.sub,
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
