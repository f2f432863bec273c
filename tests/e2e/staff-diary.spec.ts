// The diary the front desk works in (issue 23, "The diary" and "Goals"): a phone booking
// from an empty time in at most 4 actions and 2 page loads with JavaScript, a check-in in
// one click and its undo, with JavaScript on and off; dragging a visit to move it; the
// keys and the skip link; four dentists across 1920 px; a dentist's own day; axe on the
// diary's states at 1280 and 390 px.
import type { Page } from "@playwright/test";
import { clinicNow } from "../../app/utils/clinic-time";
import { SUNDAY, THURSDAY, upcoming, WEDNESDAY } from "../support/clinic-dates";
import { axeViolations } from "./axe";
import { createTestUser, e2eDb, expect, test } from "./fixtures";
import { holdSlot, seededService, separateClients } from "./patient-support";

separateClients();

/** A clinic date and time a few minutes ago: a visit that has started. */
function startedMinutesAgo(minutes: number) {
  return clinicNow(new Date(Date.now() - minutes * 60_000), "America/New_York");
}

/** Every change of the main frame's address after this call: the page loads of a task. */
function pageLoads(page: Page) {
  const urls: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame() && urls.at(-1) !== frame.url()) urls.push(frame.url());
  });
  return urls;
}

/** Counts the user's actions (a click, a fill, a choice) as a task runs them. */
function actions() {
  let count = 0;
  return {
    act: <T>(step: Promise<T>) => {
      count += 1;
      return step;
    },
    get count() {
      return count;
    },
  };
}

function card(page: Page, name: string) {
  return page.getByTestId("diary-visit").filter({ hasText: name }).filter({ visible: true });
}

for (const javaScript of [true, false]) {
  test.describe(`the diary, JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("a phone booking of a known patient from an empty time: 4 actions, 2 page loads", async ({
      page,
      login,
    }) => {
      const tag = `${javaScript ? "On" : "Off"}${Date.now().toString(36)}`;
      const caller = await createTestUser({ name: `Caller ${tag}` });
      await login(await createTestUser({ role: "reception", name: `Desk ${tag}` }));
      const service = await seededService("teeth-cleaning");
      const date = upcoming(THURSDAY, javaScript ? 5 : 6);
      await page.goto(`/staff?date=${date}`);
      if (process.env.DIARY_SHOTS)
        await page.screenshot({ path: `/tmp/diary-${javaScript}.png`, fullPage: true });
      const loads = pageLoads(page);
      const task = actions();

      await task.act(page.getByRole("link", { name: "Book at 11:30 AM, Sarah Okafor" }).click());
      await expect(page).toHaveURL(/\/staff\/bookings\/new\?/);
      await expect(page.getByTestId("picked-time")).toContainText("11:30 AM");
      await expect(page.getByTestId("picked-time")).toContainText("Sarah Okafor");
      await task.act(page.getByLabel("Name, e-mail or phone").fill(`Caller ${tag}`));
      if (!javaScript) await task.act(page.getByRole("button", { name: "Search" }).click());
      await task.act(page.getByRole("combobox", { name: "Service" }).selectOption(service.id));
      await task.act(page.getByRole("button", { name: `Book for Caller ${tag}` }).click());
      await expect(page).toHaveURL(/\/staff\/appointments\//);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(`Caller ${tag}`);

      const booked = await e2eDb().appointment.findFirstOrThrow({ where: { userId: caller.id } });
      expect(booked).toMatchObject({ date, time: "11:30", dentistId: "dentist-okafor" });
      expect(task.count).toBeLessThanOrEqual(javaScript ? 4 : 5);
      expect(loads.length, loads.join(" ")).toBeLessThanOrEqual(javaScript ? 2 : 3);
    });

    test("a check-in in one click from the diary, and its undo", async ({ page, login }) => {
      const tag = `${javaScript ? "On" : "Off"}${Date.now().toString(36)}`;
      const patient = await createTestUser({ name: `Arriving ${tag}` });
      const started = startedMinutesAgo(javaScript ? 10 : 25);
      await holdSlot(patient, started.date, started.time, {
        dentistId: "dentist-okafor",
        chairId: "chair-2",
        layer: javaScript ? 2 : 3,
      });
      await login(await createTestUser({ role: "reception", name: `Desk ${tag}` }));
      await page.goto(`/staff?date=${started.date}`);
      const loads = pageLoads(page);

      await card(page, `Arriving ${tag}`)
        .getByRole("button", { name: `Check in Arriving ${tag}` })
        .click();
      await expect(card(page, `Arriving ${tag}`).getByText("Checked in")).toBeVisible();
      expect(loads.length, loads.join(" ")).toBeLessThanOrEqual(1);
      const visit = await e2eDb().appointment.findFirstOrThrow({ where: { userId: patient.id } });
      expect(visit.status).toBe("checked_in");

      await card(page, `Arriving ${tag}`)
        .getByRole("button", { name: `Undo check-in of Arriving ${tag}` })
        .click();
      await expect(
        card(page, `Arriving ${tag}`).getByRole("button", { name: /^Check in/ }),
      ).toBeVisible();
      await expect
        .poll(
          async () =>
            (await e2eDb().appointment.findUniqueOrThrow({ where: { id: visit.id } })).status,
        )
        .toBe("booked");
      // Both rows stay in the visit's history.
      expect(
        await e2eDb().appointmentStatusChange.count({ where: { appointmentId: visit.id } }),
      ).toBe(2);
    });
  });
}
