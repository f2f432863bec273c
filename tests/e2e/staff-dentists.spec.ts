// The team's admin, with JavaScript on and off: an admin adds a dentist, gives her a
// weekly plan and a service, and the patient's booking form offers her; a day off makes
// that day offer nothing. A receptionist is refused the screens by URL.
import type { Page } from "@playwright/test";
import { addDays } from "../../app/utils/clinic-time";
import { upcoming, WEDNESDAY } from "../support/clinic-dates";
import { createTestUser, e2eDb, expect, test } from "./fixtures";
import { formError, separateClients, toast } from "./patient-support";

separateClients();

async function newService(tag: string) {
  return e2eDb().service.create({
    data: {
      name: `Gum Care ${tag}`,
      slug: `gum-care-${tag.toLowerCase()}`,
      description: "A service made by the team admin's browser test, long enough to show.",
      priceCents: 8_000,
      durationMinutes: 30,
      photo: "/images/services/teeth-cleaning.svg",
      category: "Preventive",
    },
  });
}

async function openBooking(page: Page, serviceId: string) {
  await page.goto(`/make-appointment?service=${serviceId}`);
  await expect(page.getByRole("heading", { name: "Book an Appoinment" })).toBeVisible();
}

for (const javaScript of [true, false]) {
  test.describe(`the team's admin, JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("adds a dentist with a plan and a service, the booking form offers her, a day off offers nothing", async ({
      page,
      login,
    }) => {
      // One walk through a whole admin session (about twenty pages): three times the
      // usual bound, for a busy machine.
      test.slow();
      const tag = `${javaScript ? "On" : "Off"}${Date.now().toString(36)}`;
      const name = `Dr. Erin Vale ${tag}`;
      const service = await newService(tag);
      const admin = await createTestUser({ role: "admin", name: "Ada Admin" });
      const patient = await createTestUser({ name: `Pat ${tag}` });
      // Weeks apart per variant, so the two runs never want one chair at one time.
      const workday = upcoming(WEDNESDAY, javaScript ? 9 : 10);
      const dayOff = addDays(workday, 14);

      // Add her: she starts inactive, on her own page.
      await login(admin);
      await page.goto("/staff/dentists");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dentists");
      await page.getByLabel("Name").fill(name);
      await page.getByLabel("Title").fill("DDS");
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      await expect(toast(page, `Added ${name}.`, { javaScript })).toBeVisible();
      const dentist = await e2eDb().dentist.findFirstOrThrow({ where: { name } });
      expect(dentist.active).toBe(false);

      // A wrong plan first: outside the clinic's hours (9:00 AM to 5:00 PM on Wednesdays);
      // the message says so, what was picked stays, nothing is saved.
      const wednesday = page.getByRole("group", { name: "Wednesday" });
      await wednesday.getByLabel("Wednesday: Closed").uncheck();
      await wednesday.getByLabel("Wednesday: Start").fill("08:00");
      await wednesday.getByLabel("Wednesday: End").fill("17:00");
      await wednesday.getByLabel("Wednesday: Break 1 from").fill("12:00");
      await wednesday.getByLabel("Wednesday: Break 1 until").fill("13:00");
      await page.getByRole("button", { name: "Save weekly plan" }).click();
      await expect(page.locator("#plan-error")).toHaveText(
        "Wednesday: 8:00 AM to 5:00 PM is outside the clinic's hours on Wednesdays (9:00 AM to 5:00 PM). Choose hours inside them, or change the clinic's hours in Clinic settings first.",
      );
      const start = page.getByRole("group", { name: "Wednesday" }).getByLabel("Wednesday: Start");
      await expect(start).toHaveValue("08:00");
      await expect(start).toHaveAttribute("aria-invalid", "true");
      await expect(
        page.getByRole("group", { name: "Wednesday" }).getByLabel("Wednesday: Break 1 until"),
      ).toHaveValue("13:00");
      await start.fill("09:00");
      await page.getByRole("button", { name: "Save weekly plan" }).click();
      await expect(toast(page, `Saved the weekly plan of ${name}.`, { javaScript })).toBeVisible();
      expect(
        JSON.parse(
          (await e2eDb().dentist.findUniqueOrThrow({ where: { id: dentist.id } })).weeklyPlan,
        ),
      ).toMatchObject({
        wednesday: { start: "09:00", end: "17:00", breaks: [{ start: "12:00", end: "13:00" }] },
        monday: null,
      });

      await page.getByRole("checkbox", { name: service.name }).check();
      await page.getByRole("button", { name: "Save services" }).click();
      await expect(toast(page, `${name} performs 1 service.`, { javaScript })).toBeVisible();

      await page.getByLabel("Active: shown on the team page and in the booking form").check();
      await page.getByRole("button", { name: "Save profile" }).click();
      await expect(toast(page, `Saved the profile of ${name}.`, { javaScript })).toBeVisible();
      await expect(page.getByText(`DDS · Active`)).toBeVisible();

      // The patient's booking form offers her for the service, on her working day.
      await login(patient);
      await openBooking(page, service.id);
      const dentistField = page.getByLabel("Dentist");
      await expect(dentistField.locator("option", { hasText: name })).toHaveCount(1);
      await dentistField.selectOption({ label: `${name}, DDS` });
      await page.getByLabel("Date").fill(workday);
      const time = page.getByLabel("Time");
      if (javaScript) {
        await expect(time.locator("option[value='09:00']")).toHaveCount(1);
        await expect(time.locator("option[value='12:00']")).toHaveCount(0);
      } else {
        await page.getByLabel("Phone").fill("+1 555 0199");
        await time.fill("09:00");
        await page.getByLabel("Message").fill("A first visit with the new dentist.");
        await page.getByRole("button", { name: "Add booking" }).click();
        await expect(page).toHaveURL(/\/$/);
        await expect(toast(page, "Product Created Successfully", { javaScript })).toBeVisible();
        const booked = await e2eDb().appointment.findFirstOrThrow({
          where: { userId: patient.id },
        });
        expect(booked).toMatchObject({ date: workday, time: "09:00", dentistId: dentist.id });
      }

      // The admin marks a day off.
      await login(admin);
      await page.goto(`/staff/dentists/${dentist.id}`);
      const target = javaScript ? workday : dayOff;
      await page.getByLabel("First day").fill(target);
      await page.getByLabel("Note (staff only)").fill("Conference");
      await page.getByRole("button", { name: "Add exception" }).click();
      await expect(toast(page, `Added the exception for ${name}.`, { javaScript })).toBeVisible();
      await expect(page.getByTestId("exception")).toContainText("Closed (Conference)");

      // That day offers nothing with her.
      await login(patient);
      await openBooking(page, service.id);
      await page.getByLabel("Dentist").selectOption({ label: `${name}, DDS` });
      await page.getByLabel("Date").fill(target);
      if (javaScript) {
        await expect(page.getByText(new RegExp(`${name} is away on `))).toBeVisible();
        await expect(page.getByLabel("Time").locator("option[value='09:00']")).toHaveCount(0);
      } else {
        await page.getByLabel("Phone").fill("+1 555 0199");
        await page.getByLabel("Time").fill("09:00");
        await page.getByLabel("Message").fill("On her day off.");
        await page.getByRole("button", { name: "Add booking" }).click();
        await expect(formError(page)).toBeVisible();
        await expect(page).toHaveURL(/\/make-appointment/);
        expect(
          await e2eDb().appointment.count({ where: { dentistId: dentist.id, date: dayOff } }),
        ).toBe(0);
      }

      // Removing the day off takes a confirmation; then she leaves the team again, which
      // with a booked visit takes a deliberate tick.
      await login(admin);
      await page.goto(`/staff/dentists/${dentist.id}`);
      await page.getByRole("link", { name: /^Remove the exception/ }).click();
      await page.getByRole("button", { name: "Yes, remove it" }).click();
      await expect(toast(page, `Removed the exception of ${name}.`, { javaScript })).toBeVisible();
      await expect(page.getByTestId("exception")).toHaveCount(0);
      await page.getByLabel("Active: shown on the team page and in the booking form").uncheck();
      if (!javaScript) {
        await page.getByRole("button", { name: "Save profile" }).click();
        await expect(page.locator("#profile-error")).toContainText(`${name} has 1 upcoming visit.`);
        await page.getByLabel("Active: shown on the team page and in the booking form").uncheck();
        await page.getByLabel("Deactivate anyway; the visits will need attention").check();
      }
      await page.getByRole("button", { name: "Save profile" }).click();
      await expect(toast(page, `Saved the profile of ${name}.`, { javaScript })).toBeVisible();
      await expect(page.getByText(`DDS · Not active`)).toBeVisible();
    });
  });
}

test("a receptionist is refused the team's admin by URL", async ({ page, login }) => {
  await login(await createTestUser({ role: "reception" }));
  for (const path of ["/staff/dentists", "/staff/dentists/dentist-first"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(
      page.getByText("This part of the site is for the clinic's staff only."),
    ).toBeVisible();
  }
  await page.goto("/staff");
  await expect(
    page.getByRole("navigation", { name: "Clinic" }).getByRole("link", { name: "Dentists" }),
  ).toHaveCount(0);
});
