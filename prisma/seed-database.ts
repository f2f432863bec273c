import type { PrismaClient } from "@prisma/client";
import bcrypt from "bcryptjs";
import { DEMO_PATIENT, DEMO_STAFF, seedReviews, seedServices } from "./seed-data";

/**
 * Fills an empty or partly filled database with the clinic's services, reviews, the
 * demo patient and the demo staff accounts. Idempotent: it only creates what is missing and never overwrites edits.
 */
export async function seed(prisma: PrismaClient) {
  const demoEmail = DEMO_PATIENT.email.toLowerCase();
  const existingDemo = await prisma.user.findUnique({ where: { email: demoEmail } });
  if (!existingDemo) {
    await prisma.user.create({
      data: {
        name: DEMO_PATIENT.name,
        email: demoEmail,
        passwordHash: await bcrypt.hash(DEMO_PATIENT.password, 10),
        userImage: DEMO_PATIENT.userImage,
        address: DEMO_PATIENT.address,
        provider: "local",
        // The demo account is ready to book: its address counts as verified.
        emailVerifiedAt: new Date(),
      },
    });
  }

  // Only created when missing: an existing account's role and password are never touched.
  for (const staff of DEMO_STAFF) {
    const exists = await prisma.user.findUnique({ where: { email: staff.email } });
    if (exists) continue;
    await prisma.user.create({
      data: {
        name: staff.name,
        email: staff.email,
        passwordHash: await bcrypt.hash(staff.password, 10),
        provider: "local",
        role: staff.role,
        emailVerifiedAt: new Date(),
      },
    });
  }

  // Oldest first, so the list (newest first) opens with the landing page's highlights.
  const base = Date.UTC(2026, 0, 1);
  const ordered = [...seedServices].reverse();
  for (const [index, service] of ordered.entries()) {
    await prisma.service.upsert({
      where: { slug: service.slug },
      update: {},
      create: {
        ...service,
        photo: `/images/services/${service.slug}.svg`,
        createdAt: new Date(base + index * 60_000),
      },
    });
  }

  for (const [index, review] of seedReviews.entries()) {
    const service = await prisma.service.findUnique({ where: { slug: review.slug } });
    if (!service) continue;
    const exists = await prisma.review.findFirst({
      where: { serviceId: service.id, name: review.name },
    });
    if (exists) continue;
    await prisma.review.create({
      data: {
        name: review.name,
        message: review.message,
        rating: review.rating,
        serviceId: service.id,
        createdAt: new Date(base + index * 60_000),
      },
    });
  }
}
