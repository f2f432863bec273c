// Writes a new migration, for both engines, from the difference between the migrations so
// far and prisma/schema.prisma (docs/decisions/051-postgresql.md):
// - SQLite (prisma/migrations): `prisma migrate dev` cannot run with the WebAssembly
//   engine, and `migrate diff` cannot read a database through a driver adapter, so: apply
//   the migrations to a scratch database, pull its schema, and diff two datamodels.
// - PostgreSQL (prisma/postgresql/migrations): the schema generated again from the SQLite
//   one (scripts/postgres-schema.mjs), then `migrate diff --from-migrations`, which replays
//   the history on a shadow database of a PostgreSQL server: POSTGRES_URL's (a superuser's
//   URL), else a throwaway cluster started for the purpose (scripts/postgres-cluster.mjs).
// Both folders get the same name. SQL added by hand to one (a trigger, a CHECK, rows) must be
// written for the other too: the tests run on both engines.
// Usage: npm run db:new-migration -- <name>
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { POSTGRES_MIGRATIONS_DIR } from "./postgres-db.mjs";
import { postgresInstalled, startCluster, stopCluster } from "./postgres-cluster.mjs";
import { POSTGRES_SCHEMA, postgresSchema, SQLITE_SCHEMA } from "./postgres-schema.mjs";
import { postgresSettings } from "./postgres-url.mjs";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_").toLowerCase();
if (!name) {
  console.error("Usage: npm run db:new-migration -- <name>");
  process.exit(1);
}

const prisma = ["node_modules/prisma/build/index.js"];
const EMPTY = /^-- This is an empty migration\.\s*$/;

function sqliteDifference(scratch) {
  const env = { ...process.env, DATABASE_URL: `file:${path.join(scratch, "scratch.db")}` };
  execFileSync(process.execPath, [...prisma, "migrate", "deploy"], { env, stdio: "inherit" });
  const pulled = execFileSync(process.execPath, [...prisma, "db", "pull", "--print"], {
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const current = path.join(scratch, "current.prisma");
  writeFileSync(current, pulled.slice(pulled.indexOf("generator ")));
  return execFileSync(
    process.execPath,
    [
      ...prisma,
      "migrate",
      "diff",
      "--from-schema-datamodel",
      current,
      "--to-schema-datamodel",
      SQLITE_SCHEMA,
      "--script",
    ],
    { env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
}

/** The PostgreSQL history against the generated schema, on `serverUrl`'s server. */
async function postgresDifference(serverUrl) {
  const database = `clinic_new_migration_${process.pid}`;
  const admin = new pg.Client(postgresSettings(serverUrl));
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    return execFileSync(
      process.execPath,
      [
        ...prisma,
        "migrate",
        "diff",
        "--from-migrations",
        POSTGRES_MIGRATIONS_DIR,
        "--to-schema-datamodel",
        POSTGRES_SCHEMA,
        "--script",
      ],
      {
        env: { ...process.env, DATABASE_URL: url.href },
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  }
}

async function withPostgresServer(work) {
  if (process.env.POSTGRES_URL) return work(process.env.POSTGRES_URL);
  if (!postgresInstalled()) {
    throw new Error(
      "Writing PostgreSQL's migration needs a PostgreSQL server: set POSTGRES_URL to a superuser's URL, or install Debian's postgresql package",
    );
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "clinic-pg-"));
  const port = 20000 + (process.pid % 20000);
  try {
    return await work(startCluster({ dir, port }));
  } finally {
    stopCluster(dir);
  }
}

const isEmpty = (sql) => !sql.trim() || EMPTY.test(sql.trim());

const scratch = mkdtempSync(path.join(os.tmpdir(), "clinic-migration-"));
try {
  writeFileSync(POSTGRES_SCHEMA, postgresSchema(readFileSync(SQLITE_SCHEMA, "utf8")));
  const sqlite = sqliteDifference(scratch);
  const postgres = await withPostgresServer(postgresDifference);
  if (isEmpty(sqlite) && isEmpty(postgres)) {
    console.info("The schema matches the migrations: nothing to write.");
    process.exit(0);
  }
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  for (const [root, sql] of [
    [path.join("prisma", "migrations"), sqlite],
    [POSTGRES_MIGRATIONS_DIR, postgres],
  ]) {
    const dir = path.join(root, `${stamp}_${name}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "migration.sql"), isEmpty(sql) ? "-- Nothing to change.\n" : sql);
    console.info(`Wrote ${dir}/migration.sql`);
  }
  console.info(
    "Review both. SQL written by hand into one (a trigger, a CHECK, rows) belongs in the other too.",
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
