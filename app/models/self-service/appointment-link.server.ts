import { createHmac, randomBytes } from "node:crypto";
import { prisma } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { hashToken } from "~/infra/token-hash.server";

/**
 * The one-click links in appointment mail (docs/decisions/019-appointment-links.md): one
 * token per appointment, derived as HMAC(newest SESSION_SECRET, id + random nonce), so
 * mail composed later (reminders) carries the same link without the token being stored in
 * clear; only its SHA-256 is stored, for lookup. Valid until the visit starts.
 */

export const LINK_ACTIONS = ["confirm", "reschedule", "cancel"] as const;
export type LinkAction = (typeof LINK_ACTIONS)[number];

export function deriveLinkToken(appointmentId: string, nonce: string, secret?: string): string {
  const key = secret ?? getEnv().SESSION_SECRETS[0]!;
  return createHmac("sha256", key)
    .update(`appointment-link:${appointmentId}:${nonce}`)
    .digest("base64url");
}

type LinkedAppointment = { id: string; linkNonce: string | null; linkTokenHash: string | null };

/**
 * The appointment's link token, and what the appointment must store for it (null when it
 * stores it already): a nonce on first use, and the hash again when the newest secret
 * changed (which retires the links of mail sent before the rotation).
 */
export function linkTokenOf(appointment: LinkedAppointment): {
  token: string;
  store: { linkNonce: string; linkTokenHash: string } | null;
} {
  const nonce = appointment.linkNonce ?? randomBytes(16).toString("base64url");
  const token = deriveLinkToken(appointment.id, nonce);
  const tokenHash = hashToken(token);
  const stored = appointment.linkNonce === nonce && appointment.linkTokenHash === tokenHash;
  return { token, store: stored ? null : { linkNonce: nonce, linkTokenHash: tokenHash } };
}

/** The appointment's link token, stored as one step of the caller's transaction. */
export async function linkTokenFor(appointment: LinkedAppointment): Promise<string> {
  const { token, store } = linkTokenOf(appointment);
  if (store) await prisma.appointment.update({ where: { id: appointment.id }, data: store });
  return token;
}

export function linkUrl(token: string, action: LinkAction): string {
  return `${getEnv().APP_URL}/visit/${token}/${action}`;
}

/** A token as it may appear in a URL: anything else is answered as a wrong link. */
export function isWellFormedToken(token: string | undefined): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}
