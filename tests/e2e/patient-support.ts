import type { Page } from "@playwright/test";
import { clientAddressFor } from "./auth-support";
import { e2eDb, expect, test } from "./fixtures";

export { toast } from "./auth-support";

/** Each test its own client address, so per-client limits count tests apart. */
export function separateClients() {
  test.use({
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture list from this pattern
    extraHTTPHeaders: async ({}, use, testInfo) => {
      await use({ "x-forwarded-for": clientAddressFor(testInfo) });
    },
  });
}

export function seededService(slug: string) {
  return e2eDb().service.findUniqueOrThrow({ where: { slug } });
}

/**
 * Picks an option of a SearchableSelect: with JavaScript by typing into the combobox and
 * choosing with the keyboard, without it from the native select.
 */
export async function choose(
  page: Page,
  label: string,
  { type, option, javaScript }: { type: string; option: string; javaScript: boolean },
) {
  if (!javaScript) {
    await page.getByLabel(label, { exact: true }).selectOption({ label: option });
    return;
  }
  const input = page.locator("input[role=combobox]").and(page.getByLabel(label, { exact: true }));
  await input.fill(type);
  await expect(page.getByRole("option", { name: option, exact: true })).toBeVisible();
  // The first match is active after typing; move onto the wanted one and press Enter.
  const active = page.locator("[role=option][aria-selected=true]");
  for (let step = 0; step < 10; step += 1) {
    if ((await active.count()) === 1 && (await active.textContent()) === option) break;
    await input.press("ArrowDown");
  }
  await expect(active).toHaveText(option);
  await input.press("Enter");
  await expect(input).toHaveValue(option);
}

/** The red message under the form. */
export function formError(page: Page) {
  return page.getByTestId("form-error");
}

/**
 * A booking written straight to the database with its holds (as the app writes them), so
 * the diary treats its dentist and chair as taken from `time` for `minutes`.
 */
export async function holdSlot(
  user: { id: string; name: string; email: string },
  date: string,
  time: string,
  options: {
    slug?: string;
    dentistId?: string;
    chairId?: string;
    minutes?: number;
    /** Another hold layer: a double booking on purpose (parallel runs on the same steps). */
    layer?: number;
  } = {},
) {
  const { clinicTimeToUtc } = await import("../../app/utils/clinic-time");
  const { holdSteps } = await import("../../app/models/booking/slot-engine");
  const service = await seededService(options.slug ?? "teeth-cleaning");
  const dentistId = options.dentistId ?? "dentist-first";
  const chairId = options.chairId ?? "chair-1";
  const minutes = options.minutes ?? 30;
  const startsAt = clinicTimeToUtc(date, time);
  const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
  return e2eDb().appointment.create({
    data: {
      userId: user.id,
      serviceId: service.id,
      name: user.name,
      email: user.email,
      phone: "555 0100",
      date,
      time,
      message: "Held by the test",
      dentistId,
      chairId,
      startsAt,
      endsAt,
      holds: {
        createMany: {
          data: holdSteps({ startsAt, endsAt, bufferMinutes: 0 }).flatMap((step) => [
            { resource: `dentist:${dentistId}`, startsAt: step, layer: options.layer ?? 0 },
            { resource: `chair:${chairId}`, startsAt: step, layer: options.layer ?? 0 },
          ]),
        },
      },
    },
  });
}

/** The seed's clinic: US Eastern, American English. */
export const CLINIC_CLOCK = { timeZone: "America/New_York", locale: "en-US" };
