/**
 * Which new reviews wait for moderation before the public sees them
 * (docs/decisions/040-reviews-held-for-moderation.md). Pure: the caller reads the clinic's
 * setting and whether the author had a completed visit of the service.
 */

import type { HoldReason } from "./status";

// Top-level domains a bare link ("smile-deals.com") is written with. Not the ones that are
// also words a sentence may run into without a space ("done.In", "great.To", "helped.Me").
const LINK_TLDS =
  "com net org info biz io ly xyz ru cn de uk ca au eu nl fr tk ml ga cf gq pw cc ws gg su".split(
    " ",
  );
const LINK_PATTERNS = [
  /\b[a-z][a-z0-9+.-]*:\/\/\S/i,
  /\bwww\.\S/i,
  /[^\s@]+@[^\s@]+\.[a-z]{2,}/i,
  new RegExp(
    `\\b[a-z0-9-]+(?:\\.[a-z0-9-]+)*\\.(?:${LINK_TLDS.join("|")})\\b(?![.-]?[a-z0-9])`,
    "i",
  ),
];

/** Dates (3.4.2025, 2025-04-03) and clock times (10:30) are not phone numbers. */
const NOT_PHONE = /\b\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\b|\b\d{1,2}:\d{2}\b/g;
/** A run of digits with the separators phone numbers are written with. */
const DIGIT_RUN = /\+?\d[\d\s().-]*\d/g;
/** Seven digits or more: the shortest local number. */
const PHONE_DIGITS = 7;

/** Compatibility forms (full-width digits, "ｗｗｗ") read as their plain letters. */
function plain(text: string): string {
  return text.normalize("NFKC");
}

export function hasLink(text: string): boolean {
  const normal = plain(text);
  return LINK_PATTERNS.some((pattern) => pattern.test(normal));
}

export function hasPhoneNumber(text: string): boolean {
  const normal = plain(text).replace(NOT_PHONE, " ");
  for (const run of normal.match(DIGIT_RUN) ?? []) {
    if (run.replace(/\D/g, "").length >= PHONE_DIGITS) return true;
  }
  return false;
}

/**
 * The reasons a new review waits for moderation, none when it publishes at once. The name
 * is read too: it is shown beside the message.
 */
export function reviewHoldReasons(review: {
  name: string;
  message: string;
  /** The author had a completed visit of the service ("Verified patient"). */
  verified: boolean;
  /** The clinic's setting: reviews without a completed visit wait. */
  holdUnverified: boolean;
}): HoldReason[] {
  const text = `${review.name}\n${review.message}`;
  const reasons: HoldReason[] = [];
  if (review.holdUnverified && !review.verified) reasons.push("no_visit");
  if (hasLink(text)) reasons.push("link");
  if (hasPhoneNumber(text)) reasons.push("phone");
  return reasons;
}
