import type { Page } from "@playwright/test";
import { seedDentists } from "../../prisma/seed-data";
import { expect, e2eDb, test } from "./fixtures";

/** Every public screen, once with JavaScript on and once with it off. */

async function shownCounts(page: Page) {
  const text = (await page.getByTestId("services-shown").textContent()) ?? "";
  const match = /Showing (\d+) of (\d+) services/.exec(text);
  expect(match, `"${text}" says how many services are shown`).not.toBeNull();
  return { shown: Number(match![1]), total: Number(match![2]) };
}

async function cardNames(page: Page) {
  return page.getByTestId("service-card").locator("h3").allTextContents();
}

/** Clicks LoadMore until it is gone; returns how many clicks it took. */
async function pageToTheEnd(page: Page, javaScript: boolean) {
  let clicks = 0;
  const loadMore = page.getByTestId("load-more");
  while ((await loadMore.count()) > 0) {
    const before = await page.getByTestId("service-card").count();
    const pageBefore = Number(new URL(page.url()).searchParams.get("page") ?? 1);
    await loadMore.click();
    await expect.poll(() => page.getByTestId("service-card").count()).toBeGreaterThan(before);
    // Without JavaScript LoadMore is a link to the next ?page; with it, the URL stays.
    const pageAfter = Number(new URL(page.url()).searchParams.get("page") ?? 1);
    expect(pageAfter).toBe(javaScript ? pageBefore : pageBefore + 1);
    clicks += 1;
    expect(clicks, "LoadMore ends").toBeLessThan(100);
  }
  return clicks;
}

for (const javaScript of [true, false]) {
  test.describe(`with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("the home page has every section of the landing page", async ({ page }) => {
      await page.goto("/");
      await expect(page).toHaveTitle(/Dental Clinic/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        "content",
        /dentistry/,
      );
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Welcome/);
      await expect(page.getByText(/High-quality dental care/)).toBeVisible();
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: "Login", exact: true })).toHaveAttribute(
        "href",
        "/login",
      );
      await expect(main.getByRole("link", { name: "Sign-up", exact: true })).toHaveAttribute(
        "href",
        "/register",
      );
      for (const highlight of ["Teeth Whitening", "Teeth Cleaning", "Modern Anesthetic"]) {
        await expect(
          main.getByRole("heading", { level: 3, name: highlight }).first(),
        ).toBeVisible();
      }
      const treatments = main.getByRole("region", { name: "Treatments" });
      for (const treatment of [
        "Teeth Cleanings",
        "Cosmetic Fillings",
        "Invisalign",
        "Dental Crowns",
      ]) {
        await expect(treatments.getByRole("img", { name: treatment })).toBeVisible();
      }
      await expect(main.getByRole("heading", { name: "Opening hours" })).toBeVisible();
      await expect(main.getByText("Monday to Friday:")).toBeVisible();
      await expect(main.getByText("9:00 AM to 5:00 PM, closed 12:30 PM to 1:30 PM")).toBeVisible();
      await expect(main.getByText("Times are Eastern Time.")).toBeVisible();
      // schema.org data for search engines, from the same settings.
      const structured = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
      ) as { "@type": string; telephone: string; openingHoursSpecification: unknown[] };
      expect(structured["@type"]).toBe("Dentist");
      expect(structured.telephone).toBe("+1 (555) 010-2040");
      expect(structured.openingHoursSpecification).toContainEqual({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: "https://schema.org/Monday",
        opens: "13:30",
        closes: "17:00",
      });

      const contact = main.getByRole("region", { name: "Contact" });
      const map = contact.locator('iframe[title="Map to the clinic"]');
      await expect(map).toHaveAttribute("loading", "lazy");
      await expect(map).toHaveAttribute(
        "src",
        /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?/,
      );
      await expect(contact.getByTestId("clinic-address")).toHaveText(/Main Street/);
      const email = contact.getByTestId("clinic-email");
      await expect(email).toHaveText(/@/);
      await expect(email).toHaveAttribute("href", /^mailto:/);

      const footer = page.getByRole("contentinfo");
      for (const item of ["Appointment", "About us", "Press kit", "Cookie policy"]) {
        await expect(footer.getByText(item, { exact: true })).toBeVisible();
      }
      await expect(footer.getByRole("link")).toHaveCount(0);
    });

    test("the home list pages to the end, six at a time, and LoadMore disappears", async ({
      page,
    }) => {
      await page.goto("/");
      const first = await shownCounts(page);
      expect(first.shown).toBe(6);
      expect(first.total).toBeGreaterThanOrEqual(26);
      await expect(page.getByTestId("service-card")).toHaveCount(6);
      const loadMore = page.getByTestId("load-more");
      await expect(loadMore).toHaveText("Load More");
      if (!javaScript) {
        await expect(loadMore).toHaveAttribute("href", "/?page=2#service-7");
      }
      await loadMore.click();
      await expect(page.getByTestId("service-card")).toHaveCount(12);
      if (javaScript) await expect(page).toHaveURL(/\/$/);
      await pageToTheEnd(page, javaScript);
      const last = await shownCounts(page);
      expect(last.shown).toBe(last.total);
      await expect(page.getByTestId("load-more")).toHaveCount(0);
      const names = await cardNames(page);
      expect(names).toHaveLength(last.total);
      const hrefs = await page
        .getByTestId("service-card-link")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(new Set(hrefs).size).toBe(hrefs.length);
    });

    test("a card shows the cut name, cut description, dollar price, and links by id and by slug", async ({
      page,
    }) => {
      const whitening = await e2eDb().service.findUniqueOrThrow({
        where: { slug: "teeth-whitening" },
      });
      // ?page past the end shows every service, wherever other tests' new ones push it.
      await page.goto("/all-service?page=1000");
      const card = page.getByTestId("service-card").filter({ hasText: "Teeth Whitening" });
      await expect(card.locator("h3")).toHaveText("Teeth Whitening");
      await expect(card.getByText(`${whitening.description.slice(0, 55)}...`)).toBeVisible();
      await expect(card.getByTestId("service-price")).toHaveText("$299.00");

      await card.getByTestId("service-card-link").click();
      await expect(page).toHaveURL(`/product/${whitening.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Teeth Whitening");

      await page.goto("/all-service?page=1000");
      await page
        .getByTestId("service-card")
        .filter({ hasText: "Teeth Whitening" })
        .getByRole("link", { name: "More Details" })
        .click();
      await expect(page).toHaveURL("/product/teeth-whitening");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Teeth Whitening");
    });

    test("the service page shows photo, description, price, reviews with their average and Make Appointment", async ({
      page,
    }) => {
      const service = await e2eDb().service.findUniqueOrThrow({ where: { slug: "invisalign" } });
      // The public ones: other tests hide reviews and leave some waiting for moderation.
      const reviews = await e2eDb().review.findMany({
        where: { serviceId: service.id, status: "published", hidden: false },
      });
      const average = reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length;
      await page.goto("/product/invisalign");
      await expect(page).toHaveTitle("Invisalign | Dental Clinic");
      await expect(page.getByRole("img", { name: "Invisalign" })).toBeVisible();
      await expect(page.getByText(service.description)).toBeVisible();
      await expect(page.getByTestId("service-price")).toHaveText(/^\$4,500\.00/);
      await expect(page.getByTestId("average-rating")).toContainText(
        `${(Math.round(average * 10) / 10).toFixed(1)} out of 5 from ${reviews.length}`,
      );
      await expect(page.getByTestId("service-review")).toHaveCount(reviews.length);
      await expect(page.getByTestId("service-review").first()).toContainText("Liam Chen");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        /\/product\/invisalign$/,
      );
      await expect(page.getByRole("link", { name: "Make Appointment" })).toHaveAttribute(
        "href",
        `/make-appointment?service=${service.id}`,
      );
    });

    test("an unknown service and an unknown tool get the 404 page", async ({ page }) => {
      for (const path of ["/product/no-such-service", "/tool/no-such-tool"]) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
        await expect(page.getByRole("link", { name: "Back to the home page" })).toBeVisible();
      }
    });

    test("filters by category and price range, and Reset goes back to the first page", async ({
      page,
    }) => {
      await page.goto("/all-service");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Services");
      await page.getByLabel("Orthodontics").check();
      await page.getByLabel("$100 to $499.99").check();
      await page.getByRole("button", { name: "Apply filters" }).click();
      await expect(page).toHaveURL(/checked=Orthodontics/);
      await expect(page).toHaveURL(/radio=100-499\.99/);
      await expect(page.getByTestId("filter-summary")).toBeVisible();
      const names = await cardNames(page);
      expect(names).toEqual(expect.arrayContaining(["Retainers", "Night Guard"]));
      const matching = await e2eDb().service.findMany({
        where: { category: "Orthodontics", priceCents: { gte: 10_000, lte: 49_999 } },
      });
      for (const name of names) {
        expect(matching.map((service) => service.name.slice(0, 25))).toContain(name);
      }
      await expect(page.getByLabel("Orthodontics")).toBeChecked();
      await expect(page.getByLabel("$100 to $499.99")).toBeChecked();

      await page.getByRole("link", { name: "Reset" }).click();
      await expect(page).toHaveURL(/\/all-service$/);
      await expect(page.getByLabel("Orthodontics")).not.toBeChecked();
      await expect(page.getByLabel("Any price")).toBeChecked();
      await expect(page.getByTestId("service-card")).toHaveCount(6);
      await expect(page.getByTestId("load-more")).toBeVisible();
      await expect(page.getByTestId("filter-summary")).toHaveCount(0);
    });

    test("clearing both filters returns the first page; filter mode pages too", async ({
      page,
    }) => {
      await page.goto("/all-service?checked=Preventive&checked=Cosmetic");
      const filtered = await shownCounts(page);
      expect(filtered.shown).toBe(6);
      expect(filtered.total).toBeGreaterThanOrEqual(10);
      await pageToTheEnd(page, javaScript);
      expect((await shownCounts(page)).shown).toBe(filtered.total);
      await expect(page.getByTestId("load-more")).toHaveCount(0);

      await page.getByLabel("Preventive").uncheck();
      await page.getByLabel("Cosmetic").uncheck();
      await page.getByRole("button", { name: "Apply filters" }).click();
      await expect(page.getByTestId("filter-summary")).toHaveCount(0);
      await expect(page.getByTestId("service-card")).toHaveCount(6);
      const all = await shownCounts(page);
      expect(all.total).toBeGreaterThan(filtered.total);
    });

    test("a price range alone is filter mode", async ({ page }) => {
      await page.goto("/all-service");
      await page.getByLabel("$0 to $99.99").check();
      await page.getByRole("button", { name: "Apply filters" }).click();
      await expect(page).toHaveURL(/radio=0-99\.99/);
      // The address changes before the filtered list renders: wait for the list itself.
      await expect(page.getByTestId("filter-summary")).toBeVisible();
      const prices = await page.getByTestId("service-price").allTextContents();
      expect(prices.length).toBeGreaterThanOrEqual(5);
      for (const price of prices) {
        expect(Number(price.replace(/[$,]/g, ""))).toBeLessThanOrEqual(99.99);
      }
    });

    test("a malformed filter in the URL is explained, never an error page", async ({ page }) => {
      const response = await page.goto("/all-service?checked=Haircuts");
      expect(response?.status()).toBe(400);
      await expect(page.getByTestId("filter-error")).toContainText('Unknown category "Haircuts"');
      await expect(page.getByTestId("service-card")).toHaveCount(6);
    });

    test("the blog lists the six tool cards and a card leads to its tool page", async ({
      page,
    }) => {
      await page.goto("/blog");
      await expect(page).toHaveTitle(/Blogs/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blogs");
      const cards = page.getByTestId("blog-card");
      await expect(cards).toHaveCount(6);
      for (const pricing of ["Freemium", "Free Trial", "Contact for Pricing"]) {
        await expect(cards.getByText(pricing, { exact: true }).first()).toBeVisible();
      }
      const hrefs = await cards
        .getByRole("link")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(hrefs).toEqual([
        "/tool/writey-ai",
        "/tool/writemeai",
        "/tool/publer",
        "/tool/anyword",
        "/tool/blogseo-ai",
        "/tool/typewise",
      ]);
      await cards.filter({ hasText: "Publer" }).getByRole("link", { name: "Publer" }).click();
      await expect(page).toHaveURL("/tool/publer");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Publer");
      await expect(page.getByText("Freemium").first()).toBeVisible();
      await expect(page.getByText("API available")).toBeVisible();
      await expect(page.getByRole("img", { name: "Publer illustration" })).toBeVisible();
    });

    test("the header menu opens on a 360px wide phone", async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto("/all-service");
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
      await page.getByText("Menu", { exact: true }).click();
      const mobile = page.getByRole("navigation", { name: "Mobile" });
      await expect(mobile.getByRole("link", { name: "Blog" })).toBeVisible();
      await mobile.getByRole("link", { name: "Blog" }).click();
      await expect(page).toHaveURL("/blog");
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}

test.describe("reviews carousel", () => {
  test("shows one review at a time, 250px tall, fading in 500 ms, wrapping both ways", async ({
    page,
  }) => {
    await page.goto("/");
    const carousel = page.getByTestId("reviews-carousel");
    await expect(carousel).toHaveAttribute("data-mode", "carousel");
    const count = await carousel.getByTestId("review-slide").count();
    expect(count).toBeGreaterThanOrEqual(10);
    const box = await carousel.locator("ul").boundingBox();
    expect(box?.height).toBe(250);
    const active = carousel.locator('[data-testid="review-slide"][data-active="true"]');
    await expect(active).toHaveCount(1);
    await expect(carousel.locator("ul")).toHaveAttribute("aria-live", "polite");

    const firstName = await active.locator("p.font-semibold").textContent();
    const position = carousel.getByTestId("review-position");
    await expect(position).toHaveText(`Review 1 of ${count}`);
    await carousel.getByRole("button", { name: "Previous review" }).click();
    await expect(position).toHaveText(`Review ${count} of ${count}`);
    // Slides fade in and out over 500 ms.
    const slides = carousel.getByTestId("review-slide");
    await expect(slides.last()).toHaveCSS("transition-duration", "0.5s");
    await expect(slides.last()).toHaveCSS("transition-property", "opacity");
    await expect(slides.last()).toHaveCSS("opacity", "1");
    await expect(slides.first()).toHaveCSS("opacity", "0");
    await carousel.getByRole("button", { name: "Next review" }).click();
    await expect(position).toHaveText(`Review 1 of ${count}`);
    await expect(active.locator("p.font-semibold")).toHaveText(firstName!);
    await carousel.getByRole("button", { name: "Next review" }).click();
    await expect(position).toHaveText(`Review 2 of ${count}`);
    await expect(carousel.locator('[data-active="false"]')).toHaveCount(count - 1);
    await expect(carousel.locator('[data-active="false"]').first()).toHaveAttribute(
      "aria-hidden",
      "true",
    );
  });

  test("is operable from the keyboard", async ({ page }) => {
    await page.goto("/");
    const carousel = page.getByTestId("reviews-carousel");
    await expect(carousel).toHaveAttribute("data-mode", "carousel");
    const count = await carousel.getByTestId("review-slide").count();
    const position = carousel.getByTestId("review-position");
    await carousel.getByRole("button", { name: "Next review" }).focus();
    await page.keyboard.press("Enter");
    await expect(position).toHaveText(`Review 2 of ${count}`);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(position).toHaveText(`Review ${count} of ${count}`);
    await page.keyboard.press("ArrowRight");
    await expect(position).toHaveText(`Review 1 of ${count}`);
    await carousel.getByRole("button", { name: "Previous review" }).focus();
    await page.keyboard.press("Space");
    await expect(position).toHaveText(`Review ${count} of ${count}`);
  });

  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });
    test("every review is readable in a scrollable list", async ({ page }) => {
      await page.goto("/");
      const carousel = page.getByTestId("reviews-carousel");
      await expect(carousel).toHaveAttribute("data-mode", "list");
      const list = carousel.getByRole("list", { name: "All reviews" });
      await expect(list).toHaveAttribute("tabindex", "0");
      const slides = carousel.getByTestId("review-slide");
      const count = await slides.count();
      expect(count).toBeGreaterThanOrEqual(10);
      const authors = new Set(
        (await e2eDb().review.findMany({ select: { name: true } })).map((review) => review.name),
      );
      for (let index = 0; index < count; index += 1) {
        const slide = slides.nth(index);
        await slide.scrollIntoViewIfNeeded();
        await expect(slide).toBeVisible();
        await expect(slide.getByRole("img", { name: /out of 5 stars$/ })).toBeVisible();
        const author = (await slide.locator("p.font-semibold").textContent())!.split(" about ")[0]!;
        expect(authors).toContain(author);
      }
      await expect(carousel.getByRole("button", { name: "Next review" })).toBeHidden();
    });
  });
});

for (const javaScript of [true, false]) {
  test.describe(`Our team with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("a service page shows its length and who performs it, linking to the team page", async ({
      page,
    }) => {
      await page.goto("/product/dental-crowns");
      await expect(page.getByTestId("service-duration")).toHaveText("Duration: 1 hour 30 minutes");
      const performedBy = page.getByTestId("performed-by");
      await expect(performedBy).toHaveText("Performed by: Dr. Anita Patel");
      await performedBy.getByRole("link", { name: "Dr. Anita Patel" }).click();
      await expect(page).toHaveURL(/\/team#dr-anita-patel$/);
      // The seeded team (a browser test may add a member of its own meanwhile).
      const members = page
        .getByTestId("team-member")
        .and(page.locator(seedDentists.map((dentist) => `#${dentist.slug}`).join(", ")));
      await expect(members).toHaveCount(seedDentists.length);
      expect(seedDentists).toHaveLength(3);
      const patel = page.locator("#dr-anita-patel");
      await expect(patel.getByRole("heading", { name: "Dr. Anita Patel" })).toBeVisible();
      await expect(patel.getByText("DDS, General and Restorative Dentist")).toBeVisible();
      await expect(patel.getByRole("img", { name: "Portrait of Dr. Anita Patel" })).toBeVisible();
      await expect(patel.getByRole("link", { name: "Dental Crowns" })).toBeVisible();
      await page.goto("/");
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Our team" })
        .click();
      await expect(page).toHaveURL(/\/team$/);
      await expect(page.getByRole("heading", { level: 1, name: "Our team" })).toBeVisible();
    });
  });
}
