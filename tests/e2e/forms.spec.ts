// Medical history and consent forms in the browser (issue 36, ADR 050), JavaScript on and
// off: a patient fills their history from the confirmation mail's link in one page load and
// one submit; a dentist reviews it and accepts its alert into the record; the desk's tablet.
import type { Page } from "@playwright/test";
import { upcoming } from "../support/clinic-dates";
import { createTestUser, e2eDb, expect, test, waitForMail } from "./fixtures";
import { holdSlot, seededService, separateClients, toast } from "./patient-support";

separateClients();

const FRIDAY = 5;
const TUESDAY = 2;

/** Books through the JSON API as the signed-in patient: the confirmation mail follows. */
async function bookVisit(page: Page, token: string, date: string) {
  const service = await seededService("teeth-cleaning");
  const response = await page.request.post("/api/create-appointment", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      service: service.id,
      dentist: "dentist-first",
      name: "Fay Former",
      email: "fay@example.com",
      phone: "+1 555 0177",
      date,
      time: "11:00",
      message: "Forms test",
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { appointment: { _id: string } }).appointment._id;
}

/** Answers every question of the history "no" (and "never" smoking), a contact, a name. */
async function fillHistory(page: Page) {
  for (const radio of await page.locator('input[type=radio][value="no"]').all()) {
    await radio.check();
  }
  await page
    .getByRole("group", { name: /Do you smoke or use tobacco/ })
    .getByLabel("Never")
    .check();
  await page
    .getByRole("group", { name: /Are you allergic to latex/ })
    .getByLabel("Yes")
    .check();
  await page.getByLabel(/Emergency contact/).fill("Jo Former, sister, +1 555 0109");
}

for (const javaScript of [true, false]) {
  test.describe(`Forms with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("a patient fills their medical history from the confirmation's link, in one page and one submit", async ({
      page,
      login,
    }) => {
      const user = await login(await createTestUser({ dateOfBirth: "1980-05-17" }));
      const visit = await bookVisit(page, user.token, upcoming(FRIDAY, javaScript ? 5 : 6));
      const mail = await waitForMail(user.email, (m) => m.subject.endsWith("is booked"));
      expect(mail.text).toContain("Before your visit, please fill in these forms: Medical history");
      const link = /https?:\/\/\S+\/user\/forms\/medical-history\?visit=\S+/.exec(mail.text)?.[0];
      expect(link, "the forms link in the mail").toBeDefined();

      await page.goto(new URL(link!).pathname + new URL(link!).search);
      await expect(page.getByRole("heading", { name: "Medical history", level: 1 })).toBeVisible();
      await expect(page.getByText("Form 1 of 3")).toBeVisible();
      await fillHistory(page);
      // Without a signature the form comes back with its answers and says so.
      await page.getByRole("button", { name: "Sign and send" }).click();
      await expect(page.getByTestId("form-error")).toHaveText(
        "Please sign the form: type your full name.",
      );
      await expect(
        page.getByRole("group", { name: /Are you allergic to latex/ }).getByLabel("Yes"),
      ).toBeChecked();
      await page.getByLabel("Your full name, as your signature").fill("Fay Former");
      if (javaScript) {
        const pad = page.getByTestId("signature-pad");
        const box = (await pad.boundingBox())!;
        await page.mouse.move(box.x + 20, box.y + 40);
        await page.mouse.down();
        await page.mouse.move(box.x + 120, box.y + 80, { steps: 8 });
        await page.mouse.move(box.x + 200, box.y + 30, { steps: 8 });
        await page.mouse.up();
      }
      await page.getByRole("button", { name: "Sign and send" }).click();
      await expect(
        toast(page, "Thank you: Medical history is signed.", { javaScript }),
      ).toBeVisible();
      await expect(page.getByText("Form 1 of 2")).toBeVisible();
      await expect(
        page.getByRole("heading", { name: "Consent to examination and treatment" }),
      ).toBeVisible();

      const signed = await e2eDb().formSubmission.findFirstOrThrow({
        where: { patientId: user.id, templateId: "medical-history" },
      });
      expect(signed).toMatchObject({ appointmentId: visit, signatureName: "Fay Former" });
      expect(JSON.parse(signed.answers)).toMatchObject({ "allergy-latex": true, smoking: "never" });
      if (javaScript) expect(signed.signatureDrawing).toMatch(/^data:image\/png;base64,/);
      else expect(signed.signatureDrawing).toBeNull();
    });

    test("a dentist reviews a history and accepts its alert into the record", async ({
      page,
      login,
    }) => {
      const stamp = `${process.pid}-${Date.now()}`;
      const dentistUser = await createTestUser({ role: "dentist", name: `Dr. Review ${stamp}` });
      const first = await e2eDb().dentist.findUniqueOrThrow({ where: { id: "dentist-first" } });
      const dentist = await e2eDb().dentist.create({
        data: {
          slug: `dr-review-${stamp}`,
          name: `Dr. Review ${stamp}`,
          title: "DDS",
          weeklyPlan: first.weeklyPlan,
          userId: dentistUser.id,
          // Last in the diary's columns: the diary's own specs expect the seeded team first.
          sortOrder: 500,
        },
      });
      const patient = await createTestUser({ name: `Rita Review ${stamp.slice(-6)}` });
      await holdSlot(patient, upcoming(TUESDAY, javaScript ? 56 : 57), "10:00", {
        dentistId: dentist.id,
        layer: 1,
      });
      const version = await e2eDb().formVersion.findFirstOrThrow({
        where: { templateId: "medical-history" },
        orderBy: { number: "desc" },
      });
      const submission = await e2eDb().formSubmission.create({
        data: {
          templateId: "medical-history",
          versionId: version.id,
          patientId: patient.id,
          patientName: patient.name,
          answers: JSON.stringify({ "allergy-latex": true, diabetes: false, smoking: "never" }),
          signatureName: patient.name,
        },
      });
      await login(dentistUser);

      await page.goto("/staff/forms/reviews");
      await page
        .getByRole("link", { name: `Review the medical history of ${patient.name}` })
        .click();
      await expect(page.getByRole("heading", { name: "Medical history", level: 1 })).toBeVisible();
      await expect(page.getByTestId("changes-summary")).toHaveText(
        "This is the patient's first submission of this form.",
      );
      const alert = page.getByRole("group", { name: "Allergy: latex" });
      await alert.getByLabel("Add to the allergies").check();
      await page.getByRole("button", { name: "Sign the review" }).click();
      await expect(page.getByTestId("form-error")).toHaveText(
        "Please sign the review: type your full name.",
      );
      await page.getByLabel("Your full name, as your signature").fill(dentistUser.name);
      await page
        .getByRole("group", { name: "Allergy: latex" })
        .getByLabel("Add to the allergies")
        .check();
      await page.getByRole("button", { name: "Sign the review" }).click();
      await expect(
        toast(page, "The medical history is reviewed: 1 alert added to the record.", {
          javaScript,
        }),
      ).toBeVisible();
      await expect(page.getByTestId("review")).toContainText(`signed ${dentistUser.name}`);
      expect((await e2eDb().user.findUniqueOrThrow({ where: { id: patient.id } })).allergies).toBe(
        "latex",
      );
      expect(await e2eDb().formReview.count({ where: { submissionId: submission.id } })).toBe(1);
    });
  });
}

test("the desk opens the tablet for a patient, who fills their history there, and it locks again", async ({
  page,
  browser,
  login,
}) => {
  const stamp = `${process.pid}-${Date.now()}`;
  const patient = await createTestUser({
    name: `Kim Kiosk ${stamp.slice(-5)}`,
    dateOfBirth: "1975-02-03",
  });
  const visit = await holdSlot(patient, upcoming(TUESDAY, 58), "11:00", { layer: 2 });
  await login(await createTestUser({ role: "reception" }));
  await page.goto(`/staff/appointments/${visit.id}`);
  await page.getByRole("link", { name: "Fill at the desk" }).click();
  await page.getByRole("button", { name: "Open the tablet" }).click();
  const code = (await page.getByTestId("kiosk-code").textContent())!.replace(/\s/g, "");

  // The tablet: a browser of its own, no session of anyone's.
  const tablet = await (await browser.newContext()).newPage();
  await tablet.goto(new URL("/kiosk", page.url()).href);
  await expect(tablet.getByRole("heading", { name: "This screen is locked" })).toBeVisible();
  // Nothing leads anywhere from the tablet (but the skip link to its own content).
  await expect(tablet.getByRole("link").filter({ hasNotText: "Skip to content" })).toHaveCount(0);
  await tablet.getByLabel("Code from reception").fill(code);
  await tablet.getByRole("button", { name: "Open" }).click();
  await tablet.getByLabel("Your full name", { exact: true }).fill(patient.name.toUpperCase());
  await tablet.getByLabel("Your date of birth").fill("1975-02-03");
  await tablet.getByRole("button", { name: "Continue" }).click();
  await expect(tablet.getByRole("heading", { name: "Medical history" })).toBeVisible();
  await fillHistory(tablet);
  await tablet.getByLabel("Your full name, as your signature").fill(patient.name);
  await tablet.getByRole("button", { name: "Sign and send" }).click();
  await expect(
    tablet.getByRole("heading", { name: "Consent to examination and treatment" }),
  ).toBeVisible();
  await tablet.getByRole("button", { name: "Finish and lock the screen" }).click();
  await expect(
    tablet.getByText("Thank you. Please hand the tablet back to reception."),
  ).toBeVisible();
  await expect(tablet.getByRole("heading", { name: "This screen is locked" })).toBeVisible();
  await tablet.goBack();
  await tablet.reload();
  await expect(tablet.getByRole("heading", { name: "This screen is locked" })).toBeVisible();
  expect(
    await e2eDb().formSubmission.count({ where: { patientId: patient.id, channel: "desk" } }),
  ).toBe(1);
  await tablet.context().close();
});
