import { seedServices } from "../../prisma/seed-data";
import { stopClock } from "./auth-support";
import { axeViolations, axeViolationsWithoutJavaScript } from "./axe";
import { createTestUser, e2eDb, expect, hydrated, test } from "./fixtures";
import { separateClients } from "./patient-support";
import {
  faintPlaceholders,
  headerBottom,
  isOnTop,
  VIEWPORTS,
  weakFocusIndicators,
} from "./ux-support";

// The site around the forms, as a patient on a desktop and a phone meets it (issue 13:
// items 4, 9, 10, 11, 12, 14, 15, 16).

separateClients();

test.describe("focus you can see", () => {
  for (const path of ["/", "/all-service", "/register"]) {
    test(`every control on ${path} shows focus at 3:1 or more`, async ({ page }) => {
      await page.goto(path);
      await hydrated(page);
      expect(await weakFocusIndicators(page)).toEqual([]);
    });
  }

  for (const path of ["/make-appointment", "/add-review", "/user/profile"]) {
    test(`every control on ${path} shows focus at 3:1, placeholders read at 4.5:1`, async ({
      page,
      login,
    }) => {
      await login();
      await page.goto(path);
      await hydrated(page);
      expect(await weakFocusIndicators(page)).toEqual([]);
      expect(await faintPlaceholders(page)).toEqual([]);
    });
  }
});

for (const [label, viewport] of VIEWPORTS) {
  test.describe(`menus on a ${label}`, () => {
    test.use({ viewport });
    const phone = label === "phone";

    test("the account menu closes on Escape, a click elsewhere and tabbing away", async ({
      page,
      login,
    }) => {
      await login();
      await page.goto("/");
      const toggle = phone
        ? page.getByText("Menu", { exact: true })
        : page.getByTestId("user-menu");
      const panel = phone
        ? page.getByRole("navigation", { name: "Mobile" })
        : page.getByRole("navigation", { name: "Main" }).locator("details > div");
      const myAppointments = panel.getByRole("link", { name: "My appointments" });

      // One step to My appointments, on a phone too.
      await toggle.click();
      await expect(myAppointments).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
      await expect(toggle).toBeFocused();

      await toggle.click();
      await expect(panel).toBeVisible();
      // A click on the page beside the open menu.
      await page.getByRole("heading", { level: 1 }).click({ position: { x: 4, y: 4 } });
      await expect(panel).toBeHidden();

      // Tabbing out of the open menu closes it: it never covers what gets focus next.
      await toggle.click();
      await expect(panel).toBeVisible();
      const logout = panel.getByRole("button", { name: "Logout" });
      await logout.focus();
      await page.keyboard.press("Tab");
      await expect(panel).toBeHidden();
      const next = page.locator(":focus");
      await expect(next).toHaveCount(1);
      await next.scrollIntoViewIfNeeded();
      expect(await isOnTop(next)).toBe(true);

      await toggle.click();
      await myAppointments.click();
      await expect(page).toHaveURL(/\/user\/appointments$/);
      await expect(panel).toBeHidden();
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 664 } });

  test("the phone menu still opens and reaches My appointments", async ({ page, login }) => {
    await login();
    await page.goto("/");
    await page.getByText("Menu", { exact: true }).click();
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    await mobile.getByRole("link", { name: "My appointments" }).click();
    await expect(page).toHaveURL(/\/user\/appointments$/);
  });
});

for (const javaScript of [true, false]) {
  test.describe(`guards with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("each guard page has a heading that says why and where it goes", async ({ page }) => {
      if (javaScript) {
        // The countdown's clock stands still and /login cannot load, so the guard stays on
        // screen for the checks and the scan (as in auth-a11y.spec.ts).
        await page.route(/\/login\.data\b/, () => {});
        await stopClock(page);
      }
      await page.goto("/user/profile");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Please login to see this page",
      );
      await expect(page.getByText(/taking you to the login page/)).toBeVisible();
      await expect(page.getByText("Loading.. 3 second")).toBeVisible();

      await page.goto("/make-appointment");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Please Login To Book an Appoinment",
      );
      await expect(page.getByText(/come straight back to the booking form/)).toBeVisible();
      if (javaScript) await page.clock.resume();
      expect(
        await (javaScript ? axeViolations(page) : axeViolationsWithoutJavaScript(page)),
      ).toEqual([]);
    });
  });
}

for (const javaScript of [true, false]) {
  test.describe(`contact with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("e-mail and phones are real links, in the header too, with directions by the map", async ({
      page,
    }) => {
      await page.goto("/");
      const contact = page.getByRole("region", { name: "Contact" });
      await expect(contact.getByTestId("clinic-email")).toHaveAttribute(
        "href",
        "mailto:hello@dental-clinic.example",
      );
      await expect(contact.getByTestId("clinic-phone")).toHaveAttribute("href", "tel:+15550102040");
      await expect(page.getByRole("link", { name: "+1 (555) 010-2040" }).first()).toHaveAttribute(
        "href",
        "tel:+15550102040",
      );
      const directions = contact.getByRole("link", { name: "Get directions" });
      await expect(directions).toHaveAttribute(
        "href",
        /^https:\/\/www\.openstreetmap\.org\/directions\?route=%3B42\.1015%2C-72\.5898$/,
      );
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 664 },
      ]) {
        await page.setViewportSize(viewport);
        const call = page.locator("header").getByTestId("header-phone");
        await expect(call).toBeVisible();
        await expect(call).toHaveAttribute("href", "tel:+15550102040");
        await expect(call).toHaveAccessibleName(/\+1 \(555\) 010-2040/);
      }
    });
  });
}

for (const [label, viewport] of VIEWPORTS) {
  for (const javaScript of [true, false]) {
    test.describe(`All Services on a ${label}, JavaScript ${javaScript ? "on" : "off"}`, () => {
      test.use({ viewport, javaScriptEnabled: javaScript });

      test("filters fold away on a phone, ranges do not overlap, headings go h1 > h2 > h3", async ({
        page,
      }) => {
        await page.goto("/all-service");
        const orthodontics = page.getByLabel("Orthodontics");
        const firstCard = page.getByTestId("service-card").first();
        if (label === "phone") {
          await expect(orthodontics).toBeHidden();
          const card = await firstCard.boundingBox();
          expect(card!.y).toBeLessThan(viewport.height);
          await page.getByText("Filters", { exact: true }).click();
        }
        await expect(orthodontics).toBeVisible();

        const levels = await page
          .locator("main")
          .locator("h1, h2, h3, h4, h5, h6")
          .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName[1])));
        expect(levels[0]).toBe(1);
        for (let index = 1; index < levels.length; index += 1) {
          expect(levels[index]!, `heading ${index}`).toBeLessThanOrEqual(levels[index - 1]! + 1);
        }

        await orthodontics.check();
        await page.getByLabel("$100 to $499.99").check();
        await page.getByRole("button", { name: "Apply filters" }).click();
        await expect(page).toHaveURL(/radio=100-499\.99/);
        await expect(page.getByTestId("filter-summary")).toBeVisible();
        if (label === "phone") {
          await expect(page.getByLabel("Orthodontics")).toBeHidden();
          await expect(page.getByText("(2 filters on)")).toBeVisible();
        }
        expect(
          await (javaScript ? axeViolations(page) : axeViolationsWithoutJavaScript(page)),
        ).toEqual([]);
      });
    });
  }
}

test("a service at exactly $100 is in exactly one of the offered price ranges", async ({
  page,
}) => {
  const name = `Hundred ${Date.now().toString().slice(-6)}`;
  await e2eDb().service.create({
    data: {
      slug: name.toLowerCase().replace(" ", "-"),
      name,
      description: "Costs exactly one hundred dollars.",
      priceCents: 10_000,
      photo: "/images/services/dental-checkup.svg",
      category: "Preventive",
    },
  });
  await page.goto("/all-service");
  const ranges = await page
    .locator("input[type=radio][name=radio]")
    .evaluateAll((radios) =>
      (radios as HTMLInputElement[]).map((radio) => radio.value).filter(Boolean),
    );
  expect(ranges.length).toBeGreaterThanOrEqual(4);
  const holding: string[] = [];
  for (const range of ranges) {
    await page.goto(`/all-service?checked=Preventive&radio=${range}&page=1000`);
    await expect(page.getByTestId("filter-summary")).toBeVisible();
    const names = await page.getByTestId("service-card").locator("h3").allTextContents();
    if (names.includes(name)) holding.push(range);
  }
  expect(holding).toEqual(["100-499.99"]);
});

test.describe("after a client-side navigation", () => {
  test("focus moves to the new page's heading and the page is announced", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Blog" })
      .click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await expect(page.getByTestId("route-announcer")).toHaveText(/Blogs/);
  });

  test("a broken avatar shows the initial", async ({ page, login }) => {
    await login(
      await createTestUser({ name: "Zed Broken", userImage: "/images/avatars/gone.svg" }),
    );
    await page.goto("/");
    const avatar = page.getByRole("navigation", { name: "Main" }).getByTestId("avatar");
    await expect(avatar).toContainText("Z");
    await expect(avatar.locator("img")).toHaveCount(0);
  });
});

for (const [label, viewport] of VIEWPORTS) {
  test(`the sticky header never covers the focused element on a ${label}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    await hydrated(page);
    // From the bottom of the page backwards: each control scrolled to must clear the header.
    // Not the End key: Chromium animates a keyboard scroll, and on a busy machine that
    // animation could still be running, and carry the page on, after focus had moved.
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
    );
    // The map is a third-party page in an iframe: once focus is inside it, Chromium moves
    // it on without scrolling our page, which says nothing about our header. Keep the
    // walk to our own controls.
    await page
      .locator("iframe")
      .evaluateAll((frames) => frames.forEach((frame) => frame.setAttribute("tabindex", "-1")));
    await page.getByText("Get directions").focus();
    for (let step = 0; step < 25; step += 1) {
      await page.keyboard.press("Shift+Tab");
      // The page's active element, read in one step (no locator left waiting for one).
      const top = () =>
        page.evaluate(() => {
          const active = document.activeElement;
          if (!active || active === document.body) return null;
          const rect = active.getBoundingClientRect();
          return rect.height === 0 ? null : rect.y;
        });
      if ((await top()) === null) continue;
      // Scrolling to the focused control may be animated: wait for where it settles.
      const bottom = (await headerBottom(page)) - 1;
      await expect
        .poll(async () => (await top()) ?? bottom, { message: `step ${step}` })
        .toBeGreaterThanOrEqual(bottom);
    }
  });
}

test.describe("privacy", () => {
  test("the notice says what, why, how long, how to get a copy or delete it, and whom to ask", async ({
    page,
  }) => {
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy notice");
    for (const heading of [
      "What we store",
      "Why",
      "How long we keep it",
      "Getting a copy, or having it deleted",
      "Whom to contact",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "My data page" })).toHaveAttribute(
      "href",
      "/user/data",
    );
    await expect(page.getByText(/30 days, or until you log out/)).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: /@/ })).toHaveAttribute(
      "href",
      /^mailto:/,
    );
    expect(await axeViolations(page)).toEqual([]);
    // The footer keeps the spec's plain items.
    await expect(page.getByRole("contentinfo").getByRole("link")).toHaveCount(0);
  });

  test("every form that takes personal or health details links to it", async ({ page, login }) => {
    for (const path of ["/register", "/login", "/forgot-password", "/add-review"]) {
      await page.goto(path);
      await expect(page.getByRole("link", { name: "privacy notice" })).toHaveAttribute(
        "href",
        "/privacy",
      );
    }
    await login();
    for (const path of ["/make-appointment", "/user/profile"]) {
      await page.goto(path);
      await expect(page.getByRole("link", { name: "privacy notice" })).toHaveAttribute(
        "href",
        "/privacy",
      );
    }
  });
});

test("each service category has its own illustration", async ({ page }) => {
  // The seed's own services: staff may give a service they add any of the site's pictures.
  const services = await e2eDb().service.findMany({
    where: {
      photo: { startsWith: "/images/services/" },
      slug: { in: seedServices.map((service) => service.slug) },
    },
    select: { photo: true, category: true },
  });
  const byCategory = new Map<string, Set<string>>();
  for (const service of services) {
    const svg = await (await page.request.get(service.photo)).text();
    const drawing = /data-illustration="([^"]+)"/.exec(svg)?.[1] ?? "none";
    byCategory.set(service.category, (byCategory.get(service.category) ?? new Set()).add(drawing));
  }
  expect(byCategory.size).toBe(5);
  const drawings = [...byCategory.values()].map((set) => [...set]);
  // One drawing per category, a different one for each.
  for (const set of drawings) expect(set).toHaveLength(1);
  expect(new Set(drawings.flat()).size).toBe(5);
  // And they are what the cards show, drawn by the browser. (Only the site's own
  // illustrations: other specs add services whose photo links lead nowhere reachable,
  // and cards below the fold load lazily, so each picture is decoded here.)
  await page.goto("/all-service");
  const shown = await page
    .getByTestId("service-card")
    .locator("img[src^='/images/services/']")
    .evaluateAll((images) => [...new Set(images.map((image) => image.getAttribute("src")!))]);
  expect(shown.length).toBeGreaterThan(0);
  const undrawn = await page.evaluate(async (sources) => {
    const failed: string[] = [];
    for (const src of sources) {
      const image = new Image();
      image.src = src;
      await image.decode().catch(() => failed.push(src));
      if (image.naturalWidth === 0) failed.push(src);
    }
    return failed;
  }, shown);
  expect(undrawn).toEqual([]);
});
