// `npm test`: every check CI runs, cheapest first, with the time each step took.
//   1. typecheck, lint and the one production build the HTTP suites and Playwright share
//      (scripts/test-build.mjs), side by side: the first two are single-threaded and the
//      build takes a few seconds of CPU, so it fits beside them on two cores;
//   2. Vitest: the unit, integration and http projects, on SQLite;
//   3. Playwright (on SQLite) and, beside it, Vitest on PostgreSQL
//      (docs/decisions/051-postgresql.md): the integration-postgresql and http-postgresql
//      projects, on TEST_POSTGRES_URL's server or a throwaway cluster started here on
//      127.0.0.1 (scripts/postgres-cluster.mjs) and removed when they end. Without
//      PostgreSQL's programs (a laptop) the run says so and stays on SQLite; with CI=true
//      that is a failure. Playwright waits on the browser and the server about half of its
//      time on two cores, which the PostgreSQL files fill; after the SQLite step, not beside
//      it, as both Vitest runs use the same ports (Playwright's are its own).
// Stops at the first step that fails. Arguments are not passed on: run a step on its own
// for that (npm run test:unit, test:integration, test:http, test:e2e).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { testPorts } from "../tests/support/ports.mjs";
import { postgresInstalled, startCluster, stopCluster } from "./postgres-cluster.mjs";

/**
 * CPU seconds (user + system) of this process's finished children and their own finished
 * children, from /proc (Linux; null elsewhere): the difference around a step is the CPU the
 * step used, a figure a busy machine does not inflate the way it does wall time.
 */
function childrenCpuSeconds() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // Fields after the command name (in parentheses): state is field 3, cutime 16, cstime 17.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const CLOCK_TICKS_PER_SECOND = 100;
    return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * Runs one command; a quiet one's output is printed whole when it ends, so two commands
 * side by side never interleave their lines.
 * @param {string} command @param {{ quiet?: boolean, env?: Record<string, string> }} [options]
 */
function run(command, { quiet = false, env = {} } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      env: { ...process.env, ...env },
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("exit", (code, signal) => {
      const result = {
        command,
        code: code ?? (signal ? 1 : 0),
        seconds: (performance.now() - started) / 1000,
      };
      if (quiet) {
        console.info(`\n> ${command} (exit ${result.code})`);
        process.stdout.write(output);
      }
      resolve(result);
    });
  });
}

const NO_POSTGRES =
  "PostgreSQL is not installed (apt-get install -y postgresql): the suites run on SQLite only.";
const postgresServer = process.env.TEST_POSTGRES_URL || null;
const withPostgres = Boolean(postgresServer) || postgresInstalled();
if (!withPostgres) {
  if (process.env.CI === "true") {
    console.error(`${NO_POSTGRES.split(":")[0]}: CI runs the suites on both engines.`);
    process.exit(1);
  }
  console.info(NO_POSTGRES);
}

/** The run's PostgreSQL server: TEST_POSTGRES_URL's, else a cluster of its own until the end. */
let cluster = null;
function postgresUrl() {
  if (postgresServer) return postgresServer;
  cluster = mkdtempSync(path.join(os.tmpdir(), "clinic-test-pg-"));
  return startCluster({ dir: cluster, port: testPorts().postgres });
}
function stopPostgres() {
  if (cluster) stopCluster(cluster);
  cluster = null;
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopPostgres();
    process.exit(1);
  });
}

/**
 * @typedef {{ command: string, quiet?: boolean, postgres?: boolean }} Command
 * @type {{ name: string, commands: Command[] }[]}
 */
const steps = [
  {
    name: "typecheck + lint + build",
    commands: [
      { command: "npm run typecheck", quiet: true },
      { command: "npm run lint", quiet: true },
      { command: "node scripts/test-build.mjs", quiet: true },
    ],
  },
  {
    name: "vitest",
    commands: [{ command: "npx vitest run --project unit --project integration --project http" }],
  },
  {
    name: withPostgres ? "playwright + vitest on PostgreSQL" : "playwright",
    commands: [
      { command: "npx playwright test" },
      ...(withPostgres
        ? [
            {
              command: "npx vitest run --project integration-postgresql --project http-postgresql",
              quiet: true,
              postgres: true,
            },
          ]
        : []),
    ],
  },
];

/** The PostgreSQL files' settings: the run's server, and which files (vitest.config.ts). */
function postgresEnv() {
  return {
    TEST_POSTGRES_URL: postgresUrl(),
    // The files whose code differs by engine (vitest.config.ts, POSTGRES_SUITES).
    TEST_POSTGRES_SUBSET: process.env.TEST_POSTGRES_ALL === "1" ? "0" : "1",
  };
}

const times = [];
const started = performance.now();
let failed = false;
for (const step of steps) {
  console.info(`\n> ${step.commands.map((c) => c.command).join("  &  ")}`);
  const cpuBefore = childrenCpuSeconds();
  let envs;
  try {
    envs = step.commands.map((c) => (c.postgres ? postgresEnv() : {}));
  } catch (error) {
    console.error("Starting PostgreSQL for the tests failed:", error);
    stopPostgres();
    failed = true;
    break;
  }
  const results = await Promise.all(
    step.commands.map((c, i) => {
      const result = run(c.command, { quiet: c.quiet, env: envs[i] });
      return c.postgres ? result.finally(stopPostgres) : result;
    }),
  );
  const cpuAfter = childrenCpuSeconds();
  for (const result of results) {
    times.push(
      `${result.command}: ${result.seconds.toFixed(1)} s${result.code ? " (failed)" : ""}`,
    );
  }
  if (cpuBefore !== null && cpuAfter !== null) {
    times.push(`  ${step.name}: ${(cpuAfter - cpuBefore).toFixed(1)} s of CPU`);
  }
  if (results.some((result) => result.code !== 0)) {
    failed = true;
    break;
  }
}
console.info(`\nnpm test ${failed ? "failed" : "passed"}:`);
for (const line of times) console.info(`  ${line}`);
const cpu = childrenCpuSeconds();
console.info(
  `  total: ${((performance.now() - started) / 1000).toFixed(1)} s${cpu === null ? "" : ` (${cpu.toFixed(1)} s of CPU)`}`,
);
process.exit(failed ? 1 : 0);
