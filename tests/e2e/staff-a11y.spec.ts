import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { createTestUser, e2eDb, expect, test } from "./fixtures";
import { seededService, separateClients } from "./patient-support";

separateClients();

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(" ")} ${node.failureSummary}`).join(", ")}`,
    );
}

const SCREENS = [
  "/staff",
  "/staff/moderation",
  "/staff/moderation?show=hidden",
  "/staff/audit",
  "/staff/dentists",
  "/staff/dentists/dentist-first",
  "/staff/chairs",
  "/staff/closures",
  "/staff/settings",
  "/staff/services",
  "/staff/services?status=awaiting_review",
  "/staff/outbox",
  "/staff/recall",
  "/staff/recall-types",
  "/staff/reports",
];

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(`staff screens on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("have no serious or critical axe violations", async ({ page, login }) => {
      // Nineteen screens, each scanned whole: more than one default test's time on a busy machine.
      test.slow();
      const admin = await login(await createTestUser({ role: "admin" }));
      // Something on every screen: a hidden review and its audit entry.
      const service = await seededService("invisalign");
      // Its own text: the desktop and phone runs go side by side, each with its review.
      const message = `For the scan ${viewport.width}-${Date.now()}`;
      const review = await e2eDb().review.create({
        data: { name: "Axe Reviewer", message, rating: 2, serviceId: service.id },
      });
      await page.goto("/staff/moderation");
      await page
        .getByTestId("moderated-review")
        .filter({ hasText: message })
        .first()
        .getByRole("button", { name: "Hide the review by Axe Reviewer" })
        .click();
      await expect
        .poll(
          async () => (await e2eDb().review.findUniqueOrThrow({ where: { id: review.id } })).hidden,
        )
        .toBe(true);
      // A service awaiting review (the moderation queue), and a failed message.
      const stamp = `${viewport.width}-${Date.now()}`;
      const waiting = await e2eDb().service.create({
        data: {
          name: `Axe Service ${stamp}`,
          slug: `axe-service-${stamp}`,
          description: "Waiting for review.",
          priceCents: 1000,
          photo: "/images/services/teeth-cleaning.svg",
          category: "Preventive",
          status: "awaiting_review",
        },
      });
      await e2eDb().outboxMessage.create({
        data: {
          dedupeKey: `axe:${stamp}`,
          kind: "booking",
          toAddress: `axe-${stamp}@example.com`,
          subject: "Axe mail",
          text: "Hello",
          status: "failed",
          attempts: 5,
          lastError: "550 Mailbox unavailable",
        },
      });
      // A patient due back, on the recall list and with a page of their own.
      const recall = await e2eDb().patientRecall.create({
        data: {
          userId: (await createTestUser({ name: `Axe Recall ${stamp}` })).id,
          recallTypeId: "recall-checkup",
          dentistId: "dentist-first",
          dueDate: new Date().toISOString().slice(0, 10),
        },
      });
      for (const path of [
        ...SCREENS,
        `/staff/services/${waiting.id}`,
        `/staff/recall/${recall.id}`,
      ]) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        expect(await seriousViolations(page), `${path} as ${admin.email}`).toEqual([]);
      }
      if (viewport.name === "phone") {
        // The Clinic link sits in the phone menu too.
        await page.getByText("Menu", { exact: true }).click();
        await page
          .getByRole("navigation", { name: "Mobile" })
          .getByRole("link", { name: "Clinic", exact: true })
          .click();
        await expect(page).toHaveURL(/\/staff$/);
      }
      await page.goto("/staff/audit");
      // Other specs write to the trail side by side: open the first change that has one.
      await page
        .getByTestId("audit-entry")
        .filter({ has: page.getByText("Before and after") })
        .first()
        .getByText("Before and after")
        .click();
      expect(await seriousViolations(page), "/staff/audit with a change open").toEqual([]);
    });
  });
}
