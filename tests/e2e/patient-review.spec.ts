import { fillLogin } from "./auth-support";
import { createTestUser, e2eDb, expect, test, TEST_PASSWORD } from "./fixtures";
import { choose, formError, seededService, separateClients, toast } from "./patient-support";

separateClients();

for (const javaScript of [true, false]) {
  test.describe(`Add Review with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("messages in the spec's order, then the review waits for moderation, shown to its author on the service's page", async ({
      page,
      login,
    }) => {
      const user = await login();
      const service = await seededService("dental-crowns");
      const message = `Crown fitted in one visit, no pain (${javaScript ? "js" : "html"} ${Date.now().toString(36)}).`;
      await page.goto("/add-review");
      await expect(page.getByRole("heading", { name: "Add Review" })).toBeVisible();
      const submit = page.getByRole("button", { name: "Add Review" });
      const name = page.getByLabel("Name", { exact: true });
      await expect(name).toHaveValue(user.name);

      await name.fill("");
      await submit.click();
      await expect(formError(page)).toHaveText("Fill All Details");
      await name.fill("Grace");
      await submit.click();
      await expect(formError(page)).toHaveText("please Enter your service");
      await choose(page, "Service", { type: "crown", option: service.name, javaScript });
      await submit.click();
      await expect(formError(page)).toHaveText("please Enter your message");
      await page.getByLabel("Message").fill(message);
      await submit.click();
      await expect(formError(page)).toHaveText("please Enter your rating");
      if (javaScript) await expect(toast(page, "please Enter your rating")).toBeVisible();
      expect(await e2eDb().review.count({ where: { message } })).toBe(0);

      await choose(page, "Rating", { type: "4", option: "4 stars", javaScript });
      await submit.click();
      await expect(page).toHaveURL(/\/$/);
      await expect(toast(page, "review Created Successfully", { javaScript })).toBeVisible();

      const stored = await e2eDb().review.findFirstOrThrow({ where: { message } });
      expect(stored).toMatchObject({
        name: "Grace",
        rating: 4,
        serviceId: service.id,
        userId: user.id,
      });
      // No completed visit: it waits (docs/decisions/040-reviews-held-for-moderation.md), and
      // the toast's second line says so.
      await expect(
        toast(page, "The clinic reads it before it appears on the site", { javaScript }),
      ).toBeVisible();
      expect(stored.status).toBe("awaiting_review");
      await page.goto(`/product/${service.slug}`);
      const own = page.getByTestId("own-review").filter({ hasText: message });
      await expect(own).toBeVisible();
      await expect(own).toContainText("Awaiting review");
      await expect(page.getByTestId("service-review").filter({ hasText: message })).toHaveCount(0);
    });

    test("renders signed out; sending leads to login and back to the form, still filled in", async ({
      page,
    }) => {
      const user = await createTestUser();
      await page.goto("/add-review");
      await expect(page.getByRole("heading", { name: "Add Review" })).toBeVisible();
      await page.getByLabel("Name", { exact: true }).fill("Anonymous");
      await page.getByLabel("Message").fill("Lovely staff.");
      const service = await seededService("teeth-cleaning");
      await choose(page, "Service", { type: "clean", option: service.name, javaScript });
      await choose(page, "Rating", { type: "5", option: "5 stars", javaScript });
      await page.getByRole("button", { name: "Add Review" }).click();
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadd-review$/);

      await fillLogin(page, user.email, TEST_PASSWORD);
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await expect(page).toHaveURL(/\/add-review$/);
      // What they wrote is back (kept through the login, not sent until they send it).
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Anonymous");
      await expect(page.getByLabel("Message")).toHaveValue("Lovely staff.");
      expect(await e2eDb().review.count({ where: { message: "Lovely staff." } })).toBe(0);
    });
  });
}

test("the searchable select filters as you type and reads out its options", async ({ page }) => {
  await page.goto("/add-review");
  const combobox = page
    .locator("input[role=combobox]")
    .and(page.getByLabel("Service", { exact: true }));
  await combobox.fill("whit");
  const options = page.getByRole("option");
  await expect(options).toHaveText(["Teeth Whitening"]);
  await combobox.fill("zzz");
  // Shown under the field, and read out by its status region.
  await expect(
    page.getByText("No match for “zzz”").and(page.locator(":not([role=status])")),
  ).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "No match for “zzz”" })).toHaveCount(1);
  await combobox.press("Escape");
  await expect(options).toHaveCount(0);
});

test("'Write a review' on a service page opens the form with that service chosen", async ({
  page,
}) => {
  const service = await seededService("porcelain-veneers");
  await page.goto(`/product/${service.slug}`);
  await page.getByRole("link", { name: "Write a review" }).click();
  await expect(page).toHaveURL(new RegExp(`/add-review\\?service=${service.id}$`));
  await expect(
    page.locator("input[role=combobox]").and(page.getByLabel("Service", { exact: true })),
  ).toHaveValue(service.name);
});
