import { MONDAY, upcoming } from "../support/clinic-dates";
import { axeViolations } from "./axe";
import { e2eDb, expect, test } from "./fixtures";
import { holdSlot, seededService, separateClients } from "./patient-support";

separateClients();

for (const path of ["/add-services", "/add-review", "/make-appointment", "/user/appointments"]) {
  test(`${path} has no axe violations, signed in`, async ({ page, login }) => {
    const user = await login();
    if (path === "/user/appointments") {
      const service = await seededService("teeth-whitening");
      await holdSlot(user, upcoming(MONDAY, 8), "16:30", { slug: service.slug });
    }
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await axeViolations(page)).toEqual([]);
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
  expect(await axeViolations(page)).toEqual([]);
});

// Families (issue 35): My family with a member, and the booking form for someone new.
for (const path of ["/user/family", "/make-appointment?patient=new"]) {
  test(`${path} has no axe violations, with a family member`, async ({ page, login }) => {
    const user = await login();
    const member = await e2eDb().user.create({
      data: {
        name: `Axe Child ${Date.now().toString(36)}`,
        email: `no-email-axe-${Date.now().toString(36)}@no-email.invalid`,
        dateOfBirth: `${new Date().getFullYear() - 8}-05-01`,
        provider: "local",
      },
    });
    await e2eDb().guardianLink.create({
      data: { guardianId: user.id, dependantId: member.id, relationship: "child" },
    });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expect(page.getByText(member.name).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
