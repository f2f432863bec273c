import type { User } from "@prisma/client";
import { signIn } from "~/http/auth.server";
import { prisma } from "~/infra/db.server";
import { passwordHashFor, TEST_PASSWORD } from "./test-password";

let counter = 0;

export async function createUser(
  overrides: Partial<
    Pick<
      User,
      | "name"
      | "email"
      | "provider"
      | "googleId"
      | "userImage"
      | "address"
      | "role"
      | "emailVerifiedAt"
      | "phone"
    >
  > & {
    password?: string;
  } = {},
) {
  counter += 1;
  const { password = TEST_PASSWORD, ...rest } = overrides;
  return prisma.user.create({
    data: {
      name: `Test Patient ${counter}`,
      email: `patient${counter}-${Date.now()}@example.com`,
      userImage: "https://example.com/avatar.png",
      passwordHash: rest.provider === "google" ? null : await passwordHashFor(password),
      emailVerifiedAt: new Date(),
      ...rest,
    },
  });
}

/** The `Cookie` header of a browser signed in as `user`, plus the API token. */
export async function sessionFor(user: User) {
  const request = new Request("http://localhost/");
  const { token, setCookie } = await signIn(request, user.id);
  return { token, cookie: setCookie.split(";")[0]! };
}

export async function createService(
  overrides: Partial<{
    name: string;
    slug: string;
    priceCents: number;
    category: string;
    durationMinutes: number;
    bufferMinutes: number;
    status: string;
    hidden: boolean;
    createdById: string;
  }> = {},
) {
  counter += 1;
  return prisma.service.create({
    data: {
      name: `Test Service ${counter}`,
      slug: `test-service-${counter}-${Date.now()}`,
      description: "A service created by a test, with a description long enough to be cut.",
      priceCents: 12_500,
      photo: "/images/services/teeth-cleaning.svg",
      category: "Preventive",
      ...overrides,
    },
  });
}

/** The dentist and chair the diary migration creates: every test database has them. */
export const FIRST_DENTIST = "dentist-first";
export const FIRST_CHAIR = "chair-1";

/**
 * An appointment written straight to the table (no rules), for states the rules would
 * refuse now, such as a visit in the past. Holds are written for active statuses.
 */
export async function storeAppointment(options: {
  userId: string | null;
  serviceId: string;
  date: string;
  time: string;
  minutes?: number;
  status?: string;
  dentistId?: string;
  chairId?: string;
}) {
  const { clinicTimeToUtc } = await import("~/utils/clinic-time");
  const { holdSteps } = await import("~/models/booking/slot-engine");
  const startsAt = clinicTimeToUtc(options.date, options.time);
  const minutes = options.minutes ?? 30;
  const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
  const dentistId = options.dentistId ?? FIRST_DENTIST;
  const chairId = options.chairId ?? FIRST_CHAIR;
  const status = options.status ?? "booked";
  const steps = holdSteps({ startsAt, endsAt, bufferMinutes: 0 }).map((step) => ({
    startsAt: step,
  }));
  return prisma.appointment.create({
    data: {
      userId: options.userId,
      serviceId: options.serviceId,
      name: "Stored Patient",
      email: "stored@example.com",
      phone: "+1 555 0100",
      message: "Written by a test.",
      date: options.date,
      time: options.time,
      dentistId,
      chairId,
      startsAt,
      endsAt,
      status,
      holds: ["cancelled", "no_show"].includes(status)
        ? undefined
        : {
            createMany: {
              data: steps.flatMap((step) => [
                { resource: `dentist:${dentistId}`, ...step },
                { resource: `chair:${chairId}`, ...step },
              ]),
            },
          },
    },
  });
}
