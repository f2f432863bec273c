// Patient records, closures that tell patients and need-to-know, clicked through in
// Chromium with JavaScript on and off (issue 23 "Patient records" and "Setting up a clinic",
// issue 21 item 5), then axe on the new screens and states at 1280 and 390 px.
import type { Page } from "@playwright/test";
import { TUESDAY, upcoming } from "../support/clinic-dates";
import { axeViolations, axeViolationsWithoutJavaScript } from "./axe";
import { createTestUser, e2eDb, expect, hydrated, test, waitForMail } from "./fixtures";
import { holdSlot, separateClients, toast } from "./patient-support";

separateClients();

/** A dentist's staff account linked to a team member of their own. */
async function dentistAccount(tag: string) {
  const user = await createTestUser({ role: "dentist", name: `Dr. Account ${tag}` });
  const first = await e2eDb().dentist.findUniqueOrThrow({ where: { id: "dentist-first" } });
  const dentist = await e2eDb().dentist.create({
    data: {
      slug: `dr-records-${tag.toLowerCase()}`,
      name: `Dr. Records ${tag}`,
      title: "DDS",
      weeklyPlan: first.weeklyPlan,
      active: false,
      userId: user.id,
    },
  });
  return { user, dentist };
}

async function saveDetails(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole("button", { name: "Save details" }).click();
}

for (const javaScript of [true, false]) {
  test.describe(`patient records, JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("the desk keeps a patient's details and alerts, and the visit page shows the alerts", async ({
      page,
      login,
    }) => {
      await login(await createTestUser({ role: "reception" }));
      const tag = `${javaScript ? "On" : "Off"}${Date.now().toString(36)}`;
      const patient = await createTestUser({ name: `Petra Records ${tag}` });
      const visit = await holdSlot(patient, upcoming(TUESDAY, javaScript ? 45 : 46), "14:00");

      await page.goto(`/staff/patients?q=${encodeURIComponent(`records petra ${tag}`)}`);
      await page.getByRole("link", { name: patient.name }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(patient.name);

      // A phone number too short to call is refused with its message, and what was typed stays.
      await saveDetails(page, { Phone: "12", Allergies: "Penicillin" });
      await expect(page.getByTestId("form-error")).toContainText(
        "Please enter a phone number such as +1 555 0100, or leave it empty.",
      );
      await expect(page.getByLabel("Allergies", { exact: true })).toHaveValue("Penicillin");

      await saveDetails(page, {
        "Date of birth": "1980-05-17",
        Phone: "+1 555 013 4242",
        Allergies: "Penicillin",
        Conditions: "Takes warfarin",
        "The clinic's note": "Prefers the first visit of the day",
      });
      await expect(toast(page, /Saved: phone, date of birth/, { javaScript })).toBeVisible();
      const alerts = page.getByTestId("patient-alerts");
      await expect(alerts).toContainText("Penicillin");
      await expect(alerts).toContainText("Takes warfarin");
      await expect(page.getByRole("region", { name: "The clinic's note" })).toHaveText(
        /Prefers the first visit of the day/,
      );

      // Found again by the date of birth as the clinic writes it, and by the phone's digits.
      for (const query of ["05/17/1980", "5550134242"]) {
        await page.goto(`/staff/patients?q=${encodeURIComponent(query)}`);
        await expect(page.getByRole("link", { name: patient.name })).toBeVisible();
      }

      await page.goto(`/staff/appointments/${visit.id}`);
      await expect(page.getByTestId("patient-alerts")).toContainText("Penicillin");
    });

    test("a caller without an e-mail address gets a record and a booking, and the screen says no mail goes", async ({
      page,
      login,
    }) => {
      await login(await createTestUser({ role: "reception" }));
      const name = `Nomail Caller ${javaScript ? "On" : "Off"}${Date.now().toString(36)}`;
      await page.goto("/staff/bookings/new");
      await page.getByLabel("Name", { exact: true }).fill(name);
      // A number of its own: another record with it would be shown as a likely duplicate.
      await page
        .getByLabel("Phone", { exact: true })
        .fill(`+1 555 ${String(Date.now()).slice(-7)}`);
      await page.getByRole("button", { name: "Create record" }).click();
      await expect(page.getByText(`Booking for ${name}`)).toBeVisible();
      await expect(page.getByText("no e-mail address").first()).toBeVisible();
      await expect(page.getByTestId("confirmation-recipient")).toHaveText(
        `No confirmation will be mailed: ${name} has no e-mail address the clinic may write to yet.`,
      );
    });

    test("an admin cancels the visits a closure falls on, and the patient is told why", async ({
      page,
      login,
    }) => {
      await login(await createTestUser({ role: "admin" }));
      const patient = await createTestUser({ name: `Closed Out ${Date.now().toString(36)}` });
      // Each run its own day (the two run side by side), far enough to have no other closure.
      const day = upcoming(TUESDAY, javaScript ? 50 : 51);
      await holdSlot(patient, day, "11:00");
      const name = `Burst pipe ${javaScript ? "on" : "off"} ${Date.now().toString(36)}`;
      await page.goto("/staff/closures");
      await page.getByLabel("Name").fill(name);
      await page.getByLabel("First day closed").fill(day);
      await page.getByRole("button", { name: "Add closure" }).click();
      await expect(toast(page, `${name} is added.`, { javaScript })).toBeVisible();

      await page
        .getByRole("link", { name: `Cancel them all and tell the patients: ${name}` })
        .click();
      await expect(
        page.getByRole("heading", { name: /Cancel the 1 booked visit on/ }),
      ).toBeVisible();
      const reason = "A burst pipe flooded the treatment rooms";
      await page.getByLabel("Reason (the patients are told)").fill(reason);
      await page.getByRole("button", { name: "Cancel them all and tell the patients" }).click();
      await expect(toast(page, `1 visit on ${name} cancelled`, { javaScript })).toBeVisible();
      const mail = await waitForMail(patient.email, (received) => received.text.includes(reason));
      expect(mail.subject).toMatch(/cancel/i);
    });

    test("a dentist sees another dentist's patient without contact details, their own with them", async ({
      page,
      login,
    }) => {
      const tag = `${javaScript ? "On" : "Off"}${Date.now().toString(36)}`;
      const { user, dentist } = await dentistAccount(tag);
      await login(user);
      const mine = await createTestUser({ name: `Mine ${tag}`, phone: "+1 555 0181" });
      const theirs = await createTestUser({ name: `Theirs ${tag}`, phone: "+1 555 0182" });
      await e2eDb().user.update({ where: { id: theirs.id }, data: { allergies: "Latex" } });
      const day = upcoming(TUESDAY, javaScript ? 47 : 48);
      const own = await holdSlot(mine, day, "09:00", {
        dentistId: dentist.id,
        chairId: "chair-2",
      });
      const other = await holdSlot(theirs, day, "09:00");
      // The desk's notes on the visits follow the message (issue 31 item 3).
      await e2eDb().appointment.update({
        where: { id: other.id },
        data: { staffNote: "Owes for the last visit" },
      });
      await e2eDb().appointment.update({
        where: { id: own.id },
        data: { staffNote: "Prefers the left chair" },
      });

      await page.goto(`/staff/patients/${theirs.id}`);
      await expect(page.getByTestId("contact-hidden")).toBeVisible();
      await expect(page.getByText(theirs.email)).toHaveCount(0);
      await expect(page.getByText("Latex")).toHaveCount(0);
      await page.goto(`/staff/appointments/${other.id}`);
      await expect(page.getByTestId("contact-hidden")).toBeVisible();
      await expect(page.getByText("Held by the test")).toHaveCount(0);
      await expect(page.getByText("Owes for the last visit")).toHaveCount(0);
      await page.goto(`/staff/appointments/${own.id}`);
      await expect(page.getByText("Prefers the left chair")).toBeVisible();

      await page.goto(`/staff/patients?q=${encodeURIComponent(tag)}`);
      await expect(page.getByRole("link", { name: mine.name })).toBeVisible();
      await expect(page.getByRole("link", { name: theirs.name })).toHaveCount(0);
      await page.getByRole("link", { name: mine.name }).click();
      await expect(page.getByText(mine.email)).toBeVisible();
    });
  });
}

for (const javaScript of [true, false]) {
  test.describe(`merging into an account, JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("shows whether each address is confirmed, and refuses an account its owner never confirmed", async ({
      page,
      login,
    }) => {
      await login(await createTestUser({ role: "admin" }));
      const tag = `${Date.now().toString(36)}${javaScript ? "j" : "n"}`;
      // Registered by someone who cannot open the caller's mail: never confirmed.
      const stranger = await createTestUser({
        name: `Vic Stranger ${tag}`,
        email: `vic-${tag}@example.com`,
        emailVerifiedAt: null,
      });
      const desk = await e2eDb().user.create({
        data: {
          name: `Vic Caller ${tag}`,
          email: `vic-desk-${tag}@example.com`,
          phone: "+1 555 0191",
          allergies: "Latex",
          passwordHash: null,
        },
      });
      await page.goto(`/staff/patients/${stranger.id}/merge`);
      await page.getByLabel(/Find the duplicate/).fill(`vic-desk-${tag}`);
      await page.getByRole("button", { name: "Search" }).click();
      await page.getByRole("link", { name: `Choose ${desk.name} as the duplicate` }).click();
      const addresses = page.getByTestId("address-verified");
      await expect(addresses).toHaveText([" (not confirmed)", " (not confirmed)"]);
      await expect(
        page.getByText(/its owner has not confirmed its e-mail address yet/),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: "Yes, merge them" })).toHaveCount(0);

      // Confirmed, the same merge goes ahead: the account keeps its own address.
      await e2eDb().user.update({
        where: { id: stranger.id },
        data: { emailVerifiedAt: new Date() },
      });
      await page.reload();
      await expect(addresses.first()).toHaveText(" (confirmed by its owner)");
      await page.getByRole("button", { name: "Yes, merge them" }).click();
      await expect(page).toHaveURL(new RegExp(`/staff/patients/${stranger.id}$`));
      await expect(toast(page, /is merged into/, { javaScript })).toBeVisible();
      expect((await e2eDb().user.findUniqueOrThrow({ where: { id: stranger.id } })).email).toBe(
        stranger.email,
      );
    });
  });
}

test.describe("merging duplicates", () => {
  test("an admin merges a desk record into the patient's own, its visit moving with it", async ({
    page,
    login,
  }) => {
    await login(await createTestUser({ role: "admin" }));
    const tag = Date.now().toString(36);
    const kept = await createTestUser({ name: `Maria Merge ${tag}` });
    const desk = await e2eDb().user.create({
      data: { name: `Maria Merge ${tag}`, email: `desk-${tag}@example.com`, phone: "+1 555 0190" },
    });
    const visit = await holdSlot(desk, upcoming(TUESDAY, 49), "15:00");
    await page.goto(`/staff/patients/${kept.id}`);
    await page.getByRole("link", { name: "Merge a duplicate into this record" }).click();
    await page.getByLabel(/Find the duplicate/).fill(`desk-${tag}`);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("link", { name: `Choose ${desk.name} as the duplicate` }).click();
    await expect(page.getByTestId("merge-counts")).toHaveText(
      "Moves 1 visits, 0 reviews, 0 recalls and 0 waiting-list entries.",
    );
    await page.getByRole("button", { name: "Yes, merge them" }).click();
    await expect(page).toHaveURL(new RegExp(`/staff/patients/${kept.id}$`));
    await expect(toast(page, /is merged into/)).toBeVisible();
    await expect(page.getByTestId("visits-upcoming-visits").getByRole("link")).toHaveCount(1);
    await expect
      .poll(
        async () =>
          (await e2eDb().appointment.findUniqueOrThrow({ where: { id: visit.id } })).userId,
      )
      .toBe(kept.id);
  });
});

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(`the records screens on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("have no axe violation of any impact, with JavaScript and without", async ({
      page,
      login,
    }) => {
      test.setTimeout(4 * 90_000);
      await login(await createTestUser({ role: "admin" }));
      const tag = `${viewport.width}-${Date.now().toString(36)}`;
      const patient = await createTestUser({ name: `Axe Records ${tag}`, phone: "+1 555 0199" });
      await e2eDb().user.update({
        where: { id: patient.id },
        data: { allergies: "Latex", conditions: "Asthma", staffNote: "Call after 5pm" },
      });
      const duplicate = await e2eDb().user.create({
        data: { name: `Axe Duplicate ${tag}`, email: `axe-dup-${tag}@example.com` },
      });
      const day = upcoming(TUESDAY, viewport.width === 1280 ? 52 : 53);
      const visit = await holdSlot(patient, day, "10:00");
      const closure = await e2eDb().clinicClosure.create({
        data: { name: `Axe closure ${tag}`, startDate: day, endDate: day },
      });
      const screens = [
        `/staff/patients?q=${encodeURIComponent(`Axe Records ${tag}`)}`,
        `/staff/patients/${patient.id}`,
        `/staff/patients/${patient.id}/merge?q=${encodeURIComponent("Axe Duplicate")}`,
        `/staff/patients/${patient.id}/merge?duplicate=${duplicate.id}`,
        `/staff/appointments/${visit.id}`,
        `/staff/closures?cancelVisits=${closure.id}`,
      ];
      for (const path of screens) {
        await page.goto(path);
        await hydrated(page);
        expect(await axeViolations(page), path).toEqual([]);
        expect(await axeViolationsWithoutJavaScript(page), `${path} without JavaScript`).toEqual(
          [],
        );
      }
      // The refused form, its message tied to its field.
      await page.goto(`/staff/patients/${patient.id}`);
      await page.getByLabel("Phone", { exact: true }).fill("12");
      await page.getByRole("button", { name: "Save details" }).click();
      await expect(page.getByTestId("form-error")).toBeVisible();
      expect(await axeViolations(page), "the refused details form").toEqual([]);
      // A dentist's view of someone else's patient.
      const { user } = await dentistAccount(`axe${viewport.width}${Date.now().toString(36)}`);
      await login(user);
      await page.goto(`/staff/patients/${patient.id}`);
      await expect(page.getByTestId("contact-hidden")).toBeVisible();
      expect(await axeViolations(page), "a card without contact details").toEqual([]);
    });
  });
}
