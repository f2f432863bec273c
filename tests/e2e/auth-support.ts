import { createHash } from "node:crypto";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * A client address of its own for each test (sent as X-Forwarded-For; the e2e server
 * trusts its proxy), so the per-client sign-in limit counts tests apart.
 */
export function clientAddressFor(testInfo: TestInfo) {
  const digest = createHash("sha256").update(`${testInfo.testId}:${testInfo.retry}`).digest();
  return `10.${digest[0]}.${digest[1]}.${digest[2]}`;
}

/** The message a page shows: sonner's toast with JavaScript, the noscript one without. */
export function toast(page: Page, message: string | RegExp, { javaScript = true } = {}) {
  return javaScript
    ? page.locator("[data-sonner-toast]").filter({ hasText: message })
    : page.getByTestId("noscript-toast").filter({ hasText: message });
}

export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
}

export async function expectSignedInAs(page: Page, name: string) {
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByTestId("user-menu")).toContainText(name);
  await expect(nav.getByRole("link", { name: "Login" })).toHaveCount(0);
}

export async function expectSignedOut(page: Page) {
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
  await expect(nav.getByTestId("user-menu")).toHaveCount(0);
}

/**
 * Stops time on the page before it loads: its timers (the guard's countdown among them)
 * fire only when the test moves the clock with `page.clock.runFor`, never because the
 * machine was slow or fast.
 */
export async function stopClock(page: Page) {
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 1000);
}

/**
 * Moves a stopped clock on in 100 ms steps until `status` reads `text`: the guard starts
 * counting only once the page has hydrated, which the test cannot see. A step is far
 * shorter than the guard's 1.5 s, so no count is skipped.
 */
export async function untilCountdownStep(page: Page, status: Locator, text: string) {
  await expect(async () => {
    await page.clock.runFor(100);
    expect(await status.textContent()).toBe(text);
  }).toPass({ intervals: [100], timeout: 30_000 });
}

/**
 * Lets the guard on `page` run out and waits for it to leave for `url`: with JavaScript by
 * moving the page's stopped clock (stopClock), without it by waiting for its meta
 * refresh (4.5 s of real time; bounded generously for a busy machine).
 */
export async function untilGuardLeavesFor(page: Page, url: RegExp, { javaScript = true } = {}) {
  if (!javaScript) {
    await page.waitForURL(url, { timeout: 20_000 });
    return;
  }
  await expect(async () => {
    await page.clock.runFor(1500);
    expect(page.url()).toMatch(url);
  }).toPass({ intervals: [250], timeout: 30_000 });
}
