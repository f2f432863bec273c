import { clientAddressFor, expectSignedInAs, fillLogin, toast } from "./auth-support";
import { createTestUser, e2eDb, expect, test, TEST_PASSWORD, waitForMail } from "./fixtures";

test.use({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture list from this pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ "x-forwarded-for": clientAddressFor(testInfo) });
  },
});

const REQUESTED = /If an account exists for that email, we have sent it a link/;
const LINK = /http:\/\/127\.0\.0\.1:\d+\/reset-password\/[A-Za-z0-9_-]+/;

for (const javaScript of [true, false]) {
  test.describe(`with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("reset: the mailbox owner types the new password on the mailed link's form, once", async ({
      page,
    }) => {
      const user = await createTestUser();
      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot Password?" }).click();
      await expect(page.getByRole("heading", { name: "Reset password" })).toBeVisible();
      // The spec's field stays, and the page says it is not used.
      await expect(page.getByText("only checked, never used")).toBeVisible();
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("New password").fill("requester-pass");
      await page.getByRole("button", { name: "RESET" }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(toast(page, REQUESTED, { javaScript })).toBeVisible();

      const mail = await waitForMail(user.email, (message) => LINK.test(message.text));
      const link = LINK.exec(mail.text)![0];
      expect(mail.html).toContain(link);

      await page.goto(link);
      await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
      const first = page.getByLabel("New password", { exact: true });
      const again = page.getByLabel("Repeat the new password", { exact: true });
      const save = page.getByRole("button", { name: "Set new password" });
      await first.fill("brand-new-pass");
      await again.fill("brand-new-pasS");
      await save.click();
      await expect(page.getByTestId("form-error")).toHaveText("The two passwords do not match");
      await first.fill("abc");
      await again.fill("abc");
      await save.click();
      await expect(page.getByTestId("form-error")).toHaveText("password need minimum 5 character");
      await first.fill("brand-new-pass");
      await again.fill("brand-new-pass");
      await save.click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(toast(page, "Your password has been changed", { javaScript })).toBeVisible();

      for (const wrong of [TEST_PASSWORD, "requester-pass"]) {
        await fillLogin(page, user.email, wrong);
        await page.getByRole("button", { name: "Login", exact: true }).click();
        await expect(page.getByTestId("form-error")).toHaveText("Invalid email or password");
      }
      await fillLogin(page, user.email, "brand-new-pass");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await expectSignedInAs(page, user.name);

      // Used links say so.
      const reused = await page.goto(link);
      expect(reused?.status()).toBe(410);
      await expect(page.getByRole("alert").filter({ hasText: "already been used" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Set new password" })).toHaveCount(0);
    });

    test("reset: the fields are required, in order", async ({ page }) => {
      await page.goto("/forgot-password");
      for (const [email, password, message] of [
        ["", "", "Fill All Details"],
        ["", "secret1", "please Enter your email"],
        ["someone@example.com", "", "please Enter your new password"],
        ["someone@example.com", "abc", "password need minimum 5 character"],
      ] as const) {
        await page.getByLabel("Email").fill(email);
        await page.getByLabel("New password").fill(password);
        await page.getByRole("button", { name: "RESET" }).click();
        await expect(page.getByTestId("form-error")).toHaveText(message);
      }
    });
  });
}

test("reset: an expired link gets a clear message and changes nothing", async ({ page }) => {
  const user = await createTestUser();
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("New password").fill("too-late-pass");
  await page.getByRole("button", { name: "RESET" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const mail = await waitForMail(user.email, (message) => LINK.test(message.text));
  await e2eDb().passwordReset.updateMany({
    where: { userId: user.id },
    data: { expiresAt: new Date(Date.now() - 60_000) },
  });
  const response = await page.goto(LINK.exec(mail.text)![0]);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole("alert")).toHaveText(/has expired/);
  await page.getByRole("link", { name: "Ask for a new link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const stored = await e2eDb().user.findUniqueOrThrow({ where: { id: user.id } });
  expect(stored.passwordHash).toBe(user.passwordHash);
});

test("reset: an unknown address gets the same answer and no mail", async ({ page }) => {
  const email = `nobody-${Date.now()}@example.com`;
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("New password").fill("whatever-pass");
  await page.getByRole("button", { name: "RESET" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, REQUESTED)).toBeVisible();
  expect(await e2eDb().passwordReset.count({ where: { user: { email } } })).toBe(0);
});
