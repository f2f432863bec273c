// Issue 31.13: opened from the home page's "Book an appointment", the booking form asks
// what the patient came for first (the service, then the dentist), and the first free
// times follow at once: in place with JavaScript, by a GET of the choice without it. The
// spec's fields stay; the actions and page loads of booking from the home page are counted
// and may not grow (5 and 2 with JavaScript, as before; one more of each without).
import type { Locator, Page } from "@playwright/test";
import { axeViolations, axeViolationsWithoutJavaScript } from "./axe";
import { createTestUser, e2eDb, expect, test } from "./fixtures";
import { choose, seededService, separateClients, toast } from "./patient-support";

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

async function top(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!.y;
}

type Strip = { days: { date: string; label: string; times: string[]; labels: string[] }[] };

// Services only Dr. Patel performs; without JavaScript the second day is booked, so the two
// variants never want the same time.
const VARIANTS = [
  { javaScript: true, slug: "tooth-extraction" },
  { javaScript: false, slug: "wisdom-tooth-removal" },
];

for (const { javaScript, slug } of VARIANTS) {
  test.describe(`The booking form's order with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("from the home page: the service first, its first free times at once, then the details", async ({
      page,
      login,
    }) => {
      const user = await login(await createTestUser({ phone: "+1 555 0171" }));
      const service = await seededService(slug);
      await page.goto("/");
      const loads = pageLoads(page);
      let actions = 0;
      const act = async (step: () => Promise<unknown>) => {
        actions += 1;
        await step();
      };

      // The hero's, the first on the page (the clinic's section has another).
      await act(() => page.getByRole("link", { name: "Book an appointment" }).first().click());
      await expect(page.getByRole("heading", { name: "Book an Appoinment" })).toBeVisible();
      if (javaScript) await page.waitForLoadState("networkidle");
      const strip = page.getByTestId("first-free-times");
      await expect(strip).toContainText("Choose a service above to see its first openings.");
      // The spec's fields, the service and dentist first, the strip between them and the rest.
      // (With JavaScript the service is a combobox, its list labelled by it too.)
      const serviceField = page.locator("#field-service");
      const order = [
        serviceField,
        page.getByLabel("Dentist", { exact: true }),
        strip,
        page.getByLabel("Name", { exact: true }),
        page.getByLabel("Email", { exact: true }),
        page.getByLabel("Phone", { exact: true }),
        page.getByLabel("Date", { exact: true }),
        page.getByLabel("Time", { exact: true }),
        page.getByLabel("Message", { exact: true }),
        page.getByRole("button", { name: "Add booking" }),
      ];
      const tops: number[] = [];
      for (const field of order) tops.push(await top(field));
      expect(tops).toEqual([...tops].sort((a, b) => a - b));
      expect(
        javaScript ? await axeViolations(page) : await axeViolationsWithoutJavaScript(page),
      ).toEqual([]);

      await act(() =>
        choose(page, "Service", {
          type: service.name.slice(0, 6),
          option: service.name,
          javaScript,
        }),
      );
      if (!javaScript) {
        await act(() => page.getByRole("button", { name: "Show first free times" }).click());
        // Only the choice stays in the address: not the patient's details.
        await expect(page).toHaveURL(
          new RegExp(`/make-appointment\\?service=${service.id}#first-free$`),
        );
      }
      await expect(strip).toContainText(`${service.name}, with any dentist`);
      const response = await page.request.get(`/resources/free-days?service=${service.id}`);
      const free = (await response.json()) as Strip;
      const day = javaScript ? free.days[0]! : free.days[1]!;
      const label = javaScript
        ? `First available: ${day.label} at ${day.labels[0]}`
        : `${day.label} at ${day.labels[0]}`;
      await act(() => strip.getByRole(javaScript ? "button" : "link", { name: label }).click());
      await expect(page.getByLabel("Date", { exact: true })).toHaveValue(day.date);
      await expect(page.getByLabel("Time", { exact: true })).toHaveValue(day.times[0]!);
      await expect(serviceField).toHaveValue(javaScript ? service.name : service.id);

      await act(() => page.getByLabel("Message", { exact: true }).fill("The service came first."));
      await act(() => page.getByRole("button", { name: "Add booking" }).click());
      await expect(page).toHaveURL(/\/$/);
      await expect(toast(page, "Product Created Successfully", { javaScript })).toBeVisible();
      expect(
        await e2eDb().appointment.findFirstOrThrow({ where: { userId: user.id } }),
      ).toMatchObject({ serviceId: service.id, date: day.date, time: day.times[0] });
      // The home page's link, the service (and its button without JavaScript), a time,
      // the message, Add booking.
      expect(actions).toBeLessThanOrEqual(javaScript ? 5 : 6);
      expect(loads.length, loads.join(" ")).toBeLessThanOrEqual(javaScript ? 2 : 4);
    });
  });
}
