// The app's limits as the domain applies them, through the page actions and the JSON API
// (app/utils/rate-limit.server.ts). Over HTTP, against the production build:
// tests/security/rate-limits.test.ts.
import { describe, expect, it } from "vitest";
import { action as apiLoginAction } from "~/routes/api.login";
import { action as apiRegisterAction } from "~/routes/api.register";
import { action as loginAction } from "~/routes/login";
import { action as registerAction } from "~/routes/register";
import { prisma } from "~/utils/db.server";
import {
  accountLockedMessage,
  RATE_LIMIT_MESSAGE,
  registrationsMessage,
} from "~/utils/rate-limit.server";
import { createUser } from "../support/factories";
import { TEST_PASSWORD } from "../support/test-password";
import { actionArgs, formPost, freshIp, jsonRequest, outcome, settle } from "./auth-helpers";

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

describe("failed logins per account", () => {
  it("stop guesses at one account from many clients, even the right password, with one message", async () => {
    const user = await createUser();
    for (let i = 0; i < 10; i += 1) {
      expect((await login({ email: user.email, password: `guess-${i}` })).status).toBe(401);
    }
    const locked = await login({ email: user.email, password: TEST_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body?.error).toBe(accountLockedMessage(900));
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(locked.headers.get("set-cookie")).toBeNull();
    // Another account is not affected.
    const other = await createUser();
    expect((await login({ email: other.email, password: TEST_PASSWORD })).status).toBe(302);
  });

  it("treat an address without an account exactly the same way", async () => {
    const unknown = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < 10; i += 1) {
      expect((await login({ email: unknown, password: `guess-${i}` })).status).toBe(401);
    }
    const locked = await login({ email: unknown.toUpperCase(), password: "guess-x" });
    expect(locked.status).toBe(429);
    expect(locked.body?.error).toBe(accountLockedMessage(900));
  });

  it("are not cleared by the owner's successful login, and a success uses up nothing", async () => {
    const user = await createUser();
    for (let i = 0; i < 9; i += 1) await login({ email: user.email, password: `guess-${i}` });
    expect((await login({ email: user.email, password: TEST_PASSWORD })).status).toBe(302);
    expect((await login({ email: user.email, password: TEST_PASSWORD })).status).toBe(302);
    expect((await login({ email: user.email, password: "guess-9" })).status).toBe(401);
    expect((await login({ email: user.email, password: "guess-10" })).status).toBe(429);
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
