import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { e2eSettings } from "../support/e2e-settings";
import { e2eDb, expect, test } from "./fixtures";

// A second server on a copy of the e2e database whose Review table is gone: the reviews
// read fails while everything else works (docs/spec/product-spec.md §8: toast
// 'Something Went Wrong').
const settings = e2eSettings();
const port = settings.noReviewsPort;
const baseURL = `http://127.0.0.1:${port}`;
const databaseFile = path.resolve(`tests/.tmp/no-reviews-${port}.db`);
let server: ChildProcess | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(databaseFile + suffix, { force: true });
  await e2eDb().$executeRawUnsafe(`VACUUM INTO '${databaseFile.replaceAll("'", "''")}'`);
  const db = new Database(databaseFile);
  db.exec("PRAGMA foreign_keys = OFF; DROP TABLE Review;");
  db.close();
  server = spawn(process.execPath, [path.join(settings.buildDir, "server.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: settings.buildDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${databaseFile}`,
      SESSION_SECRET: settings.sessionSecret,
      APP_URL: baseURL,
    },
    stdio: "ignore",
  });
  await expect
    .poll(async () => (await fetch(`${baseURL}/healthz`).catch(() => null))?.status, {
      timeout: 60_000,
    })
    .toBe(200);
});

test.afterAll(() => {
  server?.kill("SIGTERM");
  for (const suffix of ["", "-wal", "-shm"]) rmSync(databaseFile + suffix, { force: true });
});

test("a failed reviews load shows the toast 'Something Went Wrong' and the rest of the home page", async ({
  page,
}) => {
  const response = await page.goto(`${baseURL}/`);
  expect(response?.status()).toBe(200);
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Something Went Wrong" }),
  ).toBeVisible();
  await expect(page.getByTestId("service-card")).toHaveCount(6);
  await expect(page.getByRole("heading", { name: "Treatments" })).toBeVisible();
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });
  test("the failure is written in place of the carousel", async ({ page }) => {
    await page.goto(`${baseURL}/`);
    await expect(page.getByRole("alert").filter({ hasText: "Something Went Wrong" })).toBeVisible();
    await expect(page.getByTestId("service-card")).toHaveCount(6);
  });
});

test("LoadMore that fails is only logged: the list stays as it was", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/");
  await page.route("**/api/product-list/**", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
  );
  await page.getByTestId("load-more").click();
  await expect
    .poll(() => errors.some((text) => text.includes("Loading more services failed")))
    .toBe(true);
  await expect(page.getByTestId("load-more")).toHaveText("Load More");
  await expect(page.getByTestId("service-card")).toHaveCount(6);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Welcome/);
});

test("LoadMore reads 'Loading..' while the next page is on its way", async ({ page }) => {
  await page.goto("/");
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/product-list/**", async (route) => {
    await held;
    await route.continue();
  });
  const loadMore = page.getByTestId("load-more");
  await expect(page.getByTestId("reviews-carousel")).toHaveAttribute("data-mode", "carousel");
  await loadMore.click();
  await expect(loadMore).toHaveText("Loading..");
  await expect(page.getByTestId("services-list")).toHaveAttribute("aria-busy", "true");
  release();
  await expect(page.getByTestId("service-card")).toHaveCount(12);
  await expect(loadMore).toHaveText("Load More");
  await expect(page.locator("#service-7 a").first()).toBeFocused();
});
