import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { Cron } from "croner";
import {
  backupDueAtStart,
  backupFileName,
  backupHealth,
  backupsToRemove,
  backupTakenAt,
  type BackupEntry,
  type BackupHealth,
  type BackupInterval,
} from "~/infra/backup-rules";
import type {
  BackupWorkerAnswer,
  BackupWorkerJob,
  CheckedDatabase,
} from "~/infra/backup-worker.mjs";
import { databaseFile, type DatabaseEnv } from "~/infra/env.server";
import { workerScript } from "~/infra/worker-script.server";

export type BackupSettings = {
  databaseFile: string;
  backupDir: string;
  interval: BackupInterval;
  keepHourly: number;
  keepDaily: number;
};

export function backupSettings(env: DatabaseEnv): BackupSettings {
  return {
    databaseFile: databaseFile(env.DATABASE_URL),
    backupDir: env.BACKUP_DIR,
    interval: env.BACKUP_INTERVAL,
    keepHourly: env.BACKUP_KEEP_HOURLY,
    keepDaily: env.BACKUP_KEEP_DAILY,
  };
}

/** Backups that failed their check are moved here, and the newest few kept for a look. */
export const FAILED_DIR = "failed";
const KEEP_FAILED = 3;
/** A temporary file this old belongs to a backup that died with its process. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/** `clinic` for `data/clinic.db`: the start of every backup's name. */
function prefixOf(settings: BackupSettings) {
  return path.parse(settings.databaseFile).name;
}

// --- Off the event loop ----------------------------------------------------------------

/** The worker's script (app/infra/backup-worker.mjs): found once, on the first job. */
let backupWorker: URL | undefined;

/**
 * Runs one job on a worker thread of its own (app/infra/backup-worker.mjs: a copy and
 * check take seconds of synchronous SQLite work on a large database).
 */
function inWorker<T>(job: BackupWorkerJob): Promise<T> {
  const script = (backupWorker ??= workerScript("backup-worker"));
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(script, {
      workerData: job,
      // SQLite's pages live outside the JavaScript heap: the worker needs little of it.
      resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 },
    });
    let answer: T | undefined;
    worker.once("message", (message: T) => (answer = message));
    worker.once("error", reject);
    // Answered once the thread is gone, so its connections are closed before anyone moves
    // the files.
    worker.once("exit", (code) =>
      answer === undefined
        ? reject(new Error(`The backup worker stopped (exit code ${code}) without an answer`))
        : resolve(answer),
    );
  });
}

/** `PRAGMA integrity_check` of a database file, and whether it is this app's database. */
export async function checkDatabaseFile(file: string): Promise<CheckedDatabase> {
  return inWorker<CheckedDatabase>({ op: "check", file });
}

async function syncDirectory(directory: string) {
  const handle = await open(directory, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

// --- The files -------------------------------------------------------------------------

async function backupsIn(directory: string, prefix: string): Promise<BackupEntry[]> {
  const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  return names
    .map((name) => ({ name, takenAt: backupTakenAt(prefix, name) }))
    .filter((entry): entry is BackupEntry => entry.takenAt !== null)
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/** The good backups (newest first) and the ones that failed their check, with their paths. */
export async function listBackups(settings: BackupSettings) {
  const prefix = prefixOf(settings);
  const failedDir = path.join(settings.backupDir, FAILED_DIR);
  const withPath = (directory: string) => (entry: BackupEntry) => ({
    ...entry,
    file: path.join(directory, entry.name),
  });
  return {
    good: (await backupsIn(settings.backupDir, prefix)).map(withPath(settings.backupDir)),
    failed: (await backupsIn(failedDir, prefix)).map(withPath(failedDir)),
  };
}

async function removeAll(directory: string, entries: BackupEntry[]) {
  for (const entry of entries) await rm(path.join(directory, entry.name), { force: true });
}

/**
 * Applies the retention rule (BACKUP_KEEP_HOURLY, BACKUP_KEEP_DAILY) and removes the
 * temporary files of backups that died with their process. Returns the names removed.
 */
export async function pruneBackups(settings: BackupSettings, now = new Date()): Promise<string[]> {
  const prefix = prefixOf(settings);
  const doomed = backupsToRemove(await backupsIn(settings.backupDir, prefix), {
    hourly: settings.keepHourly,
    daily: settings.keepDaily,
  });
  await removeAll(settings.backupDir, doomed);
  for (const name of await readdir(settings.backupDir)) {
    if (!name.startsWith(`.${prefix}-`) || !name.endsWith(".tmp")) continue;
    const file = path.join(settings.backupDir, name);
    const info = await stat(file).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > ABANDONED_AFTER_MS) await rm(file, { force: true });
  }
  return doomed.map((entry) => entry.name);
}

/** Moves a backup that failed into failed/ (keeping the newest few), or removes it. */
async function setAsideFailed(settings: BackupSettings, temp: string, name: string) {
  const exists = await stat(temp).then(
    () => true,
    () => false,
  );
  if (!exists) return null;
  const failedDir = path.join(settings.backupDir, FAILED_DIR);
  try {
    await mkdir(failedDir, { recursive: true });
    const keptAs = path.join(failedDir, name);
    await rename(temp, keptAs);
    const older = (await backupsIn(failedDir, prefixOf(settings))).slice(KEEP_FAILED);
    await removeAll(failedDir, older);
    return keptAs;
  } catch {
    await rm(temp, { force: true });
    return null;
  }
}

export type BackupOutcome =
  | {
      ok: true;
      file: string;
      takenAt: Date;
      bytes: number;
      durationMs: number;
      /** Older backups the retention rule removed. */
      removed: string[];
      /** Why the retention rule could not run, if it could not (the backup still counts). */
      retentionError?: string;
    }
  | {
      ok: false;
      takenAt: Date;
      durationMs: number;
      /** What went wrong: integrity_check's findings, or the error. */
      problems: string[];
      /** Where the failed copy was kept, if one was written. */
      keptAs: string | null;
    };

/**
 * Takes one backup now: `VACUUM INTO` a temporary file beside the others (a consistent
 * copy, made while the server keeps serving), `PRAGMA integrity_check` on the copy, then
 * a rename to its final name, so a backup under its final name is always whole and sound.
 * A copy that fails its check goes to failed/. Then the retention rule runs.
 */
export async function takeBackup(
  settings: BackupSettings,
  takenAt = new Date(),
): Promise<BackupOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const name = backupFileName(prefixOf(settings), takenAt);
  const temp = path.join(settings.backupDir, `.${name}.${randomBytes(4).toString("hex")}.tmp`);
  let problems: string[];
  let bytes = 0;
  try {
    await mkdir(settings.backupDir, { recursive: true });
    const result = await inWorker<BackupWorkerAnswer>({
      op: "backup",
      source: settings.databaseFile,
      target: temp,
    });
    problems = result.problems;
    bytes = result.bytes;
  } catch (error) {
    problems = [error instanceof Error ? error.message : String(error)];
  }
  if (problems.length > 0) {
    const keptAs = await setAsideFailed(settings, temp, name);
    return { ok: false, takenAt, durationMs: elapsed(), problems, keptAs };
  }
  const file = path.join(settings.backupDir, name);
  await rename(temp, file);
  await syncDirectory(settings.backupDir);
  try {
    const removed = await pruneBackups(settings);
    return { ok: true, file, takenAt, bytes, durationMs: elapsed(), removed };
  } catch (error) {
    const retentionError = error instanceof Error ? error.message : String(error);
    return { ok: true, file, takenAt, bytes, durationMs: elapsed(), removed: [], retentionError };
  }
}

// --- The schedule ----------------------------------------------------------------------

type MonitorState = {
  since: Date;
  interval: BackupInterval;
  newestGood: Date | null;
  lastFailure: Date | null;
};

declare global {
  // What /healthz reads: kept across the dev server's rebuilds, which re-evaluate modules.
  var __backupMonitor: MonitorState | undefined;
}

/**
 * The backups as /healthz reports them, from memory (no file is read per request); null
 * when no schedule runs in this process.
 */
export function backupStatus(now = new Date()): BackupHealth | null {
  const state = globalThis.__backupMonitor;
  return state ? backupHealth(state, now) : null;
}

function logLine(level: "info" | "error", msg: string, fields: Record<string, unknown>) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === "error") console.error(line);
  else console.info(line);
}

/**
 * Takes a backup every BACKUP_INTERVAL, on the clock (UTC), and one at once when the newest
 * is older than an interval (or there is none). Started by the server (startBackgroundJobs
 * in app/entry.server.tsx), never by importing this module.
 */
export function startBackupSchedule(settings: BackupSettings) {
  const state: MonitorState = {
    since: new Date(),
    interval: settings.interval,
    newestGood: null,
    lastFailure: null,
  };
  globalThis.__backupMonitor = state;

  let running: Promise<void> | null = null;
  const run = () => {
    running ??= takeBackup(settings)
      .then((outcome) => {
        if (outcome.ok) {
          if (!state.newestGood || outcome.takenAt > state.newestGood) {
            state.newestGood = outcome.takenAt;
          }
          logLine("info", "backup", {
            file: outcome.file,
            takenAt: outcome.takenAt.toISOString(),
            bytes: outcome.bytes,
            durationMs: outcome.durationMs,
            removed: outcome.removed.length,
          });
          if (outcome.retentionError) {
            logLine("error", "backup retention failed", { problems: [outcome.retentionError] });
          }
        } else {
          state.lastFailure = outcome.takenAt;
          logLine("error", "backup failed", {
            takenAt: outcome.takenAt.toISOString(),
            durationMs: outcome.durationMs,
            problems: outcome.problems.slice(0, 3),
            keptAs: outcome.keptAs,
          });
        }
      })
      .catch((error: unknown) => {
        state.lastFailure = new Date();
        logLine("error", "backup failed", {
          problems: [error instanceof Error ? error.message : String(error)],
        });
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const job = new Cron(settings.interval.cron, { timezone: "UTC", unref: true }, () => {
    void run();
  });
  // The newest backup already there, read once; until then /healthz says "pending".
  const seeded = listBackups(settings)
    .then(({ good }) => {
      const newest = good[0]?.takenAt ?? null;
      if (newest && (!state.newestGood || newest > state.newestGood)) state.newestGood = newest;
      if (backupDueAtStart(state.newestGood, settings.interval, new Date())) return run();
    })
    .catch((error: unknown) => {
      logLine("error", "backup failed", {
        problems: [`Reading ${settings.backupDir}: ${(error as Error).message}`],
      });
    });

  return {
    /** Stops the schedule; a backup under way is finished first. */
    async stop() {
      job.stop();
      await seeded;
      await running;
      if (globalThis.__backupMonitor === state) globalThis.__backupMonitor = undefined;
    },
  };
}
