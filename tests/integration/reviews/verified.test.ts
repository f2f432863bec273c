import { beforeAll, describe, expect, it } from "vitest";
import { changeStatus } from "~/models/booking/status.server";
import { createReview, getServiceReviews } from "~/models/reviews/reviews.server";
import { prisma } from "~/infra/db.server";
import { createService, createUser, storeAppointment } from "../../support/factories";

let serviceId: string;
let otherServiceId: string;

beforeAll(async () => {
  serviceId = (await createService({ name: "Veneers" })).id;
  otherServiceId = (await createService({ name: "Bleaching" })).id;
});

const review = (service: string, message: string) => ({ name: "Ann", service, message, rating: 5 });

/** A visit that has started and is checked in, then marked completed by staff at `now`. */
async function completeVisit(userId: string, service: string, date: string) {
  const visit = await storeAppointment({
    userId,
    serviceId: service,
    date,
    time: "10:00",
    status: "checked_in",
  });
  const done = await changeStatus(
    visit.id,
    "completed",
    { kind: "system" },
    { now: new Date(`${date}T23:00:00Z`) },
  );
  expect(done.ok).toBe(true);
  return visit;
}

describe("verified reviews", () => {
  it("marks the patient's reviews of the service verified on completion, and new ones after it", async () => {
    const ann = await createUser({ email: "ann-reviews@example.com" });
    const before = await createReview(review(serviceId, "Before my visit"), ann.id);
    const elsewhere = await createReview(review(otherServiceId, "Another service"), ann.id);
    if (!before.ok || !elsewhere.ok) throw new Error("review refused");
    expect(before.review.verified).toBe(false);

    await completeVisit(ann.id, serviceId, "2026-01-05");
    const after = await createReview(review(serviceId, "After my visit"), ann.id);
    expect(after).toMatchObject({ ok: true, review: { verified: true, status: "published" } });
    // Written before the visit, it waited for moderation (ADR 040) and still does: the visit
    // marks it verified for the moderator, it does not publish it.
    expect(
      await prisma.review.findUniqueOrThrow({ where: { id: before.review._id } }),
    ).toMatchObject({ verified: true, status: "awaiting_review" });
    const { reviews } = await getServiceReviews(serviceId);
    expect(reviews.filter((r) => r.message.endsWith("my visit")).map((r) => r.message)).toEqual([
      "After my visit",
    ]);
    expect(
      await prisma.review.findUniqueOrThrow({ where: { id: elsewhere.review._id } }),
    ).toMatchObject({ verified: false, status: "awaiting_review" });

    const stranger = await createUser();
    expect(await createReview(review(serviceId, "Never came"), stranger.id)).toMatchObject({
      ok: true,
      review: { verified: false, status: "awaiting_review" },
    });
  });

  it("asks for a review after a completed visit, at most once per patient in six months", async () => {
    const bob = await createUser({ email: "bob-reviews@example.com" });
    const first = await completeVisit(bob.id, serviceId, "2026-02-02");
    await completeVisit(bob.id, otherServiceId, "2026-03-02");
    const requests = await prisma.outboxMessage.findMany({
      where: { userId: bob.id, kind: "review_request" },
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      appointmentId: first.id,
      toAddress: "bob-reviews@example.com",
      subject: "How was your Veneers?",
    });
    expect(requests[0]!.text).toMatch(new RegExp(`/add-review\\?service=${serviceId}`));
  });
});
