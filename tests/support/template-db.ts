import { copyFileSync, rmSync } from "node:fs";
import path from "node:path";
import bcrypt from "bcryptjs";
import type { TestProject } from "vitest/node";
import { migratedDatabaseFile } from "./migrated-db";
import { TMP_DIR } from "./paths";
import { dropDatabasesOf, migratedPostgresDatabase, testPostgresServer } from "./postgres";
import { TEST_HASH_COST, TEST_PASSWORD } from "./test-password";

declare module "vitest" {
  export interface ProvidedContext {
    /** A SQLite file to copy, or the URL of a PostgreSQL database to clone. */
    templateDb: string;
    /** PostgreSQL: what this run's test databases are named after, to drop them all at its end. */
    databasePrefix: string;
  }
}

const SQLITE_SUFFIXES = ["", "-wal", "-shm", "-journal"];
const removeDatabase = (file: string) => {
  for (const suffix of SQLITE_SUFFIXES) rmSync(file + suffix, { force: true });
};

/**
 * The bcrypt hash of the tests' common password, made once per run and handed to every test
 * file through the environment (tests/support/test-password.ts says why at its cost).
 */
let testPasswordHash: string | undefined;
function shareTestPasswordHash() {
  testPasswordHash ??= bcrypt.hashSync(TEST_PASSWORD, TEST_HASH_COST);
  process.env.TEST_PASSWORD_HASH = testPasswordHash;
}

/** The engine a project runs on: the `-postgresql` projects of vitest.config.ts, or SQLite. */
export function projectEngine(project: TestProject): "sqlite" | "postgresql" {
  return project.name.endsWith("-postgresql") ? "postgresql" : "sqlite";
}

/**
 * A template database per project and run, a copy of the checkout's migrated database
 * (tests/support/migrated-db.ts); each test file gets its own copy of it. On PostgreSQL the
 * template is the server's migrated database itself (tests/support/postgres.ts), which each
 * test file clones; the run's clones left behind are dropped at its end.
 */
export default async function setup(project: TestProject) {
  shareTestPasswordHash();
  if (projectEngine(project) === "postgresql") {
    const server = testPostgresServer();
    if (!server) throw new Error(`${project.name} needs TEST_POSTGRES_URL`);
    const prefix = `t${process.pid}${project.name.slice(0, 1)}`;
    project.provide("templateDb", await migratedPostgresDatabase(server));
    project.provide("databasePrefix", prefix);
    return () => dropDatabasesOf(server, `${prefix}\\_%`);
  }
  const templateDb = path.join(TMP_DIR, `template-${project.name}-${process.pid}.db`);
  copyFileSync(migratedDatabaseFile(), templateDb);
  project.provide("templateDb", templateDb);
  project.provide("databasePrefix", "");
  return () => removeDatabase(templateDb);
}
