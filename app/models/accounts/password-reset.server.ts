import { randomBytes } from "node:crypto";
import type { Prisma } from "@prisma/client";
import { newPasswordSchema, resetRequestSchema } from "~/validation/account";
import { retireVerificationLinks } from "./email-verification.server";
import { validateForm } from "~/validation/form";
import { prisma } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { enqueueMail, wakeOutbox, type NewOutboxMessage } from "~/models/mail/outbox.server";
import { hashPassword } from "~/infra/password.server";
import { clientKey, liftLoginLock, rateLimits } from "~/infra/rate-limit.server";
import { fail, ok, type Result } from "~/utils/result";
import { hashToken } from "~/infra/token-hash.server";
import { NEW_PASSWORD_FIELDS, RESET_FIELDS } from "~/validation/form-fields";

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

export const RESET_MESSAGES = {
  // The same answer whether or not the address has an account.
  requested:
    "If an account exists for that email, we have sent it a link to choose a new password. The link works once, within one hour.",
  applied: "Your password has been changed. Please login with your new password.",
  invalid: "This password reset link is not valid. Please ask for a new one.",
  expired: "This password reset link has expired. Please ask for a new one.",
  used: "This password reset link has already been used. Please ask for a new one if you need to.",
} as const;

export type ResetLinkStatus = "valid" | "invalid" | "expired" | "used";

/**
 * Mails a one-time link to the address; the owner of the mailbox chooses the new password
 * on the page it opens. The request's `newPassword` (the spec's field) is validated with
 * the spec's messages and then ignored: whoever asks must not choose the password
 * (docs/decisions/009-reset-link-form.md).
 */
export async function requestPasswordReset(
  input: Record<string, unknown>,
  { clientIp }: { clientIp: string },
): Promise<Result<{ message: string }>> {
  const limited = await rateLimits().signIn.take(clientKey(clientIp));
  if (limited) return limited;
  const parsed = validateForm(resetRequestSchema, input, RESET_FIELDS);
  if (!parsed.ok) return parsed;
  const { email } = parsed.data;

  const user = await prisma.user.findUnique({ where: { email } });
  const now = new Date();
  // The mail is only written here, in the transaction of its cause; the outbox sends it in
  // the background, so the answer takes no longer for an address with an account, and a
  // failing mail server tells the visitor nothing.
  // A Google account without a password has none to reset; every other account (one the
  // clinic made, one whose password linking Google removed) may choose one.
  if (user && (user.passwordHash || user.provider !== "google")) {
    const token = randomBytes(32).toString("base64url");
    const tokenHash = hashToken(token);
    await prisma.$transaction([
      prisma.passwordReset.create({
        data: {
          userId: user.id,
          tokenHash,
          expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
        },
      }),
      enqueueMail(resetLinkMail(user, token, tokenHash), now),
    ]);
    wakeOutbox();
  } else if (user) {
    // A Google-only account has no password to change; tell its owner how to sign in.
    // One such notice per account and hour: a stranger cannot flood the mailbox.
    await enqueueMail(googleAccountMail(user, now), now);
    wakeOutbox();
  }
  return ok({ message: RESET_MESSAGES.requested });
}

export function resetLinkFor(token: string) {
  return `${getEnv().APP_URL}/reset-password/${token}`;
}

function resetLinkMail(
  user: { id: string; email: string },
  token: string,
  tokenHash: string,
): NewOutboxMessage {
  const link = resetLinkFor(token);
  return {
    dedupeKey: `reset:${tokenHash}`,
    kind: "reset",
    userId: user.id,
    to: user.email,
    subject: "Choose a new password",
    text: [
      "Someone (we hope you) asked to reset the password of your Dental Clinic account.",
      "",
      `To choose a new password, open this link within one hour: ${link}`,
      "",
      "If it was not you, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
    html: `<p>Someone (we hope you) asked to reset the password of your Dental Clinic account.</p>
<p><a href="${link}">Choose a new password</a> (the link works once, within one hour).</p>
<p>If it was not you, ignore this e-mail: your password stays as it is.</p>`,
  };
}

function googleAccountMail(user: { id: string; email: string }, now: Date): NewOutboxMessage {
  const login = `${getEnv().APP_URL}/login`;
  const hour = now.toISOString().slice(0, 13);
  return {
    dedupeKey: `reset-google:${user.id}:${hour}`,
    kind: "reset",
    userId: user.id,
    to: user.email,
    subject: "Your Dental Clinic account signs in with Google",
    text: [
      "Someone asked to change the password of your Dental Clinic account.",
      "Your account signs in with Google and has no password here, so nothing was changed.",
      "",
      `To sign in, choose 'Join with google' on ${login}`,
    ].join("\n"),
  };
}

async function findReset(token: string) {
  return prisma.passwordReset.findUnique({ where: { tokenHash: hashToken(token) } });
}

function statusOf(reset: Awaited<ReturnType<typeof findReset>>, now: Date): ResetLinkStatus {
  if (!reset) return "invalid";
  if (reset.usedAt) return "used";
  if (reset.expiresAt <= now) return "expired";
  return "valid";
}

/** What a reset link is worth, without using it. */
export async function checkResetLink(token: string): Promise<ResetLinkStatus> {
  return statusOf(await findReset(token), new Date());
}

/**
 * Uses a reset link with the password its owner typed (twice): sets it, marks the address
 * verified (the link reached the mailbox), retires every other open link of the user and
 * ends all of the user's sessions and API tokens (a thief signed in with the old password
 * is out).
 */
export async function applyPasswordReset(
  token: string,
  input: Record<string, unknown>,
  { clientIp }: { clientIp?: string } = {},
): Promise<Result<{ message: string }>> {
  const reset = await findReset(token);
  const status = statusOf(reset, new Date());
  if (!reset || status !== "valid") {
    return status === "invalid"
      ? fail(404, RESET_MESSAGES.invalid)
      : fail(410, RESET_MESSAGES[status === "used" ? "used" : "expired"]);
  }
  const parsed = validateForm(newPasswordSchema, input, NEW_PASSWORD_FIELDS);
  if (!parsed.ok) return parsed;
  // Hashed before the transaction: nothing but database calls may wait inside one.
  const passwordHash = await hashPassword(parsed.data.password);

  const now = new Date();
  // The claim only succeeds while the link is unused; every other write is conditional
  // on this very claim, so a link used twice at the same moment changes things once.
  const claimedHere: Prisma.UserWhereInput = {
    passwordResets: { some: { id: reset.id, usedAt: now } },
  };
  const [claimed] = await prisma.$transaction([
    prisma.passwordReset.updateMany({
      where: { id: reset.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    }),
    prisma.user.updateMany({
      where: { id: reset.userId, ...claimedHere },
      data: { passwordHash },
    }),
    prisma.user.updateMany({
      where: { id: reset.userId, emailVerifiedAt: null, ...claimedHere },
      data: { emailVerifiedAt: now },
    }),
    prisma.passwordReset.updateMany({
      where: { userId: reset.userId, usedAt: null, user: claimedHere },
      data: { usedAt: now },
    }),
    retireVerificationLinks(reset.userId, now, claimedHere),
    prisma.session.deleteMany({ where: { userId: reset.userId, user: claimedHere } }),
  ]);
  if (claimed.count === 0) return fail(410, RESET_MESSAGES.used);
  const owner = await prisma.user.findUnique({
    where: { id: reset.userId },
    select: { email: true },
  });
  if (owner) await liftLoginLock(owner.email, clientIp);
  return ok({ message: RESET_MESSAGES.applied });
}
