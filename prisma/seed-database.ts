import type { PrismaClient } from "@prisma/client";
import bcrypt from "bcryptjs";
import { DEMO_DENTIST_STAFF, DEMO_PATIENT, DEMO_STAFF } from "../app/data/demo-accounts";
import { seedFormTemplates } from "../app/models/forms/seed-templates";
import {
  CLINIC_WEEK,
  MIGRATION_WEEK,
  SERVICE_RECALLS,
  SERVICE_TIMES,
  seedChairs,
  seedClosures,
  seedDentists,
  seedReviews,
  seedServices,
} from "./seed-data";

/**
 * Fills an empty or partly filled database with the clinic's services, reviews, team and
 * diary; with `demoAccounts`, also the demo patient and the demo staff accounts, whose
 * passwords are published (app/data/demo-accounts.ts). Idempotent: it only creates what is
 * missing and never overwrites edits.
 */
export async function seed(prisma: PrismaClient, { demoAccounts }: { demoAccounts: boolean }) {
  if (demoAccounts) await seedDemoAccounts(prisma);

  // Oldest first, so the list (newest first) opens with the landing page's highlights.
  const base = Date.UTC(2026, 0, 1);
  const ordered = [...seedServices].reverse();
  for (const [index, service] of ordered.entries()) {
    await prisma.service.upsert({
      where: { slug: service.slug },
      update: {},
      create: {
        ...service,
        ...SERVICE_TIMES[service.slug],
        recallTypeId: SERVICE_RECALLS[service.slug] ?? null,
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

  await seedDiary(prisma);
  // The clinic's forms are its content, on every database (demo accounts or not).
  await seedFormTemplates(prisma);
  if (demoAccounts) await seedDentistStaff(prisma);
}

/** The demo patient and the demo staff: only created when missing. */
async function seedDemoAccounts(prisma: PrismaClient) {
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
}

/** One demo staff account per seeded dentist, linked to its record; never overwrites. */
async function seedDentistStaff(prisma: PrismaClient) {
  for (const account of DEMO_DENTIST_STAFF) {
    const dentist = await prisma.dentist.findUnique({
      where: { id: account.dentistId },
      select: { name: true, userId: true },
    });
    if (!dentist) continue;
    let user = await prisma.user.findUnique({ where: { email: account.email } });
    if (!user) {
      user = await prisma.user.create({
        data: {
          name: dentist.name,
          email: account.email,
          passwordHash: await bcrypt.hash(account.password, 10),
          provider: "local",
          role: "dentist",
          emailVerifiedAt: new Date(),
        },
      });
    }
    if (!dentist.userId) {
      await prisma.dentist.update({ where: { id: account.dentistId }, data: { userId: user.id } });
    }
  }
}

/**
 * Dentists, chairs, closures and opening hours. The diary migration already made the
 * settings row, the first dentist and the first chair with the old fixed hours: those are
 * given the seed's hours only while they still hold the migration's, so a clinic's own
 * edits survive a re-run.
 */
async function seedDiary(prisma: PrismaClient) {
  const migrationWeek = JSON.stringify(MIGRATION_WEEK);
  await prisma.clinicSettings.updateMany({
    where: { id: 1, weeklyHours: migrationWeek },
    data: { weeklyHours: JSON.stringify(CLINIC_WEEK) },
  });

  for (const chair of seedChairs) {
    await prisma.chair.upsert({ where: { id: chair.id }, update: {}, create: chair });
  }
  for (const closure of seedClosures) {
    await prisma.clinicClosure.upsert({ where: { id: closure.id }, update: {}, create: closure });
  }

  const services = await prisma.service.findMany({ select: { id: true, slug: true } });
  const serviceIds = new Map(services.map((service) => [service.slug, service.id]));
  for (const [
    sortOrder,
    { services: performs, weeklyPlan, ...dentist },
  ] of seedDentists.entries()) {
    const fields = {
      ...dentist,
      sortOrder,
      photo: `/images/team/${dentist.slug}.svg`,
      weeklyPlan: JSON.stringify(weeklyPlan),
    };
    const existing = await prisma.dentist.findUnique({
      where: { id: dentist.id },
      select: { weeklyPlan: true, _count: { select: { services: true } } },
    });
    if (!existing) await prisma.dentist.create({ data: fields });
    else if (existing.weeklyPlan === migrationWeek)
      await prisma.dentist.update({ where: { id: dentist.id }, data: fields });
    else continue;
    // Who performs what is set once: a fresh dentist, or the migration's "everything".
    await prisma.dentistService.deleteMany({ where: { dentistId: dentist.id } });
    await prisma.dentistService.createMany({
      data: performs.flatMap((slug) => {
        const serviceId = serviceIds.get(slug);
        return serviceId ? [{ dentistId: dentist.id, serviceId }] : [];
      }),
    });
  }
}
