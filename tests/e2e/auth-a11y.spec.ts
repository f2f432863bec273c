import type { Page } from "@playwright/test";
import { stopClock } from "./auth-support";
import { axeViolations } from "./axe";
import { createTestUser, expect, hydrated, test } from "./fixtures";

/** Every axe violation once the page has hydrated. */
async function settledViolations(page: Page) {
  await hydrated(page);
  return axeViolations(page);
}

for (const [label, width] of [
  ["desktop", 1280],
  ["phone", 360],
] as const) {
  test.describe(`account pages on a ${label}`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const path of ["/login", "/register", "/forgot-password", "/reset-password/not-a-token"]) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        expect(await settledViolations(page)).toEqual([]);
      });
    }

    test("the login form with an error and the password shown stays accessible", async ({
      page,
    }) => {
      await page.goto("/login");
      await page.getByLabel("Password", { exact: true }).fill("abc");
      await page.getByRole("button", { name: "Show password" }).click();
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await expect(page.getByTestId("form-error")).toHaveText("please Enter your email");
      expect(await settledViolations(page)).toEqual([]);
    });

    test("the guard and both profile pages are accessible", async ({ page, login }) => {
      // The guard leaves for /login after 4.5 s, which a slow scan could outlast: its
      // clock stands still until the page has settled, and /login cannot load until the
      // scan is done, so the guard stays on screen however long the scan takes.
      const loginData = /\/login\.data\b/;
      await page.route(loginData, () => {});
      await stopClock(page);
      await page.goto("/user/profile");
      await expect(page.getByText("Loading.. 3 second")).toBeVisible();
      await page.waitForLoadState("networkidle");
      await page.clock.resume();
      expect(await axeViolations(page)).toEqual([]);
      await page.goto("about:blank");
      await page.unroute(loginData);

      await login();
      await page.goto("/user/profile");
      await expect(page.getByRole("heading", { name: "Update Profile" })).toBeVisible();
      expect(await settledViolations(page)).toEqual([]);

      await page.context().clearCookies();
      await login(
        await createTestUser({
          provider: "google",
          googleId: `a11y-${Date.now()}-${width}`,
          passwordHash: null,
        }),
      );
      await page.goto("/user/profileGoogle");
      await expect(page.getByRole("heading", { name: "User Profile" })).toBeVisible();
      expect(await settledViolations(page)).toEqual([]);
    });
  });
}
