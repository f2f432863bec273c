// Starts the run's production build (scripts/test-build.mjs, made once by the http
// project's global setup) with `node scripts/start.mjs` and NODE_ENV=production, on its own
// port and database file, for the suites that talk to the site over HTTP: security, bad
// input, load and crash.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { PrismaClient, User } from "@prisma/client";
import { inject } from "vitest";
import { sessionCookieName } from "~/infra/cookie.server";
import { openDatabase } from "~/infra/database-engine.server";
import { commitTokenCookie, createSession } from "~/infra/session.server";
import { TMP_DIR } from "./paths";
import { cloneDatabase, dropDatabase, isPostgresUrl } from "./postgres";
import { TEST_BUILD_DIR } from "../../scripts/test-build.mjs";
import { passwordHashFor } from "./test-password";

export { TEST_PASSWORD } from "./test-password";

/** Every bucket of app/infra/rate-limit.server.ts out of the way, for suites that are one busy client on purpose. */
export const NO_RATE_LIMITS = {
  RATE_LIMIT_WRITES_PER_MINUTE: "1000000",
  RATE_LIMIT_SIGNIN_PER_MINUTE: "1000000",
  RATE_LIMIT_ACCOUNT_FAILURES_PER_15_MINUTES: "1000000",
  RATE_LIMIT_ACCOUNT_CHECKS_PER_15_MINUTES: "1000000",
  RATE_LIMIT_REGISTRATIONS_PER_HOUR: "1000000",
};

/**
 * The secret the servers sign cookies with: the one the app's cookie code in this test
 * process uses (tests/support/vitest-setup.ts), so cookies made here are the servers' own.
 */
export function sessionSecret(): string {
  const secret = process.env.SESSION_SECRET;
  if (!secret) throw new Error("SESSION_SECRET is not set: tests/support/vitest-setup.ts sets it");
  return secret;
}

export type ProductionServer = Awaited<ReturnType<typeof startProductionServer>>;

/**
 * Serves `buildDir` on 127.0.0.1:`port` with a fresh, migrated and seeded database (or the
 * given one, for a restart), and its own backup folder. Everything it prints is kept in
 * `output()`. The fresh database is a copy of the one the run's build prepared
 * (tests/support/http-build.ts), which the server's start-up finds up to date; a
 * `databaseFile` that does not exist yet is created by the server itself, migrations and
 * seed included, as `npm start` does. `beforeStart` may change the database first, through
 * a client of its own that is closed before the server opens the file (settings a server
 * reads once, such as the clinic's time zone, are written before it starts, not by a
 * start, a stop and a second start).
 *
 * In the PostgreSQL projects the seeded database is a PostgreSQL one: the server gets a clone
 * of it, and `databaseFile` is then its URL (a restart passes it back the same way).
 */
export async function startProductionServer({
  port,
  buildDir = TEST_BUILD_DIR,
  databaseFile,
  backupDir,
  env = {},
  beforeStart,
}: {
  port: number;
  buildDir?: string;
  databaseFile?: string;
  backupDir?: string;
  env?: Record<string, string>;
  beforeStart?: (db: PrismaClient) => Promise<unknown>;
}) {
  mkdirSync(TMP_DIR, { recursive: true });
  const seeded = inject("seededDb");
  if (!databaseFile && isPostgresUrl(seeded)) {
    const name = `${inject("databasePrefix")}_s${port}_${randomBytes(4).toString("hex")}`;
    databaseFile = await cloneDatabase(seeded, name);
  }
  if (!databaseFile) {
    databaseFile = path.join(TMP_DIR, `prod-${port}-${randomBytes(4).toString("hex")}.db`);
    if (seeded && existsSync(seeded) && buildDir === TEST_BUILD_DIR) {
      copyFileSync(seeded, databaseFile);
    }
  }
  const postgres = isPostgresUrl(databaseFile);
  const databaseUrl = postgres ? databaseFile : `file:${databaseFile}`;
  const openClient = () =>
    openDatabase({ url: databaseUrl, busyTimeoutMs: 5000, poolSize: 4 }).client;
  if (beforeStart) {
    const db = openClient();
    try {
      await beforeStart(db);
    } finally {
      await db.$disconnect();
    }
  }
  backupDir ??= postgres
    ? path.join(TMP_DIR, `backups-${port}-${randomBytes(4).toString("hex")}`)
    : `${databaseFile}-backups`;
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: sessionSecret(),
      APP_URL: url,
      OUTBOX_DIR: path.join(TMP_DIR, `outbox-${port}`),
      BACKUP_DIR: backupDir,
      // As the container runs it (Dockerfile).
      NODE_OPTIONS: "--max-old-space-size=160 --max-semi-space-size=8",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const outputWaiters: Array<() => void> = [];
  // Up once it says it listens (it migrates and seeds before that); bounded, for a busy machine.
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`Server on port ${port} did not start within 90 s:\n${output}`));
    }, 90_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      for (const wake of outputWaiters.splice(0)) wake();
      if (/listening on/i.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`Server on port ${port} exited (${code}):\n${output}`));
    });
  });
  await listening;
  const health = await fetch(`${url}/healthz`);
  if (!health.ok) {
    // Not handed to the caller, so stopped here: nothing else would stop it.
    const body = await health.text();
    child.kill("SIGKILL");
    await exited;
    throw new Error(`Server on port ${port} is not healthy (${health.status}): ${body}`);
  }

  let prisma: PrismaClient | undefined;
  const db = () => (prisma ??= openClient());

  function requestLog() {
    return output
      .split("\n")
      .filter((line) => line.startsWith('{"time"') && line.includes('"msg":"request"'))
      .map((line) => JSON.parse(line) as RequestLogLine);
  }

  /** A new session for the user, made by the app's session code: API token and browser cookie. */
  async function newSession(userId: string) {
    const { token, expiresAt } = await createSession(userId, db());
    const setCookie = await commitTokenCookie(new Request(url), token, expiresAt);
    // Made in a test process, named as the production server names it (only the value is signed).
    const value = setCookie.split(";")[0]!.split("=").slice(1).join("=");
    return { token, cookie: `${sessionCookieName("production")}=${value}` };
  }

  /** Waits (bounded) until the output matches, for lines the server prints on its own. */
  async function waitForOutput(pattern: RegExp, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = pattern.exec(output);
      if (match) return match;
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        throw new Error(`No output matching ${pattern} within ${timeoutMs} ms:\n${output}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        outputWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  return {
    url,
    port,
    buildDir,
    databaseFile,
    /** What the server was given as DATABASE_URL. */
    databaseUrl,
    backupDir,
    pid: child.pid!,
    /** Everything the server printed so far (the request log among it). */
    output: () => output,
    waitForOutput,
    /** The structured request-log lines printed so far. */
    requestLog,
    /** Waits (bounded) until the request log has a line that matches, and returns it. */
    async waitForRequestLog(match: (line: RequestLogLine) => boolean, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = requestLog().find(match);
        if (found) return found;
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error(`No matching request-log line within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, remaining);
          outputWaiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    exited,
    db,
    newSession,
    /** A user with the test password, signed in: its API token and browser cookie. */
    async signedInUser(overrides: Partial<User> = {}) {
      const unique = randomBytes(4).toString("hex");
      const user = await db().user.create({
        data: {
          name: `Load Patient ${unique}`,
          email: `patient-${unique}@example.com`,
          passwordHash: await passwordHashFor(),
          userImage: "https://example.com/avatar.png",
          provider: "local",
          emailVerifiedAt: new Date(),
          ...overrides,
        },
      });
      return { user, ...(await newSession(user.id)) };
    },
    kill(signal: NodeJS.Signals) {
      child.kill(signal);
      return exited;
    },
    /** Stops the server (SIGTERM), closes the test's own database handle. */
    async stop({ removeDatabase = true } = {}) {
      await prisma?.$disconnect();
      prisma = undefined;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(timer);
      }
      if (removeDatabase && postgres) await dropDatabase(databaseUrl);
      if (removeDatabase && !postgres) {
        for (const suffix of ["", "-wal", "-shm", "-journal", ".lock"]) {
          rmSync(databaseFile + suffix, { force: true });
        }
        rmSync(backupDir, { recursive: true, force: true });
      }
    },
  };
}

export type RequestLogLine = {
  time: string;
  level: string;
  msg: "request";
  method: string;
  path: string;
  status: number;
  durationMs: number;
  ip?: string;
  aborted?: boolean;
};
