// Starts the production build for a benchmark: `node scripts/start.mjs` with
// NODE_ENV=production on 127.0.0.1, its own database file and port; output to a log file.
import { spawn, spawnSync } from "node:child_process";
import { openSync, rmSync } from "node:fs";

export const SESSION_SECRET = "bench-session-secret";

export function build(buildDir) {
  const result = spawnSync("npm", ["run", "build"], {
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error("npm run build failed");
}

export function removeDatabase(file) {
  for (const suffix of ["", "-wal", "-shm", "-journal", ".lock"]) {
    rmSync(file + suffix, { force: true });
  }
  rmSync(`${file}-backups`, { recursive: true, force: true });
}

/** Starts a process and waits until `url` answers 200 (bounded). */
export async function startProcess({ command, args, env = {}, log, url, cwd }) {
  const out = openSync(log, "a");
  const child = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ["ignore", out, out],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited early: see ${log}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${url} did not answer: see ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/**
 * `nodeArgs`: flags for node itself (`--cpu-prof`, which NODE_OPTIONS may not carry); `cwd`:
 * another checkout to start (its own scripts, migrations and node_modules).
 */
export function startApp({ buildDir, port, databaseFile, log, env = {}, nodeArgs = [], cwd }) {
  return startProcess({
    cwd,
    command: process.execPath,
    args: [...nodeArgs, "scripts/start.mjs"],
    env: {
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${databaseFile}`,
      SESSION_SECRET,
      APP_URL: `http://127.0.0.1:${port}`,
      OUTBOX_DIR: `${databaseFile}-outbox`,
      BACKUP_DIR: `${databaseFile}-backups`,
      RATE_LIMIT_WRITES_PER_MINUTE: "1000000",
      RATE_LIMIT_SIGNIN_PER_MINUTE: "1000000",
      RATE_LIMIT_ACCOUNT_FAILURES_PER_15_MINUTES: "1000000",
      RATE_LIMIT_ACCOUNT_CHECKS_PER_15_MINUTES: "1000000",
      RATE_LIMIT_REGISTRATIONS_PER_HOUR: "1000000",
      // As the container runs it (Dockerfile).
      NODE_OPTIONS: "--max-old-space-size=160 --max-semi-space-size=8",
      ...env,
    },
    log,
    url: `http://127.0.0.1:${port}/healthz`,
  });
}

/**
 * Forgets the days the report triggers marked while a benchmark filled the appointment
 * table through SQL (ADR 036): working out 200,000 visits' days again is a one-off of
 * minutes that a clinic's server did long ago, and it would run in the background of the
 * benchmark's server, under whatever it measures. No benchmark that calls this reads a
 * report table.
 */
export function forgetFilledReportDays(db) {
  db.prepare('DELETE FROM "ReportDirtyDay"').run();
}
