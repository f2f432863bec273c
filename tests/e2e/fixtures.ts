import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient, type User } from "@prisma/client";
import { test as base, expect } from "@playwright/test";
import { createCookieSessionStorage } from "@remix-run/node";
import bcrypt from "bcryptjs";
import { e2eSettings } from "../support/e2e-settings";
import type { ReceivedMail } from "../support/smtp-sink";

const settings = e2eSettings();

let prisma: PrismaClient | undefined;
/** A Prisma client on the end-to-end server's own database file. */
export function e2eDb() {
  prisma ??= new PrismaClient({
    adapter: new PrismaBetterSQLite3({ url: `file:${settings.databaseFile}`, timeout: 5000 }),
  });
  return prisma;
}

export const TEST_PASSWORD = "secret123";

export async function createTestUser(overrides: Partial<User> = {}) {
  const unique = `${Date.now()}-${randomBytes(3).toString("hex")}`;
  return e2eDb().user.create({
    data: {
      name: `E2E Patient ${unique.slice(-4)}`,
      email: `e2e-${unique}@example.com`,
      passwordHash: await bcrypt.hash(TEST_PASSWORD, 10),
      userImage: "/images/avatars/demo-patient.svg",
      provider: "local",
      ...overrides,
    },
  });
}

/** The signed session cookie value that the app would set for `user`. */
async function sessionCookieFor(user: User) {
  const token = randomBytes(32).toString("base64url");
  await e2eDb().session.create({
    data: {
      tokenHash: createHash("sha256").update(token).digest("hex"),
      userId: user.id,
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    },
  });
  const storage = createCookieSessionStorage({
    cookie: { name: "__session", secrets: [settings.sessionSecret], path: "/" },
  });
  const session = await storage.getSession();
  session.set("token", token);
  const setCookie = await storage.commitSession(session);
  return { token, value: setCookie.split(";")[0]!.slice("__session=".length) };
}

/** Mail the app sent through the test SMTP server, newest last. */
export function readMail(to: string): ReceivedMail[] {
  return readdirSync(settings.mailDir)
    .sort()
    .map(
      (file) => JSON.parse(readFileSync(path.join(settings.mailDir, file), "utf8")) as ReceivedMail,
    )
    .filter((mail) => mail.to.includes(to.toLowerCase()));
}

/** Waits (bounded) for the first mail to `to` that matches. */
export async function waitForMail(to: string, match: (mail: ReceivedMail) => boolean = () => true) {
  let found: ReceivedMail | undefined;
  await expect
    .poll(() => (found = readMail(to).find(match)), { timeout: 10_000, message: `mail to ${to}` })
    .toBeTruthy();
  return found!;
}

type Fixtures = {
  /** Signs the browser in as a new (or the given) user without the login form. */
  login: (user?: User) => Promise<User & { token: string }>;
};

export const test = base.extend<Fixtures>({
  login: async ({ context }, use) => {
    await use(async (given) => {
      const user = given ?? (await createTestUser());
      const { token, value } = await sessionCookieFor(user);
      await context.addCookies([
        {
          name: "__session",
          value,
          url: settings.baseURL,
          httpOnly: true,
          sameSite: "Lax",
        },
      ]);
      return { ...user, token };
    });
  },
});

export { expect };
