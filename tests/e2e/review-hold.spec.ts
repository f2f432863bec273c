// Reviews held for moderation (issue 25, docs/decisions/040-reviews-held-for-moderation.md),
// in the browser with JavaScript on and off: a patient reviews a service from its page
// with a phone number in the text; the form said beforehand what waits; the spec's toast
// comes with a second line; the home page and the service's public list do not show it,
// its author sees it there as awaiting review; reception sees why it waits and publishes
// it; then everyone sees it. The new states pass axe at 1280 and 390 px.
import { axeViolations } from "./axe";
import { createTestUser, e2eDb, expect, hydrated, test } from "./fixtures";
import { choose, seededService, separateClients, toast } from "./patient-support";

separateClients();

const SERVICE = "composite-bonding";

for (const javaScript of [true, false]) {
  test.describe(`held reviews, JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("a review with a phone number waits, its author sees it, reception publishes it", async ({
      page,
      context,
      login,
      request,
    }) => {
      const service = await seededService(SERVICE);
      const tag = `${javaScript ? "on" : "off"} ${Date.now().toString(36)}`;
      const message = `Lovely bonding, call me on 555 010 0199 to ask (${tag})`;
      const author = await login(await createTestUser({ name: `Held Author ${tag}` }));

      await page.goto(`/product/${service.slug}`);
      await page.getByRole("link", { name: "Write a review" }).click();
      await expect(page.getByTestId("review-moderation-note")).toContainText(
        "any with a link or a phone number, appear once the clinic has read them",
      );
      await page.getByLabel("Message").fill(message);
      await choose(page, "Rating", { type: "5", option: "5 stars", javaScript });
      await page.getByRole("button", { name: "Add Review" }).click();
      await expect(page).toHaveURL(/\/$/);
      const created = toast(page, "review Created Successfully", { javaScript });
      await expect(created).toBeVisible();
      await expect(created).toContainText(
        "The clinic reads it before it appears on the site; until then you can see it on the service's page.",
      );
      await expect(page.getByTestId("reviews-carousel")).not.toContainText(message);

      await page.goto(`/product/${service.slug}`);
      const own = page.getByTestId("own-review").filter({ hasText: message });
      await expect(own).toContainText("Awaiting review");
      await expect(page.getByTestId("service-review").filter({ hasText: message })).toHaveCount(0);
      const anonymous = await (await request.get(`/product/${service.slug}`)).text();
      expect(anonymous).not.toContain(message);

      await context.clearCookies();
      await login(await createTestUser({ role: "reception" }));
      await page.goto("/staff/moderation");
      const waiting = page
        .getByRole("list", { name: "Reviews awaiting moderation" })
        .getByTestId("moderated-review")
        .filter({ hasText: message });
      await expect(waiting.getByTestId("review-held-for")).toHaveText(
        "Waiting for moderation: no completed visit of the service when it was written, a phone number",
      );
      await waiting.getByRole("button", { name: `Publish the review by ${author.name}` }).click();
      await expect(toast(page, "The review is now on the site.", { javaScript })).toBeVisible();
      await expect(waiting).toHaveCount(0);

      await context.clearCookies();
      await page.goto(`/product/${service.slug}`);
      await expect(page.getByTestId("service-review").filter({ hasText: message })).toBeVisible();
      expect(
        await e2eDb().auditEntry.count({
          where: { action: "review.publish", patientId: author.id },
        }),
      ).toBe(1);
    });
  });
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`the form's note and the author's waiting review pass axe on a ${viewport.name}`, async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const author = await login();
    const service = await seededService(SERVICE);
    await e2eDb().review.createMany({
      data: [
        { status: "awaiting_review", heldFor: "no_visit" },
        { status: "rejected", heldFor: "link" },
      ].map((state) => ({
        ...state,
        name: author.name,
        message: `Waiting at ${viewport.width} px`,
        rating: 4,
        serviceId: service.id,
        userId: author.id,
      })),
    });
    await page.goto(`/product/${service.slug}`);
    await expect(page.getByTestId("own-review")).toHaveCount(2);
    await expect(page.getByTestId("own-review").nth(1)).toContainText(
      /Awaiting review|Not published/,
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`/add-review?service=${service.id}`);
    await expect(page.getByTestId("review-moderation-note")).toBeVisible();
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);
  });
}
