// Backups of the production build, over HTTP and with the db commands as an operator runs
// them (scripts/db.mjs, from the same build): backups taken while bookings stream in
// restore into a fresh instance that serves every booking acknowledged before the backup
// began; a restore refuses a running server and a damaged backup; a backup that fails its
// check is kept apart and logged, and /healthz turns 503 once the good one is too old.
import { spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { formatDateTime } from "~/utils/clinic-format";
import { addDays, clinicNow, weekdayOf } from "~/utils/clinic-time";
import { TMP_DIR } from "../support/paths";
import { testPorts } from "../support/ports.mjs";
import { startProductionServer, type ProductionServer } from "../support/production-server";
import { TEST_BUILD_DIR } from "../../scripts/test-build.mjs";

const PORTS = testPorts().backup;
const NO_LIMITS = {
  RATE_LIMIT_WRITES_PER_MINUTE: "1000000",
  RATE_LIMIT_SIGNIN_PER_MINUTE: "1000000",
  REQUEST_LOG: "false",
};
const BOOKINGS_PER_SECOND = 50;
/**
 * Bookings sent and not yet answered, at most. A busy machine's server answers fewer than
 * 50 a second: unbounded, the stream queued hundreds of requests in it that the stop then
 * cut off (a run: 933 of 1,152), each one CPU spent for nothing.
 */
const MAX_IN_FLIGHT = 16;
const STREAM_SECONDS = Number(process.env.BACKUP_STREAM_SECONDS || 10);
/**
 * The stream's bound: a machine busy enough to answer a few bookings a second (a CI run at
 * load 15 answered 126 in 40 s) needs longer for a backup to begin after the 100th.
 */
const MAX_STREAM_SECONDS = Math.max(STREAM_SECONDS, 90);
/** Seconds of bookings at the full rate the accounts are made for (a slower stream books fewer). */
const FULL_RATE_SECONDS = Math.max(STREAM_SECONDS, 40);
const WORK = path.join(TMP_DIR, `backup-http-${process.pid}`);

const servers: ProductionServer[] = [];
async function start(options: Parameters<typeof startProductionServer>[0]) {
  const server = await startProductionServer(options);
  servers.push(server);
  return server;
}

afterEach(async () => {
  // Newest first: a restarted server shares its database file with the one before it.
  for (const server of servers.splice(0).reverse()) await server.stop();
}, 60_000);

afterAll(() => {
  rmSync(WORK, { recursive: true, force: true });
  for (const port of [PORTS.main, PORTS.restored]) {
    rmSync(path.join(TMP_DIR, `outbox-${port}`), { recursive: true, force: true });
  }
});

/** `node scripts/db.mjs ...` on the test build, as `npm run db:backup` / `db:restore` run it. */
function dbCommand(args: string[], env: { databaseFile: string; backupDir: string }) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["scripts/db.mjs", ...args], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        BUILD_DIR: TEST_BUILD_DIR,
        DATABASE_URL: `file:${env.databaseFile}`,
        BACKUP_DIR: env.backupDir,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

type LogLine = { msg: string; level: string; file?: string; takenAt?: string; keptAs?: string };
function backupLog(server: ProductionServer): LogLine[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes('"msg":"backup'))
    .map((line) => JSON.parse(line) as LogLine);
}

/**
 * Every half hour from 09:00 to 16:30, Monday to Saturday, from the day after tomorrow on;
 * the diary refuses some (lunch, Saturday afternoons, holidays), most are booked.
 */
function* openSlots() {
  const today = clinicNow().date;
  for (let offset = 2; offset <= 85; offset += 1) {
    const date = addDays(today, offset);
    if (weekdayOf(date) === 0) continue;
    for (let minutes = 9 * 60; minutes < 17 * 60; minutes += 30) {
      const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
      yield { date, time };
    }
  }
}

const US_CLINIC = { timeZone: "America/New_York", locale: "en-US" };

function integrity(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    return db.pragma("integrity_check", { simple: true });
  } finally {
    db.close();
  }
}

describe("backups of a database being written", () => {
  it(`are taken while ${BOOKINGS_PER_SECOND} bookings a second are written, and the last one restores into a fresh instance that serves every booking acknowledged before it began`, async () => {
    const server = await start({
      port: PORTS.main,
      env: { ...NO_LIMITS, BACKUP_INTERVAL: "2s" },
      // The most upcoming visits a patient may hold (the settings' bound): 45 accounts take
      // the longest stream's bookings, where the default of 3 needed 672, made one by one.
      beforeStart: (db) =>
        db.clinicSettings.update({ where: { id: 1 }, data: { maxUpcomingPerPatient: 50 } }),
    });
    // A 30-minute visit, so every half hour of the stream can be a booking.
    const service = await server
      .db()
      .service.findUniqueOrThrow({ where: { slug: "dental-checkup" } });
    // Each account may hold the settings' maxUpcomingPerPatient upcoming bookings: enough
    // accounts for FULL_RATE_SECONDS of the stream at its full rate.
    const { maxUpcomingPerPatient: perPatient } = await server
      .db()
      .clinicSettings.findFirstOrThrow();
    const patients: Array<Awaited<ReturnType<ProductionServer["signedInUser"]>>> = [];
    const capacity = BOOKINGS_PER_SECOND * FULL_RATE_SECONDS;
    for (let i = 0; i < Math.ceil(capacity / perPatient) + 5; i += 1) {
      patients.push(await server.signedInUser());
    }

    type Booking = {
      id: string;
      dentist: string;
      userIndex: number;
      date: string;
      time: string;
      at: number;
    };
    const acknowledged: Booking[] = [];
    const refused: number[] = [];
    const slots = openSlots();
    const inFlight = new Set<Promise<void>>();
    let cutOff = 0;
    let sent = 0;
    const book = () => {
      if (inFlight.size >= MAX_IN_FLIGHT) return false;
      const userIndex = Math.floor(sent / perPatient);
      if (userIndex >= patients.length) return false;
      const slot = slots.next();
      if (slot.done) return false;
      sent += 1;
      const request = fetch(`${server.url}/api/create-appointment`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: patients[userIndex]!.token },
        body: JSON.stringify({
          service: service.id,
          name: "Backup Test",
          email: "backup@example.com",
          phone: "+1 555 0100",
          message: "Written while a backup runs",
          ...slot.value,
        }),
      })
        .then(async (response) => {
          const body = (await response.json()) as {
            appointment?: { _id: string; dentist: { _id: string } };
          };
          if (response.status === 201 && body.appointment) {
            acknowledged.push({
              id: body.appointment._id,
              dentist: body.appointment.dentist._id,
              userIndex,
              ...slot.value,
              at: Date.now(),
            });
          } else refused.push(response.status);
        })
        // The server is stopped with the stream still going: a request it had not answered
        // by then is cut off (never acknowledged, so never expected in a backup).
        .catch(() => {
          cutOff += 1;
        });
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
      return true;
    };

    // An ad-hoc backup by the operator in the middle of the stream, into a folder of its own.
    const adHocDir = path.join(WORK, "ad-hoc");
    let adHoc: ReturnType<typeof dbCommand> | undefined;
    const streamStarted = Date.now();
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const elapsed = Date.now() - streamStarted;
        // The stream runs its STREAM_SECONDS, then on (a busy machine is slower) until two
        // scheduled backups were written during it and one began after the 100th
        // acknowledged booking; MAX_STREAM_SECONDS bounds it, and the checks below say
        // what was missing.
        const hundredth = acknowledged.length >= 100 ? acknowledged[99]!.at : Infinity;
        const backups = backupLog(server).filter(
          (line) => line.msg === "backup" && Date.parse(line.takenAt!) >= streamStarted,
        );
        const enough =
          backups.length >= 2 && backups.some((line) => Date.parse(line.takenAt!) > hundredth);
        if ((elapsed >= STREAM_SECONDS * 1000 && enough) || elapsed >= MAX_STREAM_SECONDS * 1000) {
          clearInterval(timer);
          resolve();
          return;
        }
        adHoc ??=
          elapsed >= (STREAM_SECONDS * 1000) / 2
            ? dbCommand(["backup"], { databaseFile: server.databaseFile, backupDir: adHocDir })
            : undefined;
        // Catch up if the timer fired late: the rate is per second of the stream.
        while (sent < (elapsed / 1000) * BOOKINGS_PER_SECOND && book());
      }, 1000 / BOOKINGS_PER_SECOND);
    });
    const streamEnded = Date.now();
    // Stopped with the stream: the newest backup is one taken while bookings came in.
    await server.stop({ removeDatabase: false });
    await Promise.all(inFlight);

    expect(refused.filter((status) => status >= 500)).toEqual([]);
    const written = backupLog(server).filter((line) => line.msg === "backup");
    expect(backupLog(server).filter((line) => line.msg !== "backup")).toEqual([]);
    const duringStream = written.filter(
      (line) =>
        Date.parse(line.takenAt!) >= streamStarted && Date.parse(line.takenAt!) <= streamEnded,
    );
    expect(duringStream.length).toBeGreaterThanOrEqual(2);

    // The operator's own backup, taken while the server ran.
    const adHocRun = await adHoc!;
    expect(adHocRun.stderr).toBe("");
    expect(adHocRun.code).toBe(0);
    expect(adHocRun.stdout).toMatch(
      /^Backup written: .+ \(\d+\.\d MB, \d+ ms, integrity_check ok\)$/m,
    );
    const [adHocFile] = readdirSync(adHocDir);
    expect(integrity(path.join(adHocDir, adHocFile!))).toBe("ok");

    // The last backup, restored into a fresh instance as docs/operations.md says.
    const [last] = readdirSync(server.backupDir)
      .filter((name) => name.endsWith(".db"))
      .sort()
      .reverse();
    const lastFile = path.join(server.backupDir, last!);
    const lastBegan = Date.parse(
      last!.replace(/^.*-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2}\.\d{3}Z)\.db$/, "$1T$2:$3:$4"),
    );
    const before = acknowledged.filter((booking) => booking.at < lastBegan);
    console.info(
      `[backup] ${acknowledged.length} of ${sent} bookings acknowledged in ${((streamEnded - streamStarted) / 1000).toFixed(1)} s, ` +
        `${duringStream.length} scheduled backups during the stream; the last began after ${before.length} acknowledgements; ` +
        `${cutOff} cut off by the stop`,
    );
    expect(before.length).toBeGreaterThanOrEqual(100);

    const fresh = {
      databaseFile: path.join(WORK, "fresh", "clinic.db"),
      backupDir: path.join(WORK, "fresh-backups"),
    };
    mkdirSync(fresh.backupDir, { recursive: true });
    cpSync(lastFile, path.join(fresh.backupDir, last!));
    const restore = await dbCommand(["restore", path.join(fresh.backupDir, last!)], fresh);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(
      `Restored ${path.join(fresh.backupDir, last!)} into ${fresh.databaseFile}.`,
    );
    expect(integrity(fresh.databaseFile)).toBe("ok");

    const restored = await start({ port: PORTS.restored, ...fresh, env: NO_LIMITS });
    const stored = await restored.db().appointment.findMany({
      where: { id: { in: before.map((booking) => booking.id) } },
      select: { id: true },
    });
    expect(stored.length).toBe(before.length);

    // The app serves it: the patients' sessions came back with their bookings, on the page
    // and through the API.
    const booking = before[before.length - 1]!;
    const patient = patients[booking.userIndex]!;
    const auth = await fetch(`${restored.url}/api/user-auth`, {
      headers: { authorization: patient.token },
    });
    expect(await auth.json()).toEqual({ ok: true });
    const page = await fetch(`${restored.url}/user/appointments`, {
      headers: { cookie: patient.cookie },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const mine of before.filter((entry) => entry.userIndex === booking.userIndex)) {
      expect(html).toContain(formatDateTime(mine.date, mine.time, US_CLINIC));
    }
    const free = await fetch(
      `${restored.url}/resources/free-slots?date=${booking.date}&service=${service.id}&dentist=${booking.dentist}`,
    );
    const { times } = (await free.json()) as { times: string[] };
    expect(times).not.toContain(booking.time);
    const health = await fetch(`${restored.url}/healthz`);
    expect(health.status).toBe(200);
  }, 300_000);
});

describe("restores and failed backups", () => {
  it("restore refuses while the server runs, and goes ahead once it is dead, whatever it left behind", async () => {
    // In this suite's folder: the restore keeps the replaced database beside it.
    const databaseFile = path.join(WORK, "restart", "clinic.db");
    const server = await start({ port: PORTS.main, databaseFile, env: NO_LIMITS });
    await server.waitForOutput(/"msg":"backup"/);
    const target = { databaseFile: server.databaseFile, backupDir: server.backupDir };
    const { user, token } = await server.signedInUser({ name: "Written after the backup" });
    // The server is the only one with the file open from here on, as in production.
    await server.db().$disconnect();
    const signedIn = (url: string) =>
      fetch(`${url}/api/user-auth`, { headers: { authorization: token } }).then((r) => r.json());

    const refused = await dbCommand(["restore", "latest"], target);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `Restore refused: ${server.databaseFile} is in use by a running server or a restore (it holds ${server.databaseFile}.lock): stop it first`,
    );
    expect(await signedIn(server.url)).toEqual({ ok: true });

    // Killed with no chance to clean up: the lock file and the -wal stay behind.
    await server.kill("SIGKILL");
    expect(existsSync(`${server.databaseFile}.lock`)).toBe(true);
    expect(existsSync(`${server.databaseFile}-wal`)).toBe(true);
    const restore = await dbCommand(["restore", "latest"], target);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    const aside = /kept at ([^,\n]+\.db)/.exec(restore.stdout)![1]!;
    expect(path.dirname(aside)).toBe(path.join(WORK, "restart", "replaced"));
    // The killed server's log went aside with its file: what it wrote is still there.
    expect(restore.stdout).toContain(`${aside}, ${aside}-wal, ${aside}-shm`);
    expect(integrity(aside)).toBe("ok");
    const replaced = new Database(aside, { readonly: true });
    expect(replaced.prepare("SELECT name FROM User WHERE id = ?").get(user.id)).toEqual({
      name: "Written after the backup",
    });
    replaced.close();

    // Restarted on the restored file: the backup's data, without what came after it.
    const again = await start({
      port: PORTS.main,
      databaseFile: server.databaseFile,
      env: NO_LIMITS,
    });
    expect(await signedIn(again.url)).toMatchObject({ ok: false });
    expect(await again.db().user.findUnique({ where: { id: user.id } })).toBeNull();
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
  }, 180_000);

  it("a damaged backup is refused by restore; a scheduled backup that fails its check lands in failed/ with an error logged, and /healthz turns 503 three intervals after the last good one", async () => {
    const server = await start({
      port: PORTS.main,
      // Three seconds: a backup taken by the niced worker on a busy machine can itself take
      // longer than one, which made the newest good backup stale (3 s) as it landed.
      env: { ...NO_LIMITS, BACKUP_INTERVAL: "3s" },
    });
    await server.waitForOutput(/"msg":"backup"/);
    const healthy = await fetch(`${server.url}/healthz`);
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toMatchObject({
      status: "ok",
      backup: { status: "ok", maxAgeSeconds: 9 },
    });

    // A damaged copy of a good backup: restore checks before it touches anything.
    const good = readdirSync(server.backupDir).find((name) => name.endsWith(".db"))!;
    const damaged = path.join(WORK, "damaged.db");
    mkdirSync(WORK, { recursive: true });
    const bytes = readFileSync(path.join(server.backupDir, good));
    bytes.fill(0xa5, 4096, bytes.length - 4096);
    writeFileSync(damaged, bytes);
    const refused = await dbCommand(["restore", damaged], {
      databaseFile: path.join(WORK, "never-restored.db"),
      backupDir: server.backupDir,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      new RegExp(
        `^Restore refused: ${damaged.replaceAll(".", "\\.")} is not a sound database \\(integrity_check: .+\\); nothing was changed`,
      ),
    );
    expect(existsSync(path.join(WORK, "never-restored.db"))).toBe(false);

    // Damage the live database where the server does not look: an index that no longer
    // matches its table. The server serves on; every copy of the file carries the damage.
    const live = new Database(server.databaseFile);
    live.exec(
      "CREATE TABLE BackupProbe (a TEXT, b TEXT); CREATE INDEX BackupProbe_a ON BackupProbe (a);",
    );
    const insert = live.prepare("INSERT INTO BackupProbe (a, b) VALUES (?, ?)");
    for (let i = 0; i < 50; i += 1) insert.run(`a${i}`, `b${49 - i}`);
    live.unsafeMode(true);
    live.pragma("writable_schema = ON");
    live
      .prepare(
        "UPDATE sqlite_master SET sql = 'CREATE INDEX BackupProbe_a ON BackupProbe (b)' WHERE name = 'BackupProbe_a'",
      )
      .run();
    live.close();
    const damagedAt = Date.now();

    const failure = await server.waitForOutput(/^\{.*"level":"error","msg":"backup failed".*\}$/m);
    const line = JSON.parse(failure[0]) as LogLine & { problems: string[] };
    expect(line.problems[0]).toMatch(/missing from index BackupProbe_a/);
    expect(line.keptAs).toBe(path.join(server.backupDir, "failed", path.basename(line.keptAs!)));
    expect(existsSync(line.keptAs!)).toBe(true);
    expect(integrity(line.keptAs!)).not.toBe("ok");

    // Polled, not slept: 503 once the newest good backup is three intervals (9 s) old.
    const deadline = Date.now() + 60_000;
    let stale: Response;
    for (;;) {
      stale = await fetch(`${server.url}/healthz`);
      if (stale.status !== 200 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(stale.status).toBe(503);
    const body = (await stale.json()) as {
      status: string;
      database: string;
      backup: { status: string; newestAt: string; ageSeconds: number; lastFailureAt: string };
    };
    expect(body).toMatchObject({
      status: "error",
      database: "ok",
      backup: { status: "stale", maxAgeSeconds: 9 },
    });
    expect(Date.parse(body.backup.newestAt)).toBeLessThan(damagedAt);
    expect(body.backup.ageSeconds).toBeGreaterThanOrEqual(9);
    expect(Date.parse(body.backup.lastFailureAt)).toBeGreaterThan(Date.parse(body.backup.newestAt));
    // Pages still answer: only the health check speaks of the backups.
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  }, 180_000);
});
