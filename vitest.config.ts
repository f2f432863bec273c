import path from "node:path";
import { defineConfig } from "vitest/config";
import LongFirstSequencer from "./tests/support/sequencer";

// Projects, from the fast loop out: `npm run test:unit` (no database, no build, no
// server), `test:integration` (loaders, actions and /api routes on a SQLite copy per file)
// and `test:http` (the production build over real HTTP). `vitest run` runs them all: the
// unit and integration files in threads and the http files in processes, side by side.

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
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
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
      },
      {
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
          // The run's one production build (tests/support/http-build.ts), then the template.
          globalSetup: ["tests/support/http-build.ts", "tests/support/template-db.ts"],
          setupFiles: ["tests/support/vitest-setup.ts", "tests/support/console-guard.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
