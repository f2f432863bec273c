/**
 * The rules of the database backups, free of any file or clock: how often they run, what a
 * backup file is called, which ones are kept, and when the health check calls them stale.
 * The files themselves are handled by ~/infra/backup.server.
 */

/** How often backups run (BACKUP_INTERVAL), and the cron pattern that fires on the clock. */
export type BackupInterval = {
  /** As configured, e.g. "1h". */
  text: string;
  seconds: number;
  /** Six fields (seconds first), read in UTC: "0 0 * * * *" for every hour on the hour. */
  cron: string;
};

const UNIT_SECONDS = { s: 1, m: 60, h: 3_600, d: 86_400 } as const;
const INTERVAL_TEXT = /^([1-9]\d*)\s*([smhd])$/;

/**
 * Reads "30m", "1h", "6h", "1d"... into an interval, or says what is wrong. Only periods
 * that divide a minute, an hour or a day evenly are taken, so every backup lands at the
 * same times each day (on the hour for "1h") and the retention's hours and days each hold
 * one.
 */
export function parseBackupInterval(text: string): BackupInterval | { error: string } {
  const error = {
    error: `must be a period that divides a minute, an hour or a day evenly, such as 30m, 1h, 6h or 1d (got "${text}")`,
  };
  const match = INTERVAL_TEXT.exec(text.trim().toLowerCase());
  if (!match) return error;
  const seconds = Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
  const evenly = (whole: number, unit: number) =>
    seconds % unit === 0 && seconds < whole && whole % seconds === 0;
  let cron: string | undefined;
  if (evenly(60, 1)) cron = `*/${seconds} * * * * *`;
  else if (evenly(3_600, 60)) cron = `0 */${seconds / 60} * * * *`;
  else if (evenly(86_400, 3_600)) cron = `0 0 */${seconds / 3_600} * * *`;
  else if (seconds === 86_400) cron = "0 0 0 * * *";
  return cron ? { text: text.trim(), seconds, cron } : error;
}

/** The health check calls backups stale once the newest good one is older than this. */
export const STALE_AFTER_INTERVALS = 3;

const STAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})\.(\d{3})Z$/;
const BACKUP_NAME = /^(.+)-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z)\.db$/;

/**
 * `clinic-2026-11-22T14-00-00.000Z.db` for a backup of `clinic.db` begun at that instant
 * (UTC). The name is the only record of when a backup was taken: no colons, so it is
 * valid on any network share, and names sort by time.
 */
export function backupFileName(prefix: string, takenAt: Date): string {
  return `${prefix}-${takenAt.toISOString().replaceAll(":", "-")}.db`;
}

/** When the named backup of `prefix` was begun, or null for any other file. */
export function backupTakenAt(prefix: string, name: string): Date | null {
  const match = BACKUP_NAME.exec(name);
  if (!match || match[1] !== prefix) return null;
  const stamp = STAMP.exec(match[2]!)!;
  const date = new Date(`${stamp[1]}T${stamp[2]}:${stamp[3]}:${stamp[4]}.${stamp[5]}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

export type BackupEntry = { name: string; takenAt: Date };

/**
 * The retention rule: the newest backup of each of the last `hourly` hours that have one,
 * and of each of the last `daily` days (UTC) that have one; the newest backup is always
 * kept. Everything else may go. (The same rule as borg's and restic's keep-hourly and
 * keep-daily.)
 */
export function backupsToRemove(
  backups: readonly BackupEntry[],
  { hourly, daily }: { hourly: number; daily: number },
): BackupEntry[] {
  const newestFirst = [...backups].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
  const keep = new Set<BackupEntry>(newestFirst.slice(0, 1));
  const keepNewestPer = (bucketOf: (date: Date) => string, count: number) => {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      if (seen.size >= count) return;
      const bucket = bucketOf(backup.takenAt);
      if (seen.has(bucket)) continue;
      seen.add(bucket);
      keep.add(backup);
    }
  };
  keepNewestPer((date) => date.toISOString().slice(0, 13), hourly);
  keepNewestPer((date) => date.toISOString().slice(0, 10), daily);
  return newestFirst.filter((backup) => !keep.has(backup));
}

/** At start, a backup is taken at once when there is none or the newest is due anyway. */
export function backupDueAtStart(
  newestGood: Date | null,
  interval: BackupInterval,
  now: Date,
): boolean {
  return newestGood === null || now.getTime() - newestGood.getTime() >= interval.seconds * 1000;
}

export type BackupHealth = {
  /**
   * ok: the newest good backup is younger than STALE_AFTER_INTERVALS intervals.
   * pending: none yet, and this server started less than that long ago.
   * stale: too old, or none since this server started that long ago.
   */
  status: "ok" | "pending" | "stale";
  /** When the newest good backup was begun (ISO), if there is one. */
  newestAt: string | null;
  ageSeconds: number | null;
  /** Older than this is stale. */
  maxAgeSeconds: number;
  /** When the last backup failed (ISO), if one has failed since the server started. */
  lastFailureAt: string | null;
};

export function backupHealth(
  {
    newestGood,
    lastFailure,
    since,
    interval,
  }: { newestGood: Date | null; lastFailure: Date | null; since: Date; interval: BackupInterval },
  now: Date,
): BackupHealth {
  const maxAgeSeconds = STALE_AFTER_INTERVALS * interval.seconds;
  const ageMs = newestGood === null ? null : Math.max(0, now.getTime() - newestGood.getTime());
  const waitedMs = ageMs ?? now.getTime() - since.getTime();
  const status = waitedMs > maxAgeSeconds * 1000 ? "stale" : newestGood === null ? "pending" : "ok";
  return {
    status,
    newestAt: newestGood?.toISOString() ?? null,
    ageSeconds: ageMs === null ? null : Math.floor(ageMs / 1000),
    maxAgeSeconds,
    lastFailureAt: lastFailure?.toISOString() ?? null,
  };
}
