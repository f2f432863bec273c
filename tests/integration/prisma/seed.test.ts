import { describe, expect, it } from "vitest";
import { DEMO_DENTIST_STAFF, DEMO_PATIENT, DEMO_STAFF } from "~/data/demo-accounts";
import { CLINIC_WEEK, seedDentists, seedReviews, seedServices } from "../../../prisma/seed-data";
import { seed } from "../../../prisma/seed-database";
import { prisma } from "~/infra/db.server";
import { verifyPassword } from "~/infra/password.server";

/** The seed as a demo runs it (a developer's machine, DEMO_ACCOUNTS=true). */
const DEMO = { demoAccounts: true };
const DEMO_EMAILS = [DEMO_PATIENT, ...DEMO_STAFF, ...DEMO_DENTIST_STAFF].map(
  (account) => account.email,
);

const CATEGORIES = ["Preventive", "Cosmetic", "Restorative", "Orthodontics", "Oral surgery"];

describe("seed", () => {
  it("creates no demo account outside a demo, and leaves the team unlinked", async () => {
    await seed(prisma, { demoAccounts: false });
    expect(await prisma.user.count({ where: { email: { in: DEMO_EMAILS } } })).toBe(0);
    expect(await prisma.dentist.count({ where: { userId: { not: null } } })).toBe(0);
    expect(await prisma.service.count()).toBe(seedServices.length);
  });

  it("creates the services, reviews and demo patient it promises, and is idempotent", async () => {
    await seed(prisma, DEMO);
    await seed(prisma, DEMO);

    const products = await prisma.service.findMany();
    expect(products.length).toBe(seedServices.length);
    expect(products.length).toBeGreaterThanOrEqual(24);
    expect(new Set(products.map((product) => product.category))).toEqual(new Set(CATEGORIES));
    for (const name of [
      "Teeth Whitening",
      "Teeth Cleaning",
      "Modern Anesthetic",
      "Cosmetic Fillings",
      "Invisalign",
      "Dental Crowns",
    ]) {
      expect(products.map((product) => product.name)).toContain(name);
    }
    for (const product of products) {
      expect(product.photo).toMatch(/^\/images\/services\/[a-z0-9-]+\.svg$/);
      expect(product.priceCents).toBeGreaterThan(0);
    }

    const reviews = await prisma.review.findMany();
    expect(reviews.length).toBe(seedReviews.length);
    expect(reviews.length).toBeGreaterThanOrEqual(10);
    expect(new Set(reviews.map((review) => review.rating))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(new Set(reviews.map((review) => review.serviceId)).size).toBeGreaterThan(5);

    const demo = await prisma.user.findUniqueOrThrow({ where: { email: DEMO_PATIENT.email } });
    expect(demo.provider).toBe("local");
    expect(await verifyPassword(DEMO_PATIENT.password, demo.passwordHash!)).toBe(true);
    expect(demo.role).toBe("patient");
  });

  it("creates the demo staff with their roles and passwords, once, never changing an existing account", async () => {
    await prisma.user.deleteMany({
      where: { email: { in: DEMO_STAFF.map((staff) => staff.email) } },
    });
    // Someone registered the reception address first: the seed leaves that account alone.
    const existing = await prisma.user.create({
      data: { name: "Already here", email: "reception@example.com", passwordHash: "x" },
    });
    await seed(prisma, DEMO);
    await seed(prisma, DEMO);

    const admin = await prisma.user.findUniqueOrThrow({ where: { email: "admin@example.com" } });
    expect(admin.role).toBe("admin");
    expect(admin.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(DEMO_STAFF[0].password, admin.passwordHash!)).toBe(true);
    expect(await prisma.user.findUniqueOrThrow({ where: { id: existing.id } })).toMatchObject({
      name: "Already here",
      role: "patient",
      passwordHash: "x",
    });
    expect(
      await prisma.user.count({ where: { email: { in: DEMO_STAFF.map((s) => s.email) } } }),
    ).toBe(2);

    await prisma.user.delete({ where: { id: existing.id } });
    await seed(prisma, DEMO);
    const reception = await prisma.user.findUniqueOrThrow({
      where: { email: "reception@example.com" },
    });
    expect(reception.role).toBe("reception");
    expect(await verifyPassword(DEMO_STAFF[1].password, reception.passwordHash!)).toBe(true);
  });

  it("lists every demo account in the README, e-mail and password in backticks, one per line", async () => {
    const { readFileSync } = await import("node:fs");
    const lines = readFileSync("README.md", "utf8").split("\n");
    for (const account of [DEMO_PATIENT, ...DEMO_STAFF, ...DEMO_DENTIST_STAFF]) {
      const line = lines.find((entry) => entry.includes(`\`${account.email}\``));
      expect(line, account.email).toBeDefined();
      expect(line).toContain(`\`${account.password}\``);
    }
  });

  it("runs the diary: 3 dentists who perform every service between them, 2 chairs, hours with a lunch break, holidays", async () => {
    await seed(prisma, DEMO);
    await prisma.dentist.update({ where: { id: "dentist-chen" }, data: { bio: "Edited." } });
    await seed(prisma, DEMO);

    const dentists = await prisma.dentist.findMany({
      include: { services: true },
      orderBy: { sortOrder: "asc" },
    });
    expect(dentists.map((dentist) => dentist.name)).toEqual([
      "Dr. Anita Patel",
      "Dr. Marcus Chen",
      "Sarah Okafor",
    ]);
    // The migration's first dentist is the seed's first, now on the seed's plan.
    expect(dentists[0]!.id).toBe("dentist-first");
    expect(JSON.parse(dentists[0]!.weeklyPlan).monday.breaks).toEqual([
      { start: "12:30", end: "13:30" },
    ]);
    expect(dentists[1]!.bio).toBe("Edited.");
    const services = await prisma.service.findMany();
    const performed = new Set(
      dentists.flatMap((dentist) => dentist.services.map((s) => s.serviceId)),
    );
    for (const service of services) expect(performed.has(service.id)).toBe(true);

    const bySlug = Object.fromEntries(services.map((service) => [service.slug, service]));
    expect(bySlug["dental-checkup"]).toMatchObject({ durationMinutes: 30, bufferMinutes: 0 });
    expect(bySlug["teeth-cleaning"]!.durationMinutes).toBe(60);
    expect(bySlug["dental-crowns"]!.durationMinutes).toBe(90);
    expect(bySlug["teeth-whitening"]!.durationMinutes).toBe(60);
    expect(bySlug["dental-implants"]).toMatchObject({ durationMinutes: 120, bufferMinutes: 30 });
    for (const service of services) expect(service.durationMinutes % 30).toBe(0);

    expect(await prisma.chair.count({ where: { active: true } })).toBe(2);
    const settings = await prisma.clinicSettings.findUniqueOrThrow({ where: { id: 1 } });
    expect(JSON.parse(settings.weeklyHours)).toEqual(CLINIC_WEEK);
    const closures = await prisma.clinicClosure.findMany();
    expect(closures.map((closure) => closure.name)).toContain("Christmas");
  });

  it("ships every seed image in public/", async () => {
    const { existsSync } = await import("node:fs");
    for (const service of seedServices) {
      expect(existsSync(`public/images/services/${service.slug}.svg`)).toBe(true);
    }
    for (const dentist of seedDentists) {
      expect(existsSync(`public/images/team/${dentist.slug}.svg`)).toBe(true);
    }
    expect(existsSync(DEMO_PATIENT.userImage.replace(/^\//, "public/"))).toBe(true);
  });
});

describe("the seed's dentist staff accounts", () => {
  it("creates one dentist account per seeded dentist, linked to its record, signing in with its demo password", async () => {
    await seed(prisma, DEMO);
    await seed(prisma, DEMO);
    for (const account of DEMO_DENTIST_STAFF) {
      const user = await prisma.user.findUniqueOrThrow({
        where: { email: account.email },
        include: { dentist: true },
      });
      expect(user.role).toBe("dentist");
      expect(user.dentist?.id).toBe(account.dentistId);
      expect(await verifyPassword(account.password, user.passwordHash!)).toBe(true);
    }
    expect(DEMO_DENTIST_STAFF.map((account) => account.dentistId).sort()).toEqual(
      seedDentists.map((dentist) => dentist.id).sort(),
    );
  });
});
