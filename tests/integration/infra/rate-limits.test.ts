// The app's limits as the domain applies them, through the page actions and the JSON API
// (app/infra/rate-limit.server.ts). Over HTTP, against the production build (guesses sent at
// once among them): tests/security/rate-limits.test.ts.
import { describe, expect, it, vi } from "vitest";
import { action as apiLoginAction } from "~/routes/api.login";
import { action as apiRegisterAction } from "~/routes/api.register";
import { action as loginAction } from "~/routes/login";
import { action as registerAction } from "~/routes/register";
import { prisma } from "~/infra/db.server";
import { applyPasswordReset } from "~/models/accounts/password-reset.server";
import {
  accountKey,
  accountLockedMessage,
  RATE_LIMIT_MESSAGE,
  rateLimits,
  registrationsMessage,
} from "~/infra/rate-limit.server";
import type * as PasswordModule from "~/infra/password.server";
import { verifyPassword } from "~/infra/password.server";
import { hashToken } from "~/infra/token-hash.server";
import { createUser } from "../../support/factories";
import { TEST_PASSWORD } from "../../support/test-password";
import {
  actionArgs,
  formPost,
  freshIp,
  jsonRequest,
  outcome,
  settle,
} from "../../support/auth-helpers";

// Counted, to see how many guesses reached the password check.
vi.mock("~/infra/password.server", async (importOriginal) => {
  const actual = await importOriginal<typeof PasswordModule>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

const login = (fields: Record<string, string>, clientIp = freshIp()) =>
  settle(() => loginAction(actionArgs(formPost("/login", fields), clientIp)));

let registered = 0;
const newPatient = () => {
  registered += 1;
  return {
    name: "Limit Patient",
    email: `limit-${registered}-${Date.now()}@example.com`,
    password: "secret123",
    userImage: "https://example.com/a.png",
  };
};

describe("sign-in attempts per client", () => {
  it("do not count logins that succeed", async () => {
    const user = await createUser();
    const ip = freshIp();
    for (let i = 0; i < 15; i += 1) {
      expect((await login({ email: user.email, password: TEST_PASSWORD }, ip)).status).toBe(302);
    }
    expect((await login({ email: user.email, password: "wrong-pass" }, ip)).status).toBe(401);
  });

  it("are one allowance for login, registration and reset together, and the API shares it", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) {
      await login({ email: "", password: "" }, ip);
      await settle(() => registerAction(actionArgs(formPost("/register", { name: "" }), ip)));
    }
    const api = await outcome(
      await apiLoginAction(
        actionArgs(jsonRequest("/api/login", "POST", { email: "a@b.co", password: "x" }), ip),
      ),
    );
    expect(api).toMatchObject({
      status: 429,
      body: { success: false, message: RATE_LIMIT_MESSAGE },
    });
    expect(Number(api.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("failed logins per account and address", () => {
  it("stop one address after 10, even with the right password, with one message; the owner elsewhere gets in", async () => {
    const user = await createUser();
    const attacker = freshIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await login({ email: user.email, password: `guess-${i}` }, attacker)).status).toBe(
        401,
      );
    }
    // A minute later the address may try again, but not this account.
    await rateLimits().signIn.forget(attacker);
    const locked = await login({ email: user.email, password: TEST_PASSWORD }, attacker);
    expect(locked.status).toBe(429);
    expect(locked.body?.error).toBe(accountLockedMessage(900));
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(locked.headers.get("set-cookie")).toBeNull();
    // The owner, from their own address, and another account, from the attacker's.
    expect((await login({ email: user.email, password: TEST_PASSWORD })).status).toBe(302);
    const other = await createUser();
    expect((await login({ email: other.email, password: TEST_PASSWORD }, attacker)).status).toBe(
      302,
    );
  });

  it("are counted before the password check: of 30 guesses sent at once, 10 reach it", async () => {
    const user = await createUser();
    const ip = freshIp();
    vi.mocked(verifyPassword).mockClear();
    const statuses = await Promise.all(
      Array.from(
        { length: 30 },
        async (_, i) => (await login({ email: user.email, password: `guess-${i}` }, ip)).status,
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    expect(verifyPassword).toHaveBeenCalledTimes(10);
  });

  it("treat an address without an account exactly the same way", async () => {
    const unknown = `nobody-${Date.now()}@example.com`;
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await login({ email: unknown, password: `guess-${i}` }, ip)).status).toBe(401);
    }
    await rateLimits().signIn.forget(ip);
    const locked = await login({ email: unknown.toUpperCase(), password: "guess-x" }, ip);
    expect(locked.status).toBe(429);
    expect(locked.body?.error).toBe(accountLockedMessage(900));
  });

  it("are not cleared by the owner's successful login, and a success uses up nothing", async () => {
    const user = await createUser();
    const ip = freshIp();
    for (let i = 0; i < 9; i += 1) await login({ email: user.email, password: `guess-${i}` }, ip);
    expect((await login({ email: user.email, password: TEST_PASSWORD }, ip)).status).toBe(302);
    expect((await login({ email: user.email, password: TEST_PASSWORD }, ip)).status).toBe(302);
    expect((await login({ email: user.email, password: "guess-9" }, ip)).status).toBe(401);
    expect((await login({ email: user.email, password: "guess-10" }, ip)).status).toBe(429);
  });
});

describe("password checks per account, from all addresses together", () => {
  /** Guesses that reached the check from everywhere, all but the last one counted directly. */
  async function guessedFromEverywhere(email: string) {
    const bound = rateLimits().accountChecks.points;
    for (let i = 0; i < bound - 1; i += 1) await rateLimits().accountChecks.take(accountKey(email));
    expect((await login({ email, password: "the-last-guess" })).status).toBe(401);
  }

  it("stop the right password from a new address once used up, but not a device that signed in before", async () => {
    const user = await createUser();
    const device = await login({ email: user.email, password: TEST_PASSWORD });
    expect(device.status).toBe(302);
    const deviceCookie = device.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0]!)
      .find((cookie) => cookie.startsWith("device="));
    expect(deviceCookie).toBeDefined();

    await guessedFromEverywhere(user.email);
    const stranger = await login({ email: user.email, password: TEST_PASSWORD });
    expect(stranger.status).toBe(429);
    expect(stranger.body?.error).toBe(accountLockedMessage(900));

    const own = await settle(() =>
      loginAction(
        actionArgs(
          formPost("/login", { email: user.email, password: TEST_PASSWORD }, deviceCookie),
          freshIp(),
        ),
      ),
    );
    expect(own.status).toBe(302);
    // A device cookie of another account, or a forged one, counts for nothing.
    const other = await createUser();
    const forged = `device=${Buffer.from(JSON.stringify([accountKey(user.email)])).toString("base64")}`;
    for (const cookie of [forged, `${deviceCookie}x`]) {
      const refused = await settle(() =>
        loginAction(
          actionArgs(formPost("/login", { email: user.email, password: TEST_PASSWORD }, cookie)),
        ),
      );
      expect(refused.status).toBe(429);
    }
    expect((await login({ email: other.email, password: TEST_PASSWORD })).status).toBe(302);
  });

  it("are lifted by a completed password reset", async () => {
    const user = await createUser();
    await guessedFromEverywhere(user.email);
    expect((await login({ email: user.email, password: TEST_PASSWORD })).status).toBe(429);
    const token = `reset-${Date.now()}-lifts-the-lock-out-0123456789`;
    await prisma.passwordReset.create({
      data: {
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    const ownerIp = freshIp();
    const reset = await applyPasswordReset(
      token,
      { password: "a-new-password", confirmPassword: "a-new-password" },
      { clientIp: ownerIp },
    );
    expect(reset.ok).toBe(true);
    expect((await login({ email: user.email, password: "a-new-password" })).status).toBe(302);
  });
});

describe("registrations per client and hour", () => {
  it("allow 5 new accounts, then refuse with the wait, on the page and the API alike", async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i += 1) {
      const result = await settle(() =>
        registerAction(actionArgs(formPost("/register", newPatient()), ip)),
      );
      expect(result.status).toBe(302);
    }
    // A refused registration (an address already taken by an account with a password) does
    // not count. (A record the clinic made, with no password, would be claimed instead.)
    const taken = newPatient();
    await prisma.user.create({
      data: { name: "Taken", email: taken.email, passwordHash: "not a bcrypt hash" },
    });
    expect(
      (await settle(() => registerAction(actionArgs(formPost("/register", taken), ip)))).status,
    ).toBe(409);
    const fifth = await outcome(
      await apiRegisterAction(actionArgs(jsonRequest("/api/register", "POST", newPatient()), ip)),
    );
    expect(fifth.status).toBe(201);

    const sixth = newPatient();
    const page = await settle(() => registerAction(actionArgs(formPost("/register", sixth), ip)));
    expect(page.status).toBe(429);
    expect(page.body?.error).toBe(registrationsMessage(3600));
    const api = await outcome(
      await apiRegisterAction(actionArgs(jsonRequest("/api/register", "POST", sixth), ip)),
    );
    expect(api).toMatchObject({
      status: 429,
      body: { success: false, message: registrationsMessage(3600) },
    });
    expect(await prisma.user.count({ where: { email: sixth.email } })).toBe(0);
    // Another client may still register.
    const other = await settle(() =>
      registerAction(actionArgs(formPost("/register", newPatient()))),
    );
    expect(other.status).toBe(302);
  });
});
