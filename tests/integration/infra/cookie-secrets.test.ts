// SESSION_SECRET may hold several secrets, newest first: every cookie the app sets is
// signed with the newest and read with any, so rotating a secret signs nobody out.
import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as CookieModule from "~/infra/cookie.server";
import type * as GoogleModule from "~/http/google.server";
import type * as SessionModule from "~/infra/session.server";
import type * as ToastModule from "~/http/toast.server";

const NEWEST = "newest-session-secret";
const OLDER = "older-session-secret";
const GOOGLE = {
  GOOGLE_CLIENT_ID: "client-id",
  GOOGLE_CLIENT_SECRET: "client-secret",
  GOOGLE_CALLBACK_URL: "http://localhost/auth/google/callback",
};
const previous = Object.fromEntries(
  ["SESSION_SECRET", ...Object.keys(GOOGLE)].map((name) => [name, process.env[name]]),
);

let session: typeof SessionModule;
let toast: typeof ToastModule;
let cookies: typeof CookieModule;
let google: typeof GoogleModule;

beforeAll(async () => {
  // The app reads its environment once: load fresh copies of its modules with two secrets.
  Object.assign(process.env, { SESSION_SECRET: `${NEWEST},${OLDER}`, ...GOOGLE });
  vi.resetModules();
  session = await import("~/infra/session.server");
  toast = await import("~/http/toast.server");
  cookies = await import("~/infra/cookie.server");
  google = await import("~/http/google.server");
});

afterAll(() => {
  for (const [name, value] of Object.entries(previous)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  vi.resetModules();
});

/** A session cookie as a server holding only `secret` would have signed it. */
async function sessionCookieSignedWith(secret: string, token: string) {
  const storage = createCookieSessionStorage({
    cookie: { name: "__session", secrets: [secret], path: "/" },
  });
  const data = await storage.getSession();
  data.set("token", token);
  return (await storage.commitSession(data)).split(";")[0]!;
}

/** What a server holding only `secret` reads from a Set-Cookie header. */
async function tokenReadWith(secret: string, setCookie: string) {
  const storage = createCookieSessionStorage({
    cookie: { name: "__session", secrets: [secret], path: "/" },
  });
  return (await storage.getSession(setCookie.split(";")[0])).get("token") as unknown;
}

const withCookie = (cookie: string) => new Request("http://localhost/", { headers: { cookie } });

describe("session secret rotation", () => {
  it("reads a session cookie signed with the older secret", async () => {
    const cookie = await sessionCookieSignedWith(OLDER, "token-from-before");
    expect(await session.getCookieToken(withCookie(cookie))).toBe("token-from-before");
  });

  it("reads one signed with the newest secret, and none signed with an unknown one", async () => {
    const newest = await sessionCookieSignedWith(NEWEST, "token-now");
    expect(await session.getCookieToken(withCookie(newest))).toBe("token-now");
    const forged = await sessionCookieSignedWith("someone-elses-secret", "token-forged");
    expect(await session.getCookieToken(withCookie(forged))).toBeNull();
  });

  it("signs new cookies with the newest secret only", async () => {
    const setCookie = await session.commitTokenCookie(
      new Request("http://localhost/"),
      "fresh-token",
      new Date(Date.now() + 60_000),
    );
    expect(await tokenReadWith(NEWEST, setCookie)).toBe("fresh-token");
    expect(await tokenReadWith(OLDER, setCookie)).toBeUndefined();
  });

  it("rotates the toast cookie the same way", async () => {
    const older = createCookieSessionStorage({
      cookie: { name: "en_toast", secrets: [OLDER], path: "/" },
    });
    const flashed = await older.getSession();
    flashed.flash("toast", { type: "success", message: "Logout Successfully" });
    const cookie = (await older.commitSession(flashed)).split(";")[0]!;
    expect((await toast.getToast(withCookie(cookie))).toast).toEqual({
      type: "success",
      message: "Logout Successfully",
    });
    const fresh = (await toast.toastHeaders({ type: "info", message: "Hi" })).get("set-cookie")!;
    const readers = [NEWEST, OLDER].map((secret) =>
      createCookieSessionStorage({ cookie: { name: "en_toast", secrets: [secret], path: "/" } }),
    );
    expect((await readers[0]!.getSession(fresh.split(";")[0])).get("toast")).toEqual({
      type: "info",
      message: "Hi",
    });
    expect((await readers[1]!.getSession(fresh.split(";")[0])).get("toast")).toBeUndefined();
  });

  it("gives every cookie (Google sign-in's too) the same options and both secrets", async () => {
    expect(cookies.cookieOptions({ maxAge: 600 })).toEqual({
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: false,
      secrets: [NEWEST, OLDER],
      maxAge: 600,
    });
    // Where to go after Google, remembered across the trip by a server with the older secret.
    const older = createCookie("__oauth_redirect", { secrets: [OLDER] });
    const { redirectToCookie } = google.getGoogle()!;
    expect(await redirectToCookie.parse(await older.serialize("/make-appointment"))).toBe(
      "/make-appointment",
    );
    const newest = createCookie("__oauth_redirect", { secrets: [NEWEST] });
    expect(await newest.parse(await redirectToCookie.serialize("/blog"))).toBe("/blog");
  });
});
