import type { APIRequestContext, Page, Route } from "@playwright/test";
import { fillLogin } from "./auth-support";
import { createTestUser, e2eDb, expect, test, TEST_PASSWORD } from "./fixtures";
import { formError, seededService, separateClients } from "./patient-support";

// A form page ships without zod: the schema that checks the form in the browser loads when
// the form is first used (docs/decisions/044-form-schemas-load-with-the-form.md). These
// check that the pages' scripts hold no zod, that the schema still arrives, and that a form
// sent before it has arrived is checked all the same.

separateClients();

/** Strings of zod's own code: its error class, and the mode app/validation/zod.ts sets. */
const ZOD_CODE = /ZodError|jitless/;

/** The scripts a page's HTML names: its modulepreloads and script sources. */
function scriptsOf(html: string) {
  return [...html.matchAll(/<(?:link rel="modulepreload" href|script[^>]*src)="([^"]+\.js)"/g)].map(
    (match) => match[1]!,
  );
}

/** A script and, one after another, the ones it imports (statically, or by `import()` too). */
async function scriptsReachedFrom(
  request: APIRequestContext,
  start: string,
  { dynamic }: { dynamic: boolean },
) {
  const reached = new Map<string, string>();
  const pending = [start];
  const imports = dynamic
    ? /(?:from|import)\s*\(?"(\/build\/[^"]+\.js)"/g
    : /(?:from|import)\s*"(\/build\/[^"]+\.js)"/g;
  while (pending.length > 0) {
    const url = pending.pop()!;
    if (reached.has(url)) continue;
    const code = await (await request.get(url)).text();
    reached.set(url, code);
    for (const match of code.matchAll(imports)) pending.push(match[1]!);
  }
  return reached;
}

async function expectNoZodIn(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const scripts = scriptsOf(await response.text());
  expect(scripts.length, path).toBeGreaterThan(3);
  for (const script of scripts) {
    const code = await (await request.get(script)).text();
    expect(ZOD_CODE.test(code), `${path}: ${script} holds zod`).toBe(false);
  }
  return scripts;
}

test.describe("the form pages' scripts", () => {
  test("the booking page names no script with zod in it, and its route still imports the schema lazily", async ({
    page,
    login,
  }) => {
    await login();
    const service = await seededService("teeth-cleaning");
    const scripts = await expectNoZodIn(page.request, `/make-appointment?service=${service.id}`);
    const route = scripts.find((script) => script.includes("/routes/make-appointment-"));
    expect(route).toBeTruthy();
    const lazily = await scriptsReachedFrom(page.request, route!, { dynamic: true });
    expect([...lazily.values()].some((code) => ZOD_CODE.test(code))).toBe(true);
  });

  test("the other form pages name none either", async ({ page, login, request }) => {
    for (const path of ["/login", "/register", "/forgot-password"]) {
      await expectNoZodIn(request, path);
    }
    await login();
    for (const path of ["/user/profile", "/user/waitlist", "/add-review", "/add-services"]) {
      await expectNoZodIn(page.request, path);
    }
  });
});

/**
 * Holds every script the page asks for from now on until `release` is called: the form's
 * schema (and zod) cannot arrive before the test says so.
 */
async function holdLateScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route("**/build/**/*.js", (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    held: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** The form posts the page has sent so far. */
function postsOf(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && !request.url().includes("/build/")) {
      posts.push(request.url());
    }
  });
  return posts;
}

/**
 * The page's Content-Security-Policy violations: zod's probe of `new Function` is one
 * unless app/validation/zod.ts set jitless before the schema was built.
 */
async function cspViolationsOf(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test.describe("a form sent before its schema has arrived", () => {
  test("is checked first: the booking page shows the spec's message and posts nothing", async ({
    page,
    login,
  }) => {
    await login();
    const service = await seededService("teeth-cleaning");
    const posts = postsOf(page);
    const cspViolations = await cspViolationsOf(page);
    await page.goto(`/make-appointment?service=${service.id}`);
    // Hydrated: the service's combobox replaces the plain select.
    await expect(
      page.locator("input[role=combobox]").and(page.getByLabel("Service", { exact: true })),
    ).toHaveValue(service.name);
    const scripts = await holdLateScripts(page);

    await page.getByLabel("Name", { exact: true }).fill("");
    // Focusing the form asked for the schema; it is held.
    await expect.poll(scripts.held).toBeGreaterThan(0);
    await page.getByLabel("Email", { exact: true }).fill("");
    await page.getByRole("button", { name: "Add booking" }).click();
    await expect(formError(page)).toHaveCount(0);

    await scripts.release();
    await expect(formError(page)).toHaveText("Fill All Details");
    await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
    expect(posts).toEqual([]);
    expect(await cspViolations()).toEqual([]);
  });

  test("is sent once it has been checked: sign-in with a good password goes through, once", async ({
    page,
  }) => {
    const user = await createTestUser();
    const posts = postsOf(page);
    await page.goto("/login");
    // Hydrated: the password's Show button appears.
    await expect(page.getByRole("button", { name: "Show password" })).toBeVisible();
    const scripts = await holdLateScripts(page);

    await fillLogin(page, user.email, TEST_PASSWORD);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect.poll(scripts.held).toBeGreaterThan(0);
    expect(posts).toEqual([]);

    await scripts.release();
    await expect(page).toHaveURL(/\/$/);
    expect(posts).toHaveLength(1);
    expect(await e2eDb().session.count({ where: { userId: user.id } })).toBe(1);
  });
});

test("the schema is not fetched with the page: only once the form is used", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Show password" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  // Had the page fetched the schema as it loaded, focusing the form would fetch nothing.
  const fetched: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith(".js")) fetched.push(request.url());
  });
  await page.getByLabel("Email").focus();
  await expect.poll(() => fetched.length).toBeGreaterThan(0);
});
