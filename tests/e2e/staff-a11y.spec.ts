import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { createTestUser, e2eDb, expect, test } from "./fixtures";
import { seededService, separateClients } from "./patient-support";

separateClients();

/** Axe's findings on the page: serious and critical ones, or with `every`, of any impact. */
async function seriousViolations(page: Page, every = false) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter(
      (violation) => every || violation.impact === "serious" || violation.impact === "critical",
    )
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(" ")} ${node.failureSummary}`).join(", ")}`,
    );
}

/**
 * The admin set-up screens, failed mail, the audit trail and a visit's page answer for
 * violations of every impact (issue 23); the others still for serious and critical ones.
 */
const EVERY_IMPACT = new Set([
  "/staff/audit",
  "/staff/dentists/dentist-first",
  "/staff/settings",
  "/staff/services/new",
  "/staff/outbox",
]);

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
  "/staff/services/new",
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
      // Nineteen scans of whole screens: a scan took up to 20 s on a busy two-core machine
      // (load 19), so this bound is four default tests' time; a quiet machine never waits it.
      test.setTimeout(4 * 90_000);
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
      // A review waiting for moderation, with its reasons (ADR 040), and a rejected one.
      await e2eDb().review.createMany({
        data: [
          { status: "awaiting_review", heldFor: "no_visit,link" },
          { status: "rejected", heldFor: "phone" },
        ].map((state) => ({
          ...state,
          name: "Held Reviewer",
          message: `Held for the scan ${stamp}`,
          rating: 3,
          serviceId: service.id,
        })),
      });
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
      // A visit booked at the desk for a caller who gave no phone number: no empty tel: link.
      const noPhone = await e2eDb().appointment.create({
        data: {
          serviceId: service.id,
          name: `Axe Caller ${stamp}`,
          email: `axe-caller-${stamp}@example.com`,
          phone: "",
          date: "2031-03-04",
          time: "10:00",
          message: "",
          dentistId: "dentist-first",
          chairId: "chair-1",
          startsAt: new Date("2031-03-04T15:00:00.000Z"),
          endsAt: new Date("2031-03-04T15:30:00.000Z"),
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
        expect(
          await seriousViolations(page, EVERY_IMPACT.has(path)),
          `${path} as ${admin.email}`,
        ).toEqual([]);
      }
      await page.goto(`/staff/appointments/${noPhone.id}`);
      await expect(page.getByText("no phone number")).toBeVisible();
      expect(await seriousViolations(page, true), "a visit without a phone").toEqual([]);
      if (viewport.name === "phone") {
        // The Clinic link sits in the phone menu too.
        await page.getByText("Menu", { exact: true }).click();
        await page
          .getByRole("navigation", { name: "Mobile" })
          .getByRole("link", { name: "Clinic", exact: true })
          .click();
        await expect(page).toHaveURL(/\/staff$/);
      }
      // The trail (scanned above) shows each change by its label, the hidden review's too.
      await page.goto("/staff/audit");
      await expect(
        page
          .getByTestId("audit-entry")
          .filter({ hasText: "The review by Axe Reviewer" })
          .first()
          .getByTestId("audit-change")
          .filter({ hasText: "Hidden from the site" }),
      ).toHaveText("Hidden from the site: was No, now Yes");
    });
  });
}
