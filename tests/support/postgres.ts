// The test suites' PostgreSQL (docs/decisions/051-postgresql.md): a server named by
// TEST_POSTGRES_URL (a superuser's URL; a throwaway one from
// scripts/postgres-cluster.mjs), where each test file and each test server gets its own
// database, cloned from a migrated template (CREATE DATABASE ... TEMPLATE), as on SQLite
// each gets its own copy of a migrated file.
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { createDatabaseSql, POSTGRES_MIGRATIONS_DIR } from "../../scripts/postgres-db.mjs";
import { isPostgresUrl, postgresSettings } from "../../scripts/postgres-url.mjs";

export { isPostgresUrl };

/** The server the PostgreSQL projects run on, or null when the run has none. */
export function testPostgresServer(): string | null {
  return process.env.TEST_POSTGRES_URL || null;
}

/** The URL of database `name` on the server `url` names. */
export function databaseUrl(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.href;
}

/** The database a URL names. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/** Runs `work` on a connection to the server's `postgres` database. */
export async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client(postgresSettings(url, "postgres"));
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A new database named `name`, a copy of the template `templateUrl` names; its URL. */
export async function cloneDatabase(templateUrl: string, name: string): Promise<string> {
  await onServer(templateUrl, (client) =>
    client.query(`CREATE DATABASE ${quoted(name)} TEMPLATE ${quoted(databaseName(templateUrl))}`),
  );
  return databaseUrl(templateUrl, name);
}

/** Drops the database, ending whatever sessions are still on it. */
export async function dropDatabase(url: string): Promise<void> {
  await onServer(url, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${quoted(databaseName(url))} WITH (FORCE)`),
  );
}

/** A short name no other test database of this run takes. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(5).toString("hex")}`;
}

/** A name for the PostgreSQL history as it is: its folders and their SQL. */
function migrationsKey(): string {
  const hash = createHash("sha256");
  const folders = readdirSync(POSTGRES_MIGRATIONS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const folder of folders) {
    hash.update(`${folder}\0`);
    hash.update(readFileSync(path.join(POSTGRES_MIGRATIONS_DIR, folder, "migration.sql")));
  }
  return hash.digest("hex").slice(0, 16);
}

/** Any number: the session-level advisory lock the runs take while they make a template. */
const TEMPLATE_LOCK = 4_633_001;

/**
 * The URL of a database the Prisma CLI migrated to the checkout's PostgreSQL history, made
 * once per history on the server (as tests/support/migrated-db.ts keeps one SQLite file):
 * every test database is cloned from it, so never connect to it for anything else.
 */
export async function migratedPostgresDatabase(serverUrl: string): Promise<string> {
  const name = `clinic_migrated_${migrationsKey()}`;
  return onServer(serverUrl, async (client) => {
    await client.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    try {
      const { rows } = await client.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'clinic\\_migrated\\_%'",
      );
      if (rows.some((row) => row.datname === name)) return databaseUrl(serverUrl, name);
      const next = `${name}_next`;
      await client.query(`DROP DATABASE IF EXISTS ${quoted(next)}`);
      await client.query(createDatabaseSql(next));
      execFileSync(process.execPath, ["node_modules/prisma/build/index.js", "migrate", "deploy"], {
        env: { ...process.env, DATABASE_URL: databaseUrl(serverUrl, next) },
        stdio: "pipe",
      });
      await client.query(`ALTER DATABASE ${quoted(next)} RENAME TO ${quoted(name)}`);
      // The templates of histories that are no longer the checkout's.
      for (const { datname } of rows) {
        // Another run may be cloning it still: it goes with a later run then.
        await client.query(`DROP DATABASE ${quoted(datname)}`).catch(() => undefined);
      }
      return databaseUrl(serverUrl, name);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [TEMPLATE_LOCK]);
    }
  });
}

/** Drops this process's test databases that are still there (a file that did not finish). */
export async function dropDatabasesOf(serverUrl: string, pattern: string): Promise<void> {
  await onServer(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE $1",
      [pattern],
    );
    for (const { datname } of rows) {
      await client.query(`DROP DATABASE IF EXISTS ${quoted(datname)} WITH (FORCE)`);
    }
  });
}

/**
 * A pool on the test file's database standing for another instance of the app. The file's
 * database is dropped as it ends, which ends the pool's connections (57P01) as a restart
 * would; the app's pools take that in their stride (~/infra/postgres-adapter.server), and
 * so does this one. End it in the file's `afterAll`.
 */
export function otherInstancePool(max: number): pg.Pool {
  const pool = new pg.Pool({ ...postgresSettings(process.env.DATABASE_URL!), max });
  pool.on("error", (error: Error & { code?: string }) => {
    if (error.code !== "57P01") throw error;
  });
  return pool;
}
