// The database commands behind `npm run db:backup`, `npm run db:restore -- <file>` and
// `node scripts/db.mjs list`. scripts/build-server.mjs bundles this file into
// build/backup-cli.js, which scripts/db.mjs runs (in the container too). They read only the
// database part of the environment, so they need none of the server's secrets.
import { backupSettings, listBackups, takeBackup } from "~/infra/backup.server";
import { parseDatabaseEnv } from "~/infra/env.server";
import { restoreBackup } from "~/infra/restore.server";

const USAGE = `Usage: node scripts/db.mjs <command>
  backup            take a backup now (works while the server runs)
  restore <file>    restore a backup into the stopped instance; <file> is a path, the name
                    of a file in BACKUP_DIR, or "latest"
  list              list the backups in BACKUP_DIR, newest first`;

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** Runs one command; resolves to the process's exit code. */
export async function runDatabaseCommand(
  args: readonly string[],
  /** The environment; this process's by default. */
  env?: Record<string, string | undefined>,
): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined || command === "help" || command === "--help") {
    console.info(USAGE);
    return command === undefined ? 1 : 0;
  }
  let settings;
  try {
    settings = backupSettings(parseDatabaseEnv(env));
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }

  switch (command) {
    case "backup": {
      const outcome = await takeBackup(settings);
      if (!outcome.ok) {
        console.error(
          `Backup failed after ${outcome.durationMs} ms: ${outcome.problems.join("; ")}` +
            (outcome.keptAs ? `\nThe failed copy is kept at ${outcome.keptAs}` : ""),
        );
        return 1;
      }
      console.info(
        `Backup written: ${outcome.file} (${megabytes(outcome.bytes)}, ${outcome.durationMs} ms, integrity_check ok)` +
          (outcome.removed.length > 0
            ? `\nRemoved by the retention rule: ${outcome.removed.join(", ")}`
            : ""),
      );
      if (outcome.retentionError) {
        console.error(`The retention rule could not run: ${outcome.retentionError}`);
      }
      return 0;
    }
    case "restore": {
      const [requested] = rest;
      if (!requested || rest.length > 1) {
        console.error(`restore takes one backup file\n\n${USAGE}`);
        return 1;
      }
      const outcome = await restoreBackup(settings, requested);
      if (!outcome.ok) {
        console.error(`Restore refused: ${outcome.message}`);
        return 1;
      }
      console.info(
        `Restored ${outcome.restoredFrom} into ${settings.databaseFile}.` +
          (outcome.replaced.length > 0
            ? `\nThe replaced database is kept at ${outcome.replaced.join(", ")}`
            : "") +
          "\nStart the server: it applies any pending migrations, then serves the restored data.",
      );
      return 0;
    }
    case "list": {
      const { good, failed } = await listBackups(settings);
      console.info(`Backups of ${settings.databaseFile} in ${settings.backupDir}:`);
      if (good.length === 0) console.info("  (none)");
      for (const backup of good) console.info(`  ${backup.name}`);
      if (failed.length > 0) {
        console.info("Failed their integrity check (kept for a look, not for restoring):");
        for (const backup of failed) console.info(`  ${backup.file}`);
      }
      return 0;
    }
    default:
      console.error(`Unknown command "${command}"\n\n${USAGE}`);
      return 1;
  }
}
