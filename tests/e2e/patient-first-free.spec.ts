import type { Page } from "@playwright/test";
import { axeViolations, axeViolationsWithoutJavaScript } from "./axe";
import { createTestUser, e2eDb, expect, test } from "./fixtures";
import { seededService, separateClients, toast } from "./patient-support";

separateClients();

/** A phone in portrait, as the goal says. */
const PHONE = { width: 390, height: 844 };

type Strip = {
  days: { date: string; label: string; times: string[]; labels: string[] }[];
  next: string | null;
};

/** The strip the server offers now (what the page shows), read beside the page. */
async function stripOf(page: Page, query: Record<string, string>): Promise<Strip> {
  const response = await page.request.get(`/resources/free-days?${new URLSearchParams(query)}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Strip;
}

/**
 * Counts what the patient does: each click, tap, typing into a field or choice from a list
 * is one action; reading the page is none.
 */
function actionCounter() {
  let count = 0;
  return {
    async act(step: () => Promise<unknown>) {
      count += 1;
      await step();
    },
    get count() {
      return count;
    },
  };
}

// Each variant books a service only one team member performs, so the two never want the
// same dentist at the same first free time (two chairs take both).
const VARIANTS = [
  { javaScript: true, slug: "fluoride-varnish" },
  { javaScript: false, slug: "night-guard" },
];

for (const { javaScript, slug } of VARIANTS) {
  test.describe(`First free times with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript, viewport: PHONE });

    test("a signed-in patient on a phone books the first available time from a service page in at most 4 actions", async ({
      page,
      login,
    }) => {
      const user = await login(await createTestUser({ phone: "+1 555 0164" }));
      const service = await seededService(slug);
      await page.goto(`/product/${service.slug}`);
      const actions = actionCounter();
      const act = actions.act;

      await act(() => page.getByRole("link", { name: "Make Appointment" }).click());
      await expect(page.getByRole("heading", { name: "Book an Appoinment" })).toBeVisible();
      const strip = await stripOf(page, { service: service.id });
      const first = strip.days[0]!;
      const label = `First available: ${first.label} at ${first.labels[0]}`;
      const firstChoice = page.getByRole(javaScript ? "button" : "link", { name: label });
      // On the first screen of the phone, under the sticky header.
      await expect(firstChoice).toBeInViewport();

      await act(() => firstChoice.click());
      await expect(page.getByLabel("Date", { exact: true })).toHaveValue(first.date);
      await expect(page.getByLabel("Time", { exact: true })).toHaveValue(first.times[0]!);
      if (javaScript) await expect(firstChoice).toHaveAttribute("aria-pressed", "true");
      else await expect(firstChoice).toHaveAttribute("aria-current", "true");
      // Everything else the spec asks for is filled in already: name, e-mail, the phone
      // on the patient's record, the service.
      await expect(page.getByLabel("Phone", { exact: true })).toHaveValue("+1 555 0164");

      await act(() => page.getByLabel("Message", { exact: true }).fill("Whatever time is first."));
      await act(() => page.getByRole("button", { name: "Add booking" }).click());
      await expect(page).toHaveURL(/\/$/);
      await expect(toast(page, "Product Created Successfully", { javaScript })).toBeVisible();
      expect(actions.count).toBeLessThanOrEqual(4);
      expect(
        await e2eDb().appointment.findFirstOrThrow({ where: { userId: user.id } }),
      ).toMatchObject({ serviceId: service.id, date: first.date, time: first.times[0] });
    });
  });
}

test.describe("First free times with JavaScript on", () => {
  test("follow the service and dentist chosen, fill the date and time, and page through the days", async ({
    page,
    login,
  }) => {
    await login();
    const cleaning = await seededService("teeth-cleaning");
    await page.goto(`/make-appointment?service=${cleaning.id}`);
    await page.waitForLoadState("networkidle");
    const section = page.getByTestId("first-free-times");
    await expect(section).toContainText("Teeth Cleaning, with any dentist");
    expect(await axeViolations(page)).toEqual([]);

    // A later day's time: the form's date and time follow. Other tests book beside this one,
    // so the time is one the page shows and the server still offers when read after it.
    const any = await stripOf(page, { service: cleaning.id });
    const shown = await section
      .getByRole("list", { name: "Openings by day" })
      .getByRole("button")
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")));
    const chip = any.days
      .slice(1)
      .flatMap((day) =>
        day.times.map((time, index) => ({
          date: day.date,
          time,
          name: `${day.label} at ${day.labels[index]}`,
        })),
      )
      .find((candidate) => shown.includes(candidate.name))!;
    await section.getByRole("button", { name: chip.name }).click();
    await expect(page.getByLabel("Date", { exact: true })).toHaveValue(chip.date);
    await expect(page.getByLabel("Time", { exact: true })).toHaveValue(chip.time);

    // Sarah Okafor never works Wednesdays: her strip has none.
    await page
      .getByLabel("Dentist", { exact: true })
      .selectOption({ label: "Sarah Okafor, RDH, Dental Hygienist" });
    await expect(section).toContainText("Teeth Cleaning, with Sarah Okafor");
    const okafor = await stripOf(page, { service: cleaning.id, dentist: "dentist-okafor" });
    const columns = section.getByRole("list", { name: "Openings by day" }).locator("> li");
    await expect(columns).toHaveCount(okafor.days.length);
    expect(okafor.days.map((day) => new Date(`${day.date}T12:00:00Z`).getUTCDay())).not.toContain(
      3,
    );
    await expect(section.getByRole("button", { name: /^First available: / })).toHaveText(
      `First available: ${okafor.days[0]!.label} at ${okafor.days[0]!.labels[0]}`,
    );

    // "All N" picks the day: the time list shows every free time of it. The first day with
    // more times than a column shows (today may have only a few left).
    const all = section.getByRole("button", { name: /^All \d+ openings on / }).first();
    const [, count, label] = /^All (\d+) openings on (.+)$/.exec(
      (await all.getAttribute("aria-label"))!,
    )!;
    const day = okafor.days.find((candidate) => candidate.label === label)!;
    await all.click();
    await expect(page.getByLabel("Date", { exact: true })).toHaveValue(day.date);
    await expect(
      page.getByLabel("Time", { exact: true }).locator("option:not([value=''])"),
    ).toHaveCount(Number(count));

    // Later dates, then back to the first.
    await section.getByRole("button", { name: "Later dates" }).click();
    const later = await stripOf(page, {
      service: cleaning.id,
      dentist: "dentist-okafor",
      from: okafor.next!,
    });
    await expect(section.getByRole("button", { name: /^First available: / })).toHaveText(
      `First available: ${later.days[0]!.label} at ${later.days[0]!.labels[0]}`,
    );
    await section.getByRole("button", { name: "First dates" }).click();
    await expect(section.getByRole("button", { name: /^First available: / })).toHaveText(
      `First available: ${okafor.days[0]!.label} at ${okafor.days[0]!.labels[0]}`,
    );
  });
});

test.describe("First free times with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the form's service and dentist ask for their strip, and later days are a link", async ({
    page,
    login,
  }) => {
    await login();
    await page.goto("/make-appointment");
    const section = page.getByTestId("first-free-times");
    await expect(section).toContainText("Choose a service above to see its first openings.");
    await page.getByLabel("Service", { exact: true }).selectOption({ label: "Teeth Cleaning" });
    await page
      .getByLabel("Dentist", { exact: true })
      .selectOption({ label: "Sarah Okafor, RDH, Dental Hygienist" });
    await page.getByRole("button", { name: "Show first free times" }).click();
    const cleaning = await seededService("teeth-cleaning");
    await expect(page).toHaveURL(
      new RegExp(`/make-appointment\\?service=${cleaning.id}&dentist=dentist-okafor#first-free$`),
    );
    await expect(section).toContainText("Teeth Cleaning, with Sarah Okafor");
    // The form keeps the choice: its service and dentist are the strip's.
    await expect(page.getByLabel("Service", { exact: true })).toHaveValue(cleaning.id);
    await expect(page.getByLabel("Dentist", { exact: true })).toHaveValue("dentist-okafor");
    expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);

    const okafor = await stripOf(page, { service: cleaning.id, dentist: "dentist-okafor" });
    await section.getByRole("link", { name: "Later dates" }).click();
    await expect(page).toHaveURL(new RegExp(`&from=${okafor.next}#first-free$`));
    const later = await stripOf(page, {
      service: cleaning.id,
      dentist: "dentist-okafor",
      from: okafor.next!,
    });
    await expect(section.getByRole("link", { name: /^First available: / })).toHaveText(
      `First available: ${later.days[0]!.label} at ${later.days[0]!.labels[0]}`,
    );
    const day = later.days[0]!;
    await section
      .getByRole("link", { name: `All ${day.times.length} openings on ${day.label}` })
      .click();
    await expect(page.getByLabel("Date", { exact: true })).toHaveValue(day.date);
  });
});

for (const javaScript of [true, false]) {
  test.describe(`The visit cap with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("a patient already at the cap reads the refusal as the form opens, not after filling it", async ({
      page,
      login,
    }) => {
      const user = await login();
      const service = await seededService("teeth-cleaning");
      const { maxUpcomingPerPatient } = await e2eDb().clinicSettings.findUniqueOrThrow({
        where: { id: 1 },
      });
      // Upcoming visits far ahead, without holds: the cap counts visits, not the diary.
      for (let index = 0; index < maxUpcomingPerPatient; index += 1) {
        const startsAt = new Date(Date.UTC(2031, 2, 3 + index, 15));
        await e2eDb().appointment.create({
          data: {
            userId: user.id,
            serviceId: service.id,
            name: user.name,
            email: user.email,
            phone: "555 0100",
            date: startsAt.toISOString().slice(0, 10),
            time: "10:00",
            message: "At the cap",
            dentistId: "dentist-first",
            chairId: "chair-1",
            startsAt,
            endsAt: new Date(startsAt.getTime() + 30 * 60_000),
          },
        });
      }
      await page.goto(`/product/${service.slug}`);
      await page.getByRole("link", { name: "Make Appointment" }).click();
      await expect(page.getByRole("heading", { name: "Book an Appoinment" })).toBeVisible();
      await expect(page.getByTestId("visit-cap")).toHaveText(
        `You already have ${maxUpcomingPerPatient} upcoming appointments. Please cancel one before booking another.`,
      );
      await expect(page.getByRole("button", { name: "Add booking" })).toHaveCount(0);
      // The page's own link, beside the one in the header bar.
      await page.getByRole("main").getByRole("link", { name: "My appointments" }).click();
      await expect(page).toHaveURL(/\/user\/appointments$/);
    });
  });
}
