import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { e2eSettings } from "../support/e2e-settings";
import { expect, test } from "./fixtures";

test.describe("home page", () => {
  test("renders the seeded services with JavaScript on", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Login" }).first()).toBeVisible();
    await expect(page.getByText("Teeth Whitening").first()).toBeVisible();
  });

  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });
    test("renders the same page", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText("Teeth Whitening").first()).toBeVisible();
    });
  });
});

test("an unknown path gets the 404 page inside the site layout", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
  await page.getByRole("link", { name: "Back to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("healthz answers 200 while the database answers", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok" });
});

test("a loader that throws gets the error page, never a stack trace", async ({ page }) => {
  // A second server on a file that is not a database: every query throws.
  const settings = e2eSettings();
  const port = settings.brokenDatabasePort;
  const broken = path.resolve(`tests/.tmp/broken-${port}.db`);
  rmSync(broken, { force: true });
  writeFileSync(broken, "this is not a SQLite database ".repeat(100));
  const server = spawn(process.execPath, [path.join(settings.buildDir, "server.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: settings.buildDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${broken}`,
      SESSION_SECRET: settings.sessionSecret,
    },
    stdio: "pipe",
  });
  try {
    await expect
      .poll(
        async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status,
        {
          timeout: 60_000,
        },
      )
      .toBe(503);
    const response = await page.goto(`http://127.0.0.1:${port}/`);
    expect(response?.status()).toBe(500);
    await expect(
      page.getByRole("heading", { name: "Unexpected Application Error!" }),
    ).toBeVisible();
    const html = await page.content();
    expect(html).not.toMatch(/\bat [\w$.<>]+ \(|node_modules|SqliteError|file is not a database/i);
  } finally {
    server.kill("SIGKILL");
  }
});

test("a signed-in visitor sees their name and menu in the header", async ({ page, login }) => {
  const user = await login();
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByText(user.name)).toBeVisible();
  await expect(nav.getByRole("link", { name: "Add Service" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Login" })).toHaveCount(0);
});
