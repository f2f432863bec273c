// Issue 31.10 and 31.14: the desk's booking form shows the first free times of a service,
// several days from the next open one with the reason a day is empty, and a link to the next
// free time that is booked in one more click; with JavaScript on and off. At 390 px the
// form does not scroll sideways, though the dentists' options carry their full titles.
import type { Page } from "@playwright/test";
import { SUNDAY, upcoming } from "../support/clinic-dates";
import { axeViolations, axeViolationsWithoutJavaScript } from "./axe";
import { createTestUser, e2eDb, expect, test } from "./fixtures";
import { seededService, separateClients } from "./patient-support";

separateClients();

/** Every change of the main frame's address after this call: the page loads of a task. */
function pageLoads(page: Page) {
  const start = page.url();
  const urls: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame() && (urls.at(-1) ?? start) !== frame.url())
      urls.push(frame.url());
  });
  return urls;
}

// Each variant books a service only Dr. Chen performs, in its own week, so the two never
// want the same time; Dr. Chen never works Mondays, so each books a Tuesday: weeks no other
// spec books a Tuesday in (staff-settings counts the visits on its Tuesdays 7 and 8).
const VARIANTS = [
  { javaScript: true, slug: "retainers", weeks: 10 },
  { javaScript: false, slug: "metal-braces", weeks: 11 },
];

for (const { javaScript, slug, weeks } of VARIANTS) {
  test.describe(`The desk's next free time with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("choose the service, read the days with their reasons, follow the next free time and book it", async ({
      page,
      login,
    }) => {
      const tag = `${javaScript ? "On" : "Off"}${Date.now().toString(36)}`;
      const caller = await createTestUser({ name: `Caller ${tag}` });
      await login(await createTestUser({ role: "reception", name: `Desk ${tag}` }));
      const service = await seededService(slug);
      // From a Sunday, when the clinic is closed: the days start on Monday.
      const sunday = upcoming(SUNDAY, weeks);
      await page.goto(`/staff/bookings/new?patient=${caller.id}&date=${sunday}`);
      const loads = pageLoads(page);
      let actions = 0;
      const act = async (step: () => Promise<unknown>) => {
        actions += 1;
        await step();
      };

      await act(() => page.getByRole("combobox", { name: "Service" }).selectOption(service.id));
      if (!javaScript)
        await act(() => page.getByRole("button", { name: "Show free times" }).click());
      const days = page.getByTestId("desk-free-days");
      await expect(days.getByRole("heading")).toHaveText(`3. Next free times for ${service.name}`);
      // The first free day and time, as the strip's own route answers them.
      const response = await page.request.get(
        `/resources/free-days?${new URLSearchParams({ service: service.id, from: sunday })}`,
      );
      const strip = (await response.json()) as {
        days: { date: string; label: string; times: string[]; labels: string[] }[];
      };
      const first = strip.days[0]!;
      // The closed Sunday is not listed: the days start on Monday, which says why it has no time.
      await expect(days.getByRole("listitem").first()).toContainText(/^Monday, /);
      await expect(
        days.getByRole("listitem").filter({ hasText: "Dr. Marcus Chen does not work on Mondays." }),
      ).not.toHaveCount(0);
      // Several days with their times.
      await expect(days.getByRole("list", { name: /^Free times on / })).toHaveCount(7);
      const next = page.getByTestId("next-free").getByRole("link");
      await expect(next).toHaveText(`${first.label} at ${first.labels[0]}`);

      await act(() => next.click());
      await expect(page).toHaveURL(
        new RegExp(`day=${first.date}&start=${encodeURIComponent(first.times[0]!)}#book$`),
      );
      const book = page.locator("#book");
      await expect(book.getByRole("heading")).toHaveText(`4. Book on ${first.label}`);
      await expect(book.getByRole("radio", { name: first.labels[0] })).toBeChecked();
      await act(() => book.getByRole("button", { name: "Book", exact: true }).click());
      await expect(page).toHaveURL(/\/staff\/appointments\//);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(`Caller ${tag}`);

      expect(
        await e2eDb().appointment.findFirstOrThrow({ where: { userId: caller.id } }),
      ).toMatchObject({
        serviceId: service.id,
        date: first.date,
        time: first.times[0],
        dentistId: "dentist-chen",
      });
      // Service (and its button without JavaScript), the next free time, Book.
      expect(actions).toBeLessThanOrEqual(javaScript ? 3 : 4);
      expect(loads.length, loads.join(" ")).toBeLessThanOrEqual(3);
    });
  });
}

for (const javaScript of [true, false]) {
  test.describe(`The desk's booking form at 390 px, JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript, viewport: { width: 390, height: 844 } });

    test("does not scroll sideways, with every dentist's full title among the options", async ({
      page,
      login,
    }) => {
      const caller = await createTestUser({ name: `Narrow ${javaScript ? "On" : "Off"}` });
      await login(await createTestUser({ role: "reception" }));
      const service = await seededService("dental-checkup");
      await page.goto(
        `/staff/bookings/new?patient=${caller.id}&service=${service.id}&dentist=any&date=${upcoming(SUNDAY, 10)}`,
      );
      await expect(page.getByTestId("desk-free-days")).toBeVisible();
      await expect(
        page.getByRole("combobox", { name: "Dentist" }).getByRole("option", {
          name: "Dr. Marcus Chen, DMD, Orthodontist and Cosmetic Dentist",
        }),
      ).toHaveCount(1);
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
      }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
      expect(
        javaScript ? await axeViolations(page) : await axeViolationsWithoutJavaScript(page),
      ).toEqual([]);
    });
  });
}
