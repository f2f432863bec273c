// Without JavaScript every review is reachable (issue 25): the home page lists the newest
// (public-site.spec.ts, "every review is readable in a scrollable list"), each linking to
// its service's page, which lists them all fifty at a time behind "Older reviews".
import { e2eDb, expect, test } from "./fixtures";
import { seededService, separateClients } from "./patient-support";

separateClients();

test.use({ javaScriptEnabled: false });

test("a service's reviews page on without JavaScript until the oldest", async ({ page }) => {
  const service = await seededService("bone-grafting");
  const marker = `Reachable ${Date.now().toString(36)}`;
  const total = 53;
  // Old enough to stay out of the home page's newest twenty; one minute apart.
  const start = Date.parse("2021-03-01T12:00:00Z");
  await e2eDb().review.createMany({
    data: Array.from({ length: total }, (_, index) => ({
      name: "Patient Reader",
      message: `${marker} number ${index}`,
      rating: 5,
      serviceId: service.id,
      createdAt: new Date(start + index * 60_000),
    })),
  });

  await page.goto(`/product/${service.slug}`);
  const seen = new Set<string>();
  for (let pageNumber = 0; pageNumber < 5; pageNumber += 1) {
    const reviews = page.getByTestId("service-review");
    await expect(reviews.first()).toBeVisible();
    expect(await reviews.count()).toBeLessThanOrEqual(50);
    for (const text of await reviews.locator("p.whitespace-pre-line").allTextContents()) {
      if (text.startsWith(marker)) seen.add(text);
    }
    const older = page.getByRole("link", { name: "Older reviews" });
    if ((await older.count()) === 0) break;
    await older.click();
    await expect(page).toHaveURL(/[?&]reviews=[^&#]+#reviews$/);
  }
  expect(seen.size).toBe(total);
  expect(seen).toContain(`${marker} number 0`);
});
