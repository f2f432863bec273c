// Starts the real production build (`npm run build`, then `node scripts/start.mjs` with
// NODE_ENV=production) on its own port and database file, for the suites that talk to
// the site over HTTP: security, bad input, load, crash, and the benchmarks.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient, type User } from "@prisma/client";
import { createCookieSessionStorage } from "@remix-run/node";
import bcrypt from "bcryptjs";
import { TMP_DIR } from "./paths";

export const SESSION_SECRET = "production-test-session-secret";
export const TEST_PASSWORD = "secret123";

/** Builds the app into `.build-prod-<name>`; each suite builds its own, side by side. */
export function buildProduction(name: string | number): string {
  const buildDir = `.build-prod-${name}`;
  const result = spawnSync("npm", ["run", "build"], {
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir },
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(`npm run build failed:\n${result.stdout}\n${result.stderr}`);
  }
  return buildDir;
}

export type ProductionServer = Awaited<ReturnType<typeof startProductionServer>>;

/**
 * Serves `buildDir` on 127.0.0.1:`port` with a fresh, migrated and seeded database (or the
 * given one, for a restart). Everything it prints is kept in `output()`.
 */
export async function startProductionServer({
  port,
  buildDir,
  databaseFile = path.join(TMP_DIR, `prod-${port}-${randomBytes(4).toString("hex")}.db`),
  env = {},
}: {
  port: number;
  buildDir: string;
  databaseFile?: string;
  env?: Record<string, string>;
}) {
  mkdirSync(TMP_DIR, { recursive: true });
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
      DATABASE_URL: `file:${databaseFile}`,
      SESSION_SECRET,
      APP_URL: url,
      OUTBOX_DIR: path.join(TMP_DIR, `outbox-${port}`),
      // As the container runs it (Dockerfile).
      NODE_OPTIONS: "--max-old-space-size=160",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`Server on port ${port} exited (${child.exitCode}):\n${output}`);
    }
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Server on port ${port} did not become healthy:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  let prisma: PrismaClient | undefined;
  const db = () =>
    (prisma ??= new PrismaClient({
      adapter: new PrismaBetterSQLite3({ url: `file:${databaseFile}`, timeout: 5000 }),
    }));

  /** A new session for the user, as the app would create it: API token and browser cookie. */
  async function newSession(userId: string) {
    const token = randomBytes(32).toString("base64url");
    await db().session.create({
      data: {
        tokenHash: createHash("sha256").update(token).digest("hex"),
        userId,
        expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
      },
    });
    const storage = createCookieSessionStorage({
      cookie: { name: "__session", secrets: [SESSION_SECRET], path: "/" },
    });
    const session = await storage.getSession();
    session.set("token", token);
    const cookie = (await storage.commitSession(session)).split(";")[0]!;
    return { token, cookie };
  }

  return {
    url,
    port,
    buildDir,
    databaseFile,
    pid: child.pid!,
    /** Everything the server printed so far (the request log among it). */
    output: () => output,
    /** The structured request-log lines printed so far. */
    requestLog: () =>
      output
        .split("\n")
        .filter((line) => line.startsWith('{"time"') && line.includes('"msg":"request"'))
        .map((line) => JSON.parse(line) as RequestLogLine),
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
          passwordHash: await bcrypt.hash(TEST_PASSWORD, 10),
          userImage: "https://example.com/avatar.png",
          provider: "local",
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
      if (removeDatabase) {
        for (const suffix of ["", "-wal", "-shm", "-journal"]) {
          rmSync(databaseFile + suffix, { force: true });
        }
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
