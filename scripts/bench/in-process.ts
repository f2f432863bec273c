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

/**
 * The median wall time and the median CPU time of the process (ms) of `runs` runs of `work`,
 * and the fastest of each, after `warmUp` untimed runs. Where the work runs on this thread (SQLite through
 * better-sqlite3, Prisma's compiler, the charts), CPU time is the work itself, which a
 * shared machine's load hardly moves; wall time is what a user waits.
 */
export async function medianCost(work: () => Promise<unknown>, runs: number, warmUp = 5) {
  for (let i = 0; i < warmUp; i += 1) await work();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const usage = process.cpuUsage();
    await work();
    const used = process.cpuUsage(usage);
    wall.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  // The fastest run: the work least disturbed by the rest of the machine.
  return {
    wallMs: median(wall),
    cpuMs: median(cpu),
    fastestWallMs: Math.min(...wall),
    fastestCpuMs: Math.min(...cpu),
  };
}

/** The median wall time (ms) of `runs` runs of `work`, after `warmUp` untimed runs. */
export async function medianMs(work: () => Promise<unknown>, runs: number, warmUp = 5) {
  return (await medianCost(work, runs, warmUp)).wallMs;
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
  const { deliverDue } = await import("~/models/mail/outbox.server");
  const { closeMailTransports } = await import("~/infra/mail.server");
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
