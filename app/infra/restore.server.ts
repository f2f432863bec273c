import { randomBytes } from "node:crypto";
import { copyFile, link, mkdir, open, realpath, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { backupFileName } from "~/infra/backup-rules";
import { checkDatabaseFile, listBackups, type BackupSettings } from "~/infra/backup.server";
import { DatabaseInUseError, lockDatabase } from "~/infra/database-lock.server";

/** Where a restore keeps the database it replaced: `data/replaced/`, beside the database. */
export function replacedDirOf(databaseFile: string): string {
  return path.join(path.dirname(databaseFile), "replaced");
}

export type RestoreOutcome =
  { ok: true; restoredFrom: string; replaced: string[] } | { ok: false; message: string };

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * The backup file meant by `requested`: "latest" (the newest good one), a path, or the
 * name of a file in BACKUP_DIR.
 */
async function resolveBackup(settings: BackupSettings, requested: string) {
  if (requested === "latest") return (await listBackups(settings)).good[0]?.file ?? null;
  if (await exists(requested)) return requested;
  const inBackupDir = path.join(settings.backupDir, requested);
  return path.basename(requested) === requested && (await exists(inBackupDir)) ? inBackupDir : null;
}

async function syncFile(file: string) {
  const handle = await open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Restores a backup into a stopped instance: the database file (and its -wal, -shm or
 * -journal, which belong to it) are kept aside under data/replaced/, and the backup takes
 * its place. Refuses while a server (or another restore) holds the database, and refuses a
 * backup that fails `PRAGMA integrity_check` or is not this app's database. The next start
 * applies any migrations the backup lacks, as on every start.
 */
export async function restoreBackup(
  settings: BackupSettings,
  requested: string,
  now = new Date(),
): Promise<RestoreOutcome> {
  const source = await resolveBackup(settings, requested);
  if (!source) {
    return {
      ok: false,
      message:
        requested === "latest"
          ? `There is no backup in ${settings.backupDir}`
          : `No backup file at ${requested} (nor in ${settings.backupDir})`,
    };
  }
  const target = settings.databaseFile;
  if (
    (await exists(target)) &&
    (await realpath(source)) === (await realpath(target).catch(() => target))
  ) {
    return { ok: false, message: `${source} is the database itself, not a backup of it` };
  }

  let lock;
  try {
    await mkdir(path.dirname(path.resolve(target)), { recursive: true });
    lock = lockDatabase(target);
  } catch (error) {
    if (error instanceof DatabaseInUseError) return { ok: false, message: error.message };
    throw error;
  }
  // The copy is checked, not the original: what is checked is what goes in.
  const staging = `${target}.restoring-${randomBytes(4).toString("hex")}`;
  try {
    await copyFile(source, staging);
    await syncFile(staging);
    const checked = await checkDatabaseFile(staging);
    if (checked.problems.length > 0) {
      return {
        ok: false,
        message: `${source} is not a sound database (integrity_check: ${checked.problems[0]}); nothing was changed`,
      };
    }
    if (!checked.isClinicDatabase) {
      return {
        ok: false,
        message: `${source} is not a backup of this app's database (it has no _prisma_migrations table); nothing was changed`,
      };
    }

    const aside = path.join(replacedDirOf(target), backupFileName(path.parse(target).name, now));
    const replaced: string[] = [];
    // The -wal goes first: a stale log beside the restored file would be replayed into it.
    for (const suffix of ["-wal", "-shm", "-journal"]) {
      if (!(await exists(target + suffix))) continue;
      await mkdir(path.dirname(aside), { recursive: true });
      await rename(target + suffix, aside + suffix);
      replaced.push(aside + suffix);
    }
    if (await exists(target)) {
      await mkdir(path.dirname(aside), { recursive: true });
      // A second name for the old file, then one atomic rename over the first: there is
      // never a moment without a database at DATABASE_URL.
      await link(target, aside).catch(() => copyFile(target, aside));
      replaced.unshift(aside);
    }
    await rename(staging, target);
    const handle = await open(path.dirname(path.resolve(target)), "r");
    await handle.sync().finally(() => handle.close());
    return { ok: true, restoredFrom: source, replaced };
  } finally {
    await rm(staging, { force: true });
    lock.release();
  }
}
