// PostgreSQL's side of the start-up (scripts/prepare-db.mjs): the database made when it is
// missing, and what the start has to do (migrate, upgrade data, seed), read in one visit.
// docs/operations/postgresql.md.
import path from "node:path";
import pg from "pg";
import { localMigrations, rowsLeaveWork } from "./migration-state.mjs";
import { isPostgresUrl, postgresSettings } from "./postgres-url.mjs";

export { isPostgresUrl };
import { UNMIGRATED_START } from "./upgrade-data.mjs";

export const POSTGRES_MIGRATIONS_DIR = path.join("prisma", "postgresql", "migrations");

/**
 * The SQL that makes a clinic's database: UTF-8 and the C collation, so text sorts and
 * compares byte by byte as SQLite's does (names in lists, the audit trail's search), and
 * case folds only ASCII, as SQLite's LIKE and lower() do.
 * @param {string} name
 */
export function createDatabaseSql(name) {
  return `CREATE DATABASE "${name.replace(/"/g, '""')}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`;
}

/**
 * Connects to the URL's database, making it first when it does not exist (through the
 * server's `postgres` database, with the same credentials).
 * @param {string} url
 */
export async function connectMakingDatabase(url) {
  const client = new pg.Client(postgresSettings(url));
  try {
    await client.connect();
    return client;
  } catch (error) {
    if (/** @type {{ code?: string }} */ (error).code !== "3D000") throw error;
  }
  const name = postgresSettings(url).database ?? "";
  const admin = new pg.Client(postgresSettings(url, "postgres"));
  await admin.connect();
  try {
    await admin.query(createDatabaseSql(name));
    console.info(`Made the PostgreSQL database "${name}"`);
  } catch (error) {
    // Another instance made it meanwhile.
    if (/** @type {{ code?: string }} */ (error).code !== "42P04") throw error;
  } finally {
    await admin.end();
  }
  const client2 = new pg.Client(postgresSettings(url));
  await client2.connect();
  return client2;
}

/**
 * What starting on this database has to do: run `migrate deploy` (skipped, as on SQLite,
 * when every migration is applied: the CLI costs 2-3 s of CPU), the data upgrades waiting,
 * and whether the catalogue is empty (then the seed runs).
 * @param {string} url
 * @returns {Promise<{ migrate: boolean, upgrades: number, empty: boolean }>}
 */
export async function preparePostgres(url) {
  const client = await connectMakingDatabase(url);
  try {
    const has = async (/** @type {string} */ table) =>
      (await client.query("SELECT to_regclass($1) IS NOT NULL AS found", [`"${table}"`])).rows[0]
        .found;
    const [{ datcollate }] = (
      await client.query("SELECT datcollate FROM pg_database WHERE datname = current_database()")
    ).rows;
    if (!/^(C|POSIX)(\.|$)/i.test(datcollate)) {
      console.warn(
        `The database's collation is ${datcollate}, not C: names sort otherwise than on SQLite (docs/operations/postgresql.md)`,
      );
    }
    let migrate = true;
    if (await has("_prisma_migrations")) {
      const { rows } = await client.query(
        "SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations",
      );
      migrate = rowsLeaveWork(localMigrations(POSTGRES_MIGRATIONS_DIR), rows);
    }
    let upgrades = 0;
    if ((await has("Appointment")) && (await has("PendingDataUpgrade"))) {
      const { rows } = await client.query(
        `SELECT (SELECT COUNT(*) FROM "Appointment" WHERE "startsAt" = $1)
              + (SELECT COUNT(*) FROM "PendingDataUpgrade") AS count`,
        [UNMIGRATED_START.replace("T", " ").replace("+00:00", "")],
      );
      upgrades = Number(rows[0].count);
    }
    const empty =
      !(await has("Product")) ||
      (await client.query(`SELECT NOT EXISTS (SELECT 1 FROM "Product") AS empty`)).rows[0].empty;
    return { migrate, upgrades, empty };
  } finally {
    await client.end();
  }
}
