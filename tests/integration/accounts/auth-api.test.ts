import { describe, expect, it } from "vitest";
import { action as forgotAction, loader as forgotLoader } from "~/routes/api.forgot-password";
import { action as loginAction, loader as loginLoader } from "~/routes/api.login";
import { action as logoutAction, loader as logoutLoader } from "~/routes/api.logout";
import { action as profileAction } from "~/routes/api.profile";
import { action as registerAction } from "~/routes/api.register";
import { loader as userAuthLoader } from "~/routes/api.user-auth";
import { UNAUTHORIZED_MESSAGE } from "~/http/api.server";
import { getApiUser } from "~/http/auth.server";
import { prisma } from "~/infra/db.server";
import { RATE_LIMIT_MESSAGE } from "~/infra/rate-limit.server";
import { EMAIL_FORMAT_MESSAGE, RESERVED_EMAIL_MESSAGE } from "~/validation/fields";
import { createUser, sessionFor } from "../../support/factories";
import { actionArgs, freshIp, jsonRequest, loaderArgs, settle } from "../../support/auth-helpers";

const call = (run: () => unknown) => settle(run);

describe("POST /api/login", () => {
  it("answers {success, message, user, token}; the token works as raw and Bearer", async () => {
    const user = await createUser({ password: "secret123", address: "1 Main St" });
    const result = await call(() =>
      loginAction(
        actionArgs(jsonRequest("/api/login", "POST", { email: user.email, password: "secret123" })),
      ),
    );
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      success: true,
      message: "Login successfully",
      user: {
        _id: user.id,
        name: user.name,
        email: user.email,
        userImage: user.userImage,
        address: "1 Main St",
        provider: "local",
      },
      token: expect.any(String),
    });
    expect(JSON.stringify(result.body)).not.toMatch(/passwordHash|\$2[aby]\$/);
    const token = result.body!.token as string;
    for (const authorization of [token, `Bearer ${token}`, `bearer   ${token}`]) {
      const check = await call(() =>
        userAuthLoader(
          loaderArgs(jsonRequest("/api/user-auth", "GET", undefined, { authorization })),
        ),
      );
      expect(check).toMatchObject({ status: 200, body: { ok: true } });
    }
    // Only the token's hash is stored.
    const sessions = await prisma.session.findMany({ where: { userId: user.id } });
    expect(sessions.map((session) => session.tokenHash)).not.toContain(token);
  });

  it.each([
    [{}, 400, "Fill All Details"],
    [{ email: "a@example.com" }, 400, "please Enter your password"],
    [{ email: "a@example.com", password: "abc" }, 400, "password need minimum 5 character"],
    [{ email: "nobody@example.com", password: "secret123" }, 401, "Invalid email or password"],
  ])("refuses %j with %i {success: false, message: %s}", async (body, status, message) => {
    const result = await call(() =>
      loginAction(actionArgs(jsonRequest("/api/login", "POST", body))),
    );
    expect(result).toMatchObject({ status, body: { success: false, message } });
  });

  it("refuses a malformed JSON body with 400, never a 500", async () => {
    const result = await call(() =>
      loginAction(actionArgs(jsonRequest("/api/login", "POST", "{oops"))),
    );
    expect(result).toMatchObject({ status: 400, body: { success: false } });
  });

  it("refuses GET with 405", async () => {
    const result = await call(() => loginLoader(loaderArgs(jsonRequest("/api/login", "GET"))));
    expect(result.status).toBe(405);
  });

  it("shares the per-client limit with the login page", async () => {
    const ip = freshIp();
    const body = { email: "x@example.com", password: "wrong-pass" };
    const { action: pageAction } = await import("~/routes/login");
    for (let i = 0; i < 5; i += 1) {
      await call(() => loginAction(actionArgs(jsonRequest("/api/login", "POST", body), ip)));
      await call(() =>
        pageAction(
          actionArgs(
            new Request("http://localhost/login", {
              method: "POST",
              body: new URLSearchParams(body),
            }),
            ip,
          ),
        ),
      );
    }
    const limited = await call(() =>
      loginAction(actionArgs(jsonRequest("/api/login", "POST", body), ip)),
    );
    expect(limited).toMatchObject({
      status: 429,
      body: { success: false, message: RATE_LIMIT_MESSAGE },
    });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("POST /api/register", () => {
  it("creates the account: {success: true, message: 'registation success full'}", async () => {
    const body = {
      name: "Api Patient",
      email: "api-patient@example.com",
      password: "secret1",
      userImage: "https://example.com/a.png",
    };
    const result = await call(() =>
      registerAction(actionArgs(jsonRequest("/api/register", "POST", body))),
    );
    expect(result).toMatchObject({
      status: 201,
      body: { success: true, message: "registation success full" },
    });
    const again = await call(() =>
      registerAction(actionArgs(jsonRequest("/api/register", "POST", body))),
    );
    expect(again).toMatchObject({
      status: 409,
      body: { success: false, message: "This email is already registered. Please login instead." },
    });
  });

  it("refuses in the spec's order", async () => {
    const result = await call(() =>
      registerAction(
        actionArgs(jsonRequest("/api/register", "POST", { name: "A", password: "x" })),
      ),
    );
    expect(result).toMatchObject({
      status: 400,
      body: { success: false, message: "please Enter your email" },
    });
  });
});

describe("an address under .invalid (issue 31 item 1)", () => {
  it("is refused at registration, the desk's stand-in domain among them; example.com is not", async () => {
    const register = (email: string) =>
      call(() =>
        registerAction(
          actionArgs(
            jsonRequest("/api/register", "POST", {
              name: "Eve",
              email,
              password: "secret1",
              userImage: "https://example.com/e.png",
            }),
          ),
        ),
      );
    for (const email of ["eve@no-email.invalid", "EVE@No-Email.Invalid", "eve@mail.invalid"]) {
      expect(await register(email), email).toMatchObject({
        status: 400,
        body: { success: false, message: RESERVED_EMAIL_MESSAGE },
      });
      expect(await prisma.user.count({ where: { email: email.toLowerCase() } })).toBe(0);
    }
    // The spec's messages keep their order: a missing or malformed address says so first.
    expect((await register("eve@")).body).toMatchObject({ message: EMAIL_FORMAT_MESSAGE });
    expect(await register(`eve-${Date.now()}@example.com`)).toMatchObject({ status: 201 });
  });

  it("never becomes an account's address through the profile, which does not change it", async () => {
    const user = await createUser();
    const { token } = await sessionFor(user);
    const result = await call(() =>
      profileAction(
        actionArgs(
          jsonRequest(
            "/api/profile",
            "PUT",
            { name: "Eve", email: "eve@no-email.invalid" },
            { authorization: token },
          ),
        ),
      ),
    );
    expect(result.body).toMatchObject({ success: true, updatedUser: { email: user.email } });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(
      user.email,
    );
  });
});

describe("POST /api/forgot-password", () => {
  it("answers the same for a known and an unknown address", async () => {
    const user = await createUser();
    const known = await call(() =>
      forgotAction(
        actionArgs(
          jsonRequest("/api/forgot-password", "POST", {
            email: user.email,
            newPassword: "brand-new",
          }),
        ),
      ),
    );
    const unknown = await call(() =>
      forgotAction(
        actionArgs(
          jsonRequest("/api/forgot-password", "POST", {
            email: "nobody@example.com",
            newPassword: "brand-new",
          }),
        ),
      ),
    );
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toMatchObject({
      success: true,
      message: expect.stringContaining("If an account exists"),
    });
  });

  it.each([
    [{}, "Fill All Details"],
    [{ email: "a@example.com" }, "please Enter your new password"],
    [{ newPassword: "secret1" }, "please Enter your email"],
  ])("refuses %j with %s", async (body, message) => {
    const result = await call(() =>
      forgotAction(actionArgs(jsonRequest("/api/forgot-password", "POST", body))),
    );
    expect(result).toMatchObject({ status: 400, body: { success: false, message } });
  });

  it("refuses GET with 405", async () => {
    const result = await call(() =>
      forgotLoader(loaderArgs(jsonRequest("/api/forgot-password", "GET"))),
    );
    expect(result.status).toBe(405);
  });
});

describe("PUT /api/profile", () => {
  const put = (body: unknown, headers: Record<string, string> = {}) =>
    call(() => profileAction(actionArgs(jsonRequest("/api/profile", "PUT", body, headers))));

  it("updates with a good token (raw or Bearer) and answers {success: true, updatedUser}", async () => {
    const user = await createUser({ address: "Old St" });
    const { token } = await sessionFor(user);
    const result = await put(
      { name: "Renamed", address: "New St", userImage: "https://example.com/b.png" },
      { authorization: `Bearer ${token}` },
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      success: true,
      updatedUser: {
        _id: user.id,
        name: "Renamed",
        address: "New St",
        userImage: "https://example.com/b.png",
        email: user.email,
      },
    });
    expect(JSON.stringify(result.body)).not.toContain("passwordHash");
    // Fields left out keep their value.
    const partial = await put({ address: "Third St" }, { authorization: token });
    expect(partial.body).toMatchObject({
      success: true,
      updatedUser: { name: "Renamed", address: "Third St" },
    });
  });

  it.each([
    ["missing", {}],
    ["bad", { authorization: "Bearer not-a-real-token" }],
  ])("answers 401 {success: false, error} with a %s token", async (_label, headers) => {
    const result = await put({ name: "X" }, headers);
    expect(result.status).toBe(401);
    expect(result.body).toMatchObject({ success: false, error: UNAUTHORIZED_MESSAGE });
  });

  it("answers 401 for a token whose session was ended", async () => {
    const user = await createUser();
    const { token } = await sessionFor(user);
    await prisma.session.deleteMany({ where: { userId: user.id } });
    expect((await put({ name: "X" }, { authorization: token })).status).toBe(401);
  });

  it("answers 401 for an expired token, and deletes the expired session", async () => {
    const user = await createUser();
    const { token } = await sessionFor(user);
    await prisma.session.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await put({ name: "X" }, { authorization: token })).status).toBe(401);
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses invalid input with {success: false, error}", async () => {
    const { token } = await sessionFor(await createUser());
    const result = await put({ name: "", userImage: "", address: "" }, { authorization: token });
    expect(result).toMatchObject({
      status: 400,
      body: { success: false, error: "Fill All Details" },
    });
    const badImage = await put({ userImage: "javascript:alert(1)" }, { authorization: token });
    expect(badImage.body).toMatchObject({ success: false, error: expect.stringContaining("http") });
  });

  it("refuses a Google account's profile: Google manages it", async () => {
    const { token } = await sessionFor(
      await createUser({ provider: "google", googleId: "g-api-1" }),
    );
    const result = await put({ name: "X" }, { authorization: token });
    expect(result).toMatchObject({ status: 403, body: { success: false } });
  });

  it("refuses POST with 405", async () => {
    const result = await call(() =>
      profileAction(actionArgs(jsonRequest("/api/profile", "POST", {}))),
    );
    expect(result.status).toBe(405);
  });
});

describe("GET /api/user-auth", () => {
  const check = (headers: Record<string, string>) =>
    call(() =>
      userAuthLoader(loaderArgs(jsonRequest("/api/user-auth", "GET", undefined, headers))),
    );

  it("answers {ok: true} for a valid token or session cookie", async () => {
    const { token, cookie } = await sessionFor(await createUser());
    expect(await check({ authorization: token })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await check({ cookie })).toMatchObject({ status: 200, body: { ok: true } });
  });

  it.each([
    ["missing", {}],
    ["bad", { authorization: "Bearer nope" }],
    ["empty Bearer", { authorization: "Bearer " }],
  ])("answers 401 {ok: false} with a %s token", async (_label, headers) => {
    const result = await check(headers);
    expect(result).toMatchObject({ status: 401, body: { ok: false } });
    expect(result.headers.get("cache-control")).toBe("no-store");
  });

  it("a bad Authorization header is not rescued by a good cookie", async () => {
    const { cookie } = await sessionFor(await createUser());
    expect((await check({ authorization: "Bearer nope", cookie })).status).toBe(401);
  });

  it("the token stops working after logout", async () => {
    const user = await createUser();
    const { token } = await sessionFor(user);
    const { signOut } = await import("~/http/auth.server");
    await signOut(jsonRequest("/logout", "POST", undefined, { authorization: token }));
    expect(
      await getApiUser(jsonRequest("/", "GET", undefined, { authorization: token })),
    ).toBeNull();
    expect((await check({ authorization: token })).status).toBe(401);
  });
});

describe("POST /api/logout", () => {
  const logout = (headers: Record<string, string>) =>
    call(() => logoutAction(actionArgs(jsonRequest("/api/logout", "POST", undefined, headers))));
  const works = async (headers: Record<string, string>) =>
    (await getApiUser(jsonRequest("/api/user-auth", "GET", undefined, headers))) !== null;

  it("revokes the token it is called with, and only that one", async () => {
    const user = await createUser();
    const first = await sessionFor(user);
    const second = await sessionFor(user);
    const result = await logout({ authorization: `Bearer ${first.token}` });
    expect(result).toMatchObject({
      status: 200,
      body: { success: true, message: "Logout Successfully" },
    });
    expect(await works({ authorization: first.token })).toBe(false);
    expect(await works({ authorization: second.token })).toBe(true);
    // A revoked token cannot log out again.
    expect((await logout({ authorization: first.token })).status).toBe(401);
  });

  it("ends a browser's session through its cookie, and clears the cookie", async () => {
    const { cookie } = await sessionFor(await createUser());
    const result = await logout({ cookie });
    expect(result.status).toBe(200);
    expect(result.headers.getSetCookie().join("\n")).toMatch(/__session=;/);
    expect(await works({ cookie })).toBe(false);
  });

  it("answers 401 without a valid token and 405 to GET", async () => {
    expect(await logout({})).toMatchObject({
      status: 401,
      body: { success: false, message: UNAUTHORIZED_MESSAGE },
    });
    expect(await logout({ authorization: "Bearer nope" })).toMatchObject({ status: 401 });
    const get = await call(() => logoutLoader(loaderArgs(jsonRequest("/api/logout", "GET"))));
    expect(get.status).toBe(405);
  });
});

describe("sign-in sessions", () => {
  it("start a new session with a new token on every sign-in, the old one untouched", async () => {
    const user = await createUser({ password: "secret123" });
    const tokens: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const result = await call(() =>
        loginAction(
          actionArgs(
            jsonRequest("/api/login", "POST", { email: user.email, password: "secret123" }),
          ),
        ),
      );
      tokens.push(result.body!.token as string);
    }
    expect(tokens[0]).not.toBe(tokens[1]);
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(2);
  });
});
