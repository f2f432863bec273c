// The admin's settings screens in Chromium, with JavaScript on and off: new Tuesday hours
// reach the patient's booking page at once, a closure empties its day, chairs are added and
// renamed; a receptionist neither sees the screens nor opens them by URL.
//
// These tests change the whole clinic's hours, which the specs that book on the shared
// server rely on: they run on a server of their own, on a copy of the e2e database.
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient, type User } from "@prisma/client";
import type { BrowserContext, Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { TUESDAY, upcoming } from "../support/clinic-dates";
import { e2eSettings } from "../support/e2e-settings";
import { passwordHashFor } from "../support/test-password";
import { toast } from "./auth-support";
import { e2eDb, expect, sessionCookieName, test } from "./fixtures";
import { choose, formError } from "./patient-support";

const settings = e2eSettings();
const baseURL = `http://127.0.0.1:${settings.settingsPort}`;
const databaseFile = path.resolve(`tests/.tmp/settings-${settings.settingsPort}.db`);
let server: ChildProcess | undefined;
let db: PrismaClient | undefined;

test.describe.configure({ mode: "serial" });
test.use({ baseURL });

test.beforeAll(async () => {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(databaseFile + suffix, { force: true });
  await e2eDb().$executeRawUnsafe(`VACUUM INTO '${databaseFile.replaceAll("'", "''")}'`);
  db = new PrismaClient({
    adapter: new PrismaBetterSQLite3({ url: `file:${databaseFile}`, timeout: 5000 }),
  });
  server = spawn(process.execPath, [path.join(settings.buildDir, "server.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: settings.buildDir,
      PORT: String(settings.settingsPort),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${databaseFile}`,
      SESSION_SECRET: settings.sessionSecret,
      APP_URL: baseURL,
      REQUEST_LOG: "false",
    },
    stdio: "ignore",
  });
  await expect
    .poll(async () => (await fetch(`${baseURL}/healthz`).catch(() => null))?.status, {
      timeout: 60_000,
    })
    .toBe(200);
});

test.afterAll(async () => {
  await db?.$disconnect();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  for (const suffix of ["", "-wal", "-shm", "-journal", ".lock"]) {
    rmSync(databaseFile + suffix, { force: true });
  }
});

async function userOnThisServer(role = "patient") {
  const unique = `${Date.now()}-${randomBytes(3).toString("hex")}`;
  return db!.user.create({
    data: {
      name: `Settings ${role} ${unique.slice(-4)}`,
      email: `settings-${role}-${unique}@example.com`,
      passwordHash: await passwordHashFor(),
      userImage: "/images/avatars/demo-patient.svg",
      provider: "local",
      emailVerifiedAt: new Date(),
      role,
    },
  });
}

/** Signs the browser in as `user` on this spec's server (its own session table). */
async function signIn(context: BrowserContext, user: User) {
  const name = await sessionCookieName();
  const { createSession, commitTokenCookie } = await import("~/infra/session.server");
  const { token, expiresAt } = await createSession(user.id, db!);
  const pair = (await commitTokenCookie(new Request(baseURL), token, expiresAt)).split(";")[0]!;
  await context.clearCookies();
  await context.addCookies([
    {
      name,
      value: pair.slice(pair.indexOf("=") + 1),
      domain: "127.0.0.1",
      path: "/",
      httpOnly: true,
      secure: true,
      sameSite: "Lax",
    },
  ]);
}

async function openBooking(page: Page, date: string, javaScript: boolean) {
  await page.goto("/make-appointment");
  await choose(page, "Service", { type: "Teeth", option: "Teeth Cleaning", javaScript });
  await page.getByLabel("Date").fill(date);
}

async function book(page: Page, time: string) {
  await page.getByLabel("Time").fill(time);
  await page.getByLabel("Phone").fill("+1 555 0142");
  await page.getByLabel("Message").fill("Booked by the settings test.");
  await page.getByRole("button", { name: "Add booking" }).click();
}

for (const javaScript of [true, false]) {
  test.describe(`Clinic settings with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("new Tuesday hours reach the booking page, a closure empties its day, chairs are added and renamed", async ({
      page,
      context,
    }) => {
      const suffix = javaScript ? "js" : "html";
      // Each variant its own hours, so each save changes something.
      const [opens, closes] = javaScript ? ["10:00", "12:00"] : ["10:30", "12:30"];
      const shown = javaScript ? "10:00\\sAM to 12:00\\sPM" : "10:30\\sAM to 12:30\\sPM";
      const [shownOpens, shownCloses] = javaScript
        ? ["10:00 AM", "12:00 PM"]
        : ["10:30 AM", "12:30 PM"];
      // Weeks no other spec books on: this spec copies the shared database when it starts.
      const tuesday = upcoming(TUESDAY, javaScript ? 7 : 8);
      const admin = await userOnThisServer("admin");
      const patient = await userOnThisServer();

      await signIn(context, admin);
      await page.goto("/staff");
      await page
        .getByRole("navigation", { name: "Clinic" })
        .getByRole("link", { name: "Clinic settings" })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "Clinic settings" })).toBeVisible();
      const hours = page.getByRole("form", { name: "Opening hours and breaks" });
      // A bad break first: the message names the day, nothing is saved.
      const breakStart = hours.getByLabel("Tuesday: Break 1 from");
      const breakEnd = hours.getByLabel("Tuesday: Break 1 until");
      await breakStart.fill("11:00");
      await breakEnd.fill("13:00");
      await hours.getByLabel("Tuesday: Opens").fill(opens);
      await hours.getByLabel("Tuesday: Closes").fill(closes);
      await hours.getByRole("button", { name: "Save opening hours" }).click();
      const message = `Tuesday: the break 11:00 AM to 1:00 PM lies outside the opening hours (${shownOpens} to ${shownCloses}).`;
      await expect(hours.getByTestId("form-error")).toHaveText(message);
      await expect(breakEnd).toHaveAttribute("aria-invalid", "true");
      if (javaScript) {
        await expect(breakEnd).toBeFocused();
      } else {
        // The page comes back at its top: the message there leads to the field.
        await page.getByRole("link", { name: message }).click();
        await expect(breakEnd).toBeFocused();
      }
      // Emptying a break's two times removes it.
      await breakStart.fill("");
      await breakEnd.fill("");
      await hours.getByRole("button", { name: "Save opening hours" }).click();
      await expect(toast(page, "The opening hours are saved.", { javaScript })).toBeVisible();
      await expect(hours.getByLabel("Tuesday: Opens")).toHaveValue(opens);

      await signIn(context, patient);
      await openBooking(page, tuesday, javaScript);
      await expect(page.getByText(new RegExp(`We are open .*Tuesday: ${shown}`))).toBeVisible();
      if (javaScript) {
        const time = page.getByLabel("Time");
        await expect(time.locator("option[value='10:00']")).toBeAttached();
        await expect(time.locator("option[value='11:00']")).toBeAttached();
        await expect(time.locator("option[value='09:00']")).toHaveCount(0);
        await expect(time.locator("option[value='11:30']")).toHaveCount(0);
      } else {
        await book(page, "09:00");
        await expect(formError(page)).toHaveText(new RegExp(shown));
        await book(page, opens);
        await expect(toast(page, "Product Created Successfully", { javaScript })).toBeVisible();
        expect(await db!.appointment.count({ where: { userId: patient.id, date: tuesday } })).toBe(
          1,
        );
      }

      // A closure on that Tuesday: nothing is offered.
      await signIn(context, admin);
      await page.goto("/staff/closures");
      const add = page.getByRole("form", { name: "Add a closure" });
      await add.getByLabel("Name").fill(`Burst pipe ${suffix}`);
      await add.getByLabel("First day closed").fill(tuesday);
      await add.getByRole("button", { name: "Add closure" }).click();
      await expect(toast(page, `Burst pipe ${suffix} is added.`, { javaScript })).toBeVisible();
      const listed = page.getByTestId("closure").filter({ hasText: `Burst pipe ${suffix}` });
      await expect(listed).toBeVisible();
      if (!javaScript) {
        await expect(listed).toContainText("1 booked visit falls on these days.");
        await expect(
          listed.getByRole("link", { name: "See Needs attention in the diary" }),
        ).toHaveAttribute("href", `/staff?date=${tuesday}#attention-heading`);
      }

      await signIn(context, patient);
      await openBooking(page, tuesday, javaScript);
      if (javaScript) {
        await expect(page.getByText(/The clinic is closed on .+ \(Burst pipe js\)/)).toBeVisible();
        await expect(page.getByLabel("Time").locator("option[value='10:00']")).toHaveCount(0);
      } else {
        await book(page, opens);
        await expect(formError(page)).toContainText(
          "(Burst pipe html). Please choose another day.",
        );
      }

      // Removing it asks first, then opens the day again.
      await signIn(context, admin);
      await page.goto("/staff/closures");
      await page.getByRole("link", { name: `Remove the closure Burst pipe ${suffix}` }).click();
      await expect(
        page.getByRole("heading", { name: `Remove the closure Burst pipe ${suffix}?` }),
      ).toBeVisible();
      await page.getByRole("button", { name: "Yes, remove it" }).click();
      await expect(toast(page, `Burst pipe ${suffix} is removed`, { javaScript })).toBeVisible();
      await expect(
        page.getByTestId("closure").filter({ hasText: `Burst pipe ${suffix}` }),
      ).toHaveCount(0);

      // Chairs: add one, then rename it.
      await page
        .getByRole("navigation", { name: "Clinic" })
        .getByRole("link", { name: "Chairs" })
        .click();
      const addChair = page.getByRole("form", { name: "Add a chair" });
      await addChair.getByLabel("Name").fill(`Chair ${suffix}`);
      await addChair.getByRole("button", { name: "Add chair" }).click();
      await expect(toast(page, `Chair ${suffix} is added.`, { javaScript })).toBeVisible();
      const row = page.getByTestId("chair").filter({ hasText: `Chair ${suffix}` });
      await row.getByLabel(`Name of Chair ${suffix}`).fill(`Hygiene ${suffix}`);
      await row.getByRole("button", { name: `Rename Chair ${suffix}` }).click();
      await expect(
        toast(page, `Chair ${suffix} is now called Hygiene ${suffix}.`, { javaScript }),
      ).toBeVisible();
      await expect(page.getByTestId("chair").filter({ hasText: `Hygiene ${suffix}` })).toHaveCount(
        1,
      );
      expect(await db!.chair.count({ where: { name: `Hygiene ${suffix}`, active: true } })).toBe(1);
    });
  });
}

test("a receptionist sees none of the admin screens and gets 403 by URL", async ({
  page,
  context,
}) => {
  await signIn(context, await userOnThisServer("reception"));
  await page.goto("/staff");
  const clinic = page.getByRole("navigation", { name: "Clinic" });
  await expect(clinic.getByRole("link", { name: "Diary" })).toBeVisible();
  for (const label of ["Clinic settings", "Closures", "Chairs"]) {
    await expect(clinic.getByRole("link", { name: label })).toHaveCount(0);
  }
  for (const screen of ["/staff/settings", "/staff/closures", "/staff/chairs"]) {
    const response = await page.goto(screen);
    expect(response?.status(), screen).toBe(403);
    await expect(page.getByRole("heading", { name: "Staff only" })).toBeVisible();
  }
});
