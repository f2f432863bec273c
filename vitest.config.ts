import path from "node:path";
import { defineConfig } from "vitest/config";

// Projects, from the fast loop out: `npm run test:unit` (no database, no build, no
// server), `test:integration` (loaders, actions and /api routes on a SQLite copy per file)
// and `test:http` (the production build over real HTTP: projects http, then flood).
// `vitest run` runs them all.
const FLOOD = "tests/load/flood.test.ts";

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    pool: "threads",
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
          setupFiles: ["tests/support/vitest-setup.ts", "tests/support/console-guard.ts"],
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
          include: ["tests/{security,fuzz,load,crash,backup,mail}/**/*.test.ts"],
          exclude: [FLOOD],
          // The run's one production build (tests/support/http-build.ts), then the template.
          globalSetup: ["tests/support/http-build.ts", "tests/support/template-db.ts"],
          setupFiles: ["tests/support/vitest-setup.ts", "tests/support/console-guard.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          // The memory flood measures /healthz latency under the attack: it runs after
          // everything else, alone, so that the run's own suites do not share its cores.
          name: "flood",
          pool: "forks",
          include: [FLOOD],
          globalSetup: ["tests/support/http-build.ts", "tests/support/template-db.ts"],
          setupFiles: ["tests/support/vitest-setup.ts", "tests/support/console-guard.ts"],
          testTimeout: 240_000,
          hookTimeout: 180_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
