import { copyFileSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { TestProject } from "vitest/node";
import { TMP_DIR } from "./paths";
import { migratedDatabaseFile } from "./migrated-db";
import {
  cloneDatabase,
  dropDatabase,
  migratedPostgresDatabase,
  testPostgresServer,
  uniqueDatabaseName,
} from "./postgres";
import { projectEngine } from "./template-db";
import { prepareDatabase } from "../../scripts/prepare-db.mjs";
import { ensureTestBuild } from "../../scripts/test-build.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * A database the run's build migrated and seeded, as `npm start` leaves a new one: a
     * SQLite file to copy, or the URL of a PostgreSQL database to clone.
     */
    seededDb: string;
  }
}

/** Runs the build's own start-up code (scripts/prepare-db.mjs: the bundled seed) on `url`. */
async function prepareWithBuild(url: string, buildDir: string) {
  // As a production start leaves a new database: no demo accounts.
  const saved = {
    DATABASE_URL: process.env.DATABASE_URL,
    DEMO_ACCOUNTS: process.env.DEMO_ACCOUNTS,
  };
  process.env.DATABASE_URL = url;
  process.env.DEMO_ACCOUNTS = "false";
  try {
    await prepareDatabase({
      seedScript: [process.execPath, path.join(buildDir, "seed.js")],
      upgradeScript: [process.execPath, path.join(buildDir, "data-upgrade.js")],
    });
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/**
 * The http project's suites all serve the run's one production build: made here, once.
 * Beside it, one database prepared by the build's own start-up code (scripts/prepare-db.mjs,
 * on a copy of the checkout's migrated database: the bundled seed): a server started on a fresh database
 * gets a copy of it instead of running the Prisma CLI and the seed (about 4 s of CPU) again.
 * On PostgreSQL the same, as a database on the run's server that each test server clones.
 */
export default async function setup(project: TestProject) {
  const buildDir = ensureTestBuild();
  if (projectEngine(project) === "postgresql") {
    const server = testPostgresServer();
    if (!server) throw new Error(`${project.name} needs TEST_POSTGRES_URL`);
    const seeded = await cloneDatabase(
      await migratedPostgresDatabase(server),
      uniqueDatabaseName("seeded"),
    );
    await prepareWithBuild(seeded, buildDir);
    project.provide("seededDb", seeded);
    return () => dropDatabase(seeded);
  }
  const seededDb = path.join(TMP_DIR, `seeded-${project.name}-${process.pid}.db`);
  copyFileSync(migratedDatabaseFile(), seededDb);
  await prepareWithBuild(`file:${seededDb}`, buildDir);
  // One self-contained file to copy: the write-ahead log folded in.
  const db = new Database(seededDb);
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  project.provide("seededDb", seededDb);
  return () => {
    for (const suffix of ["", "-wal", "-shm", "-journal"])
      rmSync(seededDb + suffix, { force: true });
  };
}
