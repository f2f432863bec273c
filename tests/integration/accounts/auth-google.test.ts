import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as startAction } from "~/routes/auth.google";
import { loader as callbackLoader } from "~/routes/auth.google.callback";
import { loader as loginLoader } from "~/routes/login";
import { getApiUser, getUser } from "~/http/auth.server";
import { GOOGLE_FAILED_MESSAGE } from "~/http/google.server";
import { GOOGLE_RESERVED_MESSAGE } from "~/models/accounts/user.server";
import { verifyPassword } from "~/infra/password.server";
import { prisma } from "~/infra/db.server";
import { encodeGoogleCode, googleHandlers } from "../../mocks/google.mjs";
import { createUser, sessionFor } from "../../support/factories";
import {
  actionArgs,
  cookiesFrom,
  formPost,
  get,
  loaderArgs,
  settle,
  toastOf,
} from "../../support/auth-helpers";

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

  it("lands a staff member on /staff, unless they were on their way to a page", async () => {
    const who = profile();
    const first = await signInWithGoogle(who);
    expect(first.finished.location).toBe("/");
    await prisma.user.update({ where: { googleId: who.sub }, data: { role: "reception" } });
    expect((await signInWithGoogle(who)).finished.location).toBe("/staff");
    expect(
      (await signInWithGoogle(who, { redirectTo: "/staff/moderation" })).finished.location,
    ).toBe("/staff/moderation");
  });

  it("marks a new user verified when Google vouches for the address, and not otherwise", async () => {
    const vouched = profile();
    const unvouched = profile({ email_verified: false });
    const a = await getUser(get("/", (await signInWithGoogle(vouched)).cookie));
    const b = await getUser(get("/", (await signInWithGoogle(unvouched)).cookie));
    expect(a?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(b?.emailVerifiedAt).toBeNull();
  });

  it("links an existing verified account and keeps its password and sessions", async () => {
    const local = await createUser({ email: "linked@example.com" });
    const before = await sessionFor(local);
    const { cookie } = await signInWithGoogle(profile({ email: "Linked@Example.com" }));
    const user = await getUser(get("/", cookie));
    expect(user?.id).toBe(local.id);
    // Still an own-account user: the password keeps working and the profile stays editable.
    expect(user).toMatchObject({ provider: "local", passwordHash: local.passwordHash });
    expect(user?.googleId).toBeTruthy();
    expect((await getUser(get("/", before.cookie)))?.id).toBe(local.id);
  });

  it("takes an unverified account from whoever registered it: password, sessions and tokens end", async () => {
    // Someone registered the address first, with a password of their own, and signed in.
    const squatter = await createUser({
      email: "victim@gmail.example",
      password: "squatter-pass",
      emailVerifiedAt: null,
      address: "Squatter Street 1",
    });
    const squatterSession = await sessionFor(squatter);
    await prisma.passwordReset.create({
      data: {
        userId: squatter.id,
        tokenHash: "open-reset",
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    await prisma.emailVerification.create({
      data: {
        userId: squatter.id,
        tokenHash: "open-link",
        expiresAt: new Date(Date.now() + 60_000),
      },
    });

    // The owner of the address signs in with Google.
    const who = profile({ email: "victim@gmail.example" });
    const { cookie } = await signInWithGoogle(who);
    const owner = await getUser(get("/", cookie));
    expect(owner?.id).toBe(squatter.id);
    expect(owner).toMatchObject({
      passwordHash: null,
      googleId: who.sub,
      // The profile the squatter typed is replaced by Google's.
      name: who.name,
      userImage: who.picture,
      address: "",
    });
    expect(owner?.emailVerifiedAt).toBeInstanceOf(Date);

    expect(await getUser(get("/", squatterSession.cookie))).toBeNull();
    expect(
      await getApiUser(
        new Request("http://localhost/api/user-auth", {
          headers: { authorization: `Bearer ${squatterSession.token}` },
        }),
      ),
    ).toBeNull();
    expect(await prisma.session.count({ where: { userId: squatter.id } })).toBe(1);
    expect(await prisma.passwordReset.count({ where: { userId: squatter.id, usedAt: null } })).toBe(
      0,
    );
    expect(
      await prisma.emailVerification.count({ where: { userId: squatter.id, usedAt: null } }),
    ).toBe(0);
    expect(await verifyPassword("squatter-pass", squatter.passwordHash!)).toBe(true);
  });

  it("verifies a patient record without password or Google link when its owner signs in with Google", async () => {
    const record = await prisma.user.create({
      data: { name: "Phone Caller", email: "caller@gmail.example", address: "2 Clinic Road" },
    });
    const { cookie } = await signInWithGoogle(profile({ email: "caller@gmail.example" }));
    const user = await getUser(get("/", cookie));
    expect(user?.id).toBe(record.id);
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    // What the clinic recorded stays: nobody but the clinic typed it.
    expect(user).toMatchObject({ name: "Phone Caller", address: "2 Clinic Road" });
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

  it("refuses an address under .invalid, the desk's stand-in among them, and claims no record by it", async () => {
    // A desk record for a caller without an address holds such a stand-in (ADR 042).
    const standIn = `no-email-${Date.now()}@no-email.invalid`;
    const record = await prisma.user.create({
      data: { name: "Desk Caller", email: standIn, passwordHash: null },
    });
    for (const email of [standIn, `eve-${Date.now()}@no-email.invalid`, "eve@mail.INVALID"]) {
      const { finished } = await signInWithGoogle(profile({ email }));
      expect(finished, email).toMatchObject({ status: 302, location: "/login" });
      expect(await toastOf(finished.headers), email).toEqual({
        type: "error",
        message: GOOGLE_RESERVED_MESSAGE,
      });
      expect(await prisma.user.count({ where: { email: email.toLowerCase() } })).toBe(
        email === standIn ? 1 : 0,
      );
    }
    expect(await prisma.user.findUniqueOrThrow({ where: { id: record.id } })).toMatchObject({
      googleId: null,
      emailVerifiedAt: null,
    });
  });

  it("returns to /login with a fixed message when Google refuses the code, and logs why", async () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { finished } = await signInWithGoogle(
      profile({ tokenError: "Call +1-555-0100 to unlock your account" }),
      { redirectTo: "/make-appointment" },
    );
    expect(finished).toMatchObject({
      status: 302,
      location: "/login?redirectTo=%2Fmake-appointment",
    });
    expect(await toastOf(finished.headers)).toEqual({
      type: "error",
      message: GOOGLE_FAILED_MESSAGE,
    });
    expect(finished.headers.getSetCookie().join("\n")).not.toMatch(/__session=[^;]/);
    expect(warnings.mock.calls.flat().join(" ")).toContain("Call +1-555-0100");
    warnings.mockRestore();
  });

  it.each([
    ["a cancel", "error=access_denied"],
    [
      "text of a stranger's choosing",
      `error=${encodeURIComponent("Your account is locked: call +1-555-0100")}&error_description=${encodeURIComponent("<b>now</b>")}`,
    ],
  ])("shows a fixed message for %s at Google, never the callback's text", async (_label, query) => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { finished } = await signInWithGoogle(null, {
      callbackQuery: (state) => `state=${state}&${query}`,
    });
    expect(finished.location).toBe("/login");
    expect(await toastOf(finished.headers)).toEqual({
      type: "error",
      message: GOOGLE_FAILED_MESSAGE,
    });
    const logged = warnings.mock.calls.flat().join(" ");
    expect(logged).toContain(new URLSearchParams(query).get("error")!);
    // One line: the stranger's text cannot start a forged log line.
    expect(logged).not.toContain("\n");
    warnings.mockRestore();
  });

  it("refuses a callback whose state does not match (a forged callback)", async () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { finished } = await signInWithGoogle(null, {
      callbackQuery: () => `state=forged&code=${encodeGoogleCode(profile())}`,
    });
    expect(finished.location).toBe("/login");
    expect(await toastOf(finished.headers)).toEqual({
      type: "error",
      message: GOOGLE_FAILED_MESSAGE,
    });
    expect(await prisma.user.count({ where: { googleId: `google-sub-${sub}` } })).toBe(0);
    warnings.mockRestore();
  });

  it("offers the Google button on the login page", async () => {
    const result = await settle(() => loginLoader(loaderArgs(get("/login"))));
    expect(result.body).toMatchObject({ googleEnabled: true });
  });
});
