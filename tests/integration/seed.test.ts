import { describe, expect, it } from "vitest";
import { DEMO_PATIENT, seedReviews, seedServices } from "../../prisma/seed-data";
import { seed } from "../../prisma/seed-database";
import { prisma } from "~/utils/db.server";
import { verifyPassword } from "~/utils/password.server";

const CATEGORIES = ["Preventive", "Cosmetic", "Restorative", "Orthodontics", "Oral surgery"];

describe("seed", () => {
  it("creates the services, reviews and demo patient it promises, and is idempotent", async () => {
    await seed(prisma);
    await seed(prisma);

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
  });

  it("ships every seed image in public/", async () => {
    const { existsSync } = await import("node:fs");
    for (const service of seedServices) {
      expect(existsSync(`public/images/services/${service.slug}.svg`)).toBe(true);
    }
    expect(existsSync(DEMO_PATIENT.userImage.replace(/^\//, "public/"))).toBe(true);
  });
});
