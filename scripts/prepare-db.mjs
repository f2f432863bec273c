// Creates, migrates and (when empty) seeds the database named by DATABASE_URL: a SQLite
// file, or a PostgreSQL database (./postgres-db.mjs). Shared by `npm start`, `npm run dev`,
// the container and the test harnesses.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { narrowDatabaseFiles } from "./private-files.mjs";
import { localMigrations, rowsLeaveWork } from "./migration-state.mjs";
import { isPostgresUrl, preparePostgres } from "./postgres-db.mjs";
import { pendingDataUpgrades } from "./upgrade-data.mjs";

export const DEFAULT_DATABASE_URL = "file:./data/clinic.db";

export function databasePath(url) {
  return url.replace(/^file:/, "").split("?")[0];
}

function run(command, args, env) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) {
    throw new Error(`${[command, ...args].join(" ")} failed with exit code ${result.status}`);
  }
}

const MIGRATIONS_DIR = path.join("prisma", "migrations");

/**
 * Whether `prisma migrate deploy` has anything to do on `file`: true unless every migration
 * in prisma/migrations is recorded there as applied, with the same checksum, and nothing
 * else is (no failed, missing or foreign migration). Starting the Prisma CLI costs 2-3 s of
 * CPU even when it has nothing to do; when in doubt, it runs and decides.
 * @param {string} file
 */
export function migrationsPending(file) {
  if (!existsSync(file)) return true;
  const local = localMigrations(MIGRATIONS_DIR);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const table = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'",
      )
      .get();
    if (!table) return true;
    /** @type {Array<{ migration_name: string, checksum: string, finished_at: unknown, rolled_back_at: unknown }>} */
    const rows = db
      .prepare(
        "SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations",
      )
      .all();
    return rowsLeaveWork(local, rows);
  } finally {
    db.close();
  }
}

/**
 * @param {{ seedScript: string[], upgradeScript: string[] }} options the commands that seed
 *   and that run the data upgrades (tsx in development, the bundled ones in production)
 * @returns {Promise<void>}
 */
export async function prepareDatabase({ seedScript, upgradeScript }) {
  process.env.DATABASE_URL ||= DEFAULT_DATABASE_URL;
  const env = { ...process.env };
  if (isPostgresUrl(env.DATABASE_URL)) {
    const { migrate, upgrades, empty } = await preparePostgres(env.DATABASE_URL);
    if (migrate)
      run(process.execPath, ["node_modules/prisma/build/index.js", "migrate", "deploy"], env);
    const after = migrate ? await preparePostgres(env.DATABASE_URL) : { upgrades, empty };
    if (after.upgrades > 0) run(upgradeScript[0], upgradeScript.slice(1), env);
    if (after.empty && process.env.SEED_ON_START !== "false")
      run(seedScript[0], seedScript.slice(1), env);
    return;
  }
  const file = databasePath(env.DATABASE_URL);
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });

  if (migrationsPending(file)) {
    run(process.execPath, ["node_modules/prisma/build/index.js", "migrate", "deploy"], env);
  }

  narrowDatabaseFiles(file);
  const db = new Database(file);
  try {
    db.pragma("journal_mode = WAL");
    const upgrades = pendingDataUpgrades(db);
    const { count } = db.prepare("SELECT COUNT(*) AS count FROM Product").get();
    db.close();
    if (upgrades > 0) run(upgradeScript[0], upgradeScript.slice(1), env);
    if (count === 0 && process.env.SEED_ON_START !== "false")
      run(seedScript[0], seedScript.slice(1), env);
  } finally {
    if (db.open) db.close();
  }
}
