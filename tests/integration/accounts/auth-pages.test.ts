import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_AVATAR } from "~/data/avatars";
import { action as googleStartAction, loader as googleStartLoader } from "~/routes/auth.google";
import { loader as googleCallbackLoader } from "~/routes/auth.google.callback";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as logoutAction, loader as logoutLoader } from "~/routes/logout";
import { action as registerAction, loader as registerLoader } from "~/routes/register";
import { action as profileAction, loader as profileLoader } from "~/routes/user.profile";
import { loader as googleProfileLoader } from "~/routes/user.profileGoogle";
import { loginUser, registerUser, updateProfile } from "~/models/accounts/user.server";
import type * as UserModel from "~/models/accounts/user.server";
import { prisma } from "~/infra/db.server";
import { getUser } from "~/http/auth.server";
import { verifyPassword } from "~/infra/password.server";
import { RATE_LIMIT_MESSAGE } from "~/infra/rate-limit.server";
import { createUser, sessionFor } from "../../support/factories";
import {
  actionArgs,
  cookiesFrom,
  formPost,
  freshIp,
  get,
  loaderArgs,
  settle,
  toastOf,
} from "../../support/auth-helpers";

// The routes' own catch is what is under test: the domain functions throw once on demand.
vi.mock("~/models/accounts/user.server", async (importOriginal) => {
  const actual = await importOriginal<typeof UserModel>();
  return {
    ...actual,
    loginUser: vi.fn(actual.loginUser),
    registerUser: vi.fn(actual.registerUser),
    updateProfile: vi.fn(actual.updateProfile),
  };
});

afterEach(() => {
  vi.restoreAllMocks();
});

function login(fields: Record<string, string>, clientIp = freshIp()) {
  return settle(() => loginAction(actionArgs(formPost("/login", fields), clientIp)));
}

describe("login page action", () => {
  it("signs in, flashes the server's message and goes home", async () => {
    const user = await createUser({ password: "secret123" });
    const result = await login({ email: user.email.toUpperCase(), password: "secret123" });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/");
    expect(await toastOf(result.headers)).toEqual({
      type: "success",
      message: "Login successfully",
    });
    const cookie = cookiesFrom(result.headers);
    const signedIn = await getUser(get("/", cookie));
    expect(signedIn?.id).toBe(user.id);
  });

  it("goes to the remembered local path", async () => {
    const user = await createUser();
    const result = await login({
      email: user.email,
      password: "secret123",
      redirectTo: "/user/profile?tab=1",
    });
    expect(result.location).toBe("/user/profile?tab=1");
  });

  it.each(["//evil.example", "/\\evil.example", "https://evil.example/", "http://evil.example"])(
    "refuses %s as redirectTo and goes home",
    async (redirectTo) => {
      const user = await createUser();
      const result = await login({ email: user.email, password: "secret123", redirectTo });
      expect(result.status).toBe(302);
      expect(result.location).toBe("/");
    },
  );

  it("starts a new session on every sign-in, whatever session cookie the browser brought", async () => {
    const user = await createUser({ password: "secret123" });
    // A cookie planted beforehand (session fixation): someone else's session.
    const planted = await sessionFor(await createUser());
    const result = await settle(() =>
      loginAction(
        actionArgs(
          formPost("/login", { email: user.email, password: "secret123" }, planted.cookie),
        ),
      ),
    );
    const cookie = cookiesFrom(result.headers, planted.cookie);
    expect(cookie).not.toBe(planted.cookie);
    expect((await getUser(get("/", cookie)))?.id).toBe(user.id);
    const again = cookiesFrom((await login({ email: user.email, password: "secret123" })).headers);
    expect(again).not.toBe(cookie);
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(2);
  });

  it("gives one message for a wrong password and for an unknown address", async () => {
    const user = await createUser();
    const wrongPassword = await login({ email: user.email, password: "wrong-password" });
    const unknown = await login({ email: "nobody@example.com", password: "secret123" });
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrongPassword.body?.error).toBe("Invalid email or password");
    expect(unknown.body?.error).toBe(wrongPassword.body?.error);
    expect(wrongPassword.headers.get("set-cookie")).toBeNull();
  });

  it("gives a Google-only account the same message (it has no password)", async () => {
    const user = await createUser({ provider: "google", googleId: "g-login-1" });
    const result = await login({ email: user.email, password: "anything" });
    expect(result.body?.error).toBe("Invalid email or password");
  });

  it.each([
    [{ email: "", password: "" }, "Fill All Details", null],
    [{ email: "", password: "secret" }, "please Enter your email", "email"],
    [{ email: "a@example.com", password: "" }, "please Enter your password", "password"],
    [{ email: "a@example.com", password: "abc" }, "password need minimum 5 character", "password"],
  ])(
    "re-renders %j with %s, names the field it is about, keeps the e-mail, never the password",
    async (fields, message, field) => {
      const result = await login(fields);
      expect(result.status).toBe(400);
      expect(result.body).toEqual({ error: message, field, values: { email: fields.email } });
    },
  );

  it("answers 'Something went wrong' when something throws, without internals", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.mocked(loginUser).mockRejectedValueOnce(new Error("SQLITE_BUSY: internals"));
    const result = await login({ email: "a@example.com", password: "secret123" });
    expect(result.status).toBe(500);
    expect(result.body?.error).toBe("Something went wrong");
    expect(JSON.stringify(result.body)).not.toContain("SQLITE");
    expect(errors).toHaveBeenCalled();
  });

  it("allows 10 attempts a minute per client, then says to wait", async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await login({ email: "x@example.com", password: "wrong-pass" }, ip)).status).toBe(
        401,
      );
    }
    const limited = await login({ email: "x@example.com", password: "wrong-pass" }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body?.error).toBe(RATE_LIMIT_MESSAGE);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another client is not affected (with another address: this one's failures are
    // counted per account too, tests/integration/infra/rate-limits.test.ts).
    expect((await login({ email: "y@example.com", password: "wrong-pass" })).status).toBe(401);
  });

  it("sends a signed-in visitor on from the login page", async () => {
    const { cookie } = await sessionFor(await createUser());
    const result = await settle(() =>
      loginLoader(loaderArgs(get("/login?redirectTo=%2Fuser%2Fprofile", cookie))),
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe("/user/profile");
  });

  it("lands staff on /staff unless they were on their way to a page", async () => {
    for (const role of ["reception", "dentist", "admin"] as const) {
      const staff = await createUser({ role });
      expect((await login({ email: staff.email, password: "secret123" })).location, role).toBe(
        "/staff",
      );
      const going = await login({
        email: staff.email,
        password: "secret123",
        redirectTo: "/staff/patients",
      });
      expect(going.location, role).toBe("/staff/patients");
      // A staff member already signed in who opens the login page goes to the diary too.
      const { cookie } = await sessionFor(staff);
      const again = await settle(() => loginLoader(loaderArgs(get("/login", cookie))));
      expect(again.location, role).toBe("/staff");
    }
  });

  it("keeps a safe redirectTo for the form and says whether Google is configured", async () => {
    const result = await settle(() =>
      loginLoader(loaderArgs(get("/login?redirectTo=%2F%2Fevil.example"))),
    );
    // No address to prefill: none was just registered.
    expect(result.body).toEqual({ redirectTo: "/", googleEnabled: false, email: "" });
  });
});

describe("register page action", () => {
  const fields = () => ({
    name: "Pat Patient",
    email: `pat-${Math.random().toString(36).slice(2)}@Example.com`,
    password: "secret1",
    userImage: "https://example.com/pat.png",
  });
  const register = (input: Record<string, string>, ip = freshIp()) =>
    settle(() => registerAction(actionArgs(formPost("/register", input), ip)));

  it("creates the account with a bcrypt hash and goes to /login with the spec's toast", async () => {
    const input = fields();
    const result = await register(input);
    expect(result.status).toBe(302);
    expect(result.location).toBe("/login");
    expect(await toastOf(result.headers)).toEqual({
      type: "success",
      message: "registation success full",
    });
    const user = await prisma.user.findUniqueOrThrow({
      where: { email: input.email.toLowerCase() },
    });
    expect(user).toMatchObject({
      name: "Pat Patient",
      provider: "local",
      userImage: input.userImage,
    });
    expect(user.passwordHash).toMatch(/^\$2[aby]\$1\d\$/);
    expect(await verifyPassword("secret1", user.passwordHash!)).toBe(true);
  });

  it("keeps the picture the form starts with, unless a link of one's own is typed", async () => {
    const untouched = fields();
    const result = await register({
      ...untouched,
      avatar: DEFAULT_AVATAR,
      userImage: DEFAULT_AVATAR,
    });
    expect(result.location).toBe("/login");
    const user = await prisma.user.findUniqueOrThrow({
      where: { email: untouched.email.toLowerCase() },
    });
    expect(user.userImage).toBe(DEFAULT_AVATAR);
    // Nothing typed but the preselected picture: the spec's 'Fill All Details'.
    const empty = await register({
      name: "",
      email: "",
      password: "",
      avatar: DEFAULT_AVATAR,
      userImage: DEFAULT_AVATAR,
    });
    expect(empty.body?.error).toBe("Fill All Details");
    expect(empty.body?.values).toMatchObject({ userImage: DEFAULT_AVATAR });
    const own = fields();
    await register({ ...own, avatar: DEFAULT_AVATAR });
    expect(
      (await prisma.user.findUniqueOrThrow({ where: { email: own.email.toLowerCase() } }))
        .userImage,
    ).toBe(own.userImage);
  });

  it("keeps where the visitor was going on the way to /login", async () => {
    const result = await register({ ...fields(), redirectTo: "/make-appointment" });
    expect(result.location).toBe("/login?redirectTo=%2Fmake-appointment");
  });

  it("refuses an address that is already registered, whatever its case", async () => {
    const input = fields();
    await register(input);
    const again = await register({ ...input, email: input.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body?.error).toBe("This email is already registered. Please login instead.");
    expect(await prisma.user.count({ where: { email: input.email.toLowerCase() } })).toBe(1);
  });

  it.each([
    [{ name: "", email: "", password: "", userImage: "" }, "Fill All Details"],
    [{ name: "" }, "please Enter your Name"],
    [{ email: "" }, "please Enter your email"],
    [{ userImage: "" }, "please Enter your userImage"],
    [{ password: "" }, "please Enter your password"],
    [{ password: "1234" }, "password need minimum 5 character"],
    [{ email: "not-an-address" }, "Please enter a valid email address"],
    [
      { userImage: "javascript:alert(1)" },
      "Please enter an image link that starts with http:// or https://",
    ],
  ])("refuses %j with %s and writes nothing", async (change, message) => {
    const before = await prisma.user.count();
    const result = await register({ ...fields(), ...change });
    expect(result.status).toBe(400);
    expect(result.body?.error).toBe(message);
    expect(result.body?.values).not.toHaveProperty("password");
    expect(await prisma.user.count()).toBe(before);
  });

  it("answers 'Something went wrong' when something throws", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.mocked(registerUser).mockRejectedValueOnce(new Error("disk full"));
    const result = await register(fields());
    expect(result.status).toBe(500);
    expect(result.body?.error).toBe("Something went wrong");
  });

  it("is rate limited per client like login", async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) await register({ ...fields(), name: "" }, ip);
    const limited = await register(fields(), ip);
    expect(limited.status).toBe(429);
    expect(limited.body?.error).toBe(RATE_LIMIT_MESSAGE);
  });

  it("sends a signed-in visitor home", async () => {
    const { cookie } = await sessionFor(await createUser());
    const result = await settle(() => registerLoader(loaderArgs(get("/register", cookie))));
    expect(result.location).toBe("/");
  });
});

describe("logout", () => {
  it("deletes the session on the server and flashes 'Logout Successfully'", async () => {
    for (const provider of ["local", "google"] as const) {
      const user = await createUser(
        provider === "google" ? { provider, googleId: `g-logout-${Date.now()}` } : {},
      );
      const { cookie } = await sessionFor(user);
      const result = await settle(() => logoutAction(actionArgs(formPost("/logout", {}, cookie))));
      expect(result.status).toBe(302);
      expect(result.location).toBe("/");
      expect(await toastOf(result.headers)).toEqual({
        type: "success",
        message: "Logout Successfully",
      });
      expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
      // The old cookie no longer signs anyone in, even if a browser kept it.
      expect(await getUser(get("/", cookie))).toBeNull();
      expect(result.headers.getSetCookie().join("\n")).toMatch(/__session=;/);
    }
  });

  it("only redirects home on GET", async () => {
    const result = await settle(() => logoutLoader());
    expect(result).toMatchObject({ status: 302, location: "/" });
  });
});

describe("/user/profile", () => {
  it("answers a signed-out visitor with 401 and the guard's target", async () => {
    const result = await settle(() => profileLoader(loaderArgs(get("/user/profile"))));
    expect(result.status).toBe(401);
    expect(result.body).toEqual({ signInRequired: true, redirectTo: "/user/profile" });
  });

  it("sends a Google user to the read-only profile", async () => {
    const { cookie } = await sessionFor(
      await createUser({ provider: "google", googleId: "g-profile-1" }),
    );
    const result = await settle(() => profileLoader(loaderArgs(get("/user/profile", cookie))));
    expect(result.location).toBe("/user/profileGoogle");
  });

  it("gives an own-account user their public profile, never the hash", async () => {
    const user = await createUser({ address: "1 Main St" });
    const { cookie } = await sessionFor(user);
    const result = await settle(() => profileLoader(loaderArgs(get("/user/profile", cookie))));
    expect(result.body?.user).toEqual({
      _id: user.id,
      name: user.name,
      email: user.email,
      userImage: user.userImage,
      address: "1 Main St",
      provider: "local",
    });
  });

  it("updates the profile and goes home with 'Profile Updated Successfully'", async () => {
    const user = await createUser();
    const { cookie } = await sessionFor(user);
    const result = await settle(() =>
      profileAction(
        actionArgs(
          formPost(
            "/user/profile",
            { name: " New Name ", userImage: "https://example.com/new.png", address: "2 Side St" },
            cookie,
          ),
        ),
      ),
    );
    expect(result).toMatchObject({ status: 302, location: "/" });
    expect(await toastOf(result.headers)).toEqual({
      type: "success",
      message: "Profile Updated Successfully",
    });
    const updated = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(updated).toMatchObject({
      name: "New Name",
      userImage: "https://example.com/new.png",
      address: "2 Side St",
      email: user.email,
    });
  });

  it("refuses a blank name or a non-http image link and changes nothing", async () => {
    const user = await createUser();
    const { cookie } = await sessionFor(user);
    for (const [fields, message] of [
      [{ name: "", userImage: "", address: "x" }, "please Enter your Name"],
      [
        { name: "Pat", userImage: "javascript:alert(1)", address: "" },
        "Please enter an image link that starts with http:// or https://",
      ],
    ] as const) {
      const result = await settle(() =>
        profileAction(actionArgs(formPost("/user/profile", fields, cookie))),
      );
      expect(result.status).toBe(400);
      expect(result.body?.error).toBe(message);
    }
    expect(await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      name: user.name,
      userImage: user.userImage,
    });
  });

  it("answers 'Something went wrong' when the update throws", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { cookie } = await sessionFor(await createUser());
    vi.mocked(updateProfile).mockRejectedValueOnce(new Error("locked"));
    const result = await settle(() =>
      profileAction(actionArgs(formPost("/user/profile", { name: "Pat" }, cookie))),
    );
    expect(result.status).toBe(500);
    expect(result.body?.error).toBe("Something went wrong");
  });

  it("sends a signed-out form post to /login and back", async () => {
    const result = await settle(() =>
      profileAction(actionArgs(formPost("/user/profile", { name: "Pat" }))),
    );
    expect(result).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fuser%2Fprofile" });
  });
});

describe("/user/profileGoogle", () => {
  it("shows a Google user's profile and guards signed-out visitors", async () => {
    const user = await createUser({ provider: "google", googleId: "g-profile-2" });
    const { cookie } = await sessionFor(user);
    const signedIn = await settle(() =>
      googleProfileLoader(loaderArgs(get("/user/profileGoogle", cookie))),
    );
    expect(signedIn.body?.user).toMatchObject({
      name: user.name,
      email: user.email,
      provider: "google",
    });
    const signedOut = await settle(() =>
      googleProfileLoader(loaderArgs(get("/user/profileGoogle"))),
    );
    expect(signedOut).toMatchObject({
      status: 401,
      body: { signInRequired: true, redirectTo: "/user/profileGoogle" },
    });
  });

  it("sends an own-account user to the editable profile", async () => {
    const { cookie } = await sessionFor(await createUser());
    const result = await settle(() =>
      googleProfileLoader(loaderArgs(get("/user/profileGoogle", cookie))),
    );
    expect(result.location).toBe("/user/profile");
  });
});

describe("Google sign-in without a configured client", () => {
  it("says that Google sign-in is not available instead of failing", async () => {
    for (const run of [
      () => googleStartAction(actionArgs(formPost("/auth/google", { redirectTo: "/" }))),
      () => googleCallbackLoader(loaderArgs(get("/auth/google/callback?code=x&state=y"))),
    ]) {
      const result = await settle(run);
      expect(result).toMatchObject({ status: 302, location: "/login" });
      expect(await toastOf(result.headers)).toEqual({
        type: "error",
        message: "Google sign-in is not available",
      });
    }
  });

  it("answers GET /auth/google by going to /login", async () => {
    expect(await settle(() => googleStartLoader())).toMatchObject({
      status: 302,
      location: "/login",
    });
  });
});
