import { describe, expect, it } from "vitest";
import {
  backupDueAtStart,
  backupFileName,
  backupHealth,
  backupsToRemove,
  backupTakenAt,
  parseBackupInterval,
  type BackupEntry,
  type BackupInterval,
} from "~/infra/backup-rules";
import { parseDatabaseEnv, parseEnv } from "~/infra/env.server";

function interval(text: string): BackupInterval {
  const parsed = parseBackupInterval(text);
  if ("error" in parsed) throw new Error(parsed.error);
  return parsed;
}

describe("BACKUP_INTERVAL", () => {
  it.each([
    ["10s", 10, "*/10 * * * * *"],
    ["1m", 60, "0 */1 * * * *"],
    ["60s", 60, "0 */1 * * * *"],
    ["30m", 1_800, "0 */30 * * * *"],
    ["1h", 3_600, "0 0 */1 * * *"],
    ["60m", 3_600, "0 0 */1 * * *"],
    ["6h", 21_600, "0 0 */6 * * *"],
    ["24h", 86_400, "0 0 0 * * *"],
    ["1d", 86_400, "0 0 0 * * *"],
    [" 2H ", 7_200, "0 0 */2 * * *"],
  ])("reads %j as every %i s (%s)", (text, seconds, cron) => {
    expect(parseBackupInterval(text)).toEqual({ text: text.trim(), seconds, cron });
  });

  it.each(["45m", "90m", "7s", "5h", "2d", "0h", "1.5h", "h", "1 hour", "", "-1h"])(
    "refuses %j: it does not divide a minute, an hour or a day evenly",
    (text) => {
      expect(parseBackupInterval(text)).toEqual({
        error: `must be a period that divides a minute, an hour or a day evenly, such as 30m, 1h, 6h or 1d (got "${text}")`,
      });
    },
  );

  it("is validated by the one env schema, with a one-line message", () => {
    expect(() => parseEnv({ NODE_ENV: "test", BACKUP_INTERVAL: "45m" })).toThrow(
      'Invalid environment: BACKUP_INTERVAL: must be a period that divides a minute, an hour or a day evenly, such as 30m, 1h, 6h or 1d (got "45m")',
    );
    expect(() => parseEnv({ NODE_ENV: "test", BACKUP_KEEP_DAILY: "-1" })).toThrow(
      /Invalid environment: BACKUP_KEEP_DAILY/,
    );
  });

  it("defaults to hourly, 24 hourly and 30 daily, in a backups folder beside the database", () => {
    const env = parseEnv({ NODE_ENV: "test" });
    expect(env.BACKUP_INTERVAL.seconds).toBe(3_600);
    expect(env.BACKUP_KEEP_HOURLY).toBe(24);
    expect(env.BACKUP_KEEP_DAILY).toBe(30);
    expect(env.BACKUP_DIR).toBe("data/backups");
    expect(
      parseEnv({ NODE_ENV: "test", DATABASE_URL: "file:/srv/clinic/live.db" }).BACKUP_DIR,
    ).toBe("/srv/clinic/backups");
    expect(parseEnv({ NODE_ENV: "test", BACKUP_DIR: "/backups" }).BACKUP_DIR).toBe("/backups");
    expect(parseEnv({ NODE_ENV: "test", BACKUP_DIR: "" }).BACKUP_DIR).toBe("data/backups");
  });

  it("reads the database settings alone without the server's secrets (the db commands)", () => {
    const env = parseDatabaseEnv({ NODE_ENV: "production", DATABASE_URL: "file:/data/clinic.db" });
    expect(env).toMatchObject({
      DATABASE_URL: "file:/data/clinic.db",
      BACKUP_DIR: "/data/backups",
    });
    expect(() => parseDatabaseEnv({ BACKUP_INTERVAL: "45m" })).toThrow(
      /^Invalid environment: BACKUP_INTERVAL: must be a period/,
    );
  });
});

describe("backup file names", () => {
  it("carry the instant the backup began, without colons, and read back to it", () => {
    const at = new Date("2026-11-22T14:05:09.042Z");
    const name = backupFileName("clinic", at);
    expect(name).toBe("clinic-2026-11-22T14-05-09.042Z.db");
    expect(backupTakenAt("clinic", name)).toEqual(at);
  });

  it("belong to one database: other prefixes and other files are not backups of it", () => {
    const at = new Date("2026-11-22T14:05:09.042Z");
    expect(backupTakenAt("prod-4060-ab12", backupFileName("prod-4060-ab12", at))).toEqual(at);
    expect(backupTakenAt("clinic", backupFileName("other", at))).toBeNull();
    expect(backupTakenAt("clinic", backupFileName("clinic-old", at))).toBeNull();
    expect(backupTakenAt("clinic", `.${backupFileName("clinic", at)}.ab12cd34.tmp`)).toBeNull();
    expect(backupTakenAt("clinic", "clinic-2026-13-45T99-00-00.000Z.db")).toBeNull();
    expect(backupTakenAt("clinic", "clinic.db")).toBeNull();
  });

  it("sort by time", () => {
    const names = ["2026-11-22T14:00:00Z", "2026-01-02T03:00:00Z", "2026-11-22T09:30:00Z"].map(
      (iso) => backupFileName("clinic", new Date(iso)),
    );
    expect([...names].sort()).toEqual([names[1], names[2], names[0]]);
  });
});

describe("retention", () => {
  const HOUR = 3_600_000;
  const start = Date.parse("2026-10-01T00:00:00Z");
  /** A backup every `everyMs` for `count` backups, oldest first. */
  function series(count: number, everyMs: number, from = start): BackupEntry[] {
    return Array.from({ length: count }, (_, i) => {
      const takenAt = new Date(from + i * everyMs);
      return { name: backupFileName("clinic", takenAt), takenAt };
    });
  }
  const kept = (all: BackupEntry[], removed: BackupEntry[]) =>
    all.filter((entry) => !removed.includes(entry)).map((entry) => entry.takenAt.toISOString());

  it("keeps the last 24 hourly and 30 daily backups of 60 days of hourly backups", () => {
    const all = series(60 * 24, HOUR);
    const keep = kept(all, backupsToRemove(all, { hourly: 24, daily: 30 }));
    const newest = all[all.length - 1]!.takenAt.getTime();
    // The last 24 hours...
    const hourly = Array.from({ length: 24 }, (_, i) => new Date(newest - i * HOUR).toISOString());
    // ...and the last backup (23:00) of each of the 29 days before the newest one.
    const daily = Array.from({ length: 29 }, (_, i) =>
      new Date(newest - (i + 1) * 24 * HOUR).toISOString(),
    );
    expect(keep.sort()).toEqual([...hourly, ...daily].sort());
    expect(keep).toHaveLength(24 + 29);
  });

  it("keeps the newest backup of each hour when backups come more often", () => {
    const all = series(4 * 6, 10 * 60_000); // every 10 minutes for 4 hours
    const keep = kept(all, backupsToRemove(all, { hourly: 24, daily: 30 }));
    expect(keep).toEqual([
      "2026-10-01T00:50:00.000Z",
      "2026-10-01T01:50:00.000Z",
      "2026-10-01T02:50:00.000Z",
      "2026-10-01T03:50:00.000Z",
    ]);
  });

  it("counts hours and days that have a backup, not calendar time: a gap keeps older ones", () => {
    const before = series(3, HOUR, start); // 00:00, 01:00, 02:00 on Oct 1
    const after = series(2, HOUR, start + 10 * 24 * HOUR); // 00:00, 01:00 on Oct 11
    const all = [...after, ...before];
    const keep = kept(all, backupsToRemove(all, { hourly: 3, daily: 1 }));
    expect(keep.sort()).toEqual(
      ["2026-10-01T02:00:00.000Z", "2026-10-11T00:00:00.000Z", "2026-10-11T01:00:00.000Z"].sort(),
    );
  });

  it("always keeps the newest backup, whatever the settings", () => {
    const all = series(5, HOUR);
    expect(kept(all, backupsToRemove(all, { hourly: 0, daily: 0 }))).toEqual([
      "2026-10-01T04:00:00.000Z",
    ]);
    expect(backupsToRemove([], { hourly: 24, daily: 30 })).toEqual([]);
  });

  it("removes nothing while there are fewer backups than the rule keeps", () => {
    const all = series(10, HOUR);
    expect(backupsToRemove(all, { hourly: 24, daily: 30 })).toEqual([]);
  });
});

describe("backups on start and in /healthz", () => {
  const hourly = interval("1h");
  const now = new Date("2026-11-22T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it("takes one at start when there is none, or the newest is an interval old", () => {
    expect(backupDueAtStart(null, hourly, now)).toBe(true);
    expect(backupDueAtStart(ago(3_600_000), hourly, now)).toBe(true);
    expect(backupDueAtStart(ago(3_599_000), hourly, now)).toBe(false);
  });

  it("is ok up to three intervals, stale after", () => {
    const state = { lastFailure: null, since: ago(86_400_000), interval: hourly };
    expect(backupHealth({ ...state, newestGood: ago(10_000) }, now)).toEqual({
      status: "ok",
      newestAt: "2026-11-22T11:59:50.000Z",
      ageSeconds: 10,
      maxAgeSeconds: 10_800,
      lastFailureAt: null,
    });
    expect(backupHealth({ ...state, newestGood: ago(10_800_000) }, now).status).toBe("ok");
    expect(backupHealth({ ...state, newestGood: ago(10_800_001) }, now)).toMatchObject({
      status: "stale",
      ageSeconds: 10_800,
    });
  });

  it("on a fresh instance: pending while the first backup may still come, then stale", () => {
    const fresh = { newestGood: null, lastFailure: null, interval: hourly };
    expect(backupHealth({ ...fresh, since: ago(5_000) }, now)).toEqual({
      status: "pending",
      newestAt: null,
      ageSeconds: null,
      maxAgeSeconds: 10_800,
      lastFailureAt: null,
    });
    expect(backupHealth({ ...fresh, since: ago(10_800_001) }, now).status).toBe("stale");
  });

  it("reports when the last backup failed", () => {
    const health = backupHealth(
      { newestGood: ago(60_000), lastFailure: ago(1_000), since: ago(120_000), interval: hourly },
      now,
    );
    expect(health).toMatchObject({ status: "ok", lastFailureAt: "2026-11-22T11:59:59.000Z" });
  });
});
