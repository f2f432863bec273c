import type { Prisma } from "@prisma/client";
import { recordAudit } from "~/models/audit/trail.server";
import type { AuditActor } from "~/models/audit/entry.server";
import { prisma } from "~/infra/db.server";
import { decodeCursor, olderThan, pageOf } from "~/utils/keyset";
import { fail, invalid, ok, type Result } from "~/utils/result";
import { limitStaffWrite } from "~/infra/rate-limit.server";
import { reviewModerationSchema } from "~/validation/moderation";
import { type HoldReason, parseHeldFor, type ReviewStatus } from "./status";

/** Reviews per page of the moderation screen. */
export const MODERATION_PAGE_SIZE = 20;

/** Reviews awaiting moderation the screen shows at once; the oldest wait longest, so they come first. */
export const AWAITING_REVIEWS_SIZE = 50;

export const REVIEW_GONE_MESSAGE = "That review no longer exists.";
export const CHOOSE_REVIEW_MESSAGE = "Please choose a review to publish, reject, hide or restore.";
export const NOT_ON_SITE_MESSAGE =
  "That review is not on the site: publish it or reject it instead.";
export const ALREADY_PUBLISHED_MESSAGE = "That review is already on the site: hide it instead.";

export const MODERATION_FILTERS = ["all", "hidden", "rejected"] as const;
export type ModerationFilter = (typeof MODERATION_FILTERS)[number];

export type ModeratedReview = {
  id: string;
  name: string;
  message: string;
  rating: number;
  createdAt: string;
  service: { name: string; slug: string };
  authorEmail: string | null;
  status: ReviewStatus;
  /** Why it waited (or waits) for moderation; empty when it published at once. */
  heldFor: HoldReason[];
  verified: boolean;
  hidden: boolean;
  hiddenAt: string | null;
  hiddenBy: string | null;
};

const MODERATION_INCLUDE = {
  service: { select: { name: true, slug: true } },
  user: { select: { email: true } },
} as const;

type ModerationRow = Prisma.ReviewGetPayload<{ include: typeof MODERATION_INCLUDE }>;

/** The rows as the screen shows them, with the names of the staff who hid any. */
async function toModerated(rows: ModerationRow[]): Promise<ModeratedReview[]> {
  const moderatorIds = [...new Set(rows.flatMap((row) => row.hiddenById ?? []))];
  const moderators = moderatorIds.length
    ? await prisma.user.findMany({
        where: { id: { in: moderatorIds } },
        select: { id: true, name: true },
      })
    : [];
  const nameOf = new Map(moderators.map((user) => [user.id, user.name]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    message: row.message,
    rating: row.rating,
    createdAt: row.createdAt.toISOString(),
    service: row.service,
    authorEmail: row.user?.email ?? null,
    status: row.status as ReviewStatus,
    heldFor: parseHeldFor(row.heldFor),
    verified: row.verified,
    hidden: row.hidden,
    hiddenAt: row.hiddenAt?.toISOString() ?? null,
    hiddenBy: row.hiddenById ? (nameOf.get(row.hiddenById) ?? "a former staff member") : null,
  }));
}

const FILTER_WHERE: Record<ModerationFilter, Prisma.ReviewWhereInput> = {
  all: {},
  hidden: { hidden: true },
  rejected: { status: "rejected" },
};

/**
 * The moderation screen's reviews, newest first, all of them (or only the hidden or the
 * rejected ones), one page after `cursor` (see ~/utils/keyset).
 */
export async function listReviewsForModeration({
  cursor,
  filter = "all",
  take = MODERATION_PAGE_SIZE,
}: { cursor?: string | null; filter?: ModerationFilter; take?: number } = {}) {
  const rows = await prisma.review.findMany({
    where: { ...FILTER_WHERE[filter], ...olderThan("createdAt", decodeCursor(cursor)) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: take + 1,
    include: MODERATION_INCLUDE,
  });
  const page = pageOf(rows, take, (row) => row.createdAt);
  return { reviews: await toModerated(page.rows), next: page.next };
}

/** Reviews waiting for moderation, oldest first, and how many wait in all. */
export async function listReviewsAwaitingModeration(take: number = AWAITING_REVIEWS_SIZE) {
  const where = { status: "awaiting_review" } as const;
  const [rows, total] = await Promise.all([
    prisma.review.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take,
      include: MODERATION_INCLUDE,
    }),
    prisma.review.count({ where }),
  ]);
  return { reviews: await toModerated(rows), total };
}

type Moderated = {
  review: { id: string; hidden: boolean; status: ReviewStatus };
  changed: boolean;
};

/**
 * A moderator's decision on a review (docs/decisions/040-reviews-held-for-moderation.md,
 * 015-review-moderation.md): publish one that waits (or was rejected), reject one that
 * waits, hide a published one from the site and every API read, or restore it. The change
 * and its audit entry (before and after) are one transaction; every cached read follows
 * the write. Asking for what is already so (a second click, two moderators at once)
 * changes and records nothing; a decision that does not fit the review's state is refused.
 */
export async function moderateReview(
  input: Record<string, unknown>,
  actor: Extract<AuditActor, { id: string }>,
): Promise<Result<Moderated>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const parsed = reviewModerationSchema.safeParse(input);
  if (!parsed.success) return invalid(CHOOSE_REVIEW_MESSAGE);
  const { intent, reviewId } = parsed.data;

  return prisma.$transaction(async (): Promise<Result<Moderated>> => {
    const review = await prisma.review.findUnique({
      where: { id: reviewId },
      include: { service: { select: { name: true } } },
    });
    if (!review) return fail(404, REVIEW_GONE_MESSAGE);
    const status = review.status as ReviewStatus;
    const unchanged = ok({
      review: { id: review.id, hidden: review.hidden, status },
      changed: false,
    });
    let data: Prisma.ReviewUpdateInput;
    switch (intent) {
      case "hide":
      case "restore": {
        if (status !== "published") return fail(409, NOT_ON_SITE_MESSAGE);
        const hide = intent === "hide";
        if (review.hidden === hide) return unchanged;
        const now = new Date();
        data = hide
          ? { hidden: true, hiddenAt: now, hiddenById: actor.id }
          : { hidden: false, hiddenAt: null, hiddenById: null };
        break;
      }
      case "publish":
        if (status === "published") return unchanged;
        data = { status: "published" };
        break;
      case "reject":
        if (status === "rejected") return unchanged;
        if (status === "published") return fail(409, ALREADY_PUBLISHED_MESSAGE);
        data = { status: "rejected" };
        break;
    }
    const updated = await prisma.review.update({ where: { id: review.id }, data });
    await recordAudit({
      actor,
      action: `review.${intent}`,
      entityType: "Review",
      entityId: review.id,
      patientId: review.userId,
      summary: `${SUMMARY_VERB[intent]} the review of ${review.service.name}`,
      before: moderationState(intent, review),
      after: moderationState(intent, updated),
    });
    return ok({
      review: { id: updated.id, hidden: updated.hidden, status: updated.status as ReviewStatus },
      changed: true,
    });
  });
}

const SUMMARY_VERB = {
  hide: "Hid",
  restore: "Restored",
  publish: "Published",
  reject: "Rejected",
} as const;

/** What an audit entry records of the review: its standing on the site, or its moderation. */
function moderationState(
  intent: "hide" | "restore" | "publish" | "reject",
  review: { status: string; hidden: boolean; hiddenAt: Date | null; hiddenById: string | null },
) {
  if (intent === "publish" || intent === "reject") return { status: review.status };
  return {
    hidden: review.hidden,
    hiddenAt: review.hiddenAt?.toISOString() ?? null,
    hiddenById: review.hiddenById,
  };
}
