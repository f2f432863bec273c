import { e2eDb, expect, test } from "./fixtures";
import { stopClock, untilGuardLeavesFor } from "./auth-support";
import { formError, separateClients, toast } from "./patient-support";

separateClients();

for (const javaScript of [true, false]) {
  test.describe(`Add Service with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("messages in the spec's order, then the service is created for review", async ({
      page,
      login,
    }) => {
      const user = await login();
      const title = `Gum Contouring ${javaScript ? "JS" : "HTML"} ${Date.now()}`;
      await page.goto("/add-services");
      await expect(page.getByRole("heading", { name: "Add Service" })).toBeVisible();
      await expect(page.getByTestId("current-user")).toContainText(user.name);
      await expect(page.getByTestId("current-user")).toContainText(user.email);

      const submit = page.getByRole("button", { name: "Add Service" });
      const steps: Array<[string, string, string]> = [
        ["", "", "Fill All Details"],
        ["Title", title, "please Enter your description"],
        [
          "Description",
          "Reshapes an uneven gum line with a soft-tissue laser.",
          "please Enter your price",
        ],
        [
          "Price (US dollars)",
          "-40",
          "Please enter a price in dollars greater than 0, like 120 or 99.50",
        ],
        ["Price (US dollars)", "349.5", "please Enter your photo"],
        [
          "Image link",
          "ftp://images.example/gum.png",
          "Please enter an image link that starts with http:// or https://",
        ],
      ];
      for (const [label, value, message] of steps) {
        if (label) await page.getByLabel(label, { exact: true }).fill(value);
        await submit.click();
        await expect(formError(page)).toHaveText(message);
        // With JavaScript the same message is also the spec's error toast.
        if (javaScript) await expect(toast(page, message)).toBeVisible();
      }
      expect(await e2eDb().service.count({ where: { name: title } })).toBe(0);

      await page.getByLabel("Image link").fill("https://images.example/gum.png");
      await page.getByLabel("Category").selectOption("Cosmetic");
      await submit.click();
      await expect(page).toHaveURL(/\/$/);
      await expect(toast(page, "Product Created Successfully", { javaScript })).toBeVisible();

      const created = await e2eDb().service.findFirstOrThrow({ where: { name: title } });
      expect(created).toMatchObject({
        priceCents: 34950,
        category: "Cosmetic",
        photo: "https://images.example/gum.png",
        createdById: user.id,
        // Patient-added services wait for the clinic's review (docs/decisions/023-service-approval.md).
        status: "awaiting_review",
      });
      expect(created.slug).toMatch(/^gum-contouring-(js|html)-\d+$/);
      // Its author opens it (the public does not see it yet: tests/e2e/staff-services.spec.ts).
      await page.goto(`/product/${created.slug}`);
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
      await expect(page.getByTestId("service-price")).toContainText("$349.50");
      await expect(page.getByTestId("service-standing")).toContainText("Awaiting review");
    });

    test("signed out, the page is guarded and leads to login", async ({ page }) => {
      if (javaScript) await stopClock(page);
      const response = await page.goto("/add-services");
      expect(response?.status()).toBe(401);
      await expect(page.getByText("Loading.. 3 second")).toBeVisible();
      await untilGuardLeavesFor(page, /\/login\?redirectTo=%2Fadd-services$/, { javaScript });
    });
  });
}
