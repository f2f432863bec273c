import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { TMP_DIR } from "./paths";

const MIGRATIONS = "prisma/migrations";
const SQLITE_SUFFIXES = ["", "-wal", "-shm", "-journal"];

/** A name for the checkout's migrations as they are: their folders and their SQL. */
function migrationsKey(): string {
  const hash = createHash("sha256");
  const folders = readdirSync(MIGRATIONS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const folder of folders) {
    hash.update(`${folder}\0`);
    hash.update(readFileSync(path.join(MIGRATIONS, folder, "migration.sql")));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * A database the Prisma CLI migrated (2-3 s of CPU a run), made once for the checkout's
 * migrations and kept in tests/.tmp: Vitest's templates, the browser suite's server and the
 * in-process benchmarks copy it, so `npm test` runs the CLI at most once, and not at all
 * while the migrations stay as they are. Copy it; never open it for writing.
 */
export function migratedDatabaseFile(): string {
  const file = path.join(TMP_DIR, `migrated-${migrationsKey()}.db`);
  if (existsSync(file)) return file;
  mkdirSync(TMP_DIR, { recursive: true });
  // Made beside it and moved into place: a run beside this one never copies half a file.
  const next = `${file}.${process.pid}.next`;
  for (const suffix of SQLITE_SUFFIXES) rmSync(next + suffix, { force: true });
  execFileSync(process.execPath, ["node_modules/prisma/build/index.js", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: `file:${next}` },
    stdio: "pipe",
  });
  // One self-contained file to copy: the write-ahead log folded in.
  const db = new Database(next);
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  renameSync(next, file);
  for (const suffix of SQLITE_SUFFIXES) rmSync(next + suffix, { force: true });
  // The files of migrations that are no longer the checkout's.
  for (const old of readdirSync(TMP_DIR).filter((name) =>
    /^migrated-[0-9a-f]{16}\.db/.test(name),
  )) {
    if (!old.startsWith(path.basename(file))) rmSync(path.join(TMP_DIR, old), { force: true });
  }
  return file;
}
