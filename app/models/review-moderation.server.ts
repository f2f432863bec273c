import { recordAudit, type AuditActor } from "~/models/audit.server";
import { prisma } from "~/utils/db.server";
import { decodeCursor, olderThan, pageOf } from "~/utils/keyset";
import { fail, invalid, ok, type Result } from "~/utils/result";
import { limitStaffWrite } from "~/utils/rate-limit.server";
import { reviewModerationSchema } from "~/validation/moderation";

/** Reviews per page of the moderation screen. */
export const MODERATION_PAGE_SIZE = 20;

export const REVIEW_GONE_MESSAGE = "That review no longer exists.";
export const CHOOSE_REVIEW_MESSAGE = "Please choose a review to hide or restore.";

export type ModerationFilter = "all" | "hidden";

export type ModeratedReview = {
  id: string;
  name: string;
  message: string;
  rating: number;
  createdAt: string;
  service: { name: string; slug: string };
  authorEmail: string | null;
  hidden: boolean;
  hiddenAt: string | null;
  hiddenBy: string | null;
};

/**
 * The moderation screen's reviews, newest first, hidden ones included (or only those),
 * one page after `cursor` (see ~/utils/keyset).
 */
export async function listReviewsForModeration({
  cursor,
  filter = "all",
  take = MODERATION_PAGE_SIZE,
}: { cursor?: string | null; filter?: ModerationFilter; take?: number } = {}) {
  const rows = await prisma.review.findMany({
    where: {
      ...(filter === "hidden" ? { hidden: true } : {}),
      ...olderThan("createdAt", decodeCursor(cursor)),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: take + 1,
    include: {
      service: { select: { name: true, slug: true } },
      user: { select: { email: true } },
    },
  });
  const page = pageOf(rows, take, (row) => row.createdAt);
  const moderatorIds = [...new Set(page.rows.flatMap((row) => row.hiddenById ?? []))];
  const moderators = moderatorIds.length
    ? await prisma.user.findMany({
        where: { id: { in: moderatorIds } },
        select: { id: true, name: true },
      })
    : [];
  const nameOf = new Map(moderators.map((user) => [user.id, user.name]));
  const reviews: ModeratedReview[] = page.rows.map((row) => ({
    id: row.id,
    name: row.name,
    message: row.message,
    rating: row.rating,
    createdAt: row.createdAt.toISOString(),
    service: row.service,
    authorEmail: row.user?.email ?? null,
    hidden: row.hidden,
    hiddenAt: row.hiddenAt?.toISOString() ?? null,
    hiddenBy: row.hiddenById ? (nameOf.get(row.hiddenById) ?? "a former staff member") : null,
  }));
  return { reviews, next: page.next };
}

/**
 * Hides a review from the public site and every API read, or restores it. The change and
 * its audit entry (before and after) are one transaction; the cached public reads are
 * cleared afterwards. Hiding a hidden review (a second click, two moderators at once)
 * changes nothing and records nothing.
 */
export async function moderateReview(
  input: Record<string, unknown>,
  actor: Extract<AuditActor, { id: string }>,
): Promise<Result<{ review: { id: string; hidden: boolean }; changed: boolean }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const parsed = reviewModerationSchema.safeParse(input);
  if (!parsed.success) return invalid(CHOOSE_REVIEW_MESSAGE);
  const { intent, reviewId } = parsed.data;
  const hide = intent === "hide";

  return prisma.$transaction(async (tx) => {
    const review = await tx.review.findUnique({
      where: { id: reviewId },
      include: { service: { select: { name: true } } },
    });
    if (!review) return fail(404, REVIEW_GONE_MESSAGE);
    if (review.hidden === hide) {
      return ok({ review: { id: review.id, hidden: review.hidden }, changed: false });
    }
    const now = new Date();
    const updated = await tx.review.update({
      where: { id: review.id },
      data: hide
        ? { hidden: true, hiddenAt: now, hiddenById: actor.id }
        : { hidden: false, hiddenAt: null, hiddenById: null },
    });
    await recordAudit(tx, {
      actor,
      action: hide ? "review.hide" : "review.restore",
      entityType: "Review",
      entityId: review.id,
      patientId: review.userId,
      summary: `${hide ? "Hid" : "Restored"} the review of ${review.service.name}`,
      before: moderationState(review),
      after: moderationState(updated),
    });
    return ok({ review: { id: updated.id, hidden: updated.hidden }, changed: true });
  });
}

function moderationState(review: {
  hidden: boolean;
  hiddenAt: Date | null;
  hiddenById: string | null;
}) {
  return {
    hidden: review.hidden,
    hiddenAt: review.hiddenAt?.toISOString() ?? null,
    hiddenById: review.hiddenById,
  };
}
