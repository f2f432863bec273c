import { readFile } from "node:fs/promises";
import { formatDateTime } from "../../app/utils/clinic-format";
import { TUESDAY, upcoming } from "../support/clinic-dates";
import { expectSignedOut, fillLogin, toast } from "./auth-support";
import { createTestUser, expect, test, TEST_PASSWORD, waitForMail } from "./fixtures";
import { CLINIC_CLOCK, formError, holdSlot, separateClients } from "./patient-support";

separateClients();

const DELETED = "Your account has been deleted. Thank you for having been our patient.";

for (const javaScript of [true, false]) {
  test.describe(`My data with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("from the user menu: download the file and read everything about me in it", async ({
      page,
      login,
    }) => {
      const user = await login();
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByTestId("user-menu").click();
      await nav.getByRole("link", { name: "My data" }).click();
      await expect(page.getByRole("heading", { name: "My data", level: 1 })).toBeVisible();

      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Download my data" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^dental-clinic-my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const document = JSON.parse(await readFile((await file.path())!, "utf8")) as {
        version: number;
        profile: { email: string; name: string };
        signInSessions: unknown[];
      };
      expect(document.version).toBe(1);
      expect(document.profile).toMatchObject({ email: user.email, name: user.name });
      expect(document.signInSessions.length).toBeGreaterThan(0);
      // The page is still there: a download is not a navigation.
      await expect(page.getByRole("heading", { name: "My data", level: 1 })).toBeVisible();
    });

    test("delete my account: the password confirms; then login fails and the address registers again", async ({
      page,
      login,
    }) => {
      const user = await login(
        await createTestUser({ name: `Dora ${javaScript ? "Js" : "NoJs"} ${Date.now()}` }),
      );
      const date = upcoming(TUESDAY, javaScript ? 5 : 6);
      await holdSlot(user, date, "14:00", { slug: "teeth-cleaning" });

      await page.goto("/user/data");
      await page.getByRole("link", { name: "Delete my account" }).click();
      await expect(page).toHaveURL(/\/user\/delete-account$/);
      const password = page.getByLabel("Your password", { exact: true });
      const confirm = page.getByRole("button", { name: "Delete my account for good" });

      await password.fill("not-my-password");
      await confirm.click();
      await expect(formError(page)).toHaveText(
        "That password is not right. Your account has not been deleted.",
      );

      await password.fill(TEST_PASSWORD);
      await confirm.click();
      await expect(page).toHaveURL(/\/$/);
      await expect(toast(page, DELETED, { javaScript })).toBeVisible();
      await expectSignedOut(page);
      const cancellation = await waitForMail(user.email, (mail) =>
        mail.subject.includes("is cancelled"),
      );
      expect(cancellation.subject).toContain(formatDateTime(date, "14:00", CLINIC_CLOCK));

      await page.goto("/login");
      await fillLogin(page, user.email, TEST_PASSWORD);
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await expect(formError(page)).toHaveText("Invalid email or password");

      await page.goto("/register");
      await page.getByLabel("Name").fill("Dora Again");
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill("dora-again-1");
      await page.getByLabel("Image URL").fill("https://example.com/dora.png");
      await page.getByRole("button", { name: "Sign up" }).click();
      await expect(toast(page, "registation success full", { javaScript })).toBeVisible();
    });
  });
}
