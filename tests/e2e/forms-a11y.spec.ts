// Axe on every page and state of the forms (issue 36, ADR 050), at 1280 and 390 px: the
// patient's forms, a form to fill (fresh and refused), a signed form, the desk's tablet
// (locked, refused, confirming, filling, done), the admin's forms and a form's editor
// (refused too), the histories to review, the desk's code, a history's review, and the
// diary and visit page with the forms on them.
import type { Page } from "@playwright/test";
import { upcoming } from "../support/clinic-dates";
import { axeViolations } from "./axe";
import { createTestUser, e2eDb, expect, test } from "./fixtures";
import { holdSlot, separateClients } from "./patient-support";

separateClients();

const TUESDAY = 2;

async function clean(page: Page, what: string) {
  expect(await axeViolations(page), what).toEqual([]);
}

for (const width of [1280, 390]) {
  test.describe(`Forms at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the patient's pages are axe clean in every state", async ({ page, login }) => {
      const user = await login(await createTestUser({ dateOfBirth: "1980-05-17" }));
      const visit = await holdSlot(user, upcoming(TUESDAY, width === 1280 ? 59 : 60), "09:00", {
        layer: 3,
      });
      await page.goto("/user/forms");
      await expect(page.getByTestId("due-forms")).toBeVisible();
      await clean(page, "My forms with forms due");
      await page.goto("/user/appointments");
      await expect(page.getByTestId("due-forms")).toBeVisible();
      await clean(page, "My appointments with forms due");
      await page.goto(`/user/forms/privacy-consent?visit=${visit.id}`);
      await expect(page.getByTestId("signature-pad")).toBeVisible();
      await clean(page, "a form to fill");
      await page.getByRole("button", { name: "Sign and send" }).click();
      await expect(page.getByTestId("form-error")).toBeVisible();
      await clean(page, "a refused form");
      const form = page.getByRole("form", { name: "Privacy and communication" });
      for (const group of await form.getByRole("group").all()) {
        await group.getByLabel("Yes").check();
      }
      await page.getByLabel("Your full name, as your signature").fill(user.name);
      await page.getByRole("button", { name: "Sign and send" }).click();
      // The next form due for the visit follows the one signed.
      await expect(page.getByRole("heading", { name: "Medical history" })).toBeVisible();
      await clean(page, "the next form due, after a signed one");
      await page.goto("/user/forms");
      await expect(page.getByRole("heading", { name: "My forms" })).toBeVisible();
      await clean(page, "My forms with a signed form");
      await page.getByRole("link", { name: /^See Privacy and communication/ }).click();
      await expect(page.getByRole("heading", { name: "Privacy and communication" })).toBeVisible();
      await clean(page, "a signed form's page");
    });

    test("the desk's tablet is axe clean in every state", async ({ page, browser, login }) => {
      const patient = await createTestUser({ name: "Tab Let", dateOfBirth: "1970-01-01" });
      const visit = await holdSlot(patient, upcoming(TUESDAY, width === 1280 ? 61 : 62), "09:00", {
        layer: 3,
      });
      await login(await createTestUser({ role: "reception" }));
      await page.goto(`/staff/forms/desk?visit=${visit.id}`);
      await clean(page, "fill at the desk");
      await page.getByRole("button", { name: "Open the tablet" }).click();
      await expect(page.getByTestId("kiosk-code")).toBeVisible();
      await clean(page, "the code for the tablet");
      const code = (await page.getByTestId("kiosk-code").textContent())!.replace(/\s/g, "");

      const tablet = await (
        await browser.newContext({ viewport: { width, height: 900 } })
      ).newPage();
      await tablet.goto(new URL("/kiosk", page.url()).href);
      await clean(tablet, "the locked tablet");
      await tablet.getByLabel("Code from reception").fill("000000");
      await tablet.getByRole("button", { name: "Open" }).click();
      await expect(tablet.getByTestId("form-error")).toBeVisible();
      await clean(tablet, "a wrong code");
      await tablet.getByLabel("Code from reception").fill(code);
      await tablet.getByRole("button", { name: "Open" }).click();
      await expect(tablet.getByTestId("kiosk-confirm")).toBeVisible();
      await clean(tablet, "the identity check");
      await tablet.getByLabel("Your full name", { exact: true }).fill("Tab Let");
      await tablet.getByLabel("Your date of birth").fill("1970-01-02");
      await tablet.getByRole("button", { name: "Continue" }).click();
      await expect(tablet.getByTestId("form-error")).toBeVisible();
      await clean(tablet, "a wrong answer");
      await tablet.getByLabel("Your full name", { exact: true }).fill("Tab Let");
      await tablet.getByLabel("Your date of birth").fill("1970-01-01");
      await tablet.getByRole("button", { name: "Continue" }).click();
      await expect(tablet.getByTestId("kiosk-form")).toBeVisible();
      await clean(tablet, "a form on the tablet");
      await tablet.getByRole("button", { name: "Finish and lock the screen" }).click();
      await expect(tablet.getByText("Thank you.")).toBeVisible();
      await clean(tablet, "the tablet locked again");
      await tablet.context().close();
    });

    test("the staff's forms pages are axe clean in every state", async ({ page, login }) => {
      const stamp = `${process.pid}-${Date.now()}-${width}`;
      const admin = await createTestUser({ role: "admin", name: `Ad Min ${stamp}` });
      const patient = await createTestUser({
        name: `Axe Patient ${width}`,
        dateOfBirth: "1990-01-01",
      });
      const day = upcoming(TUESDAY, width === 1280 ? 63 : 64);
      const visit = await holdSlot(patient, day, "09:00", { layer: 3 });
      const version = await e2eDb().formVersion.findFirstOrThrow({
        where: { templateId: "medical-history" },
        orderBy: { number: "desc" },
      });
      const answers = { "allergy-latex": true, diabetes: true, smoking: "current" };
      const old = await e2eDb().formSubmission.create({
        data: {
          templateId: "medical-history",
          versionId: version.id,
          patientId: patient.id,
          patientName: patient.name,
          answers: JSON.stringify({ ...answers, diabetes: false }),
          signatureName: patient.name,
          submittedAt: new Date(Date.now() - 86_400_000),
        },
      });
      const submission = await e2eDb().formSubmission.create({
        data: {
          templateId: "medical-history",
          versionId: version.id,
          patientId: patient.id,
          patientName: patient.name,
          answers: JSON.stringify(answers),
          signatureName: patient.name,
        },
      });
      await login(admin);
      await page.goto("/staff/forms");
      await clean(page, "the forms");
      await page.goto("/staff/forms/new");
      await clean(page, "a new form");
      await page.getByRole("button", { name: "Add the form" }).click();
      await expect(page.getByRole("alert").first()).toBeVisible();
      await clean(page, "a refused form");
      await page.goto("/staff/forms/medical-history");
      await clean(page, "the medical history's editor");
      await page.goto("/staff/forms/reviews");
      await expect(page.getByTestId("history-to-review").first()).toBeVisible();
      await clean(page, "histories to review");
      await page.goto(`/staff/forms/submissions/${old.id}`);
      await clean(page, "a history a newer one replaced");
      await page.goto(`/staff/forms/submissions/${submission.id}`);
      await expect(page.locator("[data-changed=true]").first()).toBeVisible();
      await clean(page, "a history to review, its changes marked");
      await page.getByRole("button", { name: "Sign the review" }).click();
      await expect(page.getByTestId("form-error")).toBeVisible();
      await clean(page, "a refused review");
      await page.goto(`/staff?date=${day}`);
      await expect(page.locator(".history-due, .history-review").first()).toBeVisible();
      await clean(page, "the diary with a history's state");
      await page.goto(`/staff/appointments/${visit.id}`);
      await expect(page.getByTestId("visit-forms")).toBeVisible();
      await clean(page, "a visit's page with its forms");
      await page.goto(`/staff/forms/submissions/${submission.id}`);
      for (const name of ["Diabetes", "Allergy: latex"]) {
        await page.getByRole("group", { name }).getByLabel("Decline").check();
      }
      await page.getByLabel("Your full name, as your signature").fill(admin.name);
      await page.getByRole("button", { name: "Sign the review" }).click();
      await expect(page.getByTestId("review")).toBeVisible();
      await clean(page, "a reviewed history");
    });
  });
}
