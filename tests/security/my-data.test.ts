// A patient's own data over real HTTP against the production build: the export through
// the API and the page's download, and the account deletion through DELETE /api/me and
// the page, with the attacks on them: no token, a wrong password, another site's form,
// password guessing, and generated bad input (never a 5xx, never a deleted account).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPorts } from "../support/ports.mjs";
import {
  startProductionServer,
  TEST_PASSWORD,
  type ProductionServer,
} from "../support/production-server";

const PORT = testPorts().myData;
let server: ProductionServer;

beforeAll(async () => {
  server = await startProductionServer({
    port: PORT,
    // The domain's own limits are under test here, not the server's per-client ones.
    env: { RATE_LIMIT_WRITES_PER_MINUTE: "100000", RATE_LIMIT_SIGNIN_PER_MINUTE: "100000" },
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);

function send(pathname: string, init: RequestInit = {}) {
  return fetch(`${server.url}${pathname}`, { redirect: "manual", ...init });
}

function deleteMe(headers: Record<string, string>, body: unknown) {
  return send("/api/me", {
    method: "DELETE",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

async function exists(userId: string) {
  return (await server.db().user.findUnique({ where: { id: userId } })) !== null;
}

describe("GET /api/me/export", () => {
  it("answers the token's owner their document, never cached; 401 without a valid token", async () => {
    const { user, token } = await server.signedInUser();
    const response = await send("/api/me/export", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const document = (await response.json()) as Record<string, unknown>;
    expect(document).toMatchObject({
      format: "dental-clinic/my-data",
      version: 1,
      profile: { id: user.id, email: user.email },
    });
    expect(JSON.stringify(document)).not.toContain(token);
    for (const headers of [{}, { authorization: "Bearer not-a-token" }] as HeadersInit[]) {
      const refused = await send("/api/me/export", { headers });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ success: false });
    }
  });

  it("the page's download: a dated attachment to the site's own form, refused from another site", async () => {
    const { cookie } = await server.signedInUser();
    const post = (origin: string) =>
      send("/user/data/export", {
        method: "POST",
        headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
        body: "",
      });
    const download = await post(server.url);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(
      /^attachment; filename="dental-clinic-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(((await download.json()) as { version: number }).version).toBe(1);
    const crossSite = await post("https://evil.example");
    expect(crossSite.status).toBe(403);
    await crossSite.arrayBuffer();
  });
});

describe("DELETE /api/me", () => {
  it("refuses a wrong password, then deletes with the right one: token, login and address are free", async () => {
    const { user, token } = await server.signedInUser();
    const auth = { authorization: `Bearer ${token}` };
    const wrong = await deleteMe(auth, { password: "not-my-password" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ success: false });
    expect(await exists(user.id)).toBe(true);

    const done = await deleteMe(auth, { password: TEST_PASSWORD });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ success: true });
    expect(await exists(user.id)).toBe(false);

    const afterwards = await send("/api/me/export", { headers: auth });
    expect(afterwards.status).toBe(401);
    await afterwards.arrayBuffer();
    const login = await send("/api/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(401);
    await login.arrayBuffer();
    const register = await send("/api/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Back Again",
        email: user.email,
        password: "a-new-secret-9",
        userImage: "https://example.com/a.png",
      }),
    });
    expect(register.status).toBeLessThan(300);
    await register.arrayBuffer();
  });

  it("refuses another site's request carrying the session cookie (the account stays)", async () => {
    const { user, cookie } = await server.signedInUser();
    const crossSite = await deleteMe(
      { cookie, origin: "https://evil.example" },
      { password: TEST_PASSWORD },
    );
    expect(crossSite.status).toBe(403);
    await crossSite.arrayBuffer();
    const page = await send("/user/delete-account", {
      method: "POST",
      headers: {
        cookie,
        "sec-fetch-site": "cross-site",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ password: TEST_PASSWORD }),
    });
    expect(page.status).toBe(403);
    await page.arrayBuffer();
    expect(await exists(user.id)).toBe(true);
  });

  it("limits password guesses per account, with Retry-After", async () => {
    const { user, token } = await server.signedInUser();
    const auth = { authorization: `Bearer ${token}` };
    for (let i = 0; i < 10; i += 1) {
      const response = await deleteMe(auth, { password: `guess-${i}` });
      expect(response.status).toBe(403);
      await response.arrayBuffer();
    }
    const limited = await deleteMe(auth, { password: TEST_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    await limited.arrayBuffer();
    expect(await exists(user.id)).toBe(true);
  });

  it("generated bad input: never a 5xx, always a JSON refusal, never a deleted account", async () => {
    const { user, token, cookie } = await server.signedInUser();
    const body = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.json(),
      fc
        .dictionary(fc.constantFrom("password", "intent", "__proto__", "x"), fc.anything(), {
          maxKeys: 3,
        })
        .map((value) => JSON.stringify(value)),
      fc.constant(`{"password": "${"x".repeat(100_000)}"}`),
    );
    const target = fc.constantFrom("api-token", "api-cookie", "page");
    await fc.assert(
      fc.asyncProperty(target, body, async (where, text) => {
        const response =
          where === "page"
            ? await send("/user/delete-account", {
                method: "POST",
                headers: {
                  cookie,
                  origin: server.url,
                  "content-type": "application/x-www-form-urlencoded",
                },
                body: text,
              })
            : await send("/api/me", {
                method: "DELETE",
                headers: {
                  "content-type": "application/json",
                  ...(where === "api-token"
                    ? { authorization: `Bearer ${token}` }
                    : { cookie, origin: server.url }),
                },
                body: text,
              });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        if (where !== "page") expect(await response.json()).toMatchObject({ success: false });
        else await response.arrayBuffer();
      }),
      { numRuns: 60 },
    );
    expect(await exists(user.id)).toBe(true);
  });
});
