import type { User } from "@prisma/client";
import { signIn } from "~/utils/auth.server";
import { prisma } from "~/utils/db.server";
import { invalidateReadCache } from "~/utils/read-cache.server";
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
  overrides: Partial<{ name: string; slug: string; priceCents: number; category: string }> = {},
) {
  counter += 1;
  const service = await prisma.service.create({
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
  // A write past the domain layer: the cached catalogue reads must not outlive it.
  invalidateReadCache();
  return service;
}
