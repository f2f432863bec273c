// Proves the production server's defences from the outside, over real HTTP against the
// production build: headers and CSP nonces, cross-site request refusal, body limits, the
// request log, and that no secret ever leaves the server. The rate limits have their own
// suite (rate-limits.test.ts), and so has the request edge (request-edge.test.ts).
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { storedLinkToken } from "../support/link-token";
import { recallLinkToken } from "~/models/recall/links.server";
import { sessionCookieName } from "~/infra/cookie.server";
import { hashToken } from "~/infra/token-hash.server";
import { clinicNow } from "~/utils/clinic-time";
import { TMP_DIR } from "../support/paths";
import { testPorts } from "../support/ports.mjs";
import {
  NO_RATE_LIMITS,
  sessionSecret,
  startProductionServer,
  TEST_PASSWORD,
  type ProductionServer,
} from "../support/production-server";

const PORTS = testPorts().security;
const SESSION_COOKIE = sessionCookieName("production");
const EVIL = "https://evil.example";

let server: ProductionServer;

beforeAll(async () => {
  // Limits out of the way: they are proven on their own servers (rate-limits.test.ts).
  server = await startProductionServer({ port: PORTS.main, env: NO_RATE_LIMITS });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  rmSync(path.join(TMP_DIR, `outbox-${PORTS.main}`), { recursive: true, force: true });
}, 30_000);

function post(
  target: ProductionServer,
  pathname: string,
  body: string | URLSearchParams,
  headers: Record<string, string> = {},
) {
  return fetch(`${target.url}${pathname}`, {
    method: "POST",
    body,
    headers: {
      ...(typeof body === "string" ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    redirect: "manual",
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

async function isSignedIn(cookie: string) {
  const response = await fetch(`${server.url}/api/user-auth`, { headers: { cookie } });
  return response.status === 200;
}

describe("security headers", () => {
  it("enforce a CSP whose nonce is on every script of the page, and differs per response", async () => {
    const first = await fetch(`${server.url}/`);
    const html = await first.text();
    const csp = first.headers.get("content-security-policy");
    expect(first.headers.get("content-security-policy-report-only")).toBeNull();
    expect(csp).toBeTruthy();
    const directives = new Map(
      csp!.split(";").map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name!, values];
      }),
    );
    const scriptSrc = directives.get("script-src")!;
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    const nonce = scriptSrc.find((value) => value.startsWith("'nonce-"))?.slice(7, -1);
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    // Image links patients enter are http(s) (isHttpUrl): both must be displayable.
    expect(directives.get("img-src")).toEqual(expect.arrayContaining(["https:", "http:"]));
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(directives.get("form-action")).toContain("'self'");

    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    // The second answer comes from the anonymous page cache: same page, its own nonce.
    const second = await fetch(`${server.url}/`);
    const secondHtml = await second.text();
    const secondNonce = /'nonce-([^']+)'/.exec(second.headers.get("content-security-policy")!)?.[1];
    expect(secondNonce).toBeTruthy();
    expect(secondNonce).not.toBe(nonce);
    expect(secondHtml).not.toContain(nonce!);
    const secondScripts = [...secondHtml.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(secondScripts).toHaveLength(scripts.length);
    for (const tag of secondScripts) expect(tag).toContain(`nonce="${secondNonce}"`);
  });

  it.each(["/", "/api/product-list/1", "/no-such-page", "/favicon.svg"])(
    "are on %s: nosniff, strict referrer, HSTS in production, no x-powered-by",
    async (pathname) => {
      const response = await fetch(`${server.url}${pathname}`);
      await response.arrayBuffer();
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("same-origin");
      expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-powered-by")).toBeNull();
    },
  );
});

describe("cross-site request forgery", () => {
  it("refuses a cookie-authenticated post from another site and keeps the session", async () => {
    const { cookie } = await server.signedInUser();
    const response = await post(server, "/logout", form({}), { cookie, origin: EVIL });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("Cross-site request refused");
    expect(await isSignedIn(cookie)).toBe(true);
  });

  it.each([
    ["a Referer from another site", { referer: `${EVIL}/page` }],
    ["Origin: null (a sandboxed frame)", { origin: "null" }],
    ["Fetch Metadata saying cross-site", { "sec-fetch-site": "cross-site" }],
  ])("refuses a cookie-authenticated post with %s", async (_label, headers) => {
    const { cookie } = await server.signedInUser();
    const response = await post(server, "/logout", form({}), { cookie, ...headers });
    expect(response.status).toBe(403);
    expect(await isSignedIn(cookie)).toBe(true);
  });

  it("refuses a cross-site post to the JSON API with { success: false, message }", async () => {
    const { cookie } = await server.signedInUser();
    const response = await post(server, "/api/create-review", "{}", { cookie, origin: EVIL });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      success: false,
      message: "Cross-site request refused",
    });
  });

  it.each([
    ["a token beside the session cookie", (token: string) => `Bearer ${token}`],
    ["Basic credentials (which a browser adds by itself)", () => "Basic YWxpY2U6c2VjcmV0"],
  ])("still checks a cookie-carrying post with %s", async (_label, authorization) => {
    const { cookie, token } = await server.signedInUser();
    const response = await post(server, "/logout", form({}), {
      cookie,
      origin: EVIL,
      authorization: authorization(token),
    });
    expect(response.status).toBe(403);
    expect(await isSignedIn(cookie)).toBe(true);
  });

  it("checks a cookie-less post whose Authorization holds no token (Basic credentials)", async () => {
    const response = await post(server, "/api/login", JSON.stringify({}), {
      origin: EVIL,
      authorization: "Basic YWxpY2U6c2VjcmV0",
    });
    expect(response.status).toBe(403);
  });

  it("refuses an admin's cross-site post to the team's admin, adding nobody", async () => {
    const { cookie } = await server.signedInUser({ role: "admin" });
    const name = `Dr. Forged ${Date.now()}`;
    const fields = { name, title: "DDS", kind: "dentist" };
    const refused = await post(server, "/staff/dentists", form(fields), { cookie, origin: EVIL });
    expect(refused.status).toBe(403);
    expect(await server.db().dentist.count({ where: { name } })).toBe(0);
    const own = await post(server, "/staff/dentists", form(fields), { cookie, origin: server.url });
    expect(own.status).toBe(302);
    expect(await server.db().dentist.count({ where: { name } })).toBe(1);
  });

  it("refuses a cross-site post from an admin's browser to the service and failed-mail screens", async () => {
    const { cookie } = await server.signedInUser({ role: "admin" });
    const db = server.db();
    const stamp = Date.now();
    const service = await db.service.create({
      data: {
        name: `Cross-site target ${stamp}`,
        slug: `cross-site-target-${stamp}`,
        description: "Waits for review.",
        priceCents: 1000,
        photo: "/images/services/teeth-cleaning.svg",
        category: "Preventive",
        status: "awaiting_review",
      },
    });
    const message = await db.outboxMessage.create({
      data: {
        dedupeKey: `cross-site:${stamp}`,
        kind: "booking",
        toAddress: "victim@example.com",
        subject: "Failed",
        text: "Hello",
        status: "failed",
      },
    });
    const attempts: Array<[string, Record<string, string>]> = [
      ["/staff/moderation", { intent: "approve-service", serviceId: service.id }],
      [
        `/staff/services/${service.id}`,
        {
          name: "Renamed",
          description: "x",
          price: "1",
          durationMinutes: "30",
          bufferMinutes: "0",
          category: "Preventive",
          hidden: "on",
        },
      ],
      ["/staff/outbox", { intent: "retry", messageId: message.id }],
    ];
    for (const [path, fields] of attempts) {
      const response = await post(server, path, form(fields), { cookie, origin: EVIL });
      expect(response.status, path).toBe(403);
    }
    expect(await db.service.findUniqueOrThrow({ where: { id: service.id } })).toMatchObject({
      name: service.name,
      status: "awaiting_review",
      hidden: false,
    });
    expect(await db.outboxMessage.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({
      status: "failed",
    });
  });

  it("refuses a cross-site post to the diary's one-click status moves, changing nothing", async () => {
    const { cookie } = await server.signedInUser({ role: "reception" });
    const db = server.db();
    const startsAt = new Date(Date.now() - 10 * 60_000);
    // Started ten minutes ago, on its own day: it may be checked in (issue 31 item 2).
    const started = clinicNow(startsAt);
    const visit = await db.appointment.create({
      data: {
        serviceId: (await db.service.findFirstOrThrow()).id,
        name: "Cross-site visit",
        email: "visit@example.com",
        phone: "",
        message: "",
        date: started.date,
        time: started.time,
        dentistId: "dentist-first",
        chairId: "chair-1",
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      },
    });
    const fields = { intent: "status:checked_in", id: visit.id, back: "/staff" };
    const refused = await post(server, "/staff?index", form(fields), { cookie, origin: EVIL });
    expect(refused.status).toBe(403);
    expect((await db.appointment.findUniqueOrThrow({ where: { id: visit.id } })).status).toBe(
      "booked",
    );
    const own = await post(server, "/staff?index", form(fields), { cookie, origin: server.url });
    expect(own.status).toBe(302);
    expect((await db.appointment.findUniqueOrThrow({ where: { id: visit.id } })).status).toBe(
      "checked_in",
    );
  });

  it("refuses a cross-site post to a mail link's page, which acts without any cookie", async () => {
    const path = `/visit/${"A".repeat(43)}/cancel`;
    const refused = await post(server, path, form({ reason: "x" }), { origin: EVIL });
    expect(refused.status).toBe(403);
    // From the site itself the same post reaches the page: an unknown link, told plainly.
    const own = await post(server, path, form({ reason: "x" }), { origin: server.url });
    expect(own.status).toBe(404);
    expect(await own.text()).toContain("This link is not valid.");
  });

  it("lets the site's own form post through", async () => {
    const { cookie } = await server.signedInUser();
    const response = await post(server, "/logout", form({}), { cookie, origin: server.url });
    expect(response.status).toBe(302);
    expect(await isSignedIn(cookie)).toBe(false);
  });

  it("lets a token-authenticated API call through from any origin", async () => {
    const { token } = await server.signedInUser();
    const products = (await (await fetch(`${server.url}/api/get-product`)).json()) as {
      products: Array<{ _id: string }>;
    };
    const response = await post(
      server,
      "/api/create-review",
      JSON.stringify({
        service: products.products[0]!._id,
        name: "Cross-origin app",
        message: "Booked from our partner app.",
        rating: 4,
      }),
      { authorization: `Bearer ${token}`, origin: EVIL },
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ success: true });
  });
});

describe("body limits", () => {
  const huge = "x".repeat(200 * 1024);

  it("answers 413 { success: false, message } to an API body over the limit", async () => {
    const response = await post(server, "/api/product-filters", JSON.stringify({ huge }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      success: false,
      message: expect.stringContaining("too large"),
    });
  });

  it("answers 413 with a readable page to a form post over the limit", async () => {
    const response = await post(server, "/login", form({ email: huge, password: huge }));
    expect(response.status).toBe(413);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toContain("Request body too large");
  });

  it("refuses a streamed body that declares no length (411)", async () => {
    // Written by hand: fetch would not wait for the answer before streaming on.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(server.port, "127.0.0.1", () => {
        socket.write(
          "POST /api/product-filters HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
            "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n",
        );
      });
      let received = "";
      socket.on("data", (chunk) => (received += chunk.toString()));
      socket.on("end", () => resolve(received));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 411 /);
    expect(answer).toContain(
      '{"success":false,"message":"A request body needs a Content-Length header"}',
    );
  });
});

describe("secrets", () => {
  it("never show a password, token, hash or the session secret in logs, responses or error pages", async () => {
    const password = `Correct-Horse-${Date.now()}`;
    const wrongPassword = `Wrong-Guess-${Date.now()}`;
    const newPassword = `New-Battery-${Date.now()}`;
    const { user } = await server.signedInUser();
    const email = user.email;
    await server.db().user.update({
      where: { id: user.id },
      data: { passwordHash: (await import("bcryptjs")).default.hashSync(password, 10) },
    });
    const hash = (await server.db().user.findUniqueOrThrow({ where: { id: user.id } }))
      .passwordHash!;
    const bodies: string[] = [];
    const keep = async (response: Response) => {
      bodies.push(
        [...response.headers.entries()]
          .filter(([name]) => name !== "set-cookie")
          .map(([name, value]) => `${name}: ${value}`)
          .join("\n"),
        await response.text(),
      );
      return response;
    };

    await keep(await post(server, "/login", form({ email, password: wrongPassword })));
    const apiLogin = await post(server, "/api/login", JSON.stringify({ email, password }));
    // The one answer that hands the token out, to its owner.
    const { token } = (await apiLogin.json()) as { token: string };
    const pageLogin = await keep(await post(server, "/login", form({ email, password })));
    const cookie = pageLogin.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    await keep(await fetch(`${server.url}/user/profile`, { headers: { cookie } }));
    await keep(await fetch(`${server.url}/api/user-auth`, { headers: { authorization: token } }));
    await keep(await post(server, "/api/forgot-password", JSON.stringify({ email, newPassword })));
    await keep(await post(server, "/forgot-password", form({ email, newPassword })));
    const mailDir = path.join(TMP_DIR, `outbox-${PORTS.main}`);
    // The mail goes out after the answer: wait (bounded) until the outbox has it.
    const resetToken = await vi.waitFor(
      () => {
        const found = (existsSync(mailDir) ? readdirSync(mailDir) : [])
          .map((file) => readFileSync(path.join(mailDir, file), "utf8"))
          .join("\n")
          .match(/reset-password\/([A-Za-z0-9_-]{32,})/)?.[1];
        if (!found) throw new Error(`no reset mail in ${mailDir} yet`);
        return found;
      },
      { timeout: 30_000, interval: 50 },
    );
    await keep(await fetch(`${server.url}/reset-password/${resetToken}?email=${email}`));
    await keep(await fetch(`${server.url}/%E0%A4%A`));
    await keep(await fetch(`${server.url}/api/get-product/${"%00".repeat(10)}`));
    await keep(await post(server, "/api/login", "{not json"));

    const logs = server.output();
    const published = bodies.join("\n");
    const sessionToken = JSON.parse(
      Buffer.from(decodeURIComponent(cookie.split("=")[1]!.split(".")[0]!), "base64").toString(),
    ).token as string;
    for (const secret of [
      password,
      wrongPassword,
      newPassword,
      hash,
      token,
      sessionToken,
      resetToken!,
      sessionSecret(),
    ]) {
      expect(logs, "server output").not.toContain(secret);
      expect(published, "responses").not.toContain(secret);
    }
    expect(published).not.toMatch(/\$2[aby]\$\d\d\$/);
    expect(published).not.toMatch(/passwordHash|tokenHash|at .+\.js:\d+/);
    expect(logs).not.toMatch(/\$2[aby]\$\d\d\$/);
    // The reset link's path is logged with its token replaced, its query not at all.
    expect(server.requestLog().map((line) => line.path)).toContain("/reset-password/:redacted");
    // The query string (here an e-mail address) never reaches the request log.
    expect(JSON.stringify(server.requestLog())).not.toContain(email.split("@")[0]!);
  });

  it("sets the session cookie __Host-, HttpOnly, SameSite=Lax, Secure, Path=/ in production", async () => {
    const { user } = await server.signedInUser();
    const response = await post(
      server,
      "/login",
      form({ email: user.email, password: TEST_PASSWORD }),
    );
    expect(response.status).toBe(302);
    const session = response.headers.getSetCookie().find((c) => c.startsWith("__Host-session="));
    expect(SESSION_COOKIE).toBe("__Host-session");
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Secure/i);
    // What browsers demand of a __Host- cookie: Path=/ and no Domain.
    expect(session).toMatch(/;\s*Path=\/(;|$)/i);
    expect(session).not.toMatch(/;\s*Domain=/i);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
  });
});

describe("request log", () => {
  it("writes one structured line per request with method, path, status and duration", async () => {
    const marker = `/log-check-${Date.now()}`;
    await (await fetch(`${server.url}${marker}?token=should-not-appear`)).text();
    // A later request's line is written after the marker's: once it is there, so is any
    // line the marker request would ever get.
    const later = `/log-check-later-${Date.now()}`;
    await (await fetch(`${server.url}${later}`)).text();
    await server.waitForRequestLog((line) => line.path === later);
    const lines = server.requestLog().filter((line) => line.path === marker);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: "GET", path: marker, status: 404 });
    expect(lines[0]!.durationMs).toBeGreaterThanOrEqual(0);
    expect(server.output()).not.toContain("should-not-appear");
  });
});

/** A GET as a plain HTTP client makes it: no header but those given, the body as sent. */
function rawGet(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(`${server.url}${pathname}`, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
          response.on("error", reject);
        })
        .on("error", reject);
    },
  );
}

describe("the uncached path (issue 14.12)", () => {
  it("answers /healthz before the page machinery: JSON, not kept, with the security headers", async () => {
    const response = await rawGet("/healthz", { "accept-encoding": "gzip" });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.toString("utf8"))).toMatchObject({
      status: "ok",
      database: "ok",
    });
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toBeTruthy();
  });

  it("streams a signed-in page whole, gzipped for a client that asks, never kept", async () => {
    const { cookie } = await server.signedInUser({ name: "Streamed Patient" });
    const plain = await rawGet("/blog", { cookie });
    const zipped = await rawGet("/blog", { cookie, "accept-encoding": "gzip" });
    for (const response of [plain, zipped]) {
      expect(response.status).toBe(200);
      expect(response.headers["cache-control"]).toBe("private, no-store");
      expect(response.headers["x-cache"]).toBeUndefined();
    }
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    const html = gunzipSync(zipped.body).toString("utf8");
    // Whole: the layout with the visitor's name, then the streamed data up to Remix's
    // last script, which closes it.
    for (const page of [plain.body.toString("utf8"), html]) {
      expect(page).toContain("Streamed Patient");
      expect(page).toContain("</html>");
      expect(page).toContain("window.__remixContext.streamController.close();</script>");
    }
    expect(zipped.body.length).toBeLessThan(html.length / 2);
  });

  it("refuses a session at the next request once it is signed out, or deleted by another process", async () => {
    const signedOut = await server.signedInUser();
    expect(await isSignedIn(signedOut.cookie)).toBe(true);
    const logout = await post(server, "/logout", form({}), {
      cookie: signedOut.cookie,
      origin: server.url,
    });
    expect(logout.status).toBe(302);
    expect(await isSignedIn(signedOut.cookie)).toBe(false);

    // As `npm run staff -- revoke` or a password reset elsewhere: another connection.
    const revoked = await server.signedInUser();
    expect(await isSignedIn(revoked.cookie)).toBe(true);
    await server.db().session.deleteMany({ where: { userId: revoked.user.id } });
    expect(await isSignedIn(revoked.cookie)).toBe(false);
  });
});

describe("pages reached by a token (issue 21.11)", () => {
  it("are never kept by any cache, signed in or not, the page and its data alike", async () => {
    const db = server.db();
    const { user, cookie } = await server.signedInUser();
    const service = await db.service.findFirstOrThrow();
    const token = () => randomBytes(32).toString("base64url");
    const inAnHour = new Date(Date.now() + 3_600_000);
    const startsAt = new Date(Date.now() + 20 * 86_400_000);
    const visit = await db.appointment.create({
      data: {
        userId: user.id,
        serviceId: service.id,
        name: user.name,
        email: user.email,
        phone: "+1 555 0100",
        message: "",
        date: startsAt.toISOString().slice(0, 10),
        time: "10:00",
        dentistId: "dentist-first",
        chairId: "chair-1",
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      },
    });
    const visitToken = await storedLinkToken(db, visit);
    const [offer, reset, verification] = [token(), token(), token()];
    const entry = await db.waitlistEntry.create({
      data: {
        userId: user.id,
        serviceId: service.id,
        fromDate: "2099-01-01",
        toDate: "2099-01-02",
        phone: "+1 555 0100",
      },
    });
    await db.waitlistOffer.create({
      data: {
        entryId: entry.id,
        startsAt,
        dentistId: "dentist-first",
        tokenHash: hashToken(offer),
        expiresAt: inAnHour,
      },
    });
    await db.passwordReset.create({
      data: { userId: user.id, tokenHash: hashToken(reset), expiresAt: inAnHour },
    });
    await db.emailVerification.create({
      data: { userId: user.id, tokenHash: hashToken(verification), expiresAt: inAnHour },
    });
    const recall = await db.patientRecall.create({
      data: {
        userId: user.id,
        recallTypeId: (await db.recallType.findFirstOrThrow()).id,
        dueDate: "2099-01-01",
      },
    });
    const pages = [
      ...["confirm", "reschedule", "cancel"].map((action) => `/visit/${visitToken}/${action}`),
      `/waitlist/offer/${offer}`,
      `/reset-password/${reset}`,
      `/verify-email/${verification}`,
      `/verify-email/${token()}`,
      `/recall/stop/${recallLinkToken(recall.id, "stop")}`,
      `/recall/book/${recallLinkToken(recall.id, "book")}`,
      `/recall/book/${token()}`,
    ];
    for (const page of pages) {
      for (const target of [page, `${page}.data`]) {
        for (const headers of [{}, { cookie }] as Record<string, string>[]) {
          const response = await fetch(`${server.url}${target}`, { headers, redirect: "manual" });
          await response.arrayBuffer();
          const what = `${target} ${"cookie" in headers ? "signed in" : "signed out"}`;
          expect(response.status, what).toBeLessThan(500);
          expect(response.headers.get("cache-control"), what).toMatch(/\bno-store\b/);
        }
      }
    }
  });
});
