import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as startAction } from "~/routes/auth.google";
import { loader as callbackLoader } from "~/routes/auth.google.callback";
import { loader as loginLoader } from "~/routes/login";
import { getUser } from "~/utils/auth.server";
import { prisma } from "~/utils/db.server";
import { encodeGoogleCode, googleHandlers } from "../mocks/google.mjs";
import { createUser } from "../support/factories";
import {
  actionArgs,
  cookiesFrom,
  formPost,
  get,
  loaderArgs,
  settle,
  toastOf,
} from "./auth-helpers";

const CALLBACK = "http://localhost/auth/google/callback";
vi.hoisted(() => {
  process.env.GOOGLE_CLIENT_ID = "test-client-id";
  process.env.GOOGLE_CLIENT_SECRET = "test-client-secret";
  process.env.GOOGLE_CALLBACK_URL = "http://localhost/auth/google/callback";
});

const google = setupServer(...googleHandlers);
beforeAll(() => google.listen({ onUnhandledRequest: "error" }));
afterAll(() => google.close());

type Profile = Parameters<typeof encodeGoogleCode>[0];

/** Presses 'Join with google', lets fake Google answer with `profile`, follows the callback. */
async function signInWithGoogle(
  profile: Profile | null,
  {
    redirectTo = "/",
    callbackQuery,
  }: { redirectTo?: string; callbackQuery?: (state: string) => string } = {},
) {
  const started = await settle(() =>
    startAction(actionArgs(formPost("/auth/google", { redirectTo }))),
  );
  expect(started.status).toBe(302);
  const authorize = new URL(started.location!);
  const state = authorize.searchParams.get("state")!;
  const query =
    callbackQuery?.(state) ??
    `state=${encodeURIComponent(state)}&code=${encodeGoogleCode(profile!)}`;
  const cookie = cookiesFrom(started.headers);
  const finished = await settle(() =>
    callbackLoader(loaderArgs(get(`/auth/google/callback?${query}`, cookie))),
  );
  return { started, authorize, finished, cookie: cookiesFrom(finished.headers, cookie) };
}

let sub = 0;
function profile(overrides: Partial<Profile> = {}): Profile {
  sub += 1;
  return {
    sub: `google-sub-${sub}`,
    email: `google-${sub}@gmail.example`,
    email_verified: true,
    name: `Google Person ${sub}`,
    picture: `https://lh3.googleusercontent.example/photo-${sub}.png`,
    ...overrides,
  };
}

describe("Google sign-in", () => {
  it("sends the visitor to Google's consent screen with the configured client", async () => {
    const { authorize, started } = await signInWithGoogle(profile());
    expect(authorize.origin + authorize.pathname).toBe(
      "https://accounts.google.com/o/oauth2/v2/auth",
    );
    expect(authorize.searchParams.get("client_id")).toBe("test-client-id");
    expect(authorize.searchParams.get("redirect_uri")).toBe(CALLBACK);
    expect(authorize.searchParams.get("response_type")).toBe("code");
    expect(authorize.searchParams.get("scope")).toContain("userinfo.email");
    // Where to go afterwards stays on our side, not in Google's URL.
    expect(authorize.searchParams.has("redirectTo")).toBe(false);
    const cookies = started.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/__oauth=.*HttpOnly/i);
    expect(cookies).toMatch(/__oauth_redirect=.*HttpOnly/i);
  });

  it("creates a Google user on first sign-in, signs them in and returns to redirectTo", async () => {
    const who = profile();
    const { finished, cookie } = await signInWithGoogle(who, { redirectTo: "/user/profileGoogle" });
    expect(finished).toMatchObject({ status: 302, location: "/user/profileGoogle" });
    expect(await toastOf(finished.headers)).toEqual({
      type: "success",
      message: "Login successfully",
    });
    const user = await getUser(get("/", cookie));
    expect(user).toMatchObject({
      provider: "google",
      googleId: who.sub,
      email: who.email,
      name: who.name,
      userImage: who.picture,
      passwordHash: null,
    });
  });

  it("finds the same user again on later sign-ins, by Google subject", async () => {
    const who = profile();
    const first = await signInWithGoogle(who);
    // Even with a changed address at Google, the subject identifies them.
    const second = await signInWithGoogle({ ...who, email: "changed@gmail.example" });
    const a = await getUser(get("/", first.cookie));
    const b = await getUser(get("/", second.cookie));
    expect(b?.id).toBe(a?.id);
    expect(await prisma.user.count({ where: { googleId: who.sub } })).toBe(1);
  });

  it("links an existing account with the same verified address", async () => {
    const local = await createUser({ email: "linked@example.com" });
    const { cookie } = await signInWithGoogle(profile({ email: "Linked@Example.com" }));
    const user = await getUser(get("/", cookie));
    expect(user?.id).toBe(local.id);
    // Still an own-account user: the password keeps working and the profile stays editable.
    expect(user).toMatchObject({ provider: "local", passwordHash: local.passwordHash });
    expect(user?.googleId).toBeTruthy();
  });

  it("never takes over an existing account through an unverified address", async () => {
    const local = await createUser({ email: "unverified@example.com" });
    const { finished } = await signInWithGoogle(
      profile({ email: "unverified@example.com", email_verified: false }),
    );
    expect(finished).toMatchObject({ status: 302, location: "/login" });
    expect(await toastOf(finished.headers)).toEqual({
      type: "error",
      message: "An account with this e-mail already exists. Please login with your password.",
    });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: local.id } })).googleId).toBeNull();
  });

  it("returns to /login with the error when Google refuses the code", async () => {
    const { finished } = await signInWithGoogle(profile({ tokenError: "Bad Request" }), {
      redirectTo: "/make-appointment",
    });
    expect(finished).toMatchObject({
      status: 302,
      location: "/login?redirectTo=%2Fmake-appointment",
    });
    expect(await toastOf(finished.headers)).toEqual({
      type: "error",
      message: "Google sign-in failed: Bad Request",
    });
    expect(finished.headers.getSetCookie().join("\n")).not.toMatch(/__session=[^;]/);
  });

  it("returns to /login with the error when the visitor cancels at Google", async () => {
    const { finished } = await signInWithGoogle(null, {
      callbackQuery: (state) => `state=${state}&error=access_denied`,
    });
    expect(finished.location).toBe("/login");
    expect(await toastOf(finished.headers)).toEqual({
      type: "error",
      message: "Google sign-in failed: access_denied",
    });
  });

  it("refuses a callback whose state does not match (a forged callback)", async () => {
    const { finished } = await signInWithGoogle(null, {
      callbackQuery: () => `state=forged&code=${encodeGoogleCode(profile())}`,
    });
    expect(finished.location).toBe("/login");
    expect((await toastOf(finished.headers))?.type).toBe("error");
    expect(await prisma.user.count({ where: { googleId: `google-sub-${sub}` } })).toBe(0);
  });

  it("offers the Google button on the login page", async () => {
    const result = await settle(() => loginLoader(loaderArgs(get("/login"))));
    expect(result.body).toMatchObject({ googleEnabled: true });
  });
});
