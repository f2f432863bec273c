// @ts-check
// The backup worker thread (app/infra/backup.server.ts starts one per job): copying and
// checking a database take seconds on a large one, all of it synchronous SQLite work, so
// it runs here, with its own connection, at the lowest OS priority, and answers once.
// Plain JavaScript that TypeScript checks (the line above), so that the same file runs
// from the source tree (tests) and from the build (scripts/build-server.mjs copies it
// beside the bundles), with no compiler in between.
import fs from "node:fs";
import os from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

/**
 * @typedef {{ op: "backup", source: string, target: string } | { op: "check", file: string }} BackupWorkerJob
 * @typedef {{ problems: string[], isClinicDatabase: boolean }} CheckedDatabase
 * @typedef {CheckedDatabase & { bytes: number }} BackupWorkerAnswer
 */

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : String(error));

/**
 * `PRAGMA integrity_check` of a file, and whether it is this app's database.
 * @param {string} file
 * @returns {CheckedDatabase}
 */
function check(file) {
  /** @type {Database.Database | undefined} */
  let db;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const rows = /** @type {{ integrity_check: string }[]} */ (db.pragma("integrity_check")).map(
      (row) => row.integrity_check,
    );
    const migrations = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'")
      .get();
    const problems = rows.length === 1 && rows[0] === "ok" ? [] : rows.slice(0, 10);
    return { problems, isClinicDatabase: Boolean(migrations) };
  } catch (error) {
    return { problems: [messageOf(error)], isClinicDatabase: false };
  } finally {
    if (db?.open) db.close();
  }
}

/**
 * A consistent copy of `source` as of one read transaction (`VACUUM INTO`, while the
 * server writes on), flushed to disk, then checked.
 * @param {string} source
 * @param {string} target
 * @returns {BackupWorkerAnswer}
 */
function backup(source, target) {
  const db = new Database(source, { fileMustExist: true, timeout: 5000 });
  try {
    db.prepare("VACUUM INTO ?").run(target);
  } finally {
    db.close();
  }
  const fd = fs.openSync(target, "r+");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return { ...check(target), bytes: fs.statSync(target).size };
}

/**
 * @param {BackupWorkerJob} job
 * @returns {BackupWorkerAnswer | CheckedDatabase}
 */
function run(job) {
  try {
    return job.op === "backup" ? backup(job.source, job.target) : check(job.file);
  } catch (error) {
    return { problems: [messageOf(error)], isClinicDatabase: false, bytes: 0 };
  }
}

// Request handling wins the CPU whenever both want it (Linux gives each thread its own
// nice value).
try {
  os.setPriority(19);
} catch {
  // Not allowed here: the job runs at the server's own priority.
}
parentPort?.postMessage(run(/** @type {BackupWorkerJob} */ (workerData)));
