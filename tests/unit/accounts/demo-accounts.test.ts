// Demo accounts only in a demo (issue 21.1): which environments are one, what a start adds
// to the environment, and which logins the published passwords are.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  DEMO_DENTIST_STAFF,
  DEMO_PATIENT,
  DEMO_STAFF,
  demoAccountsEnabled,
  isPublishedPassword,
} from "~/data/demo-accounts";
import { DEMO_ACCOUNT_OFF_MESSAGE, demoLoginRefusal } from "~/models/accounts/demo-accounts.server";
import { parseEnv } from "~/infra/env.server";
import { completeStartEnvironment } from "../../../scripts/start-env.mjs";

describe("a demo", () => {
  it("is a development or test run without a secret, or wherever DEMO_ACCOUNTS=true says so", () => {
    expect(demoAccountsEnabled({ NODE_ENV: "development" })).toBe(true);
    expect(demoAccountsEnabled({ NODE_ENV: "test" })).toBe(true);
    expect(demoAccountsEnabled({})).toBe(false);
    expect(demoAccountsEnabled({ NODE_ENV: "production" })).toBe(false);
    expect(demoAccountsEnabled({ NODE_ENV: "development", SESSION_SECRET: "s" })).toBe(false);
    expect(demoAccountsEnabled({ NODE_ENV: "production", DEMO_ACCOUNTS: "true" })).toBe(true);
    expect(demoAccountsEnabled({ NODE_ENV: "development", DEMO_ACCOUNTS: "false" })).toBe(false);
    // Empty, as .env.example lists it, is unset.
    expect(demoAccountsEnabled({ NODE_ENV: "production", DEMO_ACCOUNTS: "" })).toBe(false);
    expect(demoAccountsEnabled({ NODE_ENV: "test", DEMO_ACCOUNTS: "" })).toBe(true);
    expect(parseEnv({ NODE_ENV: "test", DEMO_ACCOUNTS: "" }).DEMO_ACCOUNTS).toBe(true);
  });

  it("is what the server reads from its environment (production by default)", () => {
    expect(parseEnv({ SESSION_SECRET: "s" }).DEMO_ACCOUNTS).toBe(false);
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "s" }).DEMO_ACCOUNTS).toBe(false);
    expect(
      parseEnv({ NODE_ENV: "production", SESSION_SECRET: "s", DEMO_ACCOUNTS: "true" })
        .DEMO_ACCOUNTS,
    ).toBe(true);
    expect(parseEnv({ NODE_ENV: "development" }).DEMO_ACCOUNTS).toBe(true);
    expect(() => parseEnv({ NODE_ENV: "development", DEMO_ACCOUNTS: "yes" })).toThrow(
      /Invalid environment: DEMO_ACCOUNTS/,
    );
  });

  it("is what the README's first command starts on a developer's machine, and nothing else `npm start` runs", () => {
    const secret = () => "local-secret";
    const plain: Record<string, string | undefined> = {};
    completeStartEnvironment(plain, secret);
    expect(plain).toEqual({
      NODE_ENV: "production",
      DEMO_ACCOUNTS: "true",
      SESSION_SECRET: "local-secret",
    });
    expect(parseEnv(plain).DEMO_ACCOUNTS).toBe(true);

    const optedOut: Record<string, string | undefined> = { DEMO_ACCOUNTS: "false" };
    completeStartEnvironment(optedOut, secret);
    expect(optedOut.DEMO_ACCOUNTS).toBe("false");

    // The container (NODE_ENV=production in the image) and any deployment with a secret.
    for (const given of [
      { NODE_ENV: "production", SESSION_SECRET: "real" },
      { SESSION_SECRET: "real" },
    ]) {
      const env: Record<string, string | undefined> = { ...given };
      completeStartEnvironment(env, secret);
      expect(env.DEMO_ACCOUNTS).toBeUndefined();
      expect(parseEnv(env).DEMO_ACCOUNTS).toBe(false);
    }
  });

  it("is never what the container image says", () => {
    expect(readFileSync("Dockerfile", "utf8")).not.toContain("DEMO_ACCOUNTS");
  });
});

describe("the published passwords", () => {
  it("are the demo accounts' own, whatever the case of the address", () => {
    for (const account of [DEMO_PATIENT, ...DEMO_STAFF, ...DEMO_DENTIST_STAFF]) {
      expect(isPublishedPassword(account.email.toUpperCase(), account.password)).toBe(true);
      expect(isPublishedPassword(account.email, `${account.password}!`)).toBe(false);
    }
    expect(isPublishedPassword("someone@example.com", "admin123")).toBe(false);
  });

  it("sign nobody in where demo accounts are off", () => {
    expect(demoLoginRefusal("admin@example.com", "admin123", { demoAccounts: false })).toEqual({
      ok: false,
      status: 403,
      message: DEMO_ACCOUNT_OFF_MESSAGE,
    });
    expect(demoLoginRefusal("admin@example.com", "admin123", { demoAccounts: true })).toBeNull();
    expect(demoLoginRefusal("admin@example.com", "a-new-one", { demoAccounts: false })).toBeNull();
  });
});
