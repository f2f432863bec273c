// What the in-process benchmarks (outbox, reminders, waitlist, recall, reports, reviews)
// share: a freshly migrated database file, the app's DateTime text, a child process per
// database (one Prisma client each, as the server has), the median of timed runs, and the
// delivery of every due mail to a real SMTP server on loopback.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { migratedDatabaseFile } from "../../tests/support/migrated-db";

const SQLITE_SUFFIXES = ["", "-wal", "-shm", "-journal"];

/**
 * A new migrated database at `file`, opened with better-sqlite3 (WAL): a copy of the
 * checkout's migrated database (tests/support/migrated-db.ts), so a benchmark run migrates
 * once, not once per database of every script.
 */
export function migratedDatabase(file: string): Database.Database {
  for (const suffix of SQLITE_SUFFIXES) rmSync(`${file}${suffix}`, { force: true });
  mkdirSync(path.dirname(file), { recursive: true });
  copyFileSync(migratedDatabaseFile(), file);
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
