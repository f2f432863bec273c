import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { MONDAY, upcoming } from "../support/clinic-dates";
import { expect, test } from "./fixtures";
import { holdSlot, seededService, separateClients } from "./patient-support";

separateClients();

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(" ")} ${node.failureSummary}`).join(", ")}`,
    );
}

for (const path of ["/add-services", "/add-review", "/make-appointment", "/user/appointments"]) {
  test(`${path} has no serious or critical axe violations, signed in`, async ({ page, login }) => {
    const user = await login();
    if (path === "/user/appointments") {
      const service = await seededService("teeth-whitening");
      await holdSlot(user, upcoming(MONDAY, 8), "16:30", { slug: service.slug });
    }
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("the open service combobox and a form error are accessible", async ({ page, login }) => {
  await login();
  await page.goto("/make-appointment");
  await page.getByLabel("Phone").fill("");
  await page.getByRole("button", { name: "Add booking" }).click();
  await expect(page.getByTestId("form-error")).toHaveText("please Enter your phone");
  const combobox = page
    .locator("input[role=combobox]")
    .and(page.getByLabel("Service", { exact: true }));
  await combobox.fill("teeth");
  await expect(page.getByRole("listbox")).toBeVisible();
  await expect(combobox).toHaveAttribute("aria-expanded", "true");
  // The error toast too, once it has faded in.
  const errorToast = page.locator("[data-sonner-toast][data-type=error]");
  await expect(errorToast).toHaveCSS("opacity", "1");
  expect(await seriousViolations(page)).toEqual([]);
});
