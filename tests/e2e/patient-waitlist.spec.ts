import type { Page } from "@playwright/test";
import { formatDate, formatDateTime } from "../../app/utils/clinic-format";
import { upcoming } from "../support/clinic-dates";
import { axeViolations, axeViolationsWithoutJavaScript } from "./axe";
import { createTestUser, expect, test, waitForMail } from "./fixtures";
import { CLINIC_CLOCK, holdSlot, seededService, separateClients, toast } from "./patient-support";

separateClients();

const FRIDAY = 5;
/** Only Dr. Patel performs it: with her day full, nobody can take it. */
const SLUG = "tooth-extraction";
const DENTIST = "dentist-first";

/** Fills Dr. Patel's day on `date` except 10:00 (09:00-17:00, lunch 12:30-13:30). */
async function fillTheDayBut10(date: string) {
  const blocker = await createTestUser();
  for (const [time, minutes] of [
    ["09:00", 60],
    ["10:30", 120],
    ["13:30", 210],
  ] as const) {
    await holdSlot(blocker, date, time, { slug: SLUG, dentistId: DENTIST, minutes });
  }
}

async function bookAt10(page: Page, token: string, date: string) {
  const service = await seededService(SLUG);
  const response = await page.request.post("/api/create-appointment", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      service: service.id,
      dentist: DENTIST,
      name: "Bea Booker",
      email: "bea@example.com",
      phone: "+1 555 0188",
      date,
      time: "10:00",
      message: "The only free time",
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { appointment: { _id: string } }).appointment._id;
}

for (const javaScript of [true, false]) {
  test.describe(`The waiting list with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("A finds no time and joins; B cancels; A accepts the mailed offer and has the booking", async ({
      page,
      login,
    }) => {
      const date = upcoming(FRIDAY, javaScript ? 9 : 10);
      const when = formatDateTime(date, "10:00", CLINIC_CLOCK);
      const service = await seededService(SLUG);
      await fillTheDayBut10(date);
      const bea = await login();
      const booked = await bookAt10(page, bea.token, date);
      await page.context().clearCookies();

      // A: nothing is free that day with Dr. Patel, so onto the waiting list.
      const ada = await login();
      await page.goto(`/make-appointment?service=${service.id}`);
      if (javaScript) {
        await page.getByLabel("Dentist").selectOption(DENTIST);
        await page.getByLabel("Date").fill(date);
        await expect(page.getByText(/Nothing is free on/)).toBeVisible();
      }
      await page.getByRole("link", { name: "Join the waiting list" }).click();
      await expect(page.getByRole("heading", { name: "Join the waiting list" })).toBeVisible();
      await expect(page.getByLabel("Service")).toHaveValue(service.id);
      expect(
        await (javaScript ? axeViolations(page) : axeViolationsWithoutJavaScript(page)),
      ).toEqual([]);
      await page.getByLabel("First day that suits me").fill(date);
      await page.getByLabel("Last day that suits me").fill(date);
      await page.getByRole("radio", { name: "Morning (before 12:00 PM)" }).check();
      await page.getByLabel("Phone").fill("+1 555 0142");
      await page.getByRole("button", { name: "Put me on the waiting list" }).click();
      await expect(
        toast(
          page,
          `You are on the waiting list for ${service.name}. We will e-mail you when a time frees up.`,
          {
            javaScript,
          },
        ),
      ).toBeVisible();
      const entry = page.getByRole("list", { name: "Waiting list" });
      await expect(entry).toContainText(`You are on the waiting list for ${service.name}`);
      // One day is said once, and noon in the clinic's locale.
      await expect(entry).toContainText(`${formatDate(date, CLINIC_CLOCK)}, with`);
      await expect(entry).toContainText("Morning (before 12:00 PM)");
      await page.context().clearCookies();

      // B cancels: the time goes to A by mail.
      await login(bea);
      await page.goto(`/user/appointments/${booked}/cancel`);
      await page.getByRole("button", { name: "Yes, cancel my appointment" }).click();
      await expect(
        toast(page, `Your appointment on ${when} is cancelled.`, { javaScript }),
      ).toBeVisible();
      await page.context().clearCookies();

      const offer = await waitForMail(ada.email, (m) =>
        m.subject.startsWith("A time has come free"),
      );
      expect(offer.subject).toBe(`A time has come free: ${service.name} on ${when}`);
      const url = /https?:\/\/\S+\/waitlist\/offer\/[\w-]{43}/.exec(offer.text)?.[0];
      expect(url, "the offer's link").toBeDefined();

      // The link works signed out: it shows the time; only the button books it.
      await page.goto(new URL(url!).pathname);
      await expect(page.getByRole("heading", { name: "A time has come free" })).toBeVisible();
      await expect(page.getByTestId("visit")).toContainText(when);
      expect(
        await (javaScript ? axeViolations(page) : axeViolationsWithoutJavaScript(page)),
      ).toEqual([]);
      await page.getByRole("button", { name: "Accept this time" }).click();
      await expect(
        page.getByText(`The time is yours: your appointment on ${when} is booked.`, {
          exact: false,
        }),
      ).toBeVisible();
      await waitForMail(ada.email, (m) => m.subject === `Your appointment on ${when} is booked`);

      await login(ada);
      await page.goto("/user/appointments");
      await expect(page.getByRole("list", { name: "Upcoming appointments" })).toContainText(when);
      await expect(page.getByRole("list", { name: "Waiting list" })).toHaveCount(0);
    });
  });
}
