// Moderation of reviews: hiding takes a review off every public read (home page, service
// page, GET /api/reviews) at once, even when those reads were cached; restoring brings it
// back; each change writes its audit entry (before/after) in the same transaction; the
// screen's action and loader page through reviews with a staff session.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { auditTrail } from "~/models/audit/trail.server";
import {
  CHOOSE_REVIEW_MESSAGE,
  listReviewsForModeration,
  moderateReview,
  REVIEW_GONE_MESSAGE,
} from "~/models/reviews/moderation.server";
import {
  getServiceReviews,
  listReviews,
  SERVICE_PAGE_REVIEWS,
} from "~/models/reviews/reviews.server";
import { loader as homeLoader } from "~/routes/_index";
import { loader as reviewsApi } from "~/routes/api.reviews";
import { loader as productLoader } from "~/routes/product.$idOrSlug";
import { action as moderationAction, loader as moderationLoader } from "~/routes/staff.moderation";
import { prisma } from "~/infra/db.server";
import { createService, createUser, sessionFor } from "../../support/factories";
import { actionArgs, formPost, get, loaderArgs, settle, toastOf } from "../../support/auth-helpers";
import { failWrites } from "../../support/sql";

function reviewOf(serviceId: string, userId: string | null, message = "Lovely visit") {
  return prisma.review.create({
    data: { name: "Ann Author", message, rating: 4, serviceId, userId },
  });
}

const actorOf = (user: { id: string; role: string }) => ({
  id: user.id,
  role: user.role as "reception" | "admin",
});

async function publicMessages(serviceSlug: string) {
  const api = (await (
    await reviewsApi({
      request: get("/api/reviews"),
      params: {},
      context: {},
    } as LoaderFunctionArgs)
  ).json()) as { reviews: Array<{ message: string }> };
  const home = await homeLoader(loaderArgs(get("/")));
  const product = await productLoader(
    loaderArgs(get(`/product/${serviceSlug}`), { idOrSlug: serviceSlug }),
  );
  return {
    api: api.reviews.map((review) => review.message),
    home: (home.reviews ?? []).map((review) => review.message),
    product: product.reviews.reviews.map((review) => review.message),
    count: product.reviews.count,
  };
}

describe("moderateReview", () => {
  it("hides a review from every public read, cached or not, and restores it", async () => {
    const reception = await createUser({ role: "reception" });
    const author = await createUser();
    const service = await createService();
    const message = `Rude words ${Date.now()}`;
    const review = await reviewOf(service.id, author.id, message);

    // Read twice so the cached answers are what a stale read would serve.
    await publicMessages(service.slug);
    const before = await publicMessages(service.slug);
    expect(before.api).toContain(message);
    expect(before.home).toContain(message);
    expect(before.product).toContain(message);
    expect(before.count).toBe(1);

    const hidden = await moderateReview(
      { intent: "hide", reviewId: review.id },
      actorOf(reception),
    );
    expect(hidden).toMatchObject({ ok: true, changed: true, review: { hidden: true } });
    const after = await publicMessages(service.slug);
    expect(after.api).not.toContain(message);
    expect(after.home).not.toContain(message);
    expect(after.product).not.toContain(message);
    expect(after.count).toBe(0);
    expect((await getServiceReviews(service.id)).average).toBeNull();

    const stored = await prisma.review.findUniqueOrThrow({ where: { id: review.id } });
    expect(stored).toMatchObject({ hidden: true, hiddenById: reception.id });
    expect(stored.hiddenAt).toBeInstanceOf(Date);

    const restored = await moderateReview(
      { intent: "restore", reviewId: review.id },
      actorOf(reception),
    );
    expect(restored).toMatchObject({ ok: true, changed: true, review: { hidden: false } });
    expect((await listReviews()).map((entry) => entry.message)).toContain(message);
    expect(await prisma.review.findUniqueOrThrow({ where: { id: review.id } })).toMatchObject({
      hidden: false,
      hiddenAt: null,
      hiddenById: null,
    });
  });

  it("audits each change with who, what, whose review, before and after", async () => {
    const admin = await createUser({ role: "admin" });
    const author = await createUser();
    const service = await createService({ name: "Audited Whitening" });
    const review = await reviewOf(service.id, author.id);
    await moderateReview({ intent: "hide", reviewId: review.id }, actorOf(admin));
    await moderateReview({ intent: "restore", reviewId: review.id }, actorOf(admin));

    const entries = await auditTrail({ patientId: author.id });
    expect(entries.map((entry) => entry.action)).toEqual(["review.restore", "review.hide"]);
    const [restore, hide] = entries;
    expect(hide).toMatchObject({
      actorId: admin.id,
      actorRole: "admin",
      entityType: "Review",
      entityId: review.id,
      patientId: author.id,
      summary: "Hid the review of Audited Whitening",
    });
    expect(JSON.parse(hide!.before!)).toEqual({ hidden: false, hiddenAt: null, hiddenById: null });
    expect(JSON.parse(hide!.after!)).toMatchObject({ hidden: true, hiddenById: admin.id });
    expect(JSON.parse(restore!.before!)).toMatchObject({ hidden: true });
    expect(JSON.parse(restore!.after!)).toEqual({
      hidden: false,
      hiddenAt: null,
      hiddenById: null,
    });
  });

  it("changes and records nothing when the review is already as asked", async () => {
    const reception = await createUser({ role: "reception" });
    const review = await reviewOf((await createService()).id, null);
    await moderateReview({ intent: "hide", reviewId: review.id }, actorOf(reception));
    const again = await moderateReview({ intent: "hide", reviewId: review.id }, actorOf(reception));
    expect(again).toMatchObject({ ok: true, changed: false });
    expect(await prisma.auditEntry.count({ where: { entityId: review.id } })).toBe(1);
  });

  it("refuses bad input and unknown reviews with a clear message, writing nothing", async () => {
    const reception = await createUser({ role: "reception" });
    const actor = actorOf(reception);
    const count = await prisma.auditEntry.count();
    for (const input of [
      {},
      { intent: "delete", reviewId: "x" },
      { intent: "hide" },
      { intent: "hide", reviewId: "" },
      { intent: "hide", reviewId: "x".repeat(500) },
      { intent: ["hide"], reviewId: ["x"] },
    ]) {
      expect(await moderateReview(input, actor)).toEqual({
        ok: false,
        status: 400,
        message: CHOOSE_REVIEW_MESSAGE,
      });
    }
    expect(await moderateReview({ intent: "hide", reviewId: "nope" }, actor)).toEqual({
      ok: false,
      status: 404,
      message: REVIEW_GONE_MESSAGE,
    });
    expect(await prisma.auditEntry.count()).toBe(count);
  });

  it("leaves the review as it was when the audit entry cannot be written", async () => {
    const reception = await createUser({ role: "reception" });
    const review = await reviewOf((await createService()).id, null);
    // The entry is written through the transaction: make the table refuse it.
    const allowAudit = await failWrites({
      name: "no_audit",
      table: "AuditEntry",
      event: "INSERT",
      message: "disk full",
    });
    try {
      await expect(
        moderateReview({ intent: "hide", reviewId: review.id }, actorOf(reception)),
      ).rejects.toThrow();
    } finally {
      await allowAudit();
    }
    expect((await prisma.review.findUniqueOrThrow({ where: { id: review.id } })).hidden).toBe(
      false,
    );
  });
});

describe("listReviewsForModeration", () => {
  it("pages newest first without gaps or repeats, and can show only hidden ones", async () => {
    const reception = await createUser({ role: "reception" });
    const service = await createService();
    const base = Date.UTC(2030, 0, 1);
    const ids: string[] = [];
    // Two pairs share a timestamp, so the id breaks the tie.
    for (let i = 0; i < 7; i += 1) {
      const review = await prisma.review.create({
        data: {
          name: `Pager ${i}`,
          message: "m",
          rating: 5,
          serviceId: service.id,
          createdAt: new Date(base + Math.floor(i / 2) * 1000),
        },
      });
      ids.push(review.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 10; guard += 1) {
      const page = await listReviewsForModeration({ cursor, take: 3 });
      seen.push(...page.reviews.filter((review) => ids.includes(review.id)).map((r) => r.id));
      cursor = page.next;
      if (!cursor) break;
    }
    expect(new Set(seen).size).toBe(7);
    expect(seen).toHaveLength(7);

    await moderateReview({ intent: "hide", reviewId: ids[3]! }, actorOf(reception));
    const hidden = await listReviewsForModeration({ filter: "hidden" });
    expect(hidden.reviews.map((review) => review.id)).toContain(ids[3]);
    expect(hidden.reviews.every((review) => review.hidden)).toBe(true);
    expect(hidden.reviews.find((review) => review.id === ids[3])?.hiddenBy).toBe(reception.name);
  });

  it("treats a malformed cursor as the first page", async () => {
    const first = await listReviewsForModeration();
    for (const cursor of ["garbage", "1.", ".x", "-5.abc", "1e99.x", "1.a b"]) {
      expect((await listReviewsForModeration({ cursor })).reviews).toEqual(first.reviews);
    }
  });
});

describe("the moderation screen", () => {
  it("hides a review from a form post and comes back to the same page with a toast", async () => {
    const reception = await createUser({ role: "reception" });
    const { cookie } = await sessionFor(reception);
    const review = await reviewOf((await createService()).id, null, `Screen ${Date.now()}`);

    const page = await settle(() => moderationLoader(loaderArgs(get("/staff/moderation", cookie))));
    expect(page.status).toBe(200);
    expect((page.body!.reviews as Array<{ id: string }>).map((r) => r.id)).toContain(review.id);

    const result = await settle(() =>
      moderationAction(
        actionArgs(
          formPost(
            "/staff/moderation?show=hidden",
            { intent: "hide", reviewId: review.id },
            cookie,
          ),
        ),
      ),
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe("/staff/moderation?show=hidden");
    expect(await toastOf(result.headers)).toMatchObject({
      type: "success",
      message: "The review is hidden from the site.",
    });
    expect((await listReviews()).map((entry) => entry._id)).not.toContain(review.id);
  });

  it("shows the refusal on the page for an unknown review", async () => {
    const admin = await createUser({ role: "admin" });
    const { cookie } = await sessionFor(admin);
    const result = await settle(() =>
      moderationAction(
        actionArgs(formPost("/staff/moderation", { intent: "hide", reviewId: "gone" }, cookie)),
      ),
    );
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ error: REVIEW_GONE_MESSAGE });
  });
});

describe("the service page's reviews", () => {
  it("pages through every public review without JavaScript, newest first, without gaps or repeats", async () => {
    const service = await createService({ name: "Many Reviews Service" });
    const total = SERVICE_PAGE_REVIEWS + 3;
    const start = Date.parse("2026-01-01T00:00:00Z");
    await prisma.review.createMany({
      data: Array.from({ length: total + 1 }, (_, index) => ({
        name: "Reader",
        message: `Review ${index}`,
        rating: 5,
        serviceId: service.id,
        // Two reviews share each instant: the cursor must tell them apart by id.
        createdAt: new Date(start + Math.floor(index / 2) * 60_000),
        hidden: index === 7,
      })),
    });
    const pageAt = async (query: string) =>
      (
        await productLoader(
          loaderArgs(get(`/product/${service.slug}${query}`), { idOrSlug: service.slug }),
        )
      ).reviews;

    const first = await pageAt("");
    expect(first.count).toBe(total);
    expect(first.reviews).toHaveLength(SERVICE_PAGE_REVIEWS);
    expect(first.older).not.toBeNull();
    const second = await pageAt(`?${new URLSearchParams({ reviews: first.older! })}`);
    expect(second.older).toBeNull();
    const seen = [...first.reviews, ...second.reviews].map((review) => review.message);
    const expected = Array.from({ length: total + 1 }, (_, index) => index)
      .filter((index) => index !== 7)
      .map((index) => `Review ${index}`);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...expected].sort());
    // Newest first, across the page break too.
    const stamps = [...first.reviews, ...second.reviews].map((review) => review.createdAt);
    expect(stamps).toEqual([...stamps].sort().reverse());

    // A cursor that is not one reads as the first page, never as an error.
    expect((await pageAt("?reviews=garbage")).reviews).toEqual(first.reviews);
  });
});

describe("the home page's newest reviews", () => {
  it("fills its twenty from listed services even when newer reviews are of hidden ones", async () => {
    const listed = await createService({ name: "Listed For Carousel" });
    const unlisted = await createService({ name: "Hidden For Carousel", hidden: true });
    const start = Date.parse("2099-01-01T00:00:00Z");
    // The 30 newest are of the hidden service: more than one batch of the read.
    await prisma.review.createMany({
      data: Array.from({ length: 60 }, (_, index) => ({
        name: "Carousel",
        message: `Carousel ${index}`,
        rating: 5,
        serviceId: index < 30 ? unlisted.id : listed.id,
        createdAt: new Date(start - index * 60_000),
      })),
    });
    const newest = await listReviews();
    expect(newest.map((review) => review.message)).toEqual(
      Array.from({ length: 20 }, (_, index) => `Carousel ${30 + index}`),
    );
    expect(newest.every((review) => review.service?.name === "Listed For Carousel")).toBe(true);
  });
});
