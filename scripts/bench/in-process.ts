// What the in-process benchmarks (outbox, reminders, waitlist, recall, reports, reviews)
// share: a freshly migrated database file, the app's DateTime text, a child process per
// database (one Prisma client each, as the server has), the median of timed runs, and the
// delivery of every due mail to a real SMTP server on loopback.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

const SQLITE_SUFFIXES = ["", "-wal", "-shm", "-journal"];
const MIGRATIONS = "prisma/migrations";

/** A name for the migrations as they are: their folders and their SQL. */
function migrationsKey(): string {
  const hash = createHash("sha256");
  for (const entry of readdirSync(MIGRATIONS, { withFileTypes: true })
    .filter((child) => child.isDirectory())
    .map((child) => child.name)
    .sort()) {
    hash.update(`${entry}\0`);
    hash.update(readFileSync(path.join(MIGRATIONS, entry, "migration.sql")));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * A database the Prisma CLI migrated (2-3 s of CPU a run), made once for the checkout's
 * migrations and kept in tests/.tmp, so a benchmark run migrates once, not once per
 * database of every script.
 */
function migratedTemplate(): string {
  const template = path.resolve("tests/.tmp", `bench-migrated-${migrationsKey()}.db`);
  if (existsSync(template)) return template;
  mkdirSync(path.dirname(template), { recursive: true });
  const next = `${template}.${process.pid}.next`;
  for (const suffix of SQLITE_SUFFIXES) rmSync(`${next}${suffix}`, { force: true });
  execFileSync(process.execPath, ["node_modules/prisma/build/index.js", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: `file:${next}` },
    stdio: "ignore",
  });
  // One self-contained file: the write-ahead log folded in before it is copied.
  const db = new Database(next);
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  renameSync(next, template);
  for (const suffix of SQLITE_SUFFIXES.slice(1)) rmSync(`${next}${suffix}`, { force: true });
  return template;
}

/** A new migrated database at `file` (a copy of the template), opened with better-sqlite3 (WAL). */
export function migratedDatabase(file: string): Database.Database {
  for (const suffix of SQLITE_SUFFIXES) rmSync(`${file}${suffix}`, { force: true });
  mkdirSync(path.dirname(file), { recursive: true });
  copyFileSync(migratedTemplate(), file);
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  return db;
}

/** As the Prisma adapter stores a DateTime: ISO text with an explicit offset. */
export const storedInstant = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");

/**
 * Runs `script` again in a child process on the database `file` (`mode` and the file as
 * its arguments) and reads the JSON line it prints last.
 */
export function inChild(script: string, mode: string, file: string): Record<string, number> {
  const output = execFileSync(process.execPath, ["--import", "tsx", script, mode, file], {
    env: { ...process.env, NODE_ENV: "test", DATABASE_URL: `file:${file}` },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(output.trim().split("\n").at(-1)!) as Record<string, number>;
}

/** The median of `runs` timings (ms) of `work`, after `warmUp` untimed runs. */
export async function medianMs(work: () => Promise<unknown>, runs: number, warmUp = 5) {
  for (let i = 0; i < warmUp; i += 1) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/**
 * Delivers everything due at `now` in this process's database with the outbox's own code
 * (`deliverDue`, in batches of 50) to a fresh SMTP server on loopback: the time the
 * delivery took, how many were sent, and the subjects the server received.
 */
export async function deliverAllDue(now: () => Date) {
  const { startSmtpSink } = await import("../../tests/support/smtp-sink");
  const sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  const { deliverDue } = await import("~/models/outbox.server");
  const { closeMailTransports } = await import("~/utils/mail.server");
  const started = performance.now();
  let delivered = 0;
  for (;;) {
    const batch = await deliverDue(now(), { limit: 50 });
    delivered += batch.sent;
    if (batch.claimed === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  closeMailTransports();
  await sink.idle();
  await sink.close();
  return { delivered, seconds, subjects: sink.messages.map((mail) => mail.subject) };
}
