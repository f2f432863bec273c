// A production start on a new database, as the README's container command makes one
// (NODE_ENV=production, a SESSION_SECRET, no DEMO_ACCOUNTS): issue 21.1. No account signs in
// with a password the README publishes; DEMO_ACCOUNTS=true brings the demo accounts back,
// with a banner on every staff page; a later start without it refuses them, ends their
// sessions and says so once in the log. The new database, its backups and mail files are
// the server user's alone (issue 21.10).
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import { DEMO_DENTIST_STAFF, DEMO_PATIENT, DEMO_STAFF } from "~/data/demo-accounts";
import { DEMO_ACCOUNT_OFF_MESSAGE, RETIRE_COMMAND } from "~/models/accounts/demo-accounts.server";
import { TMP_DIR } from "../support/paths";
import { testPorts } from "../support/ports.mjs";
import { startProductionServer, type ProductionServer } from "../support/production-server";
import { discoverRoutes } from "../support/route-discovery";
import { until } from "../support/until";

const PORT = testPorts().freshStart;
const ACCOUNTS = [DEMO_PATIENT, ...DEMO_STAFF, ...DEMO_DENTIST_STAFF];
const EMAILS = ACCOUNTS.map((account) => account.email);
/** Every staff page without a parameter in its path. */
const STAFF_PAGES = discoverRoutes()
  .filter(
    (route) =>
      (route.pattern === "/staff" || route.pattern.startsWith("/staff/")) &&
      route.params.length === 0 &&
      !route.isResource,
  )
  .map((route) => route.pattern);

const home = path.join(TMP_DIR, `fresh-start-${randomBytes(4).toString("hex")}`);
let server: ProductionServer | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(home, { recursive: true, force: true });
}, 30_000);

/** A new, empty place for a database: the server creates, migrates and seeds it. */
function newDatabaseFile(name: string) {
  mkdirSync(home, { recursive: true });
  return path.join(home, name, "clinic.db");
}

function login(email: string, password: string, { form = false } = {}) {
  return fetch(`${server!.url}${form ? "/login" : "/api/login"}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: server!.url,
      "content-type": form ? "application/x-www-form-urlencoded" : "application/json",
    },
    body: form ? new URLSearchParams({ email, password }) : JSON.stringify({ email, password }),
  });
}

async function staffPage(pathname: string, cookie: string) {
  const response = await fetch(`${server!.url}${pathname}`, {
    headers: { cookie },
    redirect: "manual",
  });
  return { status: response.status, html: await response.text() };
}

describe("a production start on a new database", () => {
  it("creates no demo account: the published passwords sign nobody in", async () => {
    const databaseFile = newDatabaseFile("plain");
    const folder = path.dirname(databaseFile);
    server = await startProductionServer({
      port: PORT,
      databaseFile,
      backupDir: path.join(folder, "backups"),
      env: { OUTBOX_DIR: path.join(folder, "outbox") },
    });
    expect(server.output()).toContain("no demo accounts (DEMO_ACCOUNTS is not true)");
    expect(await server.db().user.count({ where: { email: { in: EMAILS } } })).toBe(0);
    for (const account of ACCOUNTS) {
      const response = await login(account.email, account.password);
      expect(response.status, account.email).toBe(401);
      await response.arrayBuffer();
    }

    // Issue 21.10: what the server writes is its user's alone, whatever the umask it was
    // started with (this test process's is the usual 022).
    const mode = (file: string) => statSync(file).mode & 0o777;
    const register = await fetch(`${server.url}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Private Files",
        email: "private-files@example.com",
        password: "secret123",
        userImage: "https://example.com/a.png",
      }),
    });
    expect(register.status).toBe(201);
    const outbox = path.join(folder, "outbox");
    await until(() => existsSync(outbox) && readdirSync(outbox).length > 0, "a mail file", 60_000);
    await server.waitForOutput(/"msg":"backup","file"/);
    const backups = readdirSync(path.join(folder, "backups")).filter((name) =>
      name.endsWith(".db"),
    );
    expect(backups.length).toBeGreaterThan(0);
    const files = [
      databaseFile,
      `${databaseFile}-wal`,
      `${databaseFile}-shm`,
      `${databaseFile}.lock`,
      ...backups.map((name) => path.join(folder, "backups", name)),
      ...readdirSync(outbox).map((name) => path.join(outbox, name)),
    ];
    for (const file of files) expect(`${mode(file).toString(8)} ${file}`).toBe(`600 ${file}`);
    for (const dir of [folder, path.join(folder, "backups"), outbox]) {
      expect(`${mode(dir).toString(8)} ${dir}`).toBe(`700 ${dir}`);
    }
    await server.stop();
    server = undefined;
  }, 120_000);
});

describe("DEMO_ACCOUNTS=true", () => {
  let databaseFile: string;
  let adminCookie: string;

  it("brings the demo accounts back, and every staff page says so in a banner", async () => {
    databaseFile = newDatabaseFile("demo");
    // A new database the run has migrated already, so the start seeds it without the Prisma
    // CLI (2-3 s of CPU): the CLI's path on a file that does not exist is the test above.
    mkdirSync(path.dirname(databaseFile), { recursive: true });
    copyFileSync(inject("templateDb"), databaseFile);
    server = await startProductionServer({
      port: PORT,
      databaseFile,
      env: { DEMO_ACCOUNTS: "true" },
    });
    for (const account of ACCOUNTS) {
      const response = await login(account.email, account.password);
      expect(response.status, account.email).toBe(200);
      await response.arrayBuffer();
    }
    const signedIn = await login("admin@example.com", "admin123", { form: true });
    expect(signedIn.status).toBe(302);
    adminCookie = signedIn.headers.getSetCookie()[0]!.split(";")[0]!;
    expect(STAFF_PAGES.length).toBeGreaterThan(5);
    for (const pathname of STAFF_PAGES) {
      const page = await staffPage(pathname, adminCookie);
      expect(page.status, pathname).toBe(200);
      expect(page.html, pathname).toContain('data-testid="demo-banner"');
    }
    const { cookie: dentist } = await server.newSession(
      (await server.db().user.findUniqueOrThrow({ where: { email: "anita.patel@example.com" } }))
        .id,
    );
    expect((await staffPage("/staff", dentist)).html).toContain("the demo accounts are on");
    await server.stop({ removeDatabase: false });
    server = undefined;
  }, 120_000);

  it("a later production start without it refuses them, ends their sessions and says so once", async () => {
    server = await startProductionServer({ port: PORT, databaseFile });
    const logged = await server.waitForOutput(
      /^\{.*"msg":"Demo accounts still hold their published passwords.*$/m,
    );
    const line = JSON.parse(logged[0]) as { level: string; msg: string; accounts: string[] };
    expect(line.level).toBe("warn");
    expect([...line.accounts].sort()).toEqual([...EMAILS].sort());
    expect(line.msg).toContain(RETIRE_COMMAND);

    // The session opened while they were on is gone.
    expect((await staffPage("/staff", adminCookie)).status).toBe(401);
    for (const account of ACCOUNTS) {
      const response = await login(account.email, account.password);
      expect(response.status, account.email).toBe(403);
      expect(await response.json()).toEqual({ success: false, message: DEMO_ACCOUNT_OFF_MESSAGE });
    }
    const page = await login("admin@example.com", "admin123", { form: true });
    expect(page.status).toBe(403);
    expect(page.headers.get("set-cookie")).toBeNull();
    expect(await page.text()).toContain(DEMO_ACCOUNT_OFF_MESSAGE);

    // A real admin's pages carry no banner; the log said it once.
    const { cookie } = await server.signedInUser({ role: "admin" });
    expect((await staffPage("/staff", cookie)).html).not.toContain("demo-banner");
    expect(server.output().split("Demo accounts still hold").length - 1).toBe(1);
  }, 120_000);
});
