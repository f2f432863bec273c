import type { Page } from "@playwright/test";
import { formatDateTime } from "../../app/utils/clinic-format";
import { clinicNow } from "../../app/utils/clinic-time";
import { THURSDAY_OFFSET, upcomingThursday } from "./self-service-support";
import { e2eDb, expect, test, waitForMail } from "./fixtures";
import { CLINIC_CLOCK, seededService, separateClients, toast } from "./patient-support";
import { isOnTop } from "./ux-support";

separateClients();

/** Books through the JSON API as the signed-in patient, as the booking page would. */
async function bookVisit(page: Page, token: string, date: string, time: string) {
  const service = await seededService("teeth-cleaning");
  const response = await page.request.post("/api/create-appointment", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      service: service.id,
      dentist: "dentist-first",
      name: "Marie Curie-Patient",
      email: "contact-only@example.com",
      phone: "+1 555 0177",
      date,
      time,
      message: "Self-service test",
    },
  });
  expect(response.status()).toBe(201);
  const { appointment } = (await response.json()) as { appointment: { _id: string } };
  return appointment._id;
}

/** A link of the confirmation mail, as the patient receives it at the SMTP server. */
async function mailLink(email: string, action: "confirm" | "reschedule" | "cancel") {
  const mail = await waitForMail(email, (m) => m.subject.endsWith("is booked"));
  const url = new RegExp(`https?://[^\\s]+/visit/[\\w-]{43}/${action}`).exec(mail.text)?.[0];
  expect(url, `a ${action} link in the mail`).toBeDefined();
  return new URL(url!).pathname;
}

for (const javaScript of [true, false]) {
  test.describe(`Self-service with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });
    const weeks = THURSDAY_OFFSET + (javaScript ? 0 : 1);

    test("confirms from the mail's link: the page shows the visit, the button confirms", async ({
      page,
      login,
    }) => {
      const user = await login();
      const date = upcomingThursday(weeks);
      const id = await bookVisit(page, user.token, date, "09:00");
      const path = await mailLink(user.email, "confirm");
      await page.context().clearCookies();

      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Confirm your appointment" })).toBeVisible();
      await expect(page.getByTestId("visit")).toContainText("Hello Marie,");
      await expect(page.getByTestId("visit")).toContainText(
        formatDateTime(date, "09:00", CLINIC_CLOCK),
      );
      await expect(page.getByText("Curie")).toHaveCount(0);
      expect((await e2eDb().appointment.findUniqueOrThrow({ where: { id } })).status).toBe(
        "booked",
      );

      await page.getByRole("button", { name: "Confirm my appointment" }).click();
      await expect(
        page.getByText("Thank you! Your appointment is confirmed. See you then."),
      ).toBeVisible();
      expect((await e2eDb().appointment.findUniqueOrThrow({ where: { id } })).status).toBe(
        "confirmed",
      );
    });

    test("reschedules from My appointments, then cancels from the mail's link with a reason", async ({
      page,
      login,
    }) => {
      const user = await login();
      const date = upcomingThursday(weeks);
      const id = await bookVisit(page, user.token, date, "11:00");
      const when = formatDateTime(date, "14:00", CLINIC_CLOCK);

      await page.goto("/user/appointments");
      await page
        .getByRole("link", {
          name: `Reschedule the appointment on ${formatDateTime(date, "11:00", CLINIC_CLOCK)}`,
        })
        .click();
      await expect(
        page.getByRole("heading", { name: "Reschedule your appointment" }),
      ).toBeVisible();
      await page.getByLabel("New date").fill(date);
      await page.getByRole("button", { name: "Show free times" }).click();
      await page.getByRole("radio", { name: "2:00 PM" }).check();
      await page.getByRole("button", { name: "Move my appointment" }).click();
      await expect(
        toast(page, `Your appointment has moved to ${when}.`, { javaScript }),
      ).toBeVisible();
      await expect(page.getByRole("list", { name: "Upcoming appointments" })).toContainText(when);
      // The visit itself says where it went, on screen below the header.
      const note = page
        .getByTestId("appointment")
        .filter({ hasText: when })
        .getByTestId("moved-note");
      await expect(note).toHaveText(`Your appointment has moved to ${when}.`);
      await expect(note).toBeInViewport();
      expect(await isOnTop(note)).toBe(true);
      const moved = await waitForMail(user.email, (m) =>
        m.subject.startsWith("Your appointment has moved"),
      );
      expect(moved.subject).toBe(`Your appointment has moved to ${when}`);

      const cancelPath = await mailLink(user.email, "cancel");
      await page.goto(cancelPath);
      await expect(page.getByText("Do you really want to cancel this appointment?")).toBeVisible();
      await page.getByLabel("Reason", { exact: true }).fill("A conflict at work");
      await page.getByRole("button", { name: "Yes, cancel my appointment" }).click();
      await expect(page.getByText(`Your appointment on ${when} is cancelled.`)).toBeVisible();
      expect(await e2eDb().appointment.findUniqueOrThrow({ where: { id } })).toMatchObject({
        status: "cancelled",
        cancelReason: "A conflict at work",
      });
      await waitForMail(
        user.email,
        (m) => m.subject === `Your appointment on ${when} is cancelled`,
      );
      // The link now says so, instead of offering anything.
      await page.goto(cancelPath);
      await expect(
        page.getByText(
          "This appointment has been cancelled. You are welcome to book another time.",
        ),
      ).toBeVisible();
    });

    test("moves from the mail's link on a phone: the outcome is on screen, and the home page's panel says it moved", async ({
      page,
      login,
    }) => {
      await page.setViewportSize({ width: 390, height: 664 });
      const user = await login();
      const date = upcomingThursday(weeks);
      await bookVisit(page, user.token, date, "10:00");
      const path = await mailLink(user.email, "reschedule");
      await page.goto(`${path}?date=${date}`);
      // Far down the list of the day's free times, as a thumb would leave it.
      const button = page.getByRole("button", { name: "Move my appointment" });
      await page.getByRole("radio", { name: "4:00 PM" }).check();
      await button.scrollIntoViewIfNeeded();
      await button.click();
      const when = formatDateTime(date, "16:00", CLINIC_CLOCK);
      const outcome = page.getByTestId("outcome");
      await expect(outcome).toHaveText(`Your appointment has moved to ${when}.`);
      await expect(outcome).toBeInViewport();
      expect(await isOnTop(outcome)).toBe(true);
      if (javaScript) await expect(outcome).toBeFocused();

      await page.goto("/");
      const panel = page.getByTestId("next-appointment");
      await expect(panel.getByTestId("moved-note")).toHaveText(
        `Your appointment has moved to ${when}.`,
      );
    });
  });
}

test("inside the cancellation cutoff the pages give the clinic's phone as a tel: link", async ({
  page,
  login,
}) => {
  const user = await login();
  const date = upcomingThursday(THURSDAY_OFFSET - 1);
  const id = await bookVisit(page, user.token, date, "15:00");
  // Seen from the server, as if the visit were within a day: an hour from now, its end,
  // date and time moved with it as the app keeps them (a visit left ending in February
  // filled today's diary with 3,689 rows for every later staff test).
  const visit = await e2eDb().appointment.findUniqueOrThrow({ where: { id } });
  const soon = new Date(Math.ceil((Date.now() + 3_600_000) / 60_000) * 60_000);
  const local = clinicNow(soon, CLINIC_CLOCK.timeZone);
  await e2eDb().appointment.update({
    where: { id },
    data: {
      startsAt: soon,
      endsAt: new Date(soon.getTime() + (visit.endsAt.getTime() - visit.startsAt.getTime())),
      date: local.date,
      time: local.time,
    },
  });
  await page.goto(`/user/appointments/${id}/cancel`);
  const call = page.getByRole("link", { name: /^Call / });
  await expect(call).toHaveAttribute("href", /^tel:\+?\d+$/);
  await expect(page.getByRole("button", { name: "Yes, cancel my appointment" })).toHaveCount(0);
  await expect(page.getByText(/can only be changed or cancelled by phone/)).toBeVisible();
});
