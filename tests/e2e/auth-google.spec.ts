import type { Page } from "@playwright/test";
import { encodeGoogleCode } from "../mocks/google.mjs";
import { clientAddressFor, expectSignedInAs, toast } from "./auth-support";
import { e2eDb, expect, test } from "./fixtures";

test.use({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture list from this pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ "x-forwarded-for": clientAddressFor(testInfo) });
  },
});

type Profile = Parameters<typeof encodeGoogleCode>[0];

// The fixed message: Google's own error text never reaches the page (issue 9.10).
const GOOGLE_FAILED = "Google sign-in did not work. Please try again.";

/**
 * Google's consent screen, as far as the browser sees it: the visitor "chooses" an
 * account and Google sends them back to the callback with a code (or an error). The
 * server's own calls to Google are answered by msw inside the app server process.
 */
async function fakeGoogleConsent(page: Page, answer: Profile | { error: string }) {
  const seen: URL[] = [];
  await page.route("https://accounts.google.com/**", async (route) => {
    const authorize = new URL(route.request().url());
    seen.push(authorize);
    const back = new URL(authorize.searchParams.get("redirect_uri")!);
    back.searchParams.set("state", authorize.searchParams.get("state")!);
    if ("error" in answer) back.searchParams.set("error", answer.error);
    else back.searchParams.set("code", encodeGoogleCode(answer));
    await route.fulfill({ status: 302, headers: { location: back.toString() } });
  });
  return seen;
}

function newProfile(label: string, baseURL = "http://127.0.0.1"): Profile {
  const unique = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  return {
    sub: `sub-${unique}`,
    email: `${unique}@gmail.example`,
    email_verified: true,
    name: `Gina ${label}`,
    picture: `${baseURL}/images/avatars/demo-patient.svg`,
  };
}

for (const javaScript of [true, false]) {
  test.describe(`with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("Google: first sign-in creates the user and returns to the guarded page", async ({
      page,
      baseURL,
    }) => {
      const profile = newProfile(javaScript ? "js" : "nojs", baseURL);
      const seen = await fakeGoogleConsent(page, profile);
      await page.goto("/login?redirectTo=%2Fuser%2FprofileGoogle");
      await page.getByRole("button", { name: "Join with google" }).click();

      await expect(page).toHaveURL(/\/user\/profileGoogle$/);
      await expect(toast(page, "Login successfully", { javaScript })).toBeVisible();
      await expect(page.getByRole("heading", { name: "User Profile" })).toBeVisible();
      await expect(page.getByRole("main").getByText(profile.email!)).toBeVisible();
      await expectSignedInAs(page, profile.name!);

      expect(seen).toHaveLength(1);
      expect(seen[0]!.searchParams.get("client_id")).toBe("e2e-google-client");
      expect(seen[0]!.searchParams.get("redirect_uri")).toBe(`${baseURL}/auth/google/callback`);
      const user = await e2eDb().user.findUniqueOrThrow({ where: { googleId: profile.sub } });
      expect(user).toMatchObject({ provider: "google", email: profile.email, passwordHash: null });

      // Profile in the menu leads to the read-only page.
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByTestId("user-menu").click();
      await expect(nav.getByRole("link", { name: "Profile" })).toHaveAttribute(
        "href",
        "/user/profileGoogle",
      );
    });

    test("Google: a refused code returns to /login with the error", async ({ page }) => {
      await fakeGoogleConsent(page, { ...newProfile("fail"), tokenError: "Bad Request" });
      await page.goto("/login");
      await page.getByRole("button", { name: "Join with google" }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(toast(page, GOOGLE_FAILED, { javaScript })).toBeVisible();
      await expect(
        page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }),
      ).toBeVisible();
    });
  });
}

test("Google: a later sign-in finds the same user", async ({ page, context }) => {
  const profile = newProfile("again");
  await fakeGoogleConsent(page, profile);
  for (let round = 0; round < 2; round += 1) {
    await page.goto("/register");
    await page.getByRole("button", { name: "Join with google" }).click();
    await expectSignedInAs(page, profile.name!);
    await context.clearCookies();
  }
  expect(await e2eDb().user.count({ where: { googleId: profile.sub } })).toBe(1);
});

test("Google: cancelling at Google returns to /login with the error", async ({ page }) => {
  await fakeGoogleConsent(page, { error: "access_denied" });
  await page.goto("/login");
  await page.getByRole("button", { name: "Join with google" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, GOOGLE_FAILED)).toBeVisible();
});
