import type { Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { expect, hydrated, test } from "./fixtures";
import { seededService } from "./patient-support";
import { headerBottom, isOnTop, VIEWPORTS } from "./ux-support";

// The searchable pickers (service, rating) on /add-review, which renders for anyone
// (issue 13, item 3): they open on typing, a click or Alt+Down, never on focus; they never
// lock the page or hide it from assistive technology; they stay in sight on a phone;
// Escape gives back the previous value; a click elsewhere does what it would anyway.

function picker(page: Page, label: string) {
  return page.locator("input[role=combobox]").and(page.getByLabel(label, { exact: true }));
}

/** The value the form would post for `name`. */
function posted(page: Page, name: string) {
  return page.locator(`input[type=hidden][name=${name}]`);
}

for (const [label, viewport] of VIEWPORTS) {
  test.describe(`on a ${label}`, () => {
    test.use({ viewport });

    test("opens on typing, a click or Alt+Down, never on focus", async ({ page }) => {
      await page.goto("/add-review");
      // Hydration re-renders the pickers: a field focused before it would lose its focus.
      await hydrated(page);
      const service = picker(page, "Service");
      const list = page.getByRole("listbox", { name: "Service" });
      await page.getByLabel("Name", { exact: true }).focus();
      await page.keyboard.press("Tab");
      await expect(picker(page, "Rating")).toBeFocused();
      await expect(page.getByRole("listbox", { name: "Rating" })).toBeHidden();
      await page.keyboard.press("Tab");
      await expect(service).toBeFocused();
      await expect(list).toBeHidden();
      await expect(service).toHaveAttribute("aria-expanded", "false");

      await service.press("Alt+ArrowDown");
      await expect(list).toBeVisible();
      await expect(service).toHaveAttribute("aria-expanded", "true");
      await service.press("Escape");
      await expect(list).toBeHidden();

      await service.click();
      await expect(list).toBeVisible();
      expect(await list.getByRole("option").count()).toBeGreaterThanOrEqual(26);
      await service.press("Escape");
      await expect(list).toBeHidden();

      await service.pressSequentially("brace");
      await expect(list.getByRole("option")).toHaveCount(2);
      expect((await list.getByRole("option").allTextContents()).sort()).toEqual([
        "Ceramic Braces",
        "Metal Braces",
      ]);
    });

    test("an open picker neither locks the page nor hides it, and axe finds nothing", async ({
      page,
    }) => {
      await page.goto("/add-review");
      const rating = picker(page, "Rating");
      await rating.click();
      const list = page.getByRole("listbox", { name: "Rating" });
      await expect(list).toBeVisible();
      const locked = await page.evaluate(() =>
        [document.documentElement, document.body].some((element) =>
          ["hidden", "clip"].includes(getComputedStyle(element).overflowY),
        ),
      );
      expect(locked).toBe(false);
      await expect(page.locator("[inert], body > * [aria-hidden=true]:has(h1)")).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add Review");
      // The page still scrolls with the list open.
      const before = await page.evaluate(() => window.scrollY);
      await page.mouse.wheel(0, 300);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
      await expect(list).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });

    test("Escape gives back the previous choice; Enter picks the active option", async ({
      page,
    }) => {
      const whitening = await seededService("teeth-whitening");
      await page.goto("/add-review");
      const service = picker(page, "Service");
      await service.pressSequentially("whiten");
      await expect(page.getByRole("option", { name: "Teeth Whitening" })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      await service.press("Enter");
      await expect(service).toHaveValue("Teeth Whitening");
      await expect(posted(page, "service")).toHaveValue(whitening.id);

      await service.fill("");
      await service.pressSequentially("invis");
      await expect(page.getByRole("option", { name: "Invisalign" })).toBeVisible();
      await service.press("Escape");
      await expect(service).toHaveValue("Teeth Whitening");
      await expect(posted(page, "service")).toHaveValue(whitening.id);
      await expect(page.getByRole("listbox", { name: "Service" })).toBeHidden();
    });

    test("the first click outside does what it would do anyway", async ({ page }) => {
      await page.goto("/add-review");
      const service = picker(page, "Service");
      await service.click();
      await expect(page.getByRole("listbox", { name: "Service" })).toBeVisible();
      // One click into another field the list does not cover (it opens above the field on
      // a phone, below it on a desktop): that field has focus, and the list has closed.
      const name = page.getByLabel("Name", { exact: true });
      const message = page.getByLabel("Message");
      const other = (await isOnTop(name)) ? name : message;
      expect(await isOnTop(other)).toBe(true);
      await other.click();
      await expect(other).toBeFocused();
      await expect(page.getByRole("listbox", { name: "Service" })).toBeHidden();

      // One click on a link: it is followed.
      await service.click();
      await expect(page.getByRole("listbox", { name: "Service" })).toBeVisible();
      await page.getByRole("link", { name: "Dental Clinic" }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });
}

test.describe("on a phone with its keyboard up: little room below the field", () => {
  const height = 420;
  test.use({ viewport: { width: 390, height } });

  test("the list opens where it fits and shows several options, all on screen", async ({
    page,
  }) => {
    await page.goto("/add-review");
    const service = picker(page, "Service");
    // Scroll so that the field sits at the bottom of the screen.
    await service.evaluate((element) => element.scrollIntoView({ block: "end" }));
    const field = await service.boundingBox();
    expect(height - (field!.y + field!.height)).toBeLessThan(60);

    await service.click();
    const list = page.getByRole("listbox", { name: "Service" });
    await expect(list).toBeVisible();
    const box = await list.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(await headerBottom(page));
    expect(box!.y + box!.height).toBeLessThanOrEqual(height);
    const fullyShown = await list.getByRole("option").evaluateAll(
      (items) =>
        items.filter((item) => {
          const option = item.getBoundingClientRect();
          const listBox = item.parentElement!.getBoundingClientRect();
          return option.top >= listBox.top && option.bottom <= listBox.bottom;
        }).length,
    );
    expect(fullyShown).toBeGreaterThanOrEqual(4);
  });
});
