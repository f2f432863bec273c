// Reviews held for moderation (issue 25, docs/decisions/040-reviews-held-for-moderation.md),
// through the page action, the API, the settings screen and the moderation screen: a review
// from a patient without a completed visit of the service (while the clinic's setting is on)
// or with a link or phone number waits; it is on no public page or API read until staff
// publish it; its author sees it on the service's page as awaiting review; the spec's toast
// and the API's answer keep their shape.
import type { User } from "@prisma/client";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { changeStatus } from "~/models/booking/status.server";
import { auditTrail } from "~/models/audit/trail.server";
import { getClinicSettings, updateClinicSettings } from "~/models/settings/clinic-settings.server";
import {
  ALREADY_PUBLISHED_MESSAGE,
  listReviewsAwaitingModeration,
  moderateReview,
  NOT_ON_SITE_MESSAGE,
} from "~/models/reviews/moderation.server";
import { REVIEW_HELD_NOTE } from "~/models/reviews/reviews.server";
import { loader as homeLoader } from "~/routes/_index";
import { action as reviewPage, loader as reviewPageLoader } from "~/routes/add-review";
import { action as createReviewApi } from "~/routes/api.create-review";
import { loader as reviewsApi } from "~/routes/api.reviews";
import { loader as productLoader } from "~/routes/product.$idOrSlug";
import { action as moderationAction, loader as moderationLoader } from "~/routes/staff.moderation";
import { action as settingsAction, loader as settingsLoader } from "~/routes/staff.settings";
import { prisma } from "~/infra/db.server";
import {
  actionArgs,
  formPost,
  get,
  jsonRequest,
  loaderArgs,
  settle,
  toastOf,
} from "../../support/auth-helpers";
import { createService, createUser, sessionFor, storeAppointment } from "../../support/factories";

let service: { id: string; slug: string; name: string };
let reception: User;
let receptionCookie: string;
let admin: User;
let adminCookie: string;

let counter = 0;
/** Unique words for a message: digits would read as a phone number. */
const tag = () => `${(counter += 1).toString(36)}-${Date.now().toString(36)}`;

beforeAll(async () => {
  service = await createService({ name: "Held Review Polish" });
  reception = await createUser({ role: "reception" });
  receptionCookie = (await sessionFor(reception)).cookie;
  admin = await createUser({ role: "admin" });
  adminCookie = (await sessionFor(admin)).cookie;
});

beforeEach(async () => {
  // The default, which a test may change.
  await updateClinicSettings({ reviewApprovalRequired: true });
});

const reviewFields = (message: string) => ({
  name: "Hana",
  rating: "5",
  service: service.id,
  message,
});

/** What every public read shows of the service's reviews, and what its author sees there. */
async function readsOf(message: string, cookie?: string) {
  const api = (await (await reviewsApi(loaderArgs(get("/api/reviews")))).json()) as {
    reviews: Array<{ message: string }>;
  };
  const home = await homeLoader(loaderArgs(get("/")));
  const anonymous = await productLoader(
    loaderArgs(get(`/product/${service.slug}`), { idOrSlug: service.slug }),
  );
  const own = cookie
    ? await productLoader(
        loaderArgs(get(`/product/${service.slug}`, cookie), { idOrSlug: service.slug }),
      )
    : null;
  return {
    api: api.reviews.some((review) => review.message === message),
    home: (home.reviews ?? []).some((review) => review.message === message),
    page: anonymous.reviews.reviews.some((review) => review.message === message),
    ownPageList: own?.reviews.reviews.some((review) => review.message === message) ?? false,
    ownHeld: own?.ownReviews.find((review) => review.message === message)?.status ?? null,
  };
}

let visits = 0;
async function completeVisit(userId: string) {
  visits += 1;
  const visit = await storeAppointment({
    userId,
    serviceId: service.id,
    date: "2026-02-03",
    // Each visit in its own hour: holds must not collide.
    time: `${String(8 + visits).padStart(2, "0")}:00`,
    status: "checked_in",
  });
  const done = await changeStatus(
    visit.id,
    "completed",
    { kind: "system" },
    { now: new Date("2026-02-03T23:00:00Z") },
  );
  expect(done.ok).toBe(true);
}

const moderate = (fields: Record<string, string>, cookie = receptionCookie) =>
  settle(() => moderationAction(actionArgs(formPost("/staff/moderation", fields, cookie))));

describe("the Add Review page", () => {
  it("holds a review without a completed visit: the spec's toast with a second line, on no public read, shown to its author", async () => {
    const author = await createUser();
    const { cookie } = await sessionFor(author);
    const message = `Held from the page ${tag()}`;
    const sent = await settle(() =>
      reviewPage(actionArgs(formPost("/add-review", reviewFields(message), cookie))),
    );
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/");
    expect(await toastOf(sent.headers)).toEqual({
      type: "success",
      message: "review Created Successfully",
      description: REVIEW_HELD_NOTE,
    });
    expect(await prisma.review.findFirstOrThrow({ where: { message } })).toMatchObject({
      status: "awaiting_review",
      heldFor: "no_visit",
      userId: author.id,
    });
    expect(await readsOf(message, cookie)).toEqual({
      api: false,
      home: false,
      page: false,
      ownPageList: false,
      ownHeld: "awaiting_review",
    });
    // Another signed-in patient does not see it.
    const other = await sessionFor(await createUser());
    expect((await readsOf(message, other.cookie)).ownHeld).toBeNull();
  });

  it("publishes a verified patient's review at once, with the spec's toast alone", async () => {
    const author = await createUser();
    await completeVisit(author.id);
    const { cookie } = await sessionFor(author);
    const message = `Straight from the visit ${tag()}`;
    const sent = await settle(() =>
      reviewPage(actionArgs(formPost("/add-review", reviewFields(message), cookie))),
    );
    expect(await toastOf(sent.headers)).toEqual({
      type: "success",
      message: "review Created Successfully",
    });
    expect(await readsOf(message, cookie)).toMatchObject({
      api: true,
      home: true,
      page: true,
      ownHeld: null,
    });
  });

  it("holds a verified patient's review with a link or a phone number, saying why", async () => {
    const author = await createUser();
    await completeVisit(author.id);
    const { cookie } = await sessionFor(author);
    for (const [message, heldFor] of [
      [`Cheaper at smile-deals.com ${tag()}`, "link"],
      [`Call me on 555 010 0199 ${tag()}`, "phone"],
    ] as const) {
      const sent = await settle(() =>
        reviewPage(actionArgs(formPost("/add-review", reviewFields(message), cookie))),
      );
      expect(await toastOf(sent.headers)).toMatchObject({ description: REVIEW_HELD_NOTE });
      expect(await prisma.review.findFirstOrThrow({ where: { message } })).toMatchObject({
        status: "awaiting_review",
        heldFor,
        verified: true,
      });
      expect((await readsOf(message)).page).toBe(false);
    }
  });
});

describe("POST /api/create-review", () => {
  it("answers 201 with the spec's message and the review, whose status says it waits", async () => {
    const author = await createUser();
    const { token } = await sessionFor(author);
    const message = `Held over the API ${tag()}`;
    const answer = await settle(() =>
      createReviewApi(
        actionArgs(
          jsonRequest("/api/create-review", "POST", reviewFields(message), {
            authorization: `Bearer ${token}`,
          }),
        ),
      ),
    );
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body!).sort()).toEqual(["message", "review", "success"]);
    expect(answer.body).toMatchObject({
      success: true,
      message: "review Created Successfully",
      review: { message, rating: 5, verified: false, status: "awaiting_review" },
    });
    expect(await readsOf(message)).toMatchObject({ api: false, home: false, page: false });
  });

  it("publishes at once when the clinic has switched holding off, unless it carries a link", async () => {
    await updateClinicSettings({ reviewApprovalRequired: false });
    const { token } = await sessionFor(await createUser());
    const send = (message: string) =>
      settle(() =>
        createReviewApi(
          actionArgs(
            jsonRequest("/api/create-review", "POST", reviewFields(message), {
              authorization: token,
            }),
          ),
        ),
      );
    const plain = `Open door ${tag()}`;
    expect((await send(plain)).body).toMatchObject({ review: { status: "published" } });
    expect(await readsOf(plain)).toMatchObject({ api: true, page: true });
    const linked = `See http://example.org/${tag()}`;
    expect((await send(linked)).body).toMatchObject({ review: { status: "awaiting_review" } });
    expect((await readsOf(linked)).api).toBe(false);
  });
});

describe("the settings screen's switch", () => {
  it("turns holding reviews without a visit off and on, audited, and the next review follows it", async () => {
    const save = (fields: Record<string, string>) =>
      settle(() =>
        settingsAction(
          actionArgs(formPost("/staff/settings", { intent: "approval", ...fields }, adminCookie)),
        ),
      );
    const off = await save({ serviceApprovalRequired: "on" });
    expect(off.status).toBe(302);
    expect(await toastOf(off.headers)).toMatchObject({
      message: "The approval settings are saved.",
    });
    const page = await settingsLoader(loaderArgs(get("/staff/settings", adminCookie)));
    expect(page).toMatchObject({ serviceApprovalRequired: true, reviewApprovalRequired: false });
    const entry = await prisma.auditEntry.findFirstOrThrow({
      where: { action: "settings.approval" },
      orderBy: [{ at: "desc" }, { id: "desc" }],
    });
    expect(JSON.parse(entry.after!)).toEqual({
      serviceApprovalRequired: true,
      reviewApprovalRequired: false,
    });

    const { cookie } = await sessionFor(await createUser());
    // The form says what waits as the setting stands.
    const formOf = async () =>
      (await settle(() => reviewPageLoader(loaderArgs(get("/add-review", cookie))))).body;
    expect(await formOf()).toMatchObject({ holdsUnverified: false });
    const first = `While off ${tag()}`;
    await settle(() =>
      reviewPage(actionArgs(formPost("/add-review", reviewFields(first), cookie))),
    );
    expect((await readsOf(first)).page).toBe(true);

    await save({ serviceApprovalRequired: "on", reviewApprovalRequired: "on" });
    expect((await getClinicSettings()).reviewApprovalRequired).toBe(true);
    expect(await formOf()).toMatchObject({ holdsUnverified: true });
    const second = `While on ${tag()}`;
    await settle(() =>
      reviewPage(actionArgs(formPost("/add-review", reviewFields(second), cookie))),
    );
    expect((await readsOf(second)).page).toBe(false);
  });
});

describe("moderation of held reviews", () => {
  async function heldReview(message: string) {
    const author = await createUser();
    const { cookie, token } = await sessionFor(author);
    await settle(() =>
      createReviewApi(
        actionArgs(
          jsonRequest("/api/create-review", "POST", reviewFields(message), {
            authorization: token,
          }),
        ),
      ),
    );
    const review = await prisma.review.findFirstOrThrow({ where: { message } });
    expect(review.status).toBe("awaiting_review");
    return { author, cookie, review };
  }

  it("lists waiting reviews oldest first with why; publishing puts one on every public read, audited", async () => {
    const message = `To publish ${tag()}`;
    const { author, cookie, review } = await heldReview(message);
    const screen = await settle(() =>
      moderationLoader(loaderArgs(get("/staff/moderation", receptionCookie))),
    );
    const waiting = screen.body!.waitingReviews as {
      total: number;
      reviews: Array<{ id: string; heldFor: string[]; status: string }>;
    };
    expect(waiting.reviews.find((entry) => entry.id === review.id)).toMatchObject({
      heldFor: ["no_visit"],
      status: "awaiting_review",
    });
    const { reviews: oldestFirst } = await listReviewsAwaitingModeration();
    const stamps = oldestFirst.map((entry) => entry.createdAt);
    expect(stamps).toEqual([...stamps].sort());

    const published = await moderate({ intent: "publish", reviewId: review.id });
    expect(published.status).toBe(302);
    expect(published.location).toBe("/staff/moderation");
    expect(await toastOf(published.headers)).toMatchObject({
      type: "success",
      message: "The review is now on the site.",
    });
    expect(await readsOf(message, cookie)).toEqual({
      api: true,
      home: true,
      page: true,
      ownPageList: true,
      ownHeld: null,
    });
    const [entry] = await auditTrail({ patientId: author.id });
    expect(entry).toMatchObject({
      action: "review.publish",
      actorId: reception.id,
      entityType: "Review",
      entityId: review.id,
      summary: "Published the review of Held Review Polish",
    });
    expect(JSON.parse(entry!.before!)).toEqual({ status: "awaiting_review" });
    expect(JSON.parse(entry!.after!)).toEqual({ status: "published" });
    // A second click changes and records nothing.
    expect(
      await moderateReview(
        { intent: "publish", reviewId: review.id },
        { id: reception.id, role: "reception" },
      ),
    ).toMatchObject({ ok: true, changed: false });
    expect(await prisma.auditEntry.count({ where: { entityId: review.id } })).toBe(1);
  });

  it("rejects a waiting review: never public, its author sees it as not published, audited; it can still be published later", async () => {
    const message = `To reject ${tag()}`;
    const { author, cookie, review } = await heldReview(message);
    const rejected = await moderate({ intent: "reject", reviewId: review.id }, adminCookie);
    expect(await toastOf(rejected.headers)).toMatchObject({
      message: "The review will not be published.",
    });
    expect(await readsOf(message, cookie)).toMatchObject({
      api: false,
      page: false,
      ownHeld: "rejected",
    });
    const [entry] = await auditTrail({ patientId: author.id });
    expect(entry).toMatchObject({ action: "review.reject", actorId: admin.id });
    const listed = await settle(() =>
      moderationLoader(loaderArgs(get("/staff/moderation?show=rejected", receptionCookie))),
    );
    expect(
      (listed.body!.reviews as Array<{ id: string; status: string }>).find(
        (entry) => entry.id === review.id,
      ),
    ).toMatchObject({ status: "rejected" });

    await moderate({ intent: "publish", reviewId: review.id });
    expect((await readsOf(message)).page).toBe(true);
  });

  it("refuses what does not fit the review's state with a message, changing nothing", async () => {
    const { review } = await heldReview(`Wrong button ${tag()}`);
    const hide = await moderate({ intent: "hide", reviewId: review.id });
    expect(hide).toMatchObject({ status: 409, body: { error: NOT_ON_SITE_MESSAGE } });
    await moderate({ intent: "publish", reviewId: review.id });
    const reject = await moderate({ intent: "reject", reviewId: review.id });
    expect(reject).toMatchObject({ status: 409, body: { error: ALREADY_PUBLISHED_MESSAGE } });
    expect(await prisma.review.findUniqueOrThrow({ where: { id: review.id } })).toMatchObject({
      status: "published",
      hidden: false,
    });
    expect(await prisma.auditEntry.count({ where: { entityId: review.id } })).toBe(1);
  });

  it("refuses a patient and a dentist: only moderators decide", async () => {
    const { review } = await heldReview(`Not yours ${tag()}`);
    for (const role of ["patient", "dentist"] as const) {
      const { cookie } = await sessionFor(await createUser({ role }));
      const answer = await moderate({ intent: "publish", reviewId: review.id }, cookie);
      expect(answer.status).toBe(403);
    }
    expect((await prisma.review.findUniqueOrThrow({ where: { id: review.id } })).status).toBe(
      "awaiting_review",
    );
  });
});
