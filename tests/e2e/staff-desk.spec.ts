// A receptionist's morning at the front desk, with JavaScript on and off: the diary, a
// phone booking (confirmed by mail like an online one, the staff's note kept off it), an
// arrival, a completion, a no-show, a move and a cancellation (the patient's mail arrives
// at the test SMTP server). Then axe on every staff screen.
import type { Page } from "@playwright/test";
import ICAL from "ical.js";
import { formatDateTime } from "../../app/utils/clinic-format";
import { clinicNow } from "../../app/utils/clinic-time";
import { MONDAY, TUESDAY, upcoming } from "../support/clinic-dates";
import { axeViolations } from "./axe";
import { createTestUser, e2eDb, expect, test, waitForMail } from "./fixtures";
import { CLINIC_CLOCK, holdSlot, seededService, separateClients, toast } from "./patient-support";
import type { ReceivedMail } from "../support/smtp-sink";

separateClients();

/** A clinic date and time a few minutes ago: a visit that has started. */
function startedMinutesAgo(minutes: number) {
  return clinicNow(new Date(Date.now() - minutes * 60_000), "America/New_York");
}

/** A visit in the diary's grid (the visit may also be listed under Needs attention). */
function diaryVisit(page: Page, name: string) {
  return page.locator("article.diary-card").filter({ hasText: name }).filter({ visible: true });
}

async function openVisit(page: Page, date: string, name: string) {
  await page.goto(`/staff?date=${date}`);
  await page
    .getByRole("link", { name: new RegExp(name) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
}

/** The mail's calendar part, as a calendar client reads it. */
function calendarOf(mail: ReceivedMail) {
  const part = mail.attachments.find((a) => a.contentType === "text/calendar");
  expect(part, "a text/calendar part").toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(part!.content));
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
  };
}

async function status(page: Page) {
  return page.locator("dt:text-is('Status') + dd");
}

for (const javaScript of [true, false]) {
  test.describe(`a receptionist's morning, JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("diary, check in, complete, no-show, phone booking, move and cancel", async ({
      page,
      login,
    }) => {
      await login(await createTestUser({ role: "reception", name: "Rosa Reception" }));
      const tag = `${javaScript ? "On" : "Off"}${Date.now().toString(36)}`;
      const [arriving, missing, moving, cancelling] = await Promise.all(
        ["Arriving", "Missing", "Moving", "Cancelling"].map((who) =>
          createTestUser({ name: `${who} ${tag}` }),
        ),
      );
      // Two visits that have started (one per chair), two next week.
      // The two runs use different times and weeks; today's visits, whose 15-minute holds
      // may still meet when the runs start minutes apart, also different hold layers, and
      // none that a booking today takes (layer 0, a double booking's 1) or the diary's
      // started visits hold (2 to 9).
      const started = startedMinutesAgo(javaScript ? 20 : 45);
      const layer = javaScript ? 10 : 11;
      await holdSlot(arriving!, started.date, started.time, { chairId: "chair-1", layer });
      await holdSlot(missing!, started.date, started.time, {
        chairId: "chair-2",
        dentistId: "dentist-chen",
        layer,
      });
      const later = upcoming(TUESDAY, javaScript ? 3 : 4);
      const moved = await holdSlot(moving!, later, "09:00");
      await holdSlot(cancelling!, later, "10:00");

      // The diary of the day, with the started visits in it.
      await page.goto(`/staff?date=${started.date}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Diary");
      await expect(diaryVisit(page, `Arriving ${tag}`)).toBeVisible();
      await page.getByRole("link", { name: "By chair" }).click();
      await expect(page.getByRole("columnheader", { name: "Chair 2" })).toBeVisible();

      // The arrival, then the completion.
      await openVisit(page, started.date, `Arriving ${tag}`);
      await page.getByRole("button", { name: "Check in" }).click();
      await expect(await status(page)).toHaveText("Checked in");
      await page.getByRole("button", { name: "Complete" }).click();
      await expect(await status(page)).toHaveText("Completed");

      // The no-show.
      await openVisit(page, started.date, `Missing ${tag}`);
      await page.getByRole("button", { name: "Mark no-show" }).click();
      await expect(await status(page)).toHaveText("Missed");

      // A phone booking for a new caller.
      const service = await seededService("teeth-cleaning");
      await page.goto("/staff/bookings/new");
      await page.getByLabel("Name", { exact: true }).fill(`Caller ${tag}`);
      await page
        .getByLabel("E-mail", { exact: true })
        .fill(`caller-${tag.toLowerCase()}@example.com`);
      // A number of its own: another record with it would be shown as a likely duplicate.
      await page
        .getByLabel("Phone", { exact: true })
        .fill(`+1 555 ${String(Date.now()).slice(-7)}`);
      await page.getByRole("button", { name: "Create record" }).click();
      await expect(page.getByText(`Booking for Caller ${tag}`)).toBeVisible();
      await page.getByRole("combobox", { name: "Service" }).selectOption(service.id);
      const bookingDay = upcoming(MONDAY, javaScript ? 3 : 4);
      await page.getByLabel("Date", { exact: true }).fill(bookingDay);
      await page.getByRole("button", { name: "Show free times" }).click();
      // The day's own booking form, not the one shown before (typed into, it would be
      // replaced by the day's when the free times arrive on a busy machine).
      await expect(page).toHaveURL(new RegExp(`date=${bookingDay}`));
      // The screen says where the confirmation will go; the note is the staff's alone.
      const callerEmail = `caller-${tag.toLowerCase()}@example.com`;
      await expect(page.getByTestId("confirmation-recipient")).toContainText(callerEmail);
      const note = `Owes $40 from last visit ${tag}`;
      await page.getByLabel("Note for the visit (staff only)").fill(note);
      if (javaScript) {
        // Another time chosen from the strip (a client navigation) keeps the note typed.
        const other = page
          .getByRole("list", { name: /^Free times on / })
          .first()
          .getByRole("link");
        const label = await other.nth(1).getAttribute("aria-label");
        await other.nth(1).click();
        await expect(page.getByRole("link", { name: label! })).toHaveAttribute(
          "aria-current",
          "true",
        );
        await expect(page.getByLabel("Note for the visit (staff only)")).toHaveValue(note);
      }
      await page.getByRole("button", { name: "Book", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(`Caller ${tag}`);
      await expect(await status(page)).toHaveText("Booked");
      await expect(
        toast(page, `The confirmation went to ${callerEmail}.`, { javaScript }),
      ).toBeVisible();
      await expect(page.getByText(note)).toBeVisible();
      // A desk booking is confirmed like an online one: calendar file and links, no note.
      const confirmation = await waitForMail(callerEmail, (m) => m.subject.includes("is booked"));
      expect(calendarOf(confirmation).method).toBe("REQUEST");
      expect(confirmation.text).toMatch(/Reschedule: http\S+\/visit\/\S+\/reschedule/);
      expect(confirmation.text).toMatch(/Cancel: http\S+\/visit\/\S+\/cancel/);
      expect(confirmation.text).not.toContain(note);
      expect(confirmation.attachments.map((a) => a.content).join("")).not.toContain(note);

      // A move to another free time the same day.
      await openVisit(page, later, `Moving ${tag}`);
      await page.getByRole("radio", { name: "3:00 PM" }).check();
      await page.getByRole("button", { name: "Move appointment" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText("3:00 PM");
      const row = await e2eDb().appointment.findUniqueOrThrow({ where: { id: moved.id } });
      expect(row.time).toBe("15:00");
      // The moved patient is told, and their calendar entry is updated in place.
      const newTime = formatDateTime(later, "15:00", CLINIC_CLOCK);
      const change = await waitForMail(
        moving!.email,
        (m) => m.subject === `Your appointment has moved to ${newTime}`,
      );
      expect(change.text).toContain(`from ${formatDateTime(later, "09:00", CLINIC_CLOCK)}`);
      expect(change.text).toContain("Time: 3:00 PM");
      const calendar = calendarOf(change);
      expect(calendar).toMatchObject({
        method: "REQUEST",
        uid: expect.stringMatching(new RegExp(`^appointment-${moved.id}@`)),
        start: row.startsAt.toISOString(),
      });
      expect(calendar.sequence).toBeGreaterThan(moved.sequence);
      expect(calendar.sequence).toBe(row.sequence);

      // A cancellation with a reason: the patient is mailed.
      await openVisit(page, later, `Cancelling ${tag}`);
      await page.getByLabel("Reason (the patient is told)").fill("The dentist is ill");
      await page.getByRole("button", { name: "Cancel appointment" }).click();
      await expect(await status(page)).toHaveText("Cancelled");
      const mail = await waitForMail(cancelling!.email, (m) => /cancelled/i.test(m.subject));
      expect(mail.subject).toMatch(/cancelled/);
      expect(mail.text).toContain("The dentist is ill");
    });
  });
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`staff screens have no serious or critical axe violations (${viewport.name})`, async ({
    page,
    login,
  }) => {
    await page.setViewportSize(viewport);
    await login(await createTestUser({ role: "reception" }));
    const patient = await createTestUser({ name: `Axe Patient ${Date.now()}`, phone: "555 0199" });
    const date = upcoming(MONDAY, 4);
    const visit = await holdSlot(patient, date, viewport.name === "phone" ? "14:00" : "10:00");
    const service = await seededService("teeth-cleaning");
    for (const path of [
      `/staff?date=${date}`,
      `/staff?date=${date}&view=chair&layout=list`,
      `/staff/appointments/${visit.id}`,
      "/staff/patients?q=Axe",
      `/staff/patients/${patient.id}`,
      "/staff/bookings/new?q=Axe",
      `/staff/bookings/new?patient=${patient.id}&service=${service.id}&dentist=any&date=${date}`,
    ]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(await axeViolations(page, { seriousOnly: true }), path).toEqual([]);
    }
  });
}
