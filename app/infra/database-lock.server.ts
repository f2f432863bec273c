import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

export type DatabaseLock = { file: string; release(): void };

export class DatabaseInUseError extends Error {}

/** The lock file beside the database: `data/clinic.db.lock`. Empty; never delete it. */
export function lockFileOf(databaseFile: string): string {
  return `${databaseFile}.lock`;
}

/**
 * Claims the database for this process: the server holds the claim while it runs, a
 * restore while it replaces the file, so neither can start while the other is at work.
 *
 * The claim is an exclusive SQLite (fcntl) lock on the lock file, held by an open
 * transaction. The kernel drops it when the process ends, however it ends (even SIGKILL),
 * so a file left behind by a dead server claims nothing; and every process on the same
 * machine sees it, in or out of a container, as long as they share the volume.
 */
export function lockDatabase(databaseFile: string): DatabaseLock {
  const file = lockFileOf(databaseFile);
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const connection = new Database(file, { timeout: 0 });
  try {
    // No journal file: nothing is ever written to the lock file.
    connection.pragma("journal_mode = MEMORY");
    connection.exec("BEGIN EXCLUSIVE");
  } catch (error) {
    connection.close();
    if ((error as { code?: unknown }).code === "SQLITE_BUSY") {
      throw new DatabaseInUseError(
        `${databaseFile} is in use by a running server or a restore (it holds ${file}): stop it first`,
      );
    }
    throw error;
  }
  return {
    file,
    release() {
      if (!connection.open) return;
      connection.exec("ROLLBACK");
      connection.close();
    },
  };
}
