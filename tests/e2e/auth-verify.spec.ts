import { formatDateTime } from "../../app/utils/clinic-format";
import { TUESDAY, upcoming } from "../support/clinic-dates";
import { expectSignedInAs, fillLogin } from "./auth-support";
import { e2eDb, expect, readMail, test, waitForMail } from "./fixtures";
import { choose, CLINIC_CLOCK, formError, separateClients, toast } from "./patient-support";

separateClients();

const LINK = /http:\/\/127\.0\.0\.1:\d+\/verify-email\/[A-Za-z0-9_-]+/;
const REQUIRED = "Please verify your e-mail address first";
const RESENT = "If your e-mail address still needs verifying, a new link is on its way";

for (const javaScript of [true, false]) {
  test.describe(`with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("register -> verification mail -> verify -> book", async ({ page }) => {
      const email = `verify-${Date.now()}-${javaScript ? "js" : "nojs"}@example.com`;
      await page.goto("/register");
      await page.getByLabel("Name").fill("Vera Verify");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("vera-pass");
      await page.getByLabel("Image URL").fill("https://example.com/vera.png");
      await page.getByRole("button", { name: "Sign up" }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(toast(page, "registation success full", { javaScript })).toBeVisible();
      const welcome = await waitForMail(email, (mail) => LINK.test(mail.text));
      expect(welcome.subject).toBe("Verify your e-mail address");

      // Signed in but unverified: the booking page says why and offers a new link.
      await fillLogin(page, email, "vera-pass");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await expectSignedInAs(page, "Vera Verify");
      await page.goto("/make-appointment");
      await expect(page.getByRole("heading", { name: "Book an Appoinment" })).toBeVisible();
      await expect(page.getByTestId("verify-email-notice")).toContainText(REQUIRED);
      await expect(page.getByRole("button", { name: "Add booking" })).toHaveCount(0);
      await page.getByRole("button", { name: "Send me a new link" }).click();
      await expect(page).toHaveURL(/\/make-appointment$/);
      await expect(toast(page, RESENT, { javaScript })).toBeVisible();
      // The newest link is the one to use (both work until one is used).
      let link = "";
      await expect
        .poll(
          async () => {
            const links = readMail(email).flatMap((mail) => LINK.exec(mail.text)?.[0] ?? []);
            link = links.at(-1) ?? "";
            return links.length;
          },
          { timeout: 30_000 },
        )
        .toBe(2);

      await page.goto(link);
      await expect(page.getByRole("heading", { name: "Verify your e-mail address" })).toBeVisible();
      await page.getByRole("button", { name: "Verify my e-mail address" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(toast(page, "Your e-mail address is verified", { javaScript })).toBeVisible();

      // Now the form is there, and the booking goes through.
      const date = upcoming(TUESDAY, javaScript ? 5 : 6);
      await page.goto("/make-appointment");
      await page.getByLabel("Phone").fill("+1 555 0199");
      // The service first: the free times offered depend on its length.
      await choose(page, "Service", { type: "Teeth", option: "Teeth Cleaning", javaScript });
      await page.getByLabel("Date").fill(date);
      const time = page.getByLabel("Time");
      if (javaScript) {
        await expect(time.locator("option[value='11:00']")).toBeAttached();
        await time.selectOption("11:00");
      } else {
        await time.fill("11:00");
      }
      await page.getByLabel("Message").fill("First visit.");
      await page.getByRole("button", { name: "Add booking" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(toast(page, "Product Created Successfully", { javaScript })).toBeVisible();
      await expect(formError(page)).toHaveCount(0);
      const user = await e2eDb().user.findUniqueOrThrow({ where: { email } });
      expect(await e2eDb().appointment.count({ where: { userId: user.id } })).toBe(1);
      await waitForMail(email, (mail) =>
        mail.subject.includes(`${formatDateTime(date, "11:00", CLINIC_CLOCK)} is booked`),
      );
    });
  });
}

test("a used or unknown verification link says so and offers a new one", async ({ page }) => {
  const unknown = await page.goto("/verify-email/not-a-real-token-at-all");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("alert")).toHaveText(/not valid/);
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
    "href",
    "/verify-email",
  );
});

test.describe("claiming a record the front desk made, with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the registration sets nothing; the link's page asks the mailbox's owner for the password", async ({
    page,
  }) => {
    const email = `claim-${Date.now()}@example.com`;
    await e2eDb().user.create({ data: { name: "Desk Record", email } });
    await page.goto("/register");
    await page.getByLabel("Name").fill("Someone Else");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("typed-at-registration");
    await page.getByLabel("Image URL").fill("https://example.com/someone.png");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, "registation success full", { javaScript: false })).toBeVisible();

    const mail = await waitForMail(email, (message) => LINK.test(message.text));
    expect(mail.subject).toBe("Confirm your Dental Clinic account");
    await page.goto(LINK.exec(mail.text)![0]);
    await expect(page.getByRole("heading", { name: "Choose your password" })).toBeVisible();
    await page.getByRole("button", { name: "Set my password" }).click();
    await expect(formError(page)).toContainText("Fill All Details");
    await page.getByLabel("New password", { exact: true }).fill("chosen-on-the-link");
    await page.getByLabel("Repeat the new password").fill("chosen-on-the-link");
    await page.getByRole("button", { name: "Set my password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      toast(page, "Your e-mail address is verified and your password is set", {
        javaScript: false,
      }),
    ).toBeVisible();

    await fillLogin(page, email, "chosen-on-the-link");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expectSignedInAs(page, "Desk Record");
  });
});
