// The app's limits over real HTTP against the production build (app/infra/rate-limit.server.ts):
// sign-in attempts per client, failed logins per account and address and password checks
// per account (guesses sent at once among them), registrations per client and
// hour, writes per client; each refusal in the page's form (JavaScript on: `/login.data`,
// off: `/login`) and as JSON with Retry-After on the API; mail-link buttons per client, in
// their page. Cross-site requests are refused before any of it and count for nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountLockedMessage,
  RATE_LIMIT_MESSAGE,
  registrationsMessage,
  WRITE_LIMIT_MESSAGE,
} from "~/infra/rate-limit.server";
import { testPorts } from "../support/ports.mjs";
import {
  startProductionServer,
  TEST_PASSWORD,
  type ProductionServer,
} from "../support/production-server";

const PORTS = testPorts().security;
/** The proxied server's bound on one account's password checks from all addresses (100 by default). */
const ACCOUNT_CHECKS = 20;
const EVIL = "https://evil.example";

/** Default limits, clients by their socket address (everything here is 127.0.0.1). */
let direct: ProductionServer;
/** Default limits behind a trusted proxy: each test is its own client by X-Forwarded-For. */
let proxied: ProductionServer;

beforeAll(async () => {
  [direct, proxied] = await Promise.all([
    startProductionServer({ port: PORTS.limited }),
    startProductionServer({
      port: PORTS.proxied,
      env: {
        TRUST_PROXY: "true",
        RATE_LIMIT_ACCOUNT_CHECKS_PER_15_MINUTES: String(ACCOUNT_CHECKS),
      },
    }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([direct?.stop(), proxied?.stop()]);
}, 30_000);

let clients = 0;
/** An address no other test uses, for the proxied server. */
const freshClient = () => {
  clients += 1;
  return `198.51.100.${clients}`;
};

type Options = { client?: string; json?: boolean; headers?: Record<string, string> };

function post(
  server: ProductionServer,
  pathname: string,
  fields: Record<string, string>,
  { client, json = pathname.startsWith("/api/"), headers = {} }: Options = {},
) {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": json ? "application/json" : "application/x-www-form-urlencoded",
      ...(client ? { "x-forwarded-for": client } : {}),
      ...headers,
    },
    body: json ? JSON.stringify(fields) : new URLSearchParams(fields),
  });
}

async function statusOf(response: Response) {
  await response.arrayBuffer();
  return response.status;
}

describe("sign-in attempts per client", () => {
  it("stop after 10 a minute: JSON with Retry-After on the API, the form's own message with JavaScript on and off; a forged X-Forwarded-For changes nothing", async () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await post(
        direct,
        "/api/login",
        { email: `nobody-${attempt}@example.com`, password: "guess-number-x" },
        { headers: { "x-forwarded-for": `203.0.113.${attempt}` } },
      );
      expect(await statusOf(response)).toBe(401);
    }

    const api = await post(direct, "/api/login", { email: "a@b.co", password: "guess-x" });
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(api.headers.get("cache-control")).toBe("private, no-store");
    expect(await api.json()).toEqual({ success: false, message: RATE_LIMIT_MESSAGE });

    // JavaScript off: the login page again, the message in its form, the address kept.
    const page = await post(direct, "/login", { email: "kept@example.com", password: "guess-x" });
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
    const html = await page.text();
    expect(html).toMatch(/<form[^>]*action="\/login"/);
    expect(html).toContain(`data-testid="form-error">${RATE_LIMIT_MESSAGE}</p>`);
    expect(html).toContain('value="kept@example.com"');

    // JavaScript on: the form posts to /login.data and shows the action's message.
    const data = await post(direct, "/login.data", { email: "a@b.co", password: "guess-x" });
    expect(data.status).toBe(429);
    expect(Number(data.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await data.text()).toContain(RATE_LIMIT_MESSAGE);

    // Registration and the reset request share the allowance.
    const register = await post(direct, "/api/register", {
      name: "Someone",
      email: "someone@example.com",
      password: "secret123",
      userImage: "https://example.com/a.png",
    });
    expect(register.status).toBe(429);
    expect(await register.json()).toEqual({ success: false, message: RATE_LIMIT_MESSAGE });
    const reset = await post(direct, "/forgot-password", {
      email: "a@b.co",
      newPassword: "secret123",
    });
    expect(reset.status).toBe(429);
    expect(await reset.text()).toContain(RATE_LIMIT_MESSAGE);
  });

  it("do not count logins that succeed", async () => {
    const client = freshClient();
    const { user } = await proxied.signedInUser();
    for (let i = 0; i < 12; i += 1) {
      const login = await post(
        proxied,
        "/login",
        { email: user.email, password: TEST_PASSWORD },
        { client },
      );
      expect(login.status).toBe(302);
      // It carries the new session: nothing may keep it.
      expect(login.headers.get("cache-control")).toBe("private, no-store");
    }
    const api = await post(
      proxied,
      "/api/login",
      { email: user.email, password: TEST_PASSWORD },
      { client },
    );
    expect(api.status).toBe(200);
    expect(api.headers.get("cache-control")).toBe("private, no-store");
    expect(
      await statusOf(
        await post(proxied, "/api/login", { email: user.email, password: "wrong-1" }, { client }),
      ),
    ).toBe(401);
  });

  it("count X-Forwarded-For only behind a trusted proxy (TRUST_PROXY=true)", async () => {
    const client = freshClient();
    const attempt = async (from: string, n: number) =>
      statusOf(
        await post(
          proxied,
          "/api/login",
          { email: `proxy-${n}@example.com`, password: "guess-number-x" },
          { client: from },
        ),
      );
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push(await attempt(client, i));
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(await attempt(freshClient(), 11)).toBe(401);
  });
});

describe("failed logins per account", () => {
  /** The statuses of `count` wrong guesses at `email` sent at once, from `clients`. */
  async function guessesAtOnce(email: string, count: number, clients: () => string) {
    const statuses = await Promise.all(
      Array.from({ length: count }, async (_, i) =>
        statusOf(
          await post(
            proxied,
            "/api/login",
            { email, password: `guess-${i}-x` },
            { client: clients() },
          ),
        ),
      ),
    );
    return {
      401: statuses.filter((s) => s === 401).length,
      429: statuses.filter((s) => s === 429).length,
    };
  }

  it("30 guesses sent at once from one address: 10 reach the password check, the others wait", async () => {
    const { user } = await proxied.signedInUser();
    const client = freshClient();
    expect(await guessesAtOnce(user.email, 30, () => client)).toEqual({ 401: 10, 429: 20 });
  });

  it("the owner signs in from another address after 25 wrong guesses from one", async () => {
    const { user } = await proxied.signedInUser();
    const attacker = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      statuses.push(
        await statusOf(
          await post(
            proxied,
            "/api/login",
            { email: user.email, password: `guess-${i}-x` },
            { client: attacker },
          ),
        ),
      );
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    const owner = await post(
      proxied,
      "/login",
      { email: user.email, password: TEST_PASSWORD },
      { client: freshClient() },
    );
    expect(owner.status).toBe(302);
  });

  it("guesses from many addresses at once stop at the account's bound, for an address with or without an account alike; the owner's own device still gets in", async () => {
    const { user } = await proxied.signedInUser();
    // The owner signed in on their phone before the attack.
    const phone = await post(
      proxied,
      "/login",
      { email: user.email, password: TEST_PASSWORD },
      { client: freshClient() },
    );
    expect(phone.status).toBe(302);
    const device = phone.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0]!)
      .find((cookie) => cookie.startsWith("__Host-device="));
    expect(device).toBeDefined();

    const unknown = `nobody-${Date.now()}@example.com`;
    for (const email of [user.email, unknown]) {
      expect(await guessesAtOnce(email, 30, freshClient)).toEqual({
        401: ACCOUNT_CHECKS,
        429: 30 - ACCOUNT_CHECKS,
      });
    }
    const refusals = [];
    for (const email of [user.email, unknown]) {
      const api = await post(
        proxied,
        "/api/login",
        { email, password: TEST_PASSWORD },
        { client: freshClient() },
      );
      expect(api.status).toBe(429);
      expect(Number(api.headers.get("retry-after"))).toBeGreaterThan(60);
      refusals.push(await api.json());
      const page = await post(
        proxied,
        "/login",
        { email, password: TEST_PASSWORD },
        { client: freshClient() },
      );
      expect(page.status).toBe(429);
      expect(page.headers.get("set-cookie")).toBeNull();
      expect(await page.text()).toContain(
        `data-testid="form-error">${accountLockedMessage(900)}</p>`,
      );
    }
    expect(refusals[0]).toEqual({ success: false, message: accountLockedMessage(900) });
    expect(refusals[1]).toEqual(refusals[0]);

    const own = await post(
      proxied,
      "/login",
      { email: user.email, password: TEST_PASSWORD },
      { client: freshClient(), headers: { cookie: device! } },
    );
    expect(own.status).toBe(302);
  });
});

describe("registrations per client and hour", () => {
  it("allow 5 new accounts from one client, then say how long to wait, on the API and in the form", async () => {
    const client = freshClient();
    const patient = (n: number) => ({
      name: "Hourly Patient",
      email: `hourly-${n}-${Date.now()}@example.com`,
      password: "secret123",
      userImage: "https://example.com/a.png",
    });
    for (let n = 1; n <= 5; n += 1) {
      expect(await statusOf(await post(proxied, "/api/register", patient(n), { client }))).toBe(
        201,
      );
    }
    const api = await post(proxied, "/api/register", patient(6), { client });
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(await api.json()).toEqual({ success: false, message: registrationsMessage(3600) });
    const page = await post(proxied, "/register", patient(7), { client });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain(
      `data-testid="form-error">${registrationsMessage(3600)}</p>`,
    );
    expect(await proxied.db().user.count({ where: { name: "Hourly Patient" } })).toBe(5);
    expect(
      await statusOf(await post(proxied, "/api/register", patient(8), { client: freshClient() })),
    ).toBe(201);
  });
});

describe("writes per client", () => {
  it("allow 60 a minute, then answer 429 with Retry-After; reads go on", async () => {
    const client = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      const response = await post(proxied, "/api/product-filters", {}, { client });
      if (response.status === 429) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await response.json()).toEqual({ success: false, message: WRITE_LIMIT_MESSAGE });
        statuses.push(429);
      } else statuses.push(await statusOf(response));
    }
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    const read = await fetch(`${proxied.url}/api/product-count`, {
      headers: { "x-forwarded-for": client },
    });
    expect(await statusOf(read)).toBe(200);
  });

  it("are not used up by cross-site requests, which are refused first", async () => {
    const client = freshClient();
    for (let i = 0; i < 70; i += 1) {
      const forged = await post(
        proxied,
        "/api/login",
        { email: "victim@example.com", password: `guess-${i}-x` },
        { client, headers: { origin: EVIL } },
      );
      expect(await statusOf(forged)).toBe(403);
    }
    const { user } = await proxied.signedInUser();
    const own = await post(
      proxied,
      "/login",
      { email: user.email, password: TEST_PASSWORD },
      { client, headers: { origin: proxied.url } },
    );
    expect(own.status).toBe(302);
    for (let i = 0; i < 10; i += 1) {
      expect(await statusOf(await post(proxied, "/api/product-filters", {}, { client }))).toBe(200);
    }
  });
});

describe("presses of a mail link's button per client", () => {
  it("stop after 20 a minute with the page's own message and Retry-After, JavaScript on and off", async () => {
    const client = freshClient();
    // The limit comes before the link is looked up: an unknown token counts the same.
    const path = `/visit/${"x".repeat(43)}/confirm`;
    for (let press = 1; press <= 20; press += 1) {
      expect(await statusOf(await post(proxied, path, {}, { client }))).toBe(404);
    }
    const page = await post(proxied, path, {}, { client });
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await page.text()).toContain(RATE_LIMIT_MESSAGE);
    const data = await post(proxied, `${path}.data`, {}, { client });
    expect(data.status).toBe(429);
    expect(Number(data.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await data.text()).toContain(RATE_LIMIT_MESSAGE);
  });
});
