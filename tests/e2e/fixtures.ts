import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient, type User } from "@prisma/client";
import { test as base, expect, type Page } from "@playwright/test";
import { e2eSettings } from "../support/e2e-settings";
import type * as SessionCode from "~/infra/session.server";
import type { ReceivedMail } from "../support/smtp-sink";
import { passwordHashFor, TEST_PASSWORD } from "../support/test-password";

const settings = e2eSettings();

let prisma: PrismaClient | undefined;
/** A Prisma client on the end-to-end server's own database file. */
export function e2eDb() {
  prisma ??= new PrismaClient({
    adapter: new PrismaBetterSQLite3({ url: `file:${settings.databaseFile}`, timeout: 5000 }),
  });
  return prisma;
}

export { TEST_PASSWORD };

export async function createTestUser(overrides: Partial<User> = {}) {
  const unique = `${Date.now()}-${randomBytes(3).toString("hex")}`;
  return e2eDb().user.create({
    data: {
      name: `E2E Patient ${unique.slice(-4)}`,
      email: `e2e-${unique}@example.com`,
      passwordHash: await passwordHashFor(),
      userImage: "/images/avatars/demo-patient.svg",
      provider: "local",
      emailVerifiedAt: new Date(),
      ...overrides,
    },
  });
}

let sessionCode: Promise<typeof SessionCode> | undefined;
/**
 * The app's own session module, configured as the e2e server is (its database file and
 * secret), so a fixture signs a browser in exactly as the server would.
 */
function appSessions() {
  sessionCode ??= (() => {
    process.env.DATABASE_URL = `file:${settings.databaseFile}`;
    process.env.SESSION_SECRET = settings.sessionSecret;
    process.env.NODE_ENV = "production";
    return import("~/infra/session.server");
  })();
  return sessionCode;
}

/** The session cookie's name, as the e2e server (production) names it. */
export async function sessionCookieName() {
  await appSessions();
  const { sessionCookieName: name } = await import("~/infra/cookie.server");
  return name();
}

/** The session cookie (name and signed value) the app would set for `user`, and its token. */
async function sessionCookieFor(user: User) {
  const { commitTokenCookie, createSession } = await appSessions();
  const { token, expiresAt } = await createSession(user.id, e2eDb());
  const setCookie = await commitTokenCookie(new Request(settings.baseURL), token, expiresAt);
  const pair = setCookie.split(";")[0]!;
  const split = pair.indexOf("=");
  return { token, name: pair.slice(0, split), value: pair.slice(split + 1) };
}

/**
 * The mail files read so far, by name: a file is renamed into the folder whole and never
 * changes (tests/support/e2e-server.ts), so each is parsed once per worker, not at every poll
 * of every test (the folder holds hundreds by the end of a run).
 */
const parsedMail = new Map<string, ReceivedMail>();

/** Mail the app sent through the test SMTP server, newest last. */
export function readMail(to: string): ReceivedMail[] {
  return readdirSync(settings.mailDir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => {
      let mail = parsedMail.get(file);
      if (!mail) {
        mail = JSON.parse(readFileSync(path.join(settings.mailDir, file), "utf8")) as ReceivedMail;
        parsedMail.set(file, mail);
      }
      return mail;
    })
    .filter((mail) => mail.to.includes(to.toLowerCase()));
}

/** Waits (bounded) for the first mail to `to` that matches. */
export async function waitForMail(to: string, match: (mail: ReceivedMail) => boolean = () => true) {
  let found: ReceivedMail | undefined;
  await expect
    .poll(() => (found = readMail(to).find(match)), { timeout: 30_000, message: `mail to ${to}` })
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
      const { token, name, value } = await sessionCookieFor(user);
      await context.addCookies([
        {
          name,
          value,
          // As the server sets it in production: a `__Host-` cookie is Secure, for the
          // host alone (no leading dot) and the whole site.
          domain: new URL(settings.baseURL).hostname,
          path: "/",
          httpOnly: true,
          secure: true,
          sameSite: "Lax",
        },
      ]);
      return { ...user, token };
    });
  },
});

export { expect };

/**
 * Resolves once the page loaded last has hydrated (app/hooks/use-hydrated.ts marks it):
 * the state most visitors see, without waiting for half a second of quiet network.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
