import { createHmac } from "node:crypto";
import { prisma } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { hashToken } from "~/infra/token-hash.server";
import { deriveLinkToken } from "~/models/self-service/appointment-link.server";

/**
 * The visit's short link in texts (docs/decisions/052-text-messages.md): `APP_URL/t/<code>`,
 * 16 characters (96 bits) derived from the visit's link token, so a text fits one segment
 * where the mail's link would take half of it. Only the code's SHA-256 is stored; opening it
 * leads to the visit's confirm page, as the mail's link does, for as long as that link works.
 */

const CODE = /^[A-Za-z0-9_-]{16}$/;

function codeOf(token: string): string {
  return createHmac("sha256", getEnv().SESSION_SECRETS[0]!)
    .update(`text-link:${token}`)
    .digest("base64url")
    .slice(0, 16);
}

/** The short link for the visit's link token, stored as one step of the caller's transaction. */
export async function textLinkFor(appointmentId: string, token: string): Promise<string> {
  const code = codeOf(token);
  await prisma.appointment.update({
    where: { id: appointmentId },
    data: { textLinkHash: hashToken(code) },
  });
  return `${getEnv().APP_URL}/t/${code}`;
}

/** The visit link token a short code stands for, or null (unknown, or its link retired). */
export async function tokenOfTextLink(code: string | undefined): Promise<string | null> {
  if (!code || !CODE.test(code)) return null;
  const row = await prisma.appointment.findUnique({
    where: { textLinkHash: hashToken(code) },
    select: { id: true, linkNonce: true, linkTokenHash: true },
  });
  if (!row?.linkNonce) return null;
  const token = deriveLinkToken(row.id, row.linkNonce);
  // A rotated secret retires the mail's links; the texts' go with them.
  if (hashToken(token) !== row.linkTokenHash || codeOf(token) !== code) return null;
  return token;
}
