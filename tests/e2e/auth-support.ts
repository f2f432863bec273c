import { createHash } from "node:crypto";
import type { Page, TestInfo } from "@playwright/test";
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
