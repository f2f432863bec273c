// The clinic's files hold patients' data: the database and its write-ahead log, backups,
// mail written to files, the lock and the local session secret. Every command that makes
// them (the server, `npm start`, `npm run dev`, the database and staff commands) first
// sets a umask that leaves them to the user it runs as: folders 700, files 600.
// A database file made before this (or copied in by hand) is narrowed at start too.
import { chmodSync, existsSync } from "node:fs";

export function keepFilesPrivate() {
  process.umask(0o077);
}

/** The database file and its -wal and -shm beside it, when they exist: 600. */
export function narrowDatabaseFiles(file) {
  for (const suffix of ["", "-wal", "-shm"]) {
    if (existsSync(file + suffix)) chmodSync(file + suffix, 0o600);
  }
}
