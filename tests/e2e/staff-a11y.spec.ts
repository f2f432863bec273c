import { axeViolations } from "./axe";
import { createTestUser, e2eDb, expect, hydrated, test } from "./fixtures";
import { seededService, separateClients } from "./patient-support";

separateClients();

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
  "/staff/account",
  "/staff/waitlist",
  "/staff/messages",
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
  "/staff/waitlist",
  "/staff/reports",
  "/staff/account",
  "/staff/messages",
];

/**
 * Something on every screen, made once per worker: a hidden review, a held and a rejected
 * one, a service awaiting review, a failed message, a visit booked for a caller who gave no phone number (no empty
 * tel: link) and a patient due back, with a page of their own.
 */
let screenData: ReturnType<typeof makeScreenData> | undefined;
async function makeScreenData() {
  const service = await seededService("invisalign");
  const stamp = `${process.pid}-${Date.now()}`;
  await e2eDb().review.create({
    data: {
      name: "Axe Reviewer",
      message: `For the scan ${stamp}`,
      rating: 2,
      serviceId: service.id,
      hidden: true,
      hiddenAt: new Date(),
    },
  });
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
  const recall = await e2eDb().patientRecall.create({
    data: {
      userId: (await createTestUser({ name: `Axe Recall ${stamp}` })).id,
      recallTypeId: "recall-checkup",
      dentistId: "dentist-first",
      dueDate: new Date().toISOString().slice(0, 10),
    },
  });
  return { waitingServiceId: waiting.id, noPhoneVisitId: noPhone.id, recallId: recall.id };
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(`staff screens on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    const screens: { name: string; path: () => Promise<string>; every: boolean }[] = [
      ...SCREENS.map((path) => ({
        name: path,
        path: async () => path,
        every: EVERY_IMPACT.has(path),
      })),
      {
        name: "a service awaiting review",
        path: async () => `/staff/services/${(await screenData!).waitingServiceId}`,
        every: false,
      },
      {
        name: "a recall's page",
        path: async () => `/staff/recall/${(await screenData!).recallId}`,
        every: false,
      },
    ];

    for (const screen of screens) {
      test(`${screen.name} has no serious or critical axe violations`, async ({ page, login }) => {
        screenData ??= makeScreenData();
        await screenData;
        const admin = await login(await createTestUser({ role: "admin" }));
        const path = await screen.path();
        await page.goto(path);
        await hydrated(page);
        expect(
          await axeViolations(page, { seriousOnly: !screen.every }),
          `${path} as ${admin.email}`,
        ).toEqual([]);
      });
    }

    test("a visit without a phone number has no axe violation of any impact", async ({
      page,
      login,
    }) => {
      screenData ??= makeScreenData();
      const { noPhoneVisitId } = await screenData;
      await login(await createTestUser({ role: "admin" }));
      await page.goto(`/staff/appointments/${noPhoneVisitId}`);
      await expect(page.getByText("no phone number")).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });

    test("a review hidden on the moderation screen shows in the trail by its label", async ({
      page,
      login,
    }) => {
      await login(await createTestUser({ role: "admin" }));
      const service = await seededService("invisalign");
      const message = `Hidden in the trail ${viewport.width}-${Date.now()}`;
      const review = await e2eDb().review.create({
        data: { name: "Trail Reviewer", message, rating: 2, serviceId: service.id },
      });
      await page.goto("/staff/moderation");
      await page
        .getByTestId("moderated-review")
        .filter({ hasText: message })
        .first()
        .getByRole("button", { name: "Hide the review by Trail Reviewer" })
        .click();
      await expect
        .poll(
          async () => (await e2eDb().review.findUniqueOrThrow({ where: { id: review.id } })).hidden,
        )
        .toBe(true);
      await page.goto("/staff/audit");
      await expect(
        page
          .getByTestId("audit-entry")
          .filter({ hasText: "The review by Trail Reviewer" })
          .first()
          .getByTestId("audit-change")
          .filter({ hasText: "Hidden from the site" }),
      ).toHaveText("Hidden from the site: was No, now Yes");
      if (viewport.name === "phone") {
        // The Clinic link sits in the phone menu too.
        await page.getByText("Menu", { exact: true }).click();
        await page
          .getByRole("navigation", { name: "Mobile" })
          .getByRole("link", { name: "Clinic", exact: true })
          .click();
        await expect(page).toHaveURL(/\/staff$/);
      }
    });
  });
}
