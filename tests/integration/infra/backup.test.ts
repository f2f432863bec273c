// Backups and restores on real SQLite files: the domain functions the server's schedule,
// /healthz and the db commands (scripts/db.mjs) call.
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { backupFileName } from "~/infra/backup-rules";
import {
  backupSettings,
  listBackups,
  startBackupSchedule,
  takeBackup,
  type BackupSettings,
} from "~/infra/backup.server";
import { runDatabaseCommand } from "~/ops/backup-cli.server";
import { DatabaseInUseError } from "~/infra/database-lock.server";
import { prisma } from "~/infra/db.server";
import { parseDatabaseEnv } from "~/infra/env.server";
import { restoreBackup } from "~/infra/restore.server";
import { createService, createUser } from "../../support/factories";

const WORK = vi.hoisted(() => {
  // Before any module reads the environment: this file's server-side backups go here
  // (under TMP_DIR, which a hoisted block cannot import).
  const dir = `tests/.tmp/backup-it-${process.pid}-${Date.now()}`;
  process.env.BACKUP_DIR = `${dir}/server-backups`;
  return dir;
});

const liveDatabase = process.env.DATABASE_URL!.replace(/^file:/, "");

function settingsFor(databaseFile: string, backupDir: string, interval = "1h"): BackupSettings {
  return backupSettings(
    parseDatabaseEnv({
      DATABASE_URL: `file:${databaseFile}`,
      BACKUP_DIR: backupDir,
      BACKUP_INTERVAL: interval,
    }),
  );
}

let counter = 0;
/** A fresh folder under this file's scratch space. */
function scratch(name: string) {
  counter += 1;
  const dir = path.resolve(WORK, `${name}-${counter}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A copy of the test database at `file` (its own file, so it can be broken or replaced). */
async function copyOfLiveDatabase(file: string) {
  await prisma.$executeRawUnsafe(`VACUUM INTO '${file.replaceAll("'", "''")}'`);
  return file;
}

function integrity(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    return db.pragma("integrity_check", { simple: true });
  } finally {
    db.close();
  }
}

function rows<T>(file: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

/**
 * Breaks an index of a probe table the way a damaged disk would: the index no longer
 * matches its table. SQLite still reads and writes the file, and VACUUM INTO copies the
 * damage, so only the copy's integrity_check can tell.
 */
function corruptIndex(file: string) {
  const db = new Database(file);
  try {
    db.exec(
      "CREATE TABLE BackupProbe (a TEXT, b TEXT); CREATE INDEX BackupProbe_a ON BackupProbe (a);",
    );
    const insert = db.prepare("INSERT INTO BackupProbe (a, b) VALUES (?, ?)");
    for (let i = 0; i < 50; i += 1) insert.run(`a${i}`, `b${49 - i}`);
    db.unsafeMode(true);
    db.pragma("writable_schema = ON");
    db.prepare(
      "UPDATE sqlite_master SET sql = 'CREATE INDEX BackupProbe_a ON BackupProbe (b)' WHERE name = 'BackupProbe_a'",
    ).run();
  } finally {
    db.close();
  }
}

const children: ChildProcess[] = [];

/** A process of its own holding the database's lock, as a running server does. */
async function holdLock(databaseFile: string) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "tests/support/hold-database-lock.ts", databaseFile],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("locked")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`The lock holder exited (${code})`)));
  });
  return child;
}

/** A process that commits a row and dies before SQLite folds its -wal into the file. */
async function commitThenCrash(databaseFile: string, marker: string) {
  const child = spawn(
    process.execPath,
    [
      "-e",
      `const Database = require("better-sqlite3");
       const db = new Database(process.argv[1]);
       db.pragma("journal_mode = WAL");
       db.pragma("wal_autocheckpoint = 0");
       db.prepare("UPDATE User SET name = ? WHERE id = (SELECT id FROM User LIMIT 1)").run(process.argv[2]);
       process.kill(process.pid, "SIGKILL");`,
      databaseFile,
      marker,
    ],
    { stdio: "inherit" },
  );
  await new Promise((resolve) => child.once("exit", resolve));
}

beforeAll(async () => {
  await createUser({ name: "Backed Up Patient" });
  await createService({ name: "Backed Up Service" });
});

afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(WORK, { recursive: true, force: true });
  // The lock file the background jobs claimed the test database with.
  rmSync(`${liveDatabase}.lock`, { force: true });
});

describe("takeBackup", () => {
  it("writes a checked copy under its final name while the app writes, and nothing else", async () => {
    const settings = settingsFor(liveDatabase, scratch("backups"));
    const service = await prisma.service.findFirstOrThrow({ where: { name: "Backed Up Service" } });
    const before = new Date();
    const writes = Array.from({ length: 40 }, (_, i) =>
      prisma.review.create({
        data: {
          name: "Writer",
          message: `Written during the backup ${i}`,
          rating: 4,
          serviceId: service.id,
        },
      }),
    );
    const [outcome] = await Promise.all([takeBackup(settings), ...writes]);

    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.takenAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(path.basename(outcome.file)).toBe(
      backupFileName(path.parse(liveDatabase).name, outcome.takenAt),
    );
    expect(readdirSync(settings.backupDir)).toEqual([path.basename(outcome.file)]);
    expect(outcome.bytes).toBe(statSync(outcome.file).size);
    expect(integrity(outcome.file)).toBe("ok");
    expect(
      rows(outcome.file, "SELECT name FROM Product WHERE name = ?", "Backed Up Service"),
    ).toHaveLength(1);
    expect(
      rows(outcome.file, "SELECT name FROM User WHERE name = ?", "Backed Up Patient"),
    ).toHaveLength(1);
    expect((await listBackups(settings)).good.map((backup) => backup.file)).toEqual([outcome.file]);
  });

  it("applies the retention rule and clears temporary files of backups that died", async () => {
    const settings = settingsFor(liveDatabase, scratch("retention"));
    const prefix = path.parse(liveDatabase).name;
    // Two whole days (UTC) of hourly backups, from four days ago 00:00 to three days ago
    // 23:00 (only their names matter here).
    const today = new Date();
    const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 3, 23);
    for (let hour = 0; hour < 48; hour += 1) {
      writeFileSync(
        path.join(settings.backupDir, backupFileName(prefix, new Date(end - hour * 3_600_000))),
        "",
      );
    }
    const abandoned = path.join(settings.backupDir, `.${prefix}-abandoned.db.0a1b2c3d.tmp`);
    const underWay = path.join(settings.backupDir, `.${prefix}-under-way.db.4e5f6a7b.tmp`);
    writeFileSync(abandoned, "half a copy");
    writeFileSync(underWay, "half a copy");
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    utimesSync(abandoned, twoDaysAgo, twoDaysAgo);
    const otherDatabase = path.join(settings.backupDir, backupFileName("other", new Date(end)));
    writeFileSync(otherDatabase, "");

    const outcome = await takeBackup(settings);
    expect(outcome.ok).toBe(true);
    const { good } = await listBackups(settings);
    // The new one and the newest 23 hours of the series; of the days, today's is the new
    // one, three days ago's is its 23:00 (kept already), four days ago's its 23:00.
    expect(good.map((backup) => backup.takenAt.getTime()).slice(1)).toEqual([
      ...Array.from({ length: 23 }, (_, hour) => end - hour * 3_600_000),
      end - 24 * 3_600_000,
    ]);
    expect(outcome.ok && outcome.removed).toHaveLength(48 - 24);
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(underWay)).toBe(true);
    expect(existsSync(otherDatabase)).toBe(true);
  });

  it("counts a backup whose retention rule could not run, and says why", async () => {
    const settings = settingsFor(liveDatabase, scratch("retention-fails"));
    // An old "backup" the rule must remove, which is a folder: removing it fails.
    const old = backupFileName(path.parse(liveDatabase).name, new Date(Date.UTC(2020, 0, 1)));
    mkdirSync(path.join(settings.backupDir, old, "inside"), { recursive: true });
    const newer = backupFileName(
      path.parse(liveDatabase).name,
      new Date(Date.UTC(2020, 0, 1, 0, 30)),
    );
    writeFileSync(path.join(settings.backupDir, newer), "");

    const outcome = await takeBackup(settings, new Date(Date.UTC(2020, 0, 1, 0, 45)));
    expect(outcome).toMatchObject({ ok: true, removed: [] });
    expect(outcome.ok && outcome.retentionError).toMatch(/EISDIR|directory/i);
    expect(outcome.ok && integrity(outcome.file)).toBe("ok");
  });

  it("keeps a copy that fails integrity_check apart in failed/, the newest three of them", async () => {
    const dir = scratch("corrupt");
    const source = await copyOfLiveDatabase(path.join(dir, "corrupt.db"));
    corruptIndex(source);
    const settings = settingsFor(source, path.join(dir, "backups"));

    const outcomes = [];
    for (let i = 0; i < 4; i += 1) outcomes.push(await takeBackup(settings));
    for (const outcome of outcomes) {
      expect(outcome.ok).toBe(false);
      if (outcome.ok) continue;
      expect(outcome.problems[0]).toMatch(/missing from index BackupProbe_a/);
    }
    const { good, failed } = await listBackups(settings);
    expect(good).toEqual([]);
    expect(failed.map((backup) => backup.file)).toEqual(
      outcomes
        .slice(1)
        .reverse()
        .map((outcome) => (outcome.ok ? null : outcome.keptAs)),
    );
    expect(readdirSync(settings.backupDir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("fails cleanly when the database is missing or is not a database", async () => {
    const dir = scratch("broken");
    const missing = await takeBackup(
      settingsFor(path.join(dir, "missing.db"), path.join(dir, "b1")),
    );
    expect(missing).toMatchObject({ ok: false, keptAs: null });
    expect(!missing.ok && missing.problems[0]).toMatch(/unable to open database file/);

    const garbage = path.join(dir, "garbage.db");
    writeFileSync(garbage, "not a database ".repeat(500));
    const settings = settingsFor(garbage, path.join(dir, "b2"));
    const outcome = await takeBackup(settings);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.problems[0]).toMatch(/file is not a database/);
    expect((await listBackups(settings)).good).toEqual([]);
  });
});

describe("restoreBackup", () => {
  async function instanceWithBackup(name: string) {
    const dir = scratch(name);
    const databaseFile = await copyOfLiveDatabase(path.join(dir, "clinic.db"));
    const settings = settingsFor(databaseFile, path.join(dir, "backups"));
    const outcome = await takeBackup(settings);
    if (!outcome.ok) throw new Error(outcome.problems.join("; "));
    return { dir, settings, backup: outcome.file };
  }

  it("puts the backup in place and keeps the replaced file with its -wal and -shm aside", async () => {
    const { settings, backup } = await instanceWithBackup("restore");
    const target = settings.databaseFile;
    // The instance wrote after the backup and died before its log was folded in.
    await commitThenCrash(target, "Written after the backup");
    expect(existsSync(`${target}-wal`)).toBe(true);

    const outcome = await restoreBackup(settings, path.basename(backup));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.restoredFrom).toBe(backup);
    const [aside, ...logs] = outcome.replaced;
    expect(path.dirname(aside!)).toBe(path.join(path.dirname(target), "replaced"));
    expect(logs).toEqual([`${aside}-wal`, `${aside}-shm`]);

    // The restored database is the backup, and no old log is left beside it to replay.
    expect(sha256(target)).toBe(sha256(backup));
    expect(existsSync(`${target}-wal`)).toBe(false);
    expect(existsSync(`${target}-shm`)).toBe(false);
    expect(rows(target, "SELECT id FROM User WHERE name = ?", "Written after the backup")).toEqual(
      [],
    );
    // The replaced one, read with its log, still holds what was written after the backup.
    expect(
      rows(aside!, "SELECT id FROM User WHERE name = ?", "Written after the backup"),
    ).toHaveLength(1);
    expect(readdirSync(path.dirname(target)).filter((name) => name.includes("restoring"))).toEqual(
      [],
    );
  });

  it("refuses while another process holds the database, and not once that process is dead", async () => {
    const { settings, backup } = await instanceWithBackup("locked");
    const before = sha256(settings.databaseFile);
    const holder = await holdLock(settings.databaseFile);

    expect(await restoreBackup(settings, backup)).toEqual({
      ok: false,
      message: `${settings.databaseFile} is in use by a running server or a restore (it holds ${settings.databaseFile}.lock): stop it first`,
    });
    expect(sha256(settings.databaseFile)).toBe(before);

    // Killed as hard as a process can be: its lock file stays behind, and claims nothing.
    holder.kill("SIGKILL");
    await new Promise((resolve) => holder.once("exit", resolve));
    expect(existsSync(`${settings.databaseFile}.lock`)).toBe(true);
    expect(await restoreBackup(settings, "latest")).toMatchObject({
      ok: true,
      restoredFrom: backup,
    });
  });

  it("refuses a damaged backup and a database that is not this app's, and changes nothing", async () => {
    const { dir, settings, backup } = await instanceWithBackup("refused");
    const before = sha256(settings.databaseFile);

    const damaged = path.join(dir, "damaged.db");
    // The User table's first page overwritten, as a bad sector would.
    const { rootpage, pageSize } = rows<{ rootpage: number; pageSize: number }>(
      backup,
      "SELECT rootpage, (SELECT page_size FROM pragma_page_size) AS pageSize FROM sqlite_master WHERE name = 'User'",
    )[0]!;
    const bytes = readFileSync(backup);
    randomBytes(pageSize).copy(bytes, (rootpage - 1) * pageSize);
    writeFileSync(damaged, bytes);
    const refusedDamaged = await restoreBackup(settings, damaged);
    expect(refusedDamaged.ok).toBe(false);
    expect(!refusedDamaged.ok && refusedDamaged.message).toMatch(
      new RegExp(
        `^${damaged.replaceAll(".", "\\.")} is not a sound database \\(integrity_check: .+\\); nothing was changed$`,
      ),
    );

    const garbage = path.join(dir, "garbage.db");
    writeFileSync(garbage, "not a database ".repeat(500));
    expect(await restoreBackup(settings, garbage)).toEqual({
      ok: false,
      message: `${garbage} is not a sound database (integrity_check: file is not a database); nothing was changed`,
    });

    const stranger = path.join(dir, "stranger.db");
    const db = new Database(stranger);
    db.exec("CREATE TABLE notes (body TEXT)");
    db.close();
    expect(await restoreBackup(settings, stranger)).toEqual({
      ok: false,
      message: `${stranger} is not a backup of this app's database (it has no _prisma_migrations table); nothing was changed`,
    });

    expect(await restoreBackup(settings, settings.databaseFile)).toEqual({
      ok: false,
      message: `${settings.databaseFile} is the database itself, not a backup of it`,
    });
    expect(await restoreBackup(settings, "no-such-backup.db")).toEqual({
      ok: false,
      message: `No backup file at no-such-backup.db (nor in ${settings.backupDir})`,
    });
    expect(sha256(settings.databaseFile)).toBe(before);
    expect(existsSync(path.join(dir, "replaced"))).toBe(false);
    expect(readdirSync(dir).filter((name) => name.includes("restoring"))).toEqual([]);
  });

  it("restores into an instance that has no database yet", async () => {
    const { backup } = await instanceWithBackup("source");
    const fresh = path.join(scratch("fresh"), "data", "clinic.db");
    const settings = settingsFor(fresh, path.dirname(backup));
    expect(await restoreBackup(settings, backup)).toEqual({
      ok: true,
      restoredFrom: backup,
      replaced: [],
    });
    expect(integrity(fresh)).toBe("ok");
  });

  it("says so when there is no backup to restore", async () => {
    const dir = scratch("empty");
    expect(
      await restoreBackup(
        settingsFor(path.join(dir, "clinic.db"), path.join(dir, "backups")),
        "latest",
      ),
    ).toEqual({
      ok: false,
      message: `There is no backup in ${path.join(dir, "backups")}`,
    });
  });
});

describe("the schedule and /healthz", () => {
  it("reports the newest good backup from memory, and nothing once the schedule stops", async () => {
    const { loader } = await import("~/routes/healthz");
    const settings = settingsFor(liveDatabase, scratch("schedule"));
    const schedule = startBackupSchedule(settings);
    try {
      // No backup yet: the first one is taken at once.
      let body: { status: string; backup: { status: string; newestAt: string | null } };
      await vi.waitFor(
        async () => {
          const response = await loader();
          expect(response.status).toBe(200);
          body = await response.json();
          expect(body.backup.status).toBe("ok");
        },
        { timeout: 30_000, interval: 50 },
      );
      const { good } = await listBackups(settings);
      expect(body!.backup.newestAt).toBe(good[0]!.takenAt.toISOString());
    } finally {
      await schedule.stop();
    }
    const response = await loader();
    expect(await response.json()).toEqual({
      status: "ok",
      engine: "sqlite",
      database: "ok",
      backup: { status: "off" },
    });
  });

  it("answers 503 when the newest good backup is older than three intervals", async () => {
    const { loader } = await import("~/routes/healthz");
    const dir = scratch("stale");
    const garbage = path.join(dir, "clinic.db");
    writeFileSync(garbage, "not a database ".repeat(500));
    const settings = settingsFor(garbage, path.join(dir, "backups"));
    mkdirSync(settings.backupDir);
    const fourHoursAgo = new Date(Date.now() - 4 * 3_600_000);
    writeFileSync(path.join(settings.backupDir, backupFileName("clinic", fourHoursAgo)), "");
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const schedule = startBackupSchedule(settings);
    try {
      // The backup taken at start fails (the file is not a database), so the newest good
      // one stays four hours old.
      await vi.waitFor(() => expect(errors).toHaveBeenCalled(), { timeout: 30_000, interval: 50 });
      const line = JSON.parse(String(errors.mock.calls[0]![0]));
      expect(line).toMatchObject({ level: "error", msg: "backup failed" });
      expect(line.problems[0]).toMatch(/file is not a database/);
      const response = await loader();
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: "error",
        engine: "sqlite",
        database: "ok",
        backup: {
          status: "stale",
          newestAt: fourHoursAgo.toISOString(),
          ageSeconds: expect.any(Number),
          maxAgeSeconds: 3 * 3_600,
          lastFailureAt: expect.any(String),
        },
      });
    } finally {
      await schedule.stop();
      errors.mockRestore();
    }
  });

  it("claims the database for one server: a second one on the same file refuses to start", async () => {
    const { startBackgroundJobs } = await import("~/entry.server");
    const jobs = startBackgroundJobs();
    try {
      expect(() => startBackgroundJobs()).toThrow(DatabaseInUseError);
      // A restore is refused in the same way.
      const settings = settingsFor(liveDatabase, process.env.BACKUP_DIR!);
      expect(await restoreBackup(settings, "latest")).toMatchObject({ ok: false });
    } finally {
      await jobs.stop();
    }
  });
});

describe("the db commands", () => {
  it("take a backup, list it, and explain their usage", async () => {
    const backupDir = scratch("cli");
    const env = { DATABASE_URL: process.env.DATABASE_URL, BACKUP_DIR: backupDir };
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await runDatabaseCommand(["backup"], env)).toBe(0);
      const { good } = await listBackups(settingsFor(liveDatabase, backupDir));
      expect(good).toHaveLength(1);
      expect(String(info.mock.calls[0]![0])).toMatch(
        new RegExp(
          `^Backup written: ${good[0]!.file.replaceAll(".", "\\.")} \\(\\d+\\.\\d MB, \\d+ ms, integrity_check ok\\)$`,
        ),
      );

      info.mockClear();
      expect(await runDatabaseCommand(["list"], env)).toBe(0);
      expect(info.mock.calls.map((call) => String(call[0]))).toEqual([
        `Backups of ${liveDatabase} in ${backupDir}:`,
        `  ${good[0]!.name}`,
      ]);

      expect(await runDatabaseCommand(["restore"], env)).toBe(1);
      expect(String(errors.mock.calls.at(-1)![0])).toMatch(/^restore takes one backup file/);
      expect(await runDatabaseCommand(["vacuum"], env)).toBe(1);
      expect(String(errors.mock.calls.at(-1)![0])).toMatch(/^Unknown command "vacuum"/);
      expect(await runDatabaseCommand(["backup"], { ...env, BACKUP_INTERVAL: "45m" })).toBe(1);
      expect(String(errors.mock.calls.at(-1)![0])).toMatch(/^Invalid environment: BACKUP_INTERVAL/);
    } finally {
      info.mockRestore();
      errors.mockRestore();
    }
  });
});
