import type { Review, Service } from "@prisma/client";
import { verifiedAccount } from "~/models/accounts/email-verification.server";
import { prisma } from "~/infra/db.server";
import { decodeCursor, olderThan, pageOf } from "~/utils/keyset";
import { cachedRead } from "~/infra/read-cache.server";
import { invalid, ok, type Result } from "~/utils/result";
import { validateForm } from "~/validation/form";
import { reviewSchema } from "~/validation/review";
import { UNKNOWN_SERVICE_MESSAGE } from "~/validation/service";
import { isPubliclyListed, PUBLICLY_LISTED } from "~/models/services/catalog.server";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { reviewHoldReasons } from "./hold.server";
import type { ReviewStatus } from "./status";
import { REVIEW_REQUIRED_FIELDS } from "~/validation/form-fields";

/** How many of the newest reviews the carousel and `GET /api/reviews` carry. */
export const RECENT_REVIEWS = 20;

/** How many reviews a page of a service's reviews lists (the average covers all of them). */
export const SERVICE_PAGE_REVIEWS = 50;

/** A review as JSON answers and page components see it. */
export type ReviewJson = {
  _id: string;
  name: string;
  message: string;
  rating: number;
  /** The author had a completed visit for this service. */
  verified: boolean;
  /** `published` on every public read; a new review may be `awaiting_review` (ADR 040). */
  status: ReviewStatus;
  createdAt: string;
  service: { _id: string; slug: string; name: string } | null;
};

export function toReviewJson(
  review: Review & { service?: Pick<Service, "id" | "slug" | "name"> | null },
): ReviewJson {
  return {
    _id: review.id,
    name: review.name,
    message: review.message,
    rating: review.rating,
    verified: review.verified,
    status: review.status as ReviewStatus,
    createdAt: review.createdAt.toISOString(),
    service: review.service
      ? { _id: review.service.id, slug: review.service.slug, name: review.service.name }
      : null,
  };
}

const WITH_SERVICE = { service: { select: { id: true, slug: true, name: true } } } as const;

/**
 * What every public read of reviews shows: published ones (not waiting for moderation or
 * rejected, docs/decisions/040-reviews-held-for-moderation.md) the clinic's staff have not
 * hidden (docs/decisions/015-review-moderation.md).
 */
const PUBLIC = { status: "published", hidden: false } as const;

/** Rounds of reading newer-than-the-last reviews for the carousel, at most. */
const LIST_ROUNDS = 10;

/**
 * The newest public reviews, newest first, each with the service it is about (a listed
 * one: the carousel links to its page). Read newest first through the (status, createdAt)
 * index in batches, keeping those whose service is listed: asked of SQLite as one query
 * with the service as a filter, it sorted every public review first (1 s at 200,000,
 * docs/performance.md, "Reviews"). After LIST_ROUNDS batches of reviews of unlisted
 * services it shows what it found.
 */
export function listReviews(limit = RECENT_REVIEWS): Promise<ReviewJson[]> {
  return cachedRead(["reviews", "catalogue"], `reviews:${limit}`, async () => {
    const found: ReviewJson[] = [];
    const batch = limit * 2;
    let cursor: { at: Date; id: string } | null = null;
    for (let round = 0; round < LIST_ROUNDS && found.length < limit; round += 1) {
      const rows: Array<
        Review & { service: Pick<Service, "id" | "slug" | "name" | "status" | "hidden"> }
      > = await prisma.review.findMany({
        where: { ...PUBLIC, ...olderThan("createdAt", cursor) },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: batch,
        include: {
          service: { select: { id: true, slug: true, name: true, status: true, hidden: true } },
        },
      });
      for (const row of rows) {
        if (found.length < limit && isPubliclyListed(row.service)) found.push(toReviewJson(row));
      }
      const last = rows.at(-1);
      if (!last || rows.length < batch) break;
      cursor = { at: last.createdAt, id: last.id };
    }
    return found;
  });
}

/**
 * A service's public reviews (newest first), a page of SERVICE_PAGE_REVIEWS after `cursor`
 * (`older`: the next page's cursor, null on the last), with the average rating and count
 * of all of them: the service page links page to page, so every review is reachable
 * without JavaScript. A malformed cursor reads as the first page.
 */
export async function getServiceReviews(serviceId: string, cursor?: string | null) {
  const [rows, summary] = await Promise.all([
    prisma.review.findMany({
      where: { serviceId, ...PUBLIC, ...olderThan("createdAt", decodeCursor(cursor)) },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: SERVICE_PAGE_REVIEWS + 1,
    }),
    prisma.review.aggregate({
      where: { serviceId, ...PUBLIC },
      _avg: { rating: true },
      _count: true,
    }),
  ]);
  const page = pageOf(rows, SERVICE_PAGE_REVIEWS, (row) => row.createdAt);
  return {
    reviews: page.rows.map(toReviewJson),
    older: page.next,
    count: summary._count,
    /** Rounded to one decimal; null when there are no reviews. */
    average: summary._avg.rating === null ? null : Math.round(summary._avg.rating * 10) / 10,
  };
}

/** True when the patient had a completed visit for the service: their review is verified. */
export async function hasCompletedVisit(userId: string, serviceId: string): Promise<boolean> {
  const visit = await prisma.appointment.findFirst({
    where: { userId, serviceId, status: "completed" },
    select: { id: true },
  });
  return visit !== null;
}

export const REVIEW_CREATED = "review Created Successfully";
/** Said under the spec's toast when the review waits for moderation (ADR 040). */
export const REVIEW_HELD_NOTE =
  "The clinic reads it before it appears on the site; until then you can see it on the service's page.";

/**
 * The signed-in author's own reviews of a service that the public does not see (waiting
 * for moderation or rejected), newest first: the service page shows them to their author.
 */
export async function ownUnpublishedReviews(userId: string, serviceId: string) {
  const rows = await prisma.review.findMany({
    where: { userId, serviceId, status: { not: "published" } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: SERVICE_PAGE_REVIEWS,
  });
  return rows.map(toReviewJson);
}

/**
 * Add Review and `POST /api/create-review`: for an account with a verified address,
 * validates in the spec's message order, checks that the service exists and stores the
 * review with its author. It publishes at once, or waits for moderation when the author
 * had no completed visit of the service (while the clinic's setting says so) or its text
 * carries a link or a phone number (`reviewHoldReasons`); the answer is the same either
 * way, with the review's `status`.
 */
export async function createReview(
  input: Record<string, unknown>,
  userId: string,
): Promise<Result<{ review: ReviewJson }>> {
  const author = await verifiedAccount(userId);
  if (!author.ok) return author;
  const validated = validateForm(reviewSchema, input, REVIEW_REQUIRED_FIELDS);
  if (!validated.ok) return validated;
  const { name, service: serviceId, message, rating } = validated.data;
  const service = await prisma.service.findFirst({
    where: { id: serviceId, ...PUBLICLY_LISTED },
    select: { id: true },
  });
  if (!service) return invalid(UNKNOWN_SERVICE_MESSAGE);
  const [verified, { reviewApprovalRequired }] = await Promise.all([
    hasCompletedVisit(userId, service.id),
    getClinicSettings(),
  ]);
  const held = reviewHoldReasons({
    name,
    message,
    verified,
    holdUnverified: reviewApprovalRequired,
  });
  const review = await prisma.review.create({
    data: {
      name,
      message,
      rating,
      serviceId: service.id,
      userId,
      verified,
      status: held.length > 0 ? "awaiting_review" : "published",
      heldFor: held.join(","),
    },
    include: WITH_SERVICE,
  });
  return ok({ review: toReviewJson(review) });
}
