import { axeViolations } from "./axe";
import { expect, hydrated, test } from "./fixtures";

const PUBLIC_PAGES = [
  "/",
  "/?page=2",
  "/all-service",
  "/all-service?checked=Cosmetic&radio=100-499.99",
  "/product/teeth-whitening",
  "/blog",
  "/tool/publer",
  "/no-such-page",
];

for (const [label, width] of [
  ["desktop", 1280],
  ["phone", 360],
] as const) {
  test.describe(`accessibility on a ${label}`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const path of PUBLIC_PAGES) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        // Scan after hydration, the state most visitors see.
        await hydrated(page);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}

test("the carousel stays accessible after moving to another review", async ({ page }) => {
  await page.goto("/");
  const carousel = page.getByTestId("reviews-carousel");
  await expect(carousel).toHaveAttribute("data-mode", "carousel");
  await carousel.getByRole("button", { name: "Next review" }).click();
  await expect(carousel.getByTestId("review-position")).toHaveText(/^Review 2 of/);
  // Scan once the fade has finished.
  await expect(carousel.getByTestId("review-slide").first()).toHaveCSS("opacity", "0");
  expect(await axeViolations(page)).toEqual([]);
});

test("the phone menu is accessible when open", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  await page.getByText("Menu", { exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
