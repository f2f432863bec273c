// Reviews from real patients (issue 12), end to end with JavaScript on and off: staff mark
// a visit completed, the patient receives the review request at the test SMTP server,
// follows its link, writes the review, and the public page shows it as from a verified
// patient; a review by someone without a completed visit waits for moderation; a second completed
// visit within six months asks for nothing more.
import type { Page } from "@playwright/test";
import { clinicNow } from "../../app/utils/clinic-time";
import { createTestUser, e2eDb, expect, readMail, test, waitForMail } from "./fixtures";
import { choose, holdSlot, seededService, separateClients, toast } from "./patient-support";

separateClients();

const SERVICE = "fluoride-varnish";

/** A clinic date and time `days` days and `minutes` minutes ago: a visit that took place. */
function daysAgo(days: number, minutes: number) {
  return clinicNow(new Date(Date.now() - days * 86_400_000 - minutes * 60_000), "America/New_York");
}

/** Staff check the visit in and complete it, from its page. */
async function completeVisit(page: Page, id: string) {
  await page.goto(`/staff/appointments/${id}`);
  const status = page.locator("dt:text-is('Status') + dd");
  await page.getByRole("button", { name: "Check in" }).click();
  await expect(status).toHaveText("Checked in");
  await page.getByRole("button", { name: "Complete" }).click();
  await expect(status).toHaveText("Completed");
}

async function writeReview(page: Page, message: string, rating: string, javaScript: boolean) {
  await page.getByLabel("Message").fill(message);
  await choose(page, "Rating", { type: rating, option: `${rating} stars`, javaScript });
  await page.getByRole("button", { name: "Add Review" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, "review Created Successfully", { javaScript })).toBeVisible();
}

function reviewOnPage(page: Page, message: string) {
  return page.getByTestId("service-review").filter({ hasText: message });
}

for (const javaScript of [true, false]) {
  test.describe(`verified reviews, JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("completed visit -> review request mail -> its link -> a review marked Verified patient", async ({
      page,
      context,
      login,
      baseURL,
    }) => {
      const tag = `${javaScript ? "On" : "Off"}${Date.now().toString(36)}`;
      const service = await seededService(SERVICE);
      const patient = await createTestUser({ name: `Reviewer ${tag}` });
      const stranger = await createTestUser({ name: `Stranger ${tag}` });
      // Two past visits of the patient's; the runs use different days: holds must not collide
      // (an hour apart, so their 15-minute steps never meet either).
      const first = daysAgo(javaScript ? 2 : 3, 80);
      const second = daysAgo(javaScript ? 2 : 3, 20);
      const options = { slug: SERVICE, dentistId: "dentist-okafor", chairId: "chair-2" };
      const visit = await holdSlot(patient, first.date, first.time, options);
      const laterVisit = await holdSlot(patient, second.date, second.time, options);

      await login(await createTestUser({ role: "reception", name: `Desk ${tag}` }));
      await completeVisit(page, visit.id);
      // The request waits out the desk's undo window (ADR 039); here the window has passed.
      await e2eDb().outboxMessage.updateMany({
        where: { userId: patient.id, kind: "review_request" },
        data: { nextAttemptAt: new Date() },
      });

      const request = await waitForMail(patient.email, (m) => m.subject.startsWith("How was"));
      expect(request.subject).toBe(`How was your ${service.name}?`);
      expect(request.text).toContain(`Hello Reviewer ${tag},`);
      expect(request.text).toContain("Your review will show as from a verified patient.");
      const link = /Write a review: (\S+)/.exec(request.text)?.[1];
      expect(link).toBe(`${baseURL}/add-review?service=${service.id}`);

      // A second completed visit within six months: no second request (it would be written
      // with the completion, in the same transaction).
      await completeVisit(page, laterVisit.id);
      expect(
        await e2eDb().outboxMessage.count({
          where: { userId: patient.id, kind: "review_request" },
        }),
      ).toBe(1);

      // The patient follows the mail's link: the form opens on the visit's service.
      await context.clearCookies();
      await login(patient);
      await page.goto(link!);
      await expect(page.getByRole("heading", { name: "Add Review" })).toBeVisible();
      const verifiedText = `Fluoride done in ten minutes (${tag}).`;
      await writeReview(page, verifiedText, "5", javaScript);
      expect(
        await e2eDb().review.findFirstOrThrow({ where: { message: verifiedText } }),
      ).toMatchObject({ serviceId: service.id, userId: patient.id, verified: true });

      // Someone who never had the visit reviews the same service: it waits for moderation
      // (docs/decisions/040-reviews-held-for-moderation.md), shown to them alone.
      await context.clearCookies();
      await login(stranger);
      await page.goto(`/add-review?service=${service.id}`);
      const unverifiedText = `Never been, but heard good things (${tag}).`;
      await writeReview(page, unverifiedText, "4", javaScript);

      await page.goto(`/product/${service.slug}`);
      await expect(reviewOnPage(page, verifiedText).getByTestId("verified-patient")).toHaveText(
        "Verified patient",
      );
      await expect(reviewOnPage(page, unverifiedText)).toHaveCount(0);
      await expect(
        page.getByTestId("own-review").filter({ hasText: unverifiedText }),
      ).toContainText("Awaiting review");

      expect(readMail(patient.email).filter((m) => m.subject.startsWith("How was"))).toHaveLength(
        1,
      );
    });
  });
}
