import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * Every axe violation on the page, of any impact (or with `seriousOnly`, the serious and
 * critical ones), one line each (rule, impact, where and why), so a failure says what to
 * fix. Scans the page as it is: wait for the state to be tested (hydrated, menu open, error
 * shown) before calling.
 */
export async function axeViolations(
  page: Page,
  { seriousOnly = false }: { seriousOnly?: boolean } = {},
): Promise<string[]> {
  // Toasts fade in and out: scanned mid-fade, axe blends the opacity into their colours
  // (a passing red read as 4.1:1, a leaving toast as 1.1:1). With reduced motion they have
  // no in-between states (sonner's own rule), so the scan sees each at its final colours.
  await page.emulateMedia({ reducedMotion: "reduce" });
  let results;
  try {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== "running" ||
            animation.effect?.getTiming().iterations === Infinity,
        ),
    );
    // Violations only: axe then skips the details of every passing node (a quarter of a
    // scan's time on the larger screens).
    results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
  return results.violations
    .filter(
      (violation) =>
        !seriousOnly || violation.impact === "serious" || violation.impact === "critical",
    )
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .map((node) => `${node.target.join(" ")} ${node.failureSummary ?? ""}`.trim())
          .join(", ")}`,
    );
}

/**
 * Every axe violation of the page as a browser without JavaScript shows it (axe needs
 * JavaScript to run): its HTML, scripts taken out, loaded into a scanning page at the same
 * address and viewport.
 */
export async function axeViolationsWithoutJavaScript(page: Page): Promise<string[]> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const url = page.url();
  const browser = page.context().browser();
  if (!browser) throw new Error("No browser to scan the page in");
  // Playwright gives new contexts the test's options; this one needs JavaScript for axe.
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    javaScriptEnabled: true,
  });
  const scanner = await context.newPage();
  try {
    await scanner.route(
      (address) => address.href === url,
      (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html }),
    );
    await scanner.goto(url);
    return await axeViolations(scanner);
  } finally {
    await context.close();
  }
}
