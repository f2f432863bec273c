// `npm run db:copy` (scripts/db-copy.mjs, issue 33 item 4): a clinic's SQLite data moved to
// a PostgreSQL database, counts checked, a second run changing nothing, and a target holding
// rows the source does not refused whole. PostgreSQL only (vitest.config.ts, POSTGRES_ONLY).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresSettings } from "../../../scripts/postgres-url.mjs";
import { TMP_DIR } from "../../support/paths";
import { databaseUrl, dropDatabase, onServer, uniqueDatabaseName } from "../../support/postgres";

const server = process.env.TEST_POSTGRES_URL!;
const name = uniqueDatabaseName("copy");
const target = databaseUrl(server, name);
const dir = path.join(TMP_DIR, `db-copy-${process.pid}`);
const file = path.join(dir, "clinic.db");

function copy() {
  return spawnSync(
    process.execPath,
    ["scripts/db-copy.mjs", "--from", `file:${file}`, "--to", target],
    { encoding: "utf8" },
  );
}

async function onTarget<T>(sql: string): Promise<T[]> {
  const client = new pg.Client(postgresSettings(target));
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

beforeAll(() => {
  mkdirSync(dir, { recursive: true });
  execFileSync(process.execPath, ["node_modules/prisma/build/index.js", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: `file:${file}` },
    stdio: "ignore",
  });
  const db = new Database(file);
  db.prepare(
    `UPDATE "Dentist" SET "active" = 0, "name" = 'Dr. Copied' WHERE "id" = 'dentist-first'`,
  ).run();
  db.prepare(
    `INSERT INTO "User" ("id", "email", "name", "passwordHash", "createdAt", "updatedAt")
     VALUES ('user-copied', 'copied@example.com', 'Copied Patient', 'x', '2026-03-04T05:06:07.089+00:00', '2026-03-04T05:06:07.089+00:00')`,
  ).run();
  db.close();
  return onServer(server, (client) => client.query(`CREATE DATABASE "${name}"`));
}, 120_000);

afterAll(async () => {
  await dropDatabase(target);
  rmSync(dir, { recursive: true, force: true });
});

describe("npm run db:copy", () => {
  it("migrates the target and copies every row, values as they were", async () => {
    const run = copy();
    expect(run.stderr).not.toMatch(/Counts differ/);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/User: 1 -> 1/);
    const [dentist] = await onTarget<{ active: boolean; name: string }>(
      `SELECT "active", "name" FROM "Dentist" WHERE "id" = 'dentist-first'`,
    );
    expect(dentist).toEqual({ active: false, name: "Dr. Copied" });
    const [user] = await onTarget<{ createdAt: string }>(
      `SELECT to_char("createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS "createdAt" FROM "User"`,
    );
    expect(user).toEqual({ createdAt: "2026-03-04T05:06:07.089" });
  }, 120_000);

  it("changes nothing when run again", async () => {
    const before = await onTarget(`SELECT COUNT(*)::int AS n FROM "User"`);
    const run = copy();
    expect(run.status).toBe(0);
    expect(await onTarget(`SELECT COUNT(*)::int AS n FROM "User"`)).toEqual(before);
  }, 120_000);

  it("copies a clinic whose data upgrades are done, leaving the target none to do", async () => {
    // A clinic that has been started did the upgrades its migrations asked for; a fresh
    // target's migrations ask for them again.
    const db = new Database(file);
    db.prepare(`DELETE FROM "PendingDataUpgrade"`).run();
    db.close();
    await onTarget(
      `INSERT INTO "PendingDataUpgrade" ("name") VALUES ('form-templates') ON CONFLICT DO NOTHING`,
    );
    const run = copy();
    expect(run.stderr).not.toMatch(/Counts differ/);
    expect(run.status).toBe(0);
    expect(await onTarget(`SELECT "name" FROM "PendingDataUpgrade"`)).toEqual([]);
  }, 120_000);

  it("refuses a target holding rows the source does not, and copies nothing then", async () => {
    await onTarget(
      `INSERT INTO "Chair" ("id", "name", "active", "sortOrder") VALUES ('stray', 'Stray', true, 9)`,
    );
    const db = new Database(file);
    db.prepare(`UPDATE "Dentist" SET "name" = 'Dr. Renamed' WHERE "id" = 'dentist-first'`).run();
    db.close();
    const run = copy();
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Counts differ in Chair/);
    const [dentist] = await onTarget<{ name: string }>(
      `SELECT "name" FROM "Dentist" WHERE "id" = 'dentist-first'`,
    );
    expect(dentist).toEqual({ name: "Dr. Copied" });
  }, 120_000);
});
