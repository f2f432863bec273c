// The request edge over real HTTP against the production build: requests that used to end
// as a 500 (TRACE, a malformed Origin beside a token, a foreign X-Forwarded-Host, a form
// posted to another host than APP_URL's, the old `?_data=` requests) get a clear 4xx and
// no error in the log; who may keep a copy of an answer (Cache-Control, Vary); and what
// the server's response cache keeps.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPorts } from "../support/ports.mjs";
import {
  NO_RATE_LIMITS,
  startProductionServer,
  type ProductionServer,
} from "../support/production-server";

const PORTS = testPorts().security;
const EVIL = "https://evil.example";

/** Clients reach it directly; APP_URL is its own address (tests/support/production-server.ts). */
let server: ProductionServer;
/** Behind a trusted proxy, which says which host was asked for in X-Forwarded-Host. */
let proxied: ProductionServer;

beforeAll(async () => {
  [server, proxied] = await Promise.all([
    startProductionServer({ port: PORTS.edge, env: NO_RATE_LIMITS }),
    startProductionServer({
      port: PORTS.edgeProxied,
      env: { ...NO_RATE_LIMITS, TRUST_PROXY: "true" },
    }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([server?.stop(), proxied?.stop()]);
}, 30_000);

/** What the servers printed that is not a plain request-log line: errors, warnings, stacks. */
function problems(target: ProductionServer, from: number) {
  return target
    .output()
    .slice(from)
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith('{"time"'))
    .concat(
      target
        .requestLog()
        .filter((line) => line.status >= 500)
        .map((line) => line.path),
    );
}

function form(target: ProductionServer, pathname: string, headers: Record<string, string>) {
  return fetch(`${target.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ email: "someone@example.com", password: "not-the-password" }),
  });
}

/** A raw HTTP/1.1 exchange, for methods and Host headers fetch will not send. */
async function raw(target: ProductionServer, head: string, body = "") {
  const net = await import("node:net");
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(target.port, "127.0.0.1", () => {
      socket.write(`${head}\r\nConnection: close\r\n\r\n${body}`);
    });
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString()));
    socket.on("end", () => resolve(received));
    socket.on("error", reject);
  });
}

describe("requests that used to end in a 500", () => {
  it.each(["/", "/login", "/api/login", "/no-such-page"])(
    "TRACE %s is 405 with Allow",
    async (pathname) => {
      const before = server.output().length;
      const answer = await raw(
        server,
        `TRACE ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 405 /);
      expect(answer).toMatch(/\r\nAllow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n/i);
      expect(problems(server, before)).toEqual([]);
    },
  );

  it("an address holding a null character (%00) is 400: PostgreSQL's text cannot store one", async () => {
    const before = server.output().length;
    const { token } = await server.signedInUser();
    const page = await fetch(`${server.url}/all-service?search=a%00b`, { redirect: "manual" });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Bad request: the address holds a null character");
    const api = await fetch(`${server.url}/api/get-product/%00`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({
      success: false,
      message: "Bad request: the address holds a null character",
    });
    // An encoded "%00" is text, not a null character.
    expect((await fetch(`${server.url}/all-service?search=%2500`)).status).toBe(200);
    expect(problems(server, before)).toEqual([]);
  });

  it("a malformed Origin is 400, with a token in Authorization or without", async () => {
    const before = server.output().length;
    const { token } = await server.signedInUser();
    const cases: Array<Record<string, string>> = [
      { origin: "http://[bad", authorization: `Bearer ${token}` },
      { origin: "http://[bad" },
      { origin: "not a url", authorization: token },
    ];
    for (const headers of cases) {
      expect((await form(server, "/login", headers)).status).toBe(400);
      const api = await fetch(`${server.url}/api/create-review`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: "{}",
      });
      expect(api.status).toBe(400);
      expect(await api.json()).toEqual({
        success: false,
        message: "Bad request: malformed Origin header",
      });
    }
    expect(problems(server, before)).toEqual([]);
  });

  it("a foreign Origin beside a token and no cookie reaches the page as if it had none", async () => {
    const before = server.output().length;
    const { token } = await server.signedInUser();
    const response = await form(server, "/login", {
      origin: EVIL,
      authorization: `Bearer ${token}`,
    });
    // The login form's own answer: a wrong password.
    expect(response.status).toBe(401);
    expect(problems(server, before)).toEqual([]);
  });

  it("without TRUST_PROXY, an X-Forwarded-Host is ignored", async () => {
    const before = server.output().length;
    const response = await form(server, "/login", {
      origin: server.url,
      "x-forwarded-host": "evil.example",
    });
    expect(response.status).toBe(401);
    const page = await fetch(`${server.url}/`, { headers: { "x-forwarded-host": "evil:abc" } });
    expect(page.status).toBe(200);
    await page.arrayBuffer();
    expect(problems(server, before)).toEqual([]);
  });

  it("behind a trusted proxy, a forwarded host other than APP_URL's is 421, and one that is not a host 400", async () => {
    const before = proxied.output().length;
    const foreign = await form(proxied, "/login", {
      origin: proxied.url,
      "x-forwarded-host": "evil.example",
    });
    expect(foreign.status).toBe(421);
    expect(await foreign.text()).toContain(`This site answers at ${proxied.url} only`);
    const api = await fetch(`${proxied.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-host": "evil.example" },
      body: "{}",
    });
    expect(api.status).toBe(421);
    expect(await api.json()).toEqual({
      success: false,
      message: `This site answers at ${proxied.url} only`,
    });
    const malformed = await fetch(`${proxied.url}/`, {
      headers: { "x-forwarded-host": "evil.example:abc" },
    });
    expect(malformed.status).toBe(400);
    await malformed.arrayBuffer();
    // The proxy's own host passes.
    const own = await form(proxied, "/login", {
      origin: proxied.url,
      "x-forwarded-host": new URL(proxied.url).host,
    });
    expect(own.status).toBe(401);
    expect(problems(proxied, before)).toEqual([]);
  });

  it("with APP_URL set, a form posted to another Host is 421; reading the site there is not refused", async () => {
    const before = server.output().length;
    const body = "email=someone%40example.com&password=not-the-password";
    const answer = await raw(
      server,
      `POST /login HTTP/1.1\r\nHost: other.example\r\nOrigin: http://other.example\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}`,
      body,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 421 /);
    expect(answer).toContain(`This site answers at ${server.url} only`);
    const read = await raw(server, `GET /blog HTTP/1.1\r\nHost: other.example`);
    expect(read).toMatch(/^HTTP\/1\.1 200 /);
    const bad = await raw(server, `GET / HTTP/1.1\r\nHost: a b`);
    expect(bad).toMatch(/^HTTP\/1\.1 400 /);
    expect(problems(server, before)).toEqual([]);
  });

  it("GET /?_data=root is 400 and writes nothing to the error log, however often", async () => {
    const before = server.output().length;
    for (let n = 0; n < 20; n += 1) {
      const response = await fetch(`${server.url}/?_data=root&x=${n}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        success: false,
        message: "Page data is served at /path.data",
      });
    }
    expect(problems(server, before)).toEqual([]);
  });
});

describe("who may keep a copy", () => {
  it("signed-in pages and their data are private, no-store, and vary by Cookie", async () => {
    const { cookie } = await server.signedInUser();
    for (const pathname of ["/", "/blog", "/all-service", "/user/profile", "/blog.data"]) {
      const response = await fetch(`${server.url}${pathname}`, { headers: { cookie } });
      await response.arrayBuffer();
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get("cache-control"), pathname).toBe("private, no-store");
      expect(response.headers.get("vary"), pathname).toMatch(/\bCookie\b/);
      expect(response.headers.get("x-cache"), pathname).toBeNull();
    }
  });

  it("public pages say so for visitors without a cookie, and vary by Cookie", async () => {
    for (const pathname of ["/", "/blog", "/all-service"]) {
      const response = await fetch(`${server.url}${pathname}`);
      await response.arrayBuffer();
      expect(response.headers.get("cache-control"), pathname).toBe(
        "public, max-age=0, s-maxage=60",
      );
      expect(response.headers.get("vary"), pathname).toMatch(/\bCookie\b/);
    }
    const login = await fetch(`${server.url}/login`);
    await login.arrayBuffer();
    expect(login.headers.get("cache-control")).toBeNull();
  });

  it("the API's own answers (a token, a profile) are private, no-store; its public reads public", async () => {
    const { token } = await server.signedInUser();
    const me = await fetch(`${server.url}/api/profile`, {
      method: "PUT",
      headers: { authorization: token, "content-type": "application/json" },
      body: JSON.stringify({ address: "1 Cache Street" }),
    });
    expect(me.status).toBe(200);
    await me.arrayBuffer();
    expect(me.headers.get("cache-control")).toBe("private, no-store");
    const reads = await fetch(`${server.url}/api/product-count`);
    await reads.arrayBuffer();
    expect(reads.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=300");
  });
});

describe("the response cache", () => {
  const xCache = async (pathname: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${pathname}`, { headers });
    await response.arrayBuffer();
    expect(response.status, pathname).toBe(200);
    return response.headers.get("x-cache");
  };

  it("keeps public answers for visitors without a cookie, until the next write", async () => {
    // A review that publishes at once (docs/decisions/040-reviews-held-for-moderation.md).
    await server.db().clinicSettings.update({
      where: { id: 1 },
      data: { reviewApprovalRequired: false },
    });
    expect(await xCache("/blog")).toMatch(/^(MISS|HIT)$/);
    expect(await xCache("/blog")).toBe("HIT");
    expect(await xCache("/api/reviews")).toMatch(/^(MISS|HIT)$/);
    expect(await xCache("/api/reviews")).toBe("HIT");
    const { token } = await server.signedInUser();
    const service = await server.db().service.findFirstOrThrow();
    const review = await fetch(`${server.url}/api/create-review`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: token },
      body: JSON.stringify({ service: service.id, name: "Cache", message: "Fresh.", rating: 5 }),
    });
    expect(review.status).toBe(201);
    expect(await xCache("/api/reviews")).toBe("MISS");
    const reviews = (await (await fetch(`${server.url}/api/reviews`)).json()) as {
      reviews: Array<{ message: string }>;
    };
    expect(reviews.reviews[0]?.message).toBe("Fresh.");
  });

  it.each([
    ["a query string", "/blog?utm=1"],
    ["another spelling of the path", "/BLOG"],
    ["a trailing slash", "/blog/"],
    ["a made-up query on the JSON API", "/api/product-count?bust=1"],
  ])("keeps nothing for %s", async (_label, pathname) => {
    expect(await xCache(pathname)).toBeNull();
    expect(await xCache(pathname)).toBeNull();
  });

  it("follows writes of other processes to what it shows: a service renamed by hand, not the staff command's grant", async () => {
    const { user } = await server.signedInUser();
    const service = await server.db().service.findFirstOrThrow({
      where: { hidden: false, status: "published" },
    });
    const product = `/api/get-product/${service.id}`;
    await xCache(product);
    expect(await xCache(product)).toBe("HIT");

    // `npm run staff -- grant reception <e-mail>`, as an operator runs it beside the server.
    const { execFile } = await import("node:child_process");
    const { promisify } = await import("node:util");
    const { stdout: granted } = await promisify(execFile)(
      process.execPath,
      ["scripts/staff.mjs", "grant", "reception", user.email],
      {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "production",
          BUILD_DIR: server.buildDir,
          DATABASE_URL: `file:${server.databaseFile}`,
        },
      },
    );
    expect(granted).toContain("is now reception");
    // An account's role is no part of a public answer: its area's generation moved, not theirs.
    expect(await xCache(product)).toBe("HIT");

    // A fix made with another connection to the file shows on the very next request.
    await server.db().service.update({
      where: { id: service.id },
      data: { name: `${service.name} (renamed by hand)` },
    });
    const answer = await fetch(`${server.url}${product}`);
    expect(answer.headers.get("x-cache")).toBe("MISS");
    const body = (await answer.json()) as { product: { name: string } };
    expect(body.product.name).toBe(`${service.name} (renamed by hand)`);
    await server.db().service.update({ where: { id: service.id }, data: { name: service.name } });
  });

  it("serves a visitor with a cookie or a token from Remix, never from the cache", async () => {
    const { cookie, token } = await server.signedInUser();
    await xCache("/api/product-count");
    expect(await xCache("/api/product-count", { cookie })).toBeNull();
    expect(await xCache("/api/product-count", { authorization: token })).toBeNull();
  });
});
