/**
 * The links of a recall invitation (docs/decisions/035-recall.md): book and stop, each
 * `<recall id>.<HMAC>`, checked against every current SESSION_SECRET.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "~/infra/env.server";

export type LinkPurpose = "book" | "stop";

function sign(recallId: string, purpose: LinkPurpose, secret: string): string {
  return createHmac("sha256", secret).update(`recall-${purpose}:${recallId}`).digest("base64url");
}

/**
 * `<recall id>.<HMAC>`: derived from the newest SESSION_SECRET, so nothing is stored and any
 * invitation can carry it; a copy of the database gives no working link.
 */
export function recallLinkToken(recallId: string, purpose: LinkPurpose): string {
  return `${recallId}.${sign(recallId, purpose, getEnv().SESSION_SECRETS[0]!)}`;
}

/** The recall id a token was made for, checked against every current secret; else null. */
export function recallIdFromToken(token: string | undefined, purpose: LinkPurpose) {
  const match = /^([a-z0-9-]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!match) return null;
  const [, recallId, signature] = match as unknown as [string, string, string];
  const given = Buffer.from(signature);
  for (const secret of getEnv().SESSION_SECRETS) {
    const expected = Buffer.from(sign(recallId, purpose, secret));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return recallId;
  }
  return null;
}

export function recallLinkUrl(recallId: string, purpose: LinkPurpose): string {
  return `${getEnv().APP_URL}/recall/${purpose}/${recallLinkToken(recallId, purpose)}`;
}
