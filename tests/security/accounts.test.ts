// The account attacks of issue 9, replayed over real HTTP against the production build:
// taking an account over through an unproven address and Google linking, open redirects
// after URL normalisation, a reset link that lets the requester choose the password, free
// unverified accounts booking the diary, clinic mail to any address, Google's error text
// on the page, and sessions (logout over the API, revocation, the __Host- cookie).
// Google is answered by msw inside the server process (tests/mocks/google-server.mjs),
// mail by a real SMTP server on loopback.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookieName } from "~/infra/cookie.server";
import { GOOGLE_RESERVED_MESSAGE } from "~/models/accounts/user.server";
import { encodeGoogleCode } from "../mocks/google.mjs";
import { MONDAY, TUESDAY, upcoming } from "../support/clinic-dates";
import { testPorts } from "../support/ports.mjs";
import {
  startProductionServer,
  TEST_PASSWORD,
  type ProductionServer,
} from "../support/production-server";
import { startSmtpSink } from "../support/smtp-sink";

const PORT = testPorts().accounts;
const SESSION_COOKIE = sessionCookieName("production");
const GOOGLE_MOCK = path.resolve("tests/mocks/google-server.mjs");

let server: ProductionServer;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let serviceId: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  const url = `http://127.0.0.1:${PORT}`;
  server = await startProductionServer({
    port: PORT,
    env: {
      SMTP_URL: sink.url,
      GOOGLE_CLIENT_ID: "http-google-client",
      GOOGLE_CLIENT_SECRET: "http-google-secret",
      GOOGLE_CALLBACK_URL: `${url}/auth/google/callback`,
      NODE_OPTIONS: `--max-old-space-size=160 --import ${GOOGLE_MOCK}`,
      // Each test is its own client (X-Forwarded-For), as patients behind the clinic's proxy.
      TRUST_PROXY: "true",
      RATE_LIMIT_WRITES_PER_MINUTE: "10000",
      RATE_LIMIT_SIGNIN_PER_MINUTE: "10000",
    },
  });
  // A 30-minute visit: back-to-back half hours are separate bookings.
  serviceId = (await server.db().service.findUniqueOrThrow({ where: { slug: "dental-checkup" } }))
    .id;
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await sink?.close();
}, 30_000);

/** One browser (or API client): its own address and cookie jar, redirects not followed. */
function client() {
  const ip = `203.0.113.${1 + (randomBytes(1)[0]! % 250)}`;
  const forwardedFor = `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}, ${ip}`;
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

  async function request(pathname: string, init: RequestInit & { form?: Record<string, string> }) {
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", forwardedFor);
    if (jar.size > 0 && !headers.has("cookie")) headers.set("cookie", cookie());
    let body = init.body;
    if (init.form) {
      body = new URLSearchParams(init.form);
      // The site's own form, as a browser posts it.
      headers.set("origin", server.url);
    }
    const response = await fetch(`${server.url}${pathname}`, {
      ...init,
      body,
      headers,
      redirect: "manual",
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name!);
      else jar.set(name!, value);
    }
    return response;
  }

  return {
    jar,
    cookie,
    get: (pathname: string, headers?: HeadersInit) => request(pathname, { headers }),
    postForm: (pathname: string, form: Record<string, string>) =>
      request(pathname, { method: "POST", form }),
    postJson: (pathname: string, json: unknown, headers: Record<string, string> = {}) =>
      request(pathname, {
        method: "POST",
        body: JSON.stringify(json),
        headers: { "content-type": "application/json", ...headers },
      }),
  };
}

const unique = () => `${Date.now()}-${randomBytes(3).toString("hex")}`;

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

/** `/api/user-auth`'s verdict on a token or a cookie. */
async function accepted(headers: Record<string, string>) {
  const response = await fetch(`${server.url}/api/user-auth`, { headers });
  await response.arrayBuffer();
  return response.status === 200;
}

async function loginWorks(email: string, password: string) {
  const response = await client().postJson("/api/login", { email, password });
  await response.arrayBuffer();
  return response.status === 200;
}

function booking(overrides: Record<string, string> = {}) {
  return {
    service: serviceId,
    name: "Http Patient",
    email: "contact@example.com",
    phone: "555 0100",
    date: upcoming(MONDAY, 3),
    time: "10:00",
    message: "Check-up",
    ...overrides,
  };
}

const LINK = (kind: "verify-email" | "reset-password") =>
  new RegExp(`${server.url.replace(/[.:/]/g, "\\$&")}/${kind}/([A-Za-z0-9_-]{32,})`);

async function linkFromMail(to: string, kind: "verify-email" | "reset-password") {
  const mail = await sink.waitFor(to, (message) => LINK(kind).test(message.text), 30_000);
  return LINK(kind).exec(mail.text)![0].slice(server.url.length);
}

/** The page's text, without its markup. */
async function pageText(response: Response) {
  return (await response.text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

describe("9.1: an unproven address cannot take an account over", () => {
  it("register as the victim's address, log in, then the owner signs in with Google: the attacker's token, cookie and password all fail", async () => {
    const victim = `victim-${unique()}@gmail.example`;
    const attacker = client();
    const registered = await attacker.postJson("/api/register", {
      name: "Not The Owner",
      email: victim,
      password: "attacker-pass",
      userImage: "https://example.com/a.png",
    });
    expect(registered.status).toBe(201);
    const apiLogin = await attacker.postJson("/api/login", {
      email: victim,
      password: "attacker-pass",
    });
    expect(apiLogin.status).toBe(200);
    const { token } = (await json(apiLogin)) as { token: string };
    const pageLogin = await attacker.postForm("/login", {
      email: victim,
      password: "attacker-pass",
    });
    expect(pageLogin.status).toBe(302);
    const attackerCookie = `${SESSION_COOKIE}=${attacker.jar.get(SESSION_COOKIE)}`;
    expect(await accepted({ authorization: `Bearer ${token}` })).toBe(true);
    expect(await accepted({ cookie: attackerCookie })).toBe(true);
    // Signed in, but unverified: the diary is closed to this account.
    const refused = await attacker.postJson("/api/create-appointment", booking(), {
      authorization: token,
    });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({
      success: false,
      message: expect.stringContaining("verify your e-mail address"),
    });

    // The owner of the address signs in with Google.
    const owner = client();
    const started = await owner.postForm("/auth/google", { redirectTo: "/" });
    expect(started.status).toBe(302);
    const state = new URL(started.headers.get("location")!).searchParams.get("state")!;
    const code = encodeGoogleCode({
      sub: `sub-${unique()}`,
      email: victim,
      email_verified: true,
      name: "The Owner",
    });
    const callback = await owner.get(
      `/auth/google/callback?state=${encodeURIComponent(state)}&code=${code}`,
    );
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/");
    expect(owner.jar.has(SESSION_COOKIE)).toBe(true);

    // The attacker's token, cookie and password are all dead.
    expect(await accepted({ authorization: `Bearer ${token}` })).toBe(false);
    expect(await accepted({ cookie: attackerCookie })).toBe(false);
    const profile = await fetch(`${server.url}/user/profile`, {
      headers: { cookie: attackerCookie },
    });
    expect(profile.status).toBe(401);
    await profile.arrayBuffer();
    expect(await loginWorks(victim, "attacker-pass")).toBe(false);

    // The owner is signed in (the home page is theirs, not the anonymous cached one) and
    // may book: Google proved the address.
    const home = await pageText(await owner.get("/"));
    expect(home).toContain("The Owner");
    // Nothing the attacker typed stays on the owner's account.
    expect(home).not.toContain("Not The Owner");
    const booked = await owner.postJson("/api/create-appointment", booking({ time: "11:30" }), {
      cookie: owner.cookie(),
      origin: server.url,
    });
    expect(booked.status).toBe(201);
  });

  it("register -> verification mail -> the link's button -> book, and nothing before the button", async () => {
    const email = `new-${unique()}@example.com`;
    const patient = client();
    const registered = await patient.postForm("/register", {
      name: "Vera Verified",
      email,
      password: "vera-pass",
      userImage: "https://example.com/v.png",
    });
    expect(registered.status).toBe(302);
    expect(registered.headers.get("location")).toBe("/login");
    const link = await linkFromMail(email, "verify-email");

    await patient.postForm("/login", { email, password: "vera-pass" });
    const gated = await patient.get("/make-appointment");
    expect(gated.status).toBe(200);
    const gatedText = await pageText(gated);
    expect(gatedText).toContain("Please verify your e-mail address first");
    expect(gatedText).toContain("Send me a new link");
    expect(gatedText).not.toContain("Add booking");
    const refusedPost = await patient.postForm("/make-appointment", booking({ time: "12:00" }));
    expect(refusedPost.status).toBe(403);
    await refusedPost.arrayBuffer();

    // A mail scanner opening the link verifies nothing.
    const opened = await fetch(`${server.url}${link}`);
    expect(opened.status).toBe(200);
    expect(await pageText(opened)).toContain("Verify my e-mail address");
    const before = await server.db().user.findUniqueOrThrow({ where: { email } });
    expect(before.emailVerifiedAt).toBeNull();

    const verified = await patient.postForm(link, {});
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/");
    const booked = await patient.postForm("/make-appointment", booking({ time: "12:00" }));
    expect(booked.status).toBe(302);
    expect(booked.headers.get("location")).toBe("/");
    expect(await server.db().appointment.count({ where: { userId: before.id } })).toBe(1);
  });
});

describe("9.3: redirectTo is decided on the normalised path", () => {
  const VARIANTS = [
    "/.//evil.example",
    "/..//evil.example",
    "/%2e%2e//evil.example",
    "/.%2e//evil.example",
    "/a/..//evil.example",
    "/%2f%2fevil.example",
    "/%5c%5cevil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "//evil.example",
    "https://evil.example/",
  ];

  function expectLocal(response: Response) {
    const location = response.headers.get("location");
    expect(response.status).toBe(302);
    expect(location).toMatch(/^\/(?![/\\])/);
    expect(new URL(location!, server.url).origin).toBe(server.url);
    return location!;
  }

  it.each(VARIANTS)("signed in, /login and /register send %j to a local path", async (variant) => {
    const { cookie } = await server.signedInUser();
    for (const page of ["/login", "/register"]) {
      const response = await fetch(
        `${server.url}${page}?redirectTo=${encodeURIComponent(variant)}`,
        { headers: { cookie }, redirect: "manual" },
      );
      expect(expectLocal(response)).toBe("/");
    }
  });

  it.each(VARIANTS)(
    "signed out, the login and register posts send %j to a local path",
    async (variant) => {
      const { user } = await server.signedInUser();
      const visitor = client();
      const login = await visitor.postForm("/login", {
        email: user.email,
        password: TEST_PASSWORD,
        redirectTo: variant,
      });
      expect(expectLocal(login)).toBe("/");
      const register = await client().postForm("/register", {
        name: "Redirect Tester",
        email: `redirect-${unique()}@example.com`,
        password: "redirect-pass",
        userImage: "https://example.com/r.png",
        redirectTo: variant,
      });
      expect(expectLocal(register)).toBe("/login");
      // The login form's hidden field carries only what safeRedirect allows.
      const page = await fetch(`${server.url}/login?redirectTo=${encodeURIComponent(variant)}`);
      expect(await page.text()).toMatch(/name="redirectTo" value="\/"/);
    },
  );
});

describe("9.4: the reset link's owner chooses the password", () => {
  it("ignores the requester's newPassword; the owner types one twice; every old session ends", async () => {
    const { user, token, cookie } = await server.signedInUser();
    const requester = client();
    const asked = await requester.postJson("/api/forgot-password", {
      email: user.email,
      newPassword: "requester-choice",
    });
    const unknown = await requester.postJson("/api/forgot-password", {
      email: `nobody-${unique()}@example.com`,
      newPassword: "requester-choice",
    });
    expect(asked.status).toBe(200);
    const answer = await json(asked);
    expect(answer).toEqual(await json(unknown));
    expect(answer).toMatchObject({ success: true });

    const link = await linkFromMail(user.email, "reset-password");
    const form = await fetch(`${server.url}${link}`);
    expect(form.status).toBe(200);
    const formText = await pageText(form);
    expect(formText).toContain("Choose a new password");
    expect(formText).toContain("Repeat the new password");
    expect(await loginWorks(user.email, "requester-choice")).toBe(false);
    expect(await loginWorks(user.email, TEST_PASSWORD)).toBe(true);

    const owner = client();
    const mismatch = await owner.postForm(link, {
      password: "owner-choice",
      confirmPassword: "owner-choicE",
    });
    expect(mismatch.status).toBe(400);
    expect(await pageText(mismatch)).toContain("The two passwords do not match");
    const short = await owner.postForm(link, { password: "abc", confirmPassword: "abc" });
    expect(short.status).toBe(400);
    expect(await pageText(short)).toContain("password need minimum 5 character");

    const changed = await owner.postForm(link, {
      password: "owner-choice",
      confirmPassword: "owner-choice",
    });
    expect(changed.status).toBe(302);
    expect(changed.headers.get("location")).toBe("/login");
    expect(await loginWorks(user.email, "owner-choice")).toBe(true);
    expect(await loginWorks(user.email, "requester-choice")).toBe(false);
    expect(await loginWorks(user.email, TEST_PASSWORD)).toBe(false);
    // 9.12: the password changed, so the sessions and API tokens from before are gone.
    expect(await accepted({ authorization: token })).toBe(false);
    expect(await accepted({ cookie })).toBe(false);
    // One use.
    const again = await owner.postForm(link, {
      password: "third-try",
      confirmPassword: "third-try",
    });
    expect(again.status).toBe(410);
    await again.arrayBuffer();
  });
});

describe("9.5 and 9.6: bookings", () => {
  it("cap one account at 3 upcoming bookings and mail only the account's verified address", async () => {
    const { user, token } = await server.signedInUser();
    const patient = client();
    const others = ["a", "b", "c", "d"].map((n) => `someone-else-${n}-${unique()}@example.com`);
    const statuses: number[] = [];
    // The seeded clinic breaks for lunch from 12:30 to 13:30: 14:00 is open.
    for (const [index, time] of ["09:00", "09:30", "10:30", "14:00"].entries()) {
      const response = await patient.postJson(
        "/api/create-appointment",
        booking({ date: upcoming(TUESDAY, 4), time, email: others[index]! }),
        { authorization: token },
      );
      statuses.push(response.status);
      if (response.status === 409) {
        expect(await json(response)).toEqual({
          success: false,
          message:
            "You already have 3 upcoming appointments. Please cancel one before booking another.",
        });
      } else {
        await response.arrayBuffer();
      }
    }
    expect(statuses).toEqual([201, 201, 201, 409]);
    // The form's address is stored as contact data ...
    const stored = await server.db().appointment.findMany({ where: { userId: user.id } });
    expect(stored.map((row) => row.email).sort()).toEqual(others.slice(0, 3).sort());
    // ... and every confirmation went to the account instead.
    for (const time of ["9:00 AM", "9:30 AM", "10:30 AM"]) {
      await sink.waitFor(user.email, (mail) => mail.subject.includes(`${time} is booked`), 30_000);
    }
    await sink.idle();
    expect(sink.messages.filter((mail) => others.some((to) => mail.to.includes(to)))).toEqual([]);
  });
});

describe("31.1: Google sign-in refuses an address under .invalid", () => {
  it("the desk's stand-in domain signs nobody in, and claims no desk record", async () => {
    const standIn = `no-email-${unique()}@no-email.invalid`;
    const record = await server.db().user.create({
      data: { name: "Desk Caller", email: standIn, passwordHash: null },
    });
    for (const email of [standIn, `eve-${unique()}@no-email.invalid`]) {
      const visitor = client();
      const started = await visitor.postForm("/auth/google", { redirectTo: "/" });
      const state = new URL(started.headers.get("location")!).searchParams.get("state")!;
      const code = encodeGoogleCode({
        sub: `sub-${unique()}`,
        email,
        email_verified: true,
        name: "Eve",
      });
      const callback = await visitor.get(
        `/auth/google/callback?state=${encodeURIComponent(state)}&code=${code}`,
      );
      expect(callback.status).toBe(302);
      expect(callback.headers.get("location")).toBe("/login");
      expect(visitor.jar.has(SESSION_COOKIE)).toBe(false);
      expect(await pageText(await visitor.get("/login"))).toContain(
        GOOGLE_RESERVED_MESSAGE.replace(/'/g, "&#x27;"),
      );
    }
    expect(await server.db().user.findUniqueOrThrow({ where: { id: record.id } })).toMatchObject({
      googleId: null,
      emailVerifiedAt: null,
    });
    expect(
      await server
        .db()
        .user.count({ where: { email: { endsWith: ".invalid" }, googleId: { not: null } } }),
    ).toBe(0);
  });
});

describe("9.10: Google's error text never reaches the page", () => {
  it("shows a fixed message and logs the detail", async () => {
    const text = `Your account is locked, call +1-555-${unique()}`;
    const visitor = client();
    const callback = await visitor.get(
      `/auth/google/callback?state=whatever&error=${encodeURIComponent(text)}&error_description=${encodeURIComponent("<i>urgent</i>")}`,
    );
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/login");
    const page = await visitor.get("/login");
    const html = await page.text();
    expect(html).toContain("Google sign-in did not work. Please try again.");
    expect(html).not.toContain("555-");
    expect(html).not.toContain("urgent");
    expect(server.output()).toContain(text);
  });
});

describe("9.12: sessions", () => {
  it("POST /api/logout revokes the token it is called with", async () => {
    const { user, token } = await server.signedInUser();
    const { token: other } = await server.newSession(user.id);
    const response = await client().postJson(
      "/api/logout",
      {},
      { authorization: `Bearer ${token}` },
    );
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ success: true, message: "Logout Successfully" });
    expect(await accepted({ authorization: token })).toBe(false);
    expect(await accepted({ authorization: other })).toBe(true);
    const again = await client().postJson("/api/logout", {}, { authorization: token });
    expect(again.status).toBe(401);
    expect(await json(again)).toMatchObject({ success: false });
  });

  it("a page for a signed-in visitor never comes from the anonymous page cache", async () => {
    const name = `Cache Checker ${unique()}`;
    const { cookie } = await server.signedInUser({ name });
    // Twice anonymously: the second answer is the cached one.
    for (let i = 0; i < 2; i += 1)
      expect(await pageText(await fetch(`${server.url}/`))).not.toContain(name);
    const mine = await fetch(`${server.url}/`, { headers: { cookie } });
    expect(cookie.startsWith("__Host-session=")).toBe(true);
    expect(await pageText(mine)).toContain(name);
  });

  it("every sign-in gets a new session, named __Host-session", async () => {
    // The browser already holds a session cookie (say, one planted by someone else).
    const { user, cookie } = await server.signedInUser();
    const login = await fetch(`${server.url}/login`, {
      method: "POST",
      body: new URLSearchParams({ email: user.email, password: TEST_PASSWORD }),
      headers: { cookie, "x-forwarded-for": "203.0.113.250" },
      redirect: "manual",
    });
    expect(login.status).toBe(302);
    const issued = login.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(SESSION_COOKIE).toBe("__Host-session");
    expect(issued).toBeDefined();
    expect(issued!.split(";")[0]).not.toBe(cookie);
  });
});
