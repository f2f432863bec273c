import { randomBytes } from "node:crypto";
import type { EmailVerification, Prisma, User } from "@prisma/client";
import { prisma } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { enqueueMail, wakeOutbox, type NewOutboxMessage } from "~/models/mail/outbox.server";
import { hashPassword } from "~/infra/password.server";
import { clientKey, liftLoginLock, rateLimits, waitingTime } from "~/infra/rate-limit.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { fail, ok, type Failure, type Result } from "~/utils/result";
import { hashToken } from "~/infra/token-hash.server";
import { newPasswordSchema } from "~/validation/account";
import { validateForm } from "~/validation/form";
import { NEW_PASSWORD_FIELDS } from "~/validation/form-fields";

export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
/** Verification mails one account may cause per hour (sign-up, claims, resends). */
export const MAX_VERIFICATION_MAILS_PER_HOUR = 3;
const LINK_WINDOW_MS = 60 * 60 * 1000;

export const VERIFY_MESSAGES = {
  required:
    "Please verify your e-mail address first: open the link we e-mailed you, or ask for a new one.",
  // The same answer whatever the state (verified already, over the hourly cap, mail sent).
  resent:
    "If your e-mail address still needs verifying, a new link is on its way to it. The link works once, within 24 hours.",
  verified: "Your e-mail address is verified. Thank you!",
  claimed: "Your e-mail address is verified and your password is set. Please login.",
  invalid: "This verification link is not valid. Please ask for a new one.",
  expired: "This verification link has expired. Please ask for a new one.",
  used: "This verification link has already been used.",
} as const;

export type VerificationLinkStatus = "valid" | "invalid" | "expired" | "used";

/** The answer once an address has had its links for the hour: said, not silently dropped. */
export const tooManyLinksMessage = (seconds: number) =>
  `We have e-mailed this address ${MAX_VERIFICATION_MAILS_PER_HOUR} links within the hour. Please open the newest one, or ask again in ${waitingTime(seconds)}.`;

export function isEmailVerified(user: Pick<User, "emailVerifiedAt">): boolean {
  return user.emailVerifiedAt !== null;
}

/**
 * The rule for booking, reviewing and adding services: only an account whose owner has
 * proven the address. Null when the user may go on, else the 403 to answer.
 */
export function unverifiedRefusal(user: Pick<User, "emailVerifiedAt">): Failure | null {
  return isEmailVerified(user) ? null : fail(403, VERIFY_MESSAGES.required);
}

/**
 * The account behind a write that needs a verified address, read fresh: its id and the
 * address the clinic may write to. A user who is gone gets the same refusal.
 */
export async function verifiedAccount(
  userId: string,
): Promise<Result<{ account: { id: string; email: string } }>> {
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, emailVerifiedAt: true },
  });
  if (!user) return fail(403, VERIFY_MESSAGES.required);
  return unverifiedRefusal(user) ?? ok({ account: { id: user.id, email: user.email } });
}

/** A new one-time link: the token for the mail, the row (only its hash) for the database. */
export function newVerificationLink(now = new Date()) {
  const token = randomBytes(32).toString("base64url");
  return {
    token,
    row: {
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS),
    },
  };
}

/**
 * Where a patient goes once the link is used: the page they were on when the link was sent
 * (the booking form with its service), carried in the link as `?next=` (a path on this
 * site only). None for the home page or the verification page itself.
 */
export function returnPathOf(path: FormDataEntryValue | null | undefined): string | null {
  const target = safeRedirect(path);
  return target === "/" || target.startsWith("/verify-email") ? null : target;
}

function verificationLinkFor(token: string, returnTo?: string | null) {
  const next = returnPathOf(returnTo);
  return `${getEnv().APP_URL}/verify-email/${token}${next ? `?next=${encodeURIComponent(next)}` : ""}`;
}

/**
 * The verification mail, for the outbox: for a new sign-up, or for claiming a record the
 * clinic keeps. One message per link (its hash is the key).
 */
export function verificationMail(
  user: { id: string; email: string },
  link: ReturnType<typeof newVerificationLink>,
  kind: "sign-up" | "claim",
  returnTo?: string | null,
): NewOutboxMessage {
  const url = verificationLinkFor(link.token, returnTo);
  const what =
    kind === "claim"
      ? [
          "Someone registered at Dental Clinic with this address, for which the clinic already keeps a patient record.",
          "If it was you, open the link below and choose your password there.",
        ]
      : [
          "Welcome to Dental Clinic! Please verify that this e-mail address is yours: open the link below and press the button.",
          "Until then you can sign in, but not book appointments, add reviews or add services.",
        ];
  const ignore = "If it was not you, ignore this e-mail: nothing changes without the link.";
  return {
    dedupeKey: `verification:${link.row.tokenHash}`,
    kind: "verification",
    userId: user.id,
    to: user.email,
    subject: kind === "claim" ? "Confirm your Dental Clinic account" : "Verify your e-mail address",
    text: [...what, "", url, "", "The link works once, within 24 hours.", ignore].join("\n"),
    html: `${what.map((line) => `<p>${line}</p>`).join("\n")}
<p><a href="${url}">Verify my e-mail address</a> (the link works once, within 24 hours).</p>
<p>${ignore}</p>`,
  };
}

/**
 * The refusal once the account has had MAX_VERIFICATION_MAILS_PER_HOUR links within the
 * hour (a stranger must not be able to flood someone's mailbox), with the wait until the
 * oldest of them leaves the hour; null while another may go.
 */
export async function verificationLinksCapped(
  userId: string,
  now: Date = new Date(),
): Promise<Failure | null> {
  const recent = await prisma.emailVerification.findMany({
    where: { userId, createdAt: { gt: new Date(now.getTime() - LINK_WINDOW_MS) } },
    select: { createdAt: true },
    orderBy: { createdAt: "desc" },
    take: MAX_VERIFICATION_MAILS_PER_HOUR,
  });
  if (recent.length < MAX_VERIFICATION_MAILS_PER_HOUR) return null;
  const oldest = recent[recent.length - 1]!.createdAt.getTime();
  const retryAfter = Math.max(1, Math.ceil((oldest + LINK_WINDOW_MS - now.getTime()) / 1000));
  return fail(429, tooManyLinksMessage(retryAfter), retryAfter);
}

/**
 * Stores a new link for the user and mails it to the account's address; a claim link (a
 * record the clinic made) asks for the password on its page. Refused, saying so, once the
 * account has had its links for the hour.
 */
export async function issueVerificationLink(
  user: Pick<User, "id" | "email">,
  { claim = false, returnTo }: { claim?: boolean; returnTo?: string | null } = {},
): Promise<Result> {
  const now = new Date();
  const capped = await verificationLinksCapped(user.id, now);
  if (capped) return capped;
  const link = newVerificationLink(now);
  // The link and its mail exist together or not at all; the outbox sends it in the
  // background, so a slow mail server never holds up (or shapes) the answer.
  await prisma.$transaction([
    prisma.emailVerification.create({ data: { ...link.row, userId: user.id, claim } }),
    enqueueMail(verificationMail(user, link, claim ? "claim" : "sign-up", returnTo), now),
  ]);
  wakeOutbox();
  return ok({});
}

/**
 * 'Send me a new link', asked by the signed-in account itself: rate limited per client; the
 * same answer whether or not it still needed verifying, but over the hourly cap it says so.
 * The link brings the patient back to `returnTo` (the page that asked for it).
 */
export async function resendVerification(
  user: Pick<User, "id" | "email" | "emailVerifiedAt">,
  { clientIp, returnTo }: { clientIp: string; returnTo?: string | null },
): Promise<Result<{ message: string }>> {
  const limited = await rateLimits().signIn.take(clientKey(clientIp));
  if (limited) return limited;
  if (!isEmailVerified(user)) {
    const issued = await issueVerificationLink(user, { returnTo });
    if (!issued.ok) return issued;
  }
  return ok({ message: VERIFY_MESSAGES.resent });
}

/**
 * Marks every open verification link of the user used: a step of a batch transaction,
 * made conditional on that transaction's own claim through `user` when given.
 */
export function retireVerificationLinks(userId: string, now: Date, user?: Prisma.UserWhereInput) {
  return prisma.emailVerification.updateMany({
    where: { userId, usedAt: null, ...(user ? { user } : {}) },
    data: { usedAt: now },
  });
}

async function findLink(token: string) {
  return prisma.emailVerification.findUnique({ where: { tokenHash: hashToken(token) } });
}

function statusOf(link: EmailVerification | null, now: Date): VerificationLinkStatus {
  if (!link) return "invalid";
  if (link.usedAt) return "used";
  if (link.expiresAt <= now) return "expired";
  return "valid";
}

/** What a link is worth, without using it, and whether it claims a record (asks for a password). */
export async function checkVerificationLink(
  token: string,
): Promise<{ status: VerificationLinkStatus; claim: boolean }> {
  const link = await findLink(token);
  return { status: statusOf(link, new Date()), claim: link?.claim ?? false };
}

/**
 * Uses a link: the address is verified and every other open link of the user retired.
 * A claim's link also sets the password its user typed on the link's page (twice, as on a
 * reset link's page), retires open reset links, ends every session of the account and
 * lifts its login lock-out.
 */
export async function applyEmailVerification(
  token: string,
  input: Record<string, unknown> = {},
  { clientIp }: { clientIp?: string } = {},
): Promise<Result<{ message: string; claimed: boolean }>> {
  const now = new Date();
  const link = await findLink(token);
  const status = statusOf(link, now);
  if (!link || status !== "valid") {
    return status === "invalid"
      ? fail(404, VERIFY_MESSAGES.invalid)
      : fail(410, VERIFY_MESSAGES[status === "used" ? "used" : "expired"]);
  }
  let claim: { passwordHash: string } | null = null;
  if (link.claim) {
    const parsed = validateForm(newPasswordSchema, input, NEW_PASSWORD_FIELDS);
    if (!parsed.ok) return parsed;
    // Hashed before the transaction: nothing but database calls may wait inside one.
    claim = { passwordHash: await hashPassword(parsed.data.password) };
  }
  // Every write is conditional on this very link being claimed, so a link used twice at
  // the same moment changes things once.
  const claimedHere = { emailVerifications: { some: { id: link.id, usedAt: now } } };
  const [claimed] = await prisma.$transaction([
    prisma.emailVerification.updateMany({
      where: { id: link.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    }),
    prisma.user.updateMany({
      where: { id: link.userId, ...claimedHere },
      data: { emailVerifiedAt: now, ...claim },
    }),
    retireVerificationLinks(link.userId, now, claimedHere),
    ...(claim
      ? [
          prisma.passwordReset.updateMany({
            where: { userId: link.userId, usedAt: null, user: claimedHere },
            data: { usedAt: now },
          }),
          prisma.session.deleteMany({ where: { userId: link.userId, user: claimedHere } }),
        ]
      : []),
  ]);
  if (claimed.count === 0) return fail(410, VERIFY_MESSAGES.used);
  if (claim) {
    const owner = await prisma.user.findUnique({
      where: { id: link.userId },
      select: { email: true },
    });
    if (owner) await liftLoginLock(owner.email, clientIp);
  }
  return ok({
    message: claim ? VERIFY_MESSAGES.claimed : VERIFY_MESSAGES.verified,
    claimed: claim !== null,
  });
}
