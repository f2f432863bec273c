import type { Page } from "@playwright/test";
import { createTestUser, e2eDb, expect, hydrated, test, waitForMail } from "./fixtures";
import { separateClients, toast } from "./patient-support";

separateClients();

/**
 * The All Services page narrowed to one price (services from parallel tests would push a
 * new one off the first page): the cards it shows.
 */
async function cardsPricedAt(page: Page, dollars: string) {
  await page.goto(`/all-service?radio=${dollars}-${dollars}`);
  return page.getByTestId("service-card");
}

/** A price no other test uses, in dollars with cents. */
function uniquePrice() {
  return `${9000 + (Date.now() % 900)}.${String(Math.floor(Math.random() * 90) + 10)}`;
}

for (const javaScript of [true, false]) {
  test.describe(`Services and failed mail with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("a patient's service waits for review, then reception approves it onto the site", async ({
      page,
      context,
      login,
    }) => {
      const author = await login();
      const title = `Gum Lift ${javaScript ? "JS" : "HTML"} ${Date.now()}`;
      const price = uniquePrice();
      await page.goto("/add-services");
      await page.getByLabel("Title", { exact: true }).fill(title);
      await page.getByLabel("Description").fill("Lifts the gum line with a gentle laser.");
      await page.getByLabel("Price (US dollars)").fill(price);
      await page.getByLabel("Image link").fill("https://images.example/gum-lift.png");
      await page.getByRole("button", { name: "Add Service" }).click();
      await expect(toast(page, "Product Created Successfully", { javaScript })).toBeVisible();

      // The author follows it from the profile page.
      await page.goto("/user/profile");
      await page.getByRole("link", { name: "My services" }).click();
      const mine = page.getByTestId("added-service").filter({ hasText: title });
      await expect(mine.getByTestId("service-status")).toHaveText("Awaiting review");
      await mine.getByRole("link", { name: title }).click();
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
      await expect(page.getByTestId("service-standing")).toContainText("Awaiting review");
      const service = await e2eDb().service.findFirstOrThrow({ where: { name: title } });
      expect(service).toMatchObject({ status: "awaiting_review", createdById: author.id });

      // A visitor finds it nowhere.
      await context.clearCookies();
      await expect(await cardsPricedAt(page, price)).toHaveCount(0);
      expect((await page.goto(`/product/${service.slug}`))?.status()).toBe(404);

      await login(await createTestUser({ role: "reception" }));
      await page.goto("/staff/moderation");
      const waiting = page.getByTestId("awaiting-service").filter({ hasText: title });
      await waiting.getByRole("button", { name: `Approve ${title}` }).click();
      await expect(toast(page, `${title} is now on the site.`, { javaScript })).toBeVisible();
      await expect(page.getByTestId("awaiting-service").filter({ hasText: title })).toHaveCount(0);

      await context.clearCookies();
      await expect(await cardsPricedAt(page, price)).toHaveText([new RegExp(title)]);
      expect((await page.goto(`/product/${service.slug}`))?.status()).toBe(200);
    });

    test("a rejected service shows its author why", async ({ page, context, login }) => {
      const author = await createTestUser();
      const title = `Tooth Jewel ${javaScript ? "JS" : "HTML"} ${Date.now()}`;
      await e2eDb().service.create({
        data: {
          name: title,
          slug: `tooth-jewel-${javaScript ? "js" : "html"}-${Date.now()}`,
          description: "A small crystal glued to a tooth.",
          priceCents: 5000,
          photo: "/images/services/teeth-whitening.svg",
          category: "Cosmetic",
          status: "awaiting_review",
          createdById: author.id,
        },
      });
      await login(await createTestUser({ role: "admin" }));
      await page.goto("/staff/moderation");
      const waiting = page.getByTestId("awaiting-service").filter({ hasText: title });
      await waiting.getByRole("button", { name: `Reject ${title}` }).click();
      await expect(page.getByTestId("form-error")).toHaveText(
        "Please give the author a reason for not publishing the service.",
      );
      await page
        .getByLabel(`Reason for not publishing ${title}`)
        .fill("We do not offer cosmetic jewellery.");
      await page.getByRole("button", { name: `Reject ${title}` }).click();
      await expect(
        toast(page, `${title} will not be published; its author can see why.`, { javaScript }),
      ).toBeVisible();

      await context.clearCookies();
      await login(author);
      await page.goto("/user/services");
      const mine = page.getByTestId("added-service").filter({ hasText: title });
      await expect(mine.getByTestId("service-status")).toHaveText("Not published");
      await expect(mine.getByTestId("rejection-reason")).toHaveText(
        "Reason: We do not offer cosmetic jewellery.",
      );
    });

    test("an admin adds a service with a site picture and its dentist, then changes its price and hides it", async ({
      page,
      context,
      login,
    }) => {
      const price = uniquePrice();
      const title = `Night Guard ${javaScript ? "JS" : "HTML"} ${Date.now()}`;
      const dentist = await e2eDb().dentist.findFirstOrThrow({
        where: { active: true },
        orderBy: { sortOrder: "asc" },
      });
      await login(await createTestUser({ role: "admin" }));
      await page.goto("/staff");
      await page
        .getByRole("navigation", { name: "Clinic" })
        .getByRole("link", { name: "Services", exact: true })
        .click();
      await expect(page.getByRole("heading", { name: "Services", level: 1 })).toBeVisible();
      await page.getByRole("link", { name: "Add a service" }).click();
      await expect(page.getByRole("heading", { name: "New service" })).toBeVisible();
      // The picture radio buttons fill the link in once hydrated.
      if (javaScript) await hydrated(page);

      await page.getByLabel("Title", { exact: true }).fill(title);
      await page.getByLabel("Category").selectOption("Restorative");
      await page.getByLabel("Description").fill("A soft guard against grinding at night.");
      await page.getByRole("radio", { name: "Night guard" }).check();
      await page.getByLabel("Price (US dollars)").fill(price);
      await page.getByLabel(/^Length/).fill("90");
      await page.getByLabel(/^Buffer/).fill("15");
      await page.getByRole("checkbox", { name: dentist.name }).check();
      await page.getByRole("button", { name: "Add the service" }).click();
      await expect(
        toast(page, `${title} is on the site and in the booking form.`, { javaScript }),
      ).toBeVisible();
      await expect(page.getByRole("heading", { name: `Edit ${title}` })).toBeVisible();
      await expect(page.getByRole("checkbox", { name: dentist.name })).toBeChecked();
      const service = await e2eDb().service.findFirstOrThrow({
        where: { name: title },
        include: { dentists: true },
      });
      expect(service).toMatchObject({
        status: "published",
        photo: "/images/services/night-guard.svg",
        durationMinutes: 90,
        bufferMinutes: 15,
        dentists: [expect.objectContaining({ dentistId: dentist.id })],
      });

      // On the site at once, with the clinic's own picture.
      await context.clearCookies();
      await page.goto(`/product/${service.slug}`);
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
      await expect(
        page.getByRole("main").locator('img[src="/images/services/night-guard.svg"]'),
      ).toHaveCount(1);
      await expect(page.getByRole("main")).toContainText(dentist.name);

      await login(await createTestUser({ role: "admin" }));
      await page.goto(`/staff/services/${service.id}`);
      const newPrice = javaScript ? "212.40" : "213.40";
      await page.getByLabel(/^Length/).fill("60");
      await page.getByLabel("Price (US dollars)").fill(newPrice);
      await page.getByRole("button", { name: "Save" }).click();
      await expect(toast(page, `${title} is saved.`, { javaScript })).toBeVisible();

      await context.clearCookies();
      await page.goto(`/product/${service.slug}`);
      await expect(page.getByTestId("service-price")).toContainText(`$${newPrice}`);
      await expect(page.getByTestId("service-duration")).toContainText("1 hour");
      await expect(await cardsPricedAt(page, newPrice)).toHaveText([new RegExp(title)]);

      await login(await createTestUser({ role: "admin" }));
      await page.goto(`/staff/services/${service.id}`);
      await page.getByLabel(/^Hidden/).check();
      await page.getByRole("button", { name: "Save" }).click();
      await expect(toast(page, `${title} is saved.`, { javaScript })).toBeVisible();

      await context.clearCookies();
      expect((await page.goto(`/product/${service.slug}`))?.status()).toBe(404);
      await expect(await cardsPricedAt(page, newPrice)).toHaveCount(0);
    });

    test("reception reads why a mail failed, from the badge in the navigation, and sends it again", async ({
      page,
      login,
    }) => {
      const to = `failed-${javaScript ? "js" : "html"}-${Date.now()}@example.com`;
      const subject = `Your visit is confirmed (${javaScript ? "js" : "html"})`;
      await e2eDb().outboxMessage.create({
        data: {
          dedupeKey: `e2e-failed:${to}`,
          kind: "booking",
          toAddress: to,
          subject,
          text: "See you soon.",
          status: "failed",
          attempts: 5,
          lastError: "ESOCKET: connect ECONNREFUSED 127.0.0.1:587",
        },
      });
      await login(await createTestUser({ role: "reception" }));
      await page.goto("/staff");
      // The badge counts failed mail (other tests add theirs: at least this one).
      const link = page
        .getByRole("navigation", { name: "Clinic" })
        .getByRole("link", { name: /^Failed mail \(\d+ failed\)$/ });
      await expect(link.getByTestId("nav-badge")).toHaveText(/^[1-9]\d*\+?$/);
      await link.click();
      const row = page.getByTestId("undelivered-message").filter({ hasText: to });
      await expect(row.getByTestId("mail-problem")).toHaveText(
        "The mail server refused the connection.",
      );
      await expect(row).toContainText("Booking confirmation");
      await row.getByRole("button", { name: `Send again: ${subject} to ${to}` }).click();
      await expect(
        toast(page, `The message to ${to} is queued to be sent again.`, { javaScript }),
      ).toBeVisible();
      const mail = await waitForMail(to);
      expect(mail.subject).toBe(subject);
      await page.reload();
      await expect(page.getByTestId("undelivered-message").filter({ hasText: to })).toHaveCount(0);
    });
  });
}
