/**
 * A review's place in moderation (docs/decisions/040-reviews-held-for-moderation.md), as
 * the server stores it and the screens show it.
 */

export const REVIEW_STATUSES = ["published", "awaiting_review", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Why a review waits: no completed visit of the service, a link (or e-mail address), a phone number. */
export type HoldReason = "no_visit" | "link" | "phone";

/** How the moderation screen names each reason. */
export const HOLD_REASON_LABELS: Record<HoldReason, string> = {
  no_visit: "no completed visit of the service when it was written",
  link: "a link or e-mail address",
  phone: "a phone number",
};

/** `Review.heldFor` read back (unknown codes dropped). */
export function parseHeldFor(column: string): HoldReason[] {
  return column
    .split(",")
    .filter((code): code is HoldReason => Object.hasOwn(HOLD_REASON_LABELS, code));
}
