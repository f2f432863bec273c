import { z } from "./zod";

/** The moderation screen's forms (/staff/moderation): which review or service, and what to do. */

const id = z.string().trim().min(1).max(64);

/** Publish or reject a review that waits; hide a published review from the site, or restore it. */
export const reviewModerationSchema = z.object({
  intent: z.enum(["publish", "reject", "hide", "restore"]),
  reviewId: id,
});

/** Publish a service a patient added, or reject it (its reason is checked apart, for its words). */
export const serviceReviewSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve-service"), serviceId: id }),
  z.object({ intent: z.literal("reject-service"), serviceId: id, reason: z.unknown() }),
]);
