import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import LongFirstSequencer from "./tests/support/sequencer";

/**
 * Files the PostgreSQL projects leave out, each for a reason of SQLite's own: they test the
 * SQLite file, its adapter or what only a single process on one file has (the in-app backup
 * and restore, the lock file, better-sqlite3 handles).
 */
const SQLITE_ONLY: Record<string, string> = {
  "tests/integration/infra/backup.test.ts": "the in-app backup and restore copy the SQLite file",
  "tests/backup/backup.test.ts": "the in-app backup, off on PostgreSQL",
  "tests/integration/infra/sqlite-adapter.test.ts": "ClinicSqlite itself",
  "tests/integration/infra/database-busy.test.ts": "SQLite's busy timeout and its write lock",
  "tests/integration/scripts/prepare-db.test.ts": "the start-up's shortcut reads the SQLite file",
  "tests/integration/infra/read-cache-tables.test.ts":
    "reads the tables a query touches from SQLite's EXPLAIN bytecode (the same code on both)",
  "tests/integration/booking/upgrade-data.test.ts":
    "SQLite databases from before the PostgreSQL history",
};

/**
 * Files only the PostgreSQL projects run: what several instances on one database share,
 * which SQLite (one process on one file) has no second instance to show.
 */
const POSTGRES_ONLY: Record<string, string> = {
  "tests/integration/infra/shared-rate-limits.test.ts": "two instances' pools count one bucket",
  "tests/integration/infra/shared-bounds.test.ts":
    "two instances count one bound of patients read and one cap of texts",
  "tests/integration/scripts/db-copy.test.ts": "copies a SQLite file into a PostgreSQL database",
  "tests/load/two-instances.test.ts": "two production servers on one database",
};

/**
 * What `npm test` runs on PostgreSQL (docs/decisions/051-postgresql.md, "Tests on both"): the
 * files whose code differs by engine or leans on the database's concurrency: raw SQL and its
 * dialects (reports, recall dates, the diary's and free times' holds, the diary's alerts), the advisory locks
 * (racing bookings, caps, waiting-list offers, families), the outbox claim and the sweeps on
 * their leases, the caches' generations, shared rate limits and sessions, case-insensitive
 * searches, plpgsql triggers (signed forms, report days), text PostgreSQL cannot store (a null
 * character), the copy from SQLite, and the two
 * instances (their outbox, one killed, stands for the one server's outbox crash). The rest
 * is the same Prisma code on either engine and runs on SQLite (the whole suite twice is
 * over the 15 minutes). scripts/test.mjs asks for this list with TEST_POSTGRES_SUBSET=1
 * (not with TEST_POSTGRES_ALL=1); a run by hand gets every file.
 */
const POSTGRES_SUITES: Record<string, string[]> = {
  integration: [
    "tests/integration/infra/{cache-generations,rate-limits,shared-rate-limits,shared-bounds,session-cache,transactions}.test.ts",
    "tests/integration/booking/{concurrency,core,first-free-times,first-free-month,diary}.test.ts",
    "tests/integration/{reports,recall,waitlist,family}/*.test.ts",
    "tests/integration/mail/{outbox,reminders}.test.ts",
    "tests/integration/patients/{records,need-to-know}.test.ts",
    "tests/integration/audit/search.test.ts",
    "tests/integration/forms/submit.test.ts",
    "tests/integration/http/null-characters.test.ts",
    "tests/integration/scripts/db-copy.test.ts",
  ],
  http: ["tests/load/two-instances.test.ts"],
};
const postgresSubset = process.env.TEST_POSTGRES_SUBSET === "1";

// Projects, from the fast loop out: `npm run test:unit` (no database, no build, no
// server), `test:integration` (loaders, actions and /api routes on a SQLite copy per file)
// and `test:http` (the production build over real HTTP). `vitest run` runs them all: the
// unit and integration files in threads and the http files in processes, side by side.

const integration = {
  extends: true,
  test: {
    name: "integration",
    include: ["tests/integration/**/*.test.{ts,tsx}"],
    exclude: ["**/node_modules/**", ...Object.keys(POSTGRES_ONLY)],
    globalSetup: ["tests/support/template-db.ts"],
    setupFiles: [
      "tests/support/vitest-setup.ts",
      "tests/support/visit-subscribers.ts",
      "tests/support/console-guard.ts",
    ],
    // Generous for a busy machine; a test that hangs still fails.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
} satisfies TestProjectInlineConfiguration;

const http = {
  extends: true,
  test: {
    name: "http",
    // A process per file: autocannon (tests/support/load.ts) sums up its figures only
    // on a main thread, and these files mostly wait on their servers anyway.
    pool: "forks",
    // The memory flood (tests/load/flood.test.ts) among them: it asserts memory and
    // answers, which do not depend on the machine's load, and only prints its
    // /healthz latency, so it no longer waits for the end of the run to run alone.
    include: ["tests/{security,fuzz,load,crash,backup,mail}/**/*.test.ts"],
    exclude: ["**/node_modules/**", ...Object.keys(POSTGRES_ONLY)],
    // The run's one production build (tests/support/http-build.ts), then the template.
    globalSetup: ["tests/support/http-build.ts", "tests/support/template-db.ts"],
    setupFiles: ["tests/support/vitest-setup.ts", "tests/support/console-guard.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
} satisfies TestProjectInlineConfiguration;

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    pool: "threads",
    sequence: { sequencer: LongFirstSequencer },
    testTimeout: 30_000,
    // The http suites mostly wait on their servers: two files at a time keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/support/console-guard.ts"],
        },
      },
      integration,
      http,
      // The same suites on PostgreSQL (docs/decisions/051-postgresql.md), when the run has a
      // server (TEST_POSTGRES_URL; `npm test` starts one and asks for POSTGRES_SUITES), each
      // file on its own clone of a migrated template database, each test server on its own.
      ...(process.env.TEST_POSTGRES_URL ? [integration, http] : []).map((project) => ({
        ...project,
        test: {
          ...project.test,
          name: `${project.test.name}-postgresql`,
          include: postgresSubset ? POSTGRES_SUITES[project.test.name] : project.test.include,
          exclude: ["**/node_modules/**", ...Object.keys(SQLITE_ONLY)],
        },
      })),
    ],
  },
});
