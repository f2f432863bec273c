import {
  clientAddressFor,
  expectSignedInAs,
  expectSignedOut,
  fillLogin,
  stopClock,
  toast,
  untilCountdownStep,
  untilGuardLeavesFor,
} from "./auth-support";
import { createTestUser, e2eDb, expect, sessionCookieName, test, TEST_PASSWORD } from "./fixtures";
import { NAME_CHARACTERS_MESSAGE, RESERVED_EMAIL_MESSAGE } from "~/validation/fields";

test.use({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture list from this pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ "x-forwarded-for": clientAddressFor(testInfo) });
  },
});

for (const javaScript of [true, false]) {
  test.describe(`with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("login: success shows the server's message, goes home and the session sticks", async ({
      page,
      context,
    }) => {
      const user = await createTestUser();
      await page.goto("/login");
      await fillLogin(page, user.email, TEST_PASSWORD);
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(toast(page, "Login successfully", { javaScript })).toBeVisible();
      await expectSignedInAs(page, user.name);

      const name = await sessionCookieName();
      expect(name).toBe("__Host-session");
      const session = (await context.cookies()).find((cookie) => cookie.name === name);
      expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: true, path: "/" });
      if (javaScript) {
        // docs/spec/decisions.md 1: no token where page scripts could read it.
        expect(await page.evaluate(() => localStorage.getItem("auth"))).toBeNull();
        expect(await page.evaluate(() => document.cookie)).not.toContain(name);
      }
      // The browser sends the cookie back: a new page load is still signed in.
      await page.reload();
      await expectSignedInAs(page, user.name);
      expect(await e2eDb().session.count({ where: { userId: user.id } })).toBe(1);
    });

    test("login: the messages in the spec's order, and one message for wrong credentials", async ({
      page,
    }) => {
      const user = await createTestUser();
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      await page.goto("/login");
      const submit = page.getByRole("button", { name: "Login", exact: true });
      const cases: Array<[string, string, string]> = [
        ["", "", "Fill All Details"],
        ["", "secret", "please Enter your email"],
        [user.email, "", "please Enter your password"],
        [user.email, "abcd", "password need minimum 5 character"],
      ];
      for (const [email, password, message] of cases) {
        await fillLogin(page, email, password);
        await submit.click();
        await expect(page.getByTestId("form-error")).toHaveText(message);
        if (!javaScript) await expect(page.getByLabel("Email")).toHaveValue(email);
      }
      // With JavaScript the shared schema stops these before anything is sent.
      expect(posts).toHaveLength(javaScript ? 0 : cases.length);

      for (const [email, password] of [
        [user.email, "wrong-password"],
        ["nobody@example.com", TEST_PASSWORD],
      ] as const) {
        await fillLogin(page, email, password);
        await submit.click();
        await expect(page.getByTestId("form-error")).toHaveText("Invalid email or password");
        // The server never sends a password back into the page.
        if (!javaScript) await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
      }
      await expectSignedOut(page);
    });

    test("register: creates the account, says 'registation success full' and goes to /login", async ({
      page,
    }) => {
      const email = `new-${Date.now()}-${javaScript ? "js" : "nojs"}@example.com`;
      await page.goto("/register");
      await page.getByLabel("Name").fill("Nora New");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("fresh-pass");
      await page.getByLabel("Image URL").fill("https://example.com/nora.png");
      await page.getByRole("button", { name: "Sign up" }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(toast(page, "registation success full", { javaScript })).toBeVisible();

      await fillLogin(page, email, "fresh-pass");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await expectSignedInAs(page, "Nora New");
    });

    test("register: the messages in the spec's order, then our own", async ({ page }) => {
      const existing = await createTestUser();
      await page.goto("/register");
      const fields = {
        name: page.getByLabel("Name"),
        email: page.getByLabel("Email"),
        password: page.getByLabel("Password", { exact: true }),
        userImage: page.getByLabel("Image URL"),
      };
      const good = {
        name: "Pat",
        email: `pat-${Date.now()}@example.com`,
        password: "secret1",
        userImage: "https://example.com/p.png",
      };
      const cases: Array<[Partial<typeof good>, string]> = [
        [{ name: "", email: "", password: "", userImage: "" }, "Fill All Details"],
        [{ name: "" }, "please Enter your Name"],
        [{ email: "" }, "please Enter your email"],
        [{ userImage: "" }, "please Enter your userImage"],
        [{ password: "" }, "please Enter your password"],
        [{ password: "1234" }, "password need minimum 5 character"],
        [{ email: "not-an-address" }, "Please enter a valid email address"],
        [
          { userImage: "ftp://example.com/p.png" },
          "Please enter an image link that starts with http:// or https://",
        ],
        [{ email: existing.email }, "This email is already registered. Please login instead."],
      ];
      for (const [change, message] of cases) {
        const values = { ...good, ...change };
        // No picture of ours, no link: the one way to leave the image out.
        if (values.userImage === "") {
          await page.getByRole("radio", { name: "My own picture, from a link" }).check();
        }
        for (const key of Object.keys(fields) as Array<keyof typeof fields>) {
          await fields[key].fill(values[key]);
        }
        await page.getByRole("button", { name: "Sign up" }).click();
        await expect(page.getByTestId("form-error")).toHaveText(message);
      }
      expect(await e2eDb().user.count({ where: { email: good.email } })).toBe(0);
    });

    test("register and profile: a name with a control character is refused, with its message", async ({
      page,
      login,
    }) => {
      // A text field drops typed line breaks; Unicode's separators and C1 controls stay.
      const email = `mal-${Date.now()}-${javaScript ? "js" : "nojs"}@example.com`;
      await page.goto("/register");
      await page.getByLabel("Name").fill("Mal\u2028Lory");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("secret1");
      await page.getByLabel("Image URL").fill("https://example.com/mal.png");
      await page.getByRole("button", { name: "Sign up" }).click();
      await expect(page.getByTestId("form-error")).toHaveText(NAME_CHARACTERS_MESSAGE);
      expect(await e2eDb().user.count({ where: { email } })).toBe(0);

      const user = await login();
      await page.goto("/user/profile");
      await page.getByLabel("Name").fill("Mal\u0085Lory");
      await page.getByRole("button", { name: "Update" }).click();
      await expect(page.getByTestId("form-error")).toHaveText(NAME_CHARACTERS_MESSAGE);
      expect((await e2eDb().user.findUniqueOrThrow({ where: { id: user.id } })).name).toBe(
        user.name,
      );
    });

    test("register: an address under .invalid (the desk's stand-in domain) is refused, with its message", async ({
      page,
    }) => {
      const email = `eve-${Date.now()}-${javaScript ? "js" : "nojs"}@no-email.invalid`;
      await page.goto("/register");
      await page.getByLabel("Name").fill("Eve");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("secret1");
      await page.getByLabel("Image URL").fill("https://example.com/eve.png");
      await page.getByRole("button", { name: "Sign up" }).click();
      await expect(page.getByTestId("form-error")).toHaveText(RESERVED_EMAIL_MESSAGE);
      expect(await e2eDb().user.count({ where: { email } })).toBe(0);
    });

    test("profile: update goes home with 'Profile Updated Successfully' and the header follows", async ({
      page,
      login,
    }) => {
      const user = await login();
      await page.goto("/");
      await page.getByRole("navigation", { name: "Main" }).getByTestId("user-menu").click();
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Profile" })
        .click();
      await expect(page).toHaveURL(/\/user\/profile$/);
      await expect(page.getByRole("heading", { name: "Update Profile" })).toBeVisible();
      // The menu closes once its link has been followed.
      await expect(
        page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" }),
      ).toBeHidden();
      await expect(page.getByLabel("Name")).toHaveValue(user.name);

      await page.getByLabel("Name").fill("Renamed Patient");
      await page.getByLabel("Image link").fill("https://example.com/renamed.png");
      await page.getByLabel("Address").fill("12 Smile Street");
      await page.getByRole("button", { name: "Update" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(toast(page, "Profile Updated Successfully", { javaScript })).toBeVisible();
      await expectSignedInAs(page, "Renamed Patient");
      expect(await e2eDb().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
        name: "Renamed Patient",
        userImage: "https://example.com/renamed.png",
        address: "12 Smile Street",
      });
    });

    test("logout ends the session on the server, for both kinds of user", async ({
      page,
      login,
    }) => {
      for (const provider of ["local", "google"] as const) {
        const user = await login(
          await createTestUser(
            provider === "google"
              ? { provider, googleId: `e2e-logout-${Date.now()}`, passwordHash: null }
              : {},
          ),
        );
        await page.goto("/");
        const nav = page.getByRole("navigation", { name: "Main" });
        await nav.getByTestId("user-menu").click();
        await nav.getByRole("button", { name: "Logout" }).click();
        await expect(toast(page, "Logout Successfully", { javaScript })).toBeVisible();
        await expectSignedOut(page);
        expect(await e2eDb().session.count({ where: { userId: user.id } })).toBe(0);
      }
    });
  });
}

test.describe("the guard", () => {
  test("counts down 3, 2, 1, goes to /login and returns to the page after login", async ({
    page,
  }) => {
    const user = await createTestUser();
    await stopClock(page);
    const response = await page.goto("/user/profile");
    expect(response?.status()).toBe(401);
    const status = page.getByRole("status").filter({ hasText: "Loading.." });
    await expect(status).toHaveText("Loading.. 3 second");
    // The count starts once the page has hydrated: move its clock until the first step...
    await untilCountdownStep(page, status, "Loading.. 2 second");
    // ...then one step for every 1.5 s (spec).
    await page.clock.runFor(1500);
    await expect(status).toHaveText("Loading.. 1 second");
    await page.clock.runFor(1500);
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser%2Fprofile$/);
    await page.clock.resume();

    await fillLogin(page, user.email, TEST_PASSWORD);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/user\/profile$/);
    await expect(page.getByRole("heading", { name: "Update Profile" })).toBeVisible();
  });

  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });
    test("a meta refresh goes to /login, remembering the page", async ({ page }) => {
      const response = await page.goto("/user/profileGoogle");
      expect(response?.status()).toBe(401);
      await expect(page.getByText("Loading.. 3 second")).toBeVisible();
      await untilGuardLeavesFor(page, /\/login\?redirectTo=%2Fuser%2FprofileGoogle$/, {
        javaScript: false,
      });
      // Both the login form and the Google button carry it on.
      const carried = page.locator('input[name="redirectTo"]');
      await expect(carried).toHaveCount(2);
      for (const input of await carried.all())
        await expect(input).toHaveValue("/user/profileGoogle");
    });

    test("login with JavaScript off returns to the remembered page", async ({ page }) => {
      const user = await createTestUser();
      await page.goto("/login?redirectTo=%2Fuser%2Fprofile");
      await fillLogin(page, user.email, TEST_PASSWORD);
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await expect(page).toHaveURL(/\/user\/profile$/);
      await expect(page.getByRole("heading", { name: "Update Profile" })).toBeVisible();
    });
  });

  test("a Google user's Profile leads to the read-only /user/profileGoogle", async ({
    page,
    login,
  }) => {
    const user = await login(
      await createTestUser({
        provider: "google",
        googleId: `e2e-gp-${Date.now()}`,
        passwordHash: null,
      }),
    );
    await page.goto("/user/profile");
    await expect(page).toHaveURL(/\/user\/profileGoogle$/);
    await expect(page.getByRole("heading", { name: "User Profile" })).toBeVisible();
    await expect(page.getByText(user.name, { exact: true }).last()).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
    await expect(page.getByRole("img", { name: user.name })).toBeVisible();
    await expect(page.getByRole("textbox")).toHaveCount(0);
  });
});

test.describe("navigation and the login page", () => {
  test("signed out: Home, Blog, Login, Signup; the login page links onwards", async ({ page }) => {
    await page.goto("/login");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Home", "Blog", "Login", "Signup"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Add Service" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Join with google" })).toBeVisible();
    await page.getByRole("link", { name: "Forgot Password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.goto("/login");
    await page.getByRole("main").getByRole("link", { name: "Signup" }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole("button", { name: "Join with google" })).toBeVisible();
  });

  test("signed in: Add Service, Add Reviews, name, avatar and the Profile/Logout menu", async ({
    page,
    login,
  }) => {
    const user = await login();
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Add Service" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Add Reviews" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Signup" })).toHaveCount(0);
    const menu = nav.getByTestId("user-menu");
    await expect(menu).toContainText(user.name);
    await expect(menu.locator("img")).toHaveAttribute("src", user.userImage);
    await menu.click();
    await expect(nav.getByRole("link", { name: "Profile" })).toHaveAttribute(
      "href",
      "/user/profile",
    );
    await expect(nav.getByRole("button", { name: "Logout" })).toBeVisible();
  });

  test("the password field has a show/hide toggle with JavaScript", async ({ page }) => {
    await page.goto("/login");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("peekaboo");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });

  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });
    test("the password field is a plain password field", async ({ page }) => {
      await page.goto("/login");
      await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute(
        "type",
        "password",
      );
      await expect(page.getByRole("button", { name: /password/ })).toHaveCount(0);
    });
  });

  test("logout by GET only goes home and keeps the session", async ({ page, login }) => {
    const user = await login();
    await page.goto("/logout");
    await expect(page).toHaveURL(/\/$/);
    await expectSignedInAs(page, user.name);
  });
});
