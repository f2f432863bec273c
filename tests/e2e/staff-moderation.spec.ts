import type { APIRequestContext } from "@playwright/test";
import { createTestUser, e2eDb, expect, test } from "./fixtures";
import { seededService, separateClients, toast } from "./patient-support";

separateClients();

/** A patient's review, written through the API so the site's cached pages see it at once. */
async function postReview(request: APIRequestContext, token: string, message: string) {
  const service = await seededService("teeth-cleaning");
  const response = await request.post("/api/create-review", {
    headers: { authorization: `Bearer ${token}` },
    data: { service: service.id, name: "Rowdy Reviewer", message, rating: 1 },
  });
  expect(response.status()).toBe(201);
  return service;
}

for (const javaScript of [true, false]) {
  test.describe(`Moderation with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("reception publishes a held review, hides it, it leaves the home page, and the admin finds it in the audit trail", async ({
      page,
      context,
      request,
      login,
    }) => {
      const author = await login();
      const message = `Terrible, rude staff (${javaScript ? "js" : "html"} ${Date.now().toString(36)})`;
      const service = await postReview(request, author.token, message);
      // No completed visit: it waits for moderation (docs/decisions/040-reviews-held-for-moderation.md).
      await page.goto("/");
      await expect(page.getByTestId("reviews-carousel")).not.toContainText(message);

      await context.clearCookies();
      const reception = await login(
        await createTestUser({ role: "reception", name: `Rita Desk ${Date.now() % 10_000}` }),
      );
      await page.goto("/");
      const main = page.getByRole("navigation", { name: "Main" });
      // The phone menu holds the same link; the desktop one is visible at this size.
      await main.getByRole("link", { name: "Clinic", exact: true }).click();
      await expect(page).toHaveURL(/\/staff$/);
      // The Clinic link opens today's diary.
      await expect(
        page.getByRole("heading", { level: 1, name: /^Diary: .+ \(today\)$/ }),
      ).toBeVisible();
      const clinic = page.getByRole("navigation", { name: "Clinic" });
      await expect(clinic.getByRole("link", { name: "Audit trail" })).toHaveCount(0);
      await clinic.getByRole("link", { name: "Moderation" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Moderation" })).toBeVisible();

      const waiting = page
        .getByRole("list", { name: "Reviews awaiting moderation" })
        .getByTestId("moderated-review")
        .filter({ hasText: message });
      await waiting.getByRole("button", { name: "Publish the review by Rowdy Reviewer" }).click();
      await expect(toast(page, "The review is now on the site.", { javaScript })).toBeVisible();
      await expect(waiting).toHaveCount(0);
      const anonymousBefore = await (await request.get("/")).text();
      expect(anonymousBefore).toContain(message);

      const row = page.getByTestId("moderated-review").filter({ hasText: message });
      await row.getByRole("button", { name: "Hide the review by Rowdy Reviewer" }).click();
      await expect(
        toast(page, "The review is hidden from the site.", { javaScript }),
      ).toBeVisible();
      await expect(row).toContainText(`Hidden by ${reception.name}`);
      await expect(
        row.getByRole("button", { name: "Restore the review by Rowdy Reviewer" }),
      ).toBeVisible();

      await page.goto("/");
      await expect(page.getByTestId("reviews-carousel")).not.toContainText(message);
      await page.goto(`/product/${service.slug}`);
      await expect(page.locator("#main")).not.toContainText(message);
      const api = (await (await request.get("/api/reviews")).json()) as {
        reviews: Array<{ message: string }>;
      };
      expect(api.reviews.map((review) => review.message)).not.toContain(message);
      // Anonymous visitors get the (cached) public home page: it has moved on too.
      const anonymous = await (await request.get("/")).text();
      expect(anonymous).not.toContain(message);

      // Reception may not read the audit trail.
      await page.goto("/staff/audit");
      await expect(page.getByRole("heading", { name: "Staff only" })).toBeVisible();

      await context.clearCookies();
      await login(await createTestUser({ role: "admin" }));
      await page.goto("/staff");
      await page
        .getByRole("navigation", { name: "Clinic" })
        .getByRole("link", { name: "Audit trail" })
        .click();
      await page.getByLabel("Patient (e-mail or name)").fill(author.email);
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/patient=/);
      const entry = page
        .getByTestId("audit-entry")
        .filter({ hasText: `Hid the review of ${service.name}` });
      await expect(entry).toHaveCount(1);
      await expect(entry).toContainText(reception.name);
      await expect(entry).toContainText(author.email);

      await page.getByLabel("Patient (e-mail or name)").fill("");
      await page.getByLabel("Staff member (e-mail or name)").fill(reception.email);
      await page.getByRole("button", { name: "Search" }).click();
      // Published, then hidden.
      await expect(page.getByTestId("audit-entry")).toHaveCount(2);
      expect(await e2eDb().review.count({ where: { message, hidden: true } })).toBe(1);
    });
  });
}

test("a patient sees no Clinic link and gets the staff-only page at /staff", async ({
  page,
  login,
}) => {
  await login();
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Clinic", exact: true })).toHaveCount(0);
  const response = await page.goto("/staff/moderation");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Staff only" })).toBeVisible();
});
