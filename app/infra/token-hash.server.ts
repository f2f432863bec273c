import { createHash } from "node:crypto";

/**
 * What the database keeps of an opaque token (a session's, a link's): its SHA-256, so a
 * copy of the database signs nobody in and opens no link.
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
