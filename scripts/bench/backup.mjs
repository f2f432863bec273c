// Benchmark: a backup of a 200,000-appointment database blocks no request for more than
// 100 ms. Run by `npm run bench`, or alone: `node scripts/bench/backup.mjs [--record]`
// (builds .build-bench first; --record writes the figures into docs/performance.md).
//
// The database is filled straight through SQL (one transaction, prepared inserts), backed
// up once with `node scripts/db.mjs backup` (timed), then served with BACKUP_INTERVAL=30s. A
// steady stream of requests (the health check, two pages, the free-slots read and a few
// bookings) runs until two of the server's own scheduled backups have come and gone; each
// request's latency is set against the backups' windows from the server's log.
import { localToUtc, sqliteInstant } from "../upgrade-data.mjs";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { testPorts } from "../../tests/support/ports.mjs";
import { addSession } from "./catalogue.mjs";
import { machineLine, recordSection } from "./record.mjs";
import { build, forgetFilledReportDays, removeDatabase, startApp } from "./server.mjs";

export const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS || 200_000);
const GOAL_MS = 100;
const CHAIRS = 4;
const SLOTS = Array.from({ length: 16 }, (_, i) => {
  const minutes = 9 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
});

/**
 * Past appointments, most recent first: every slot of every day but Sunday, four chairs,
 * going back from yesterday (about ten years for 200,000), spread over 2,000 patients.
 */
export function fillAppointments(file, count) {
  const db = new Database(file);
  try {
    const services = db
      .prepare("SELECT id FROM Product")
      .all()
      .map((row) => row.id);
    const now = new Date().toISOString().replace("Z", "+00:00");
    const insertUser = db.prepare(
      `INSERT INTO User (id, name, email, userImage, address, provider, role, createdAt, updatedAt)
       VALUES (?, ?, ?, '', '', 'local', 'patient', ?, ?)`,
    );
    const dentists = db.prepare("SELECT id FROM Dentist ORDER BY sortOrder").all();
    const chairs = db.prepare("SELECT id FROM Chair ORDER BY sortOrder").all();
    // Past visits, completed: the diary's instants in the seed's zone.
    const insert = db.prepare(
      `INSERT INTO Appointment (id, userId, productId, name, email, phone, date, time, message, status, dentistId, chairId, startsAt, endsAt, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'completed', ?, ?, ?, ?, ?, ?)`,
    );
    db.transaction(() => {
      const users = Array.from({ length: 2_000 }, (_, i) => {
        const id = `benchpatient${randomBytes(8).toString("hex")}`;
        insertUser.run(id, `Bench Patient ${i}`, `bench-patient-${i}-${id}@example.com`, now, now);
        return { id, name: `Bench Patient ${i}`, email: `bench-patient-${i}@example.com` };
      });
      const day = new Date();
      day.setUTCHours(12, 0, 0, 0);
      let written = 0;
      while (written < count) {
        day.setUTCDate(day.getUTCDate() - 1);
        if (day.getUTCDay() === 0) continue;
        const date = day.toISOString().slice(0, 10);
        const at = `${date}T08:00:00.000+00:00`;
        for (const time of SLOTS) {
          for (let chair = 1; chair <= CHAIRS && written < count; chair += 1) {
            const user = users[written % users.length];
            insert.run(
              `benchappt${randomBytes(10).toString("hex")}`,
              user.id,
              services[written % services.length],
              user.name,
              user.email,
              "+1 555 0100",
              date,
              time,
              "A routine visit, booked online, with a short message for the dentist.",
              dentists[chair % dentists.length].id,
              chairs[chair % chairs.length].id,
              sqliteInstant(localToUtc(date, time, "America/New_York")),
              sqliteInstant(
                new Date(localToUtc(date, time, "America/New_York").getTime() + 1_800_000),
              ),
              at,
              at,
            );
            written += 1;
          }
        }
      }
    })();
    forgetFilledReportDays(db);
    return db.prepare("SELECT COUNT(*) AS n FROM Appointment").get().n;
  } finally {
    db.close();
  }
}

/** Bookable future slots, for the writes in the stream (Monday to Saturday, from day 2). */
function* futureSlots() {
  const day = new Date();
  day.setUTCHours(12, 0, 0, 0);
  for (let offset = 2; offset <= 85; offset += 1) {
    const date = new Date(day.getTime() + offset * 86_400_000);
    if (date.getUTCDay() === 0) continue;
    for (const time of SLOTS) yield { date: date.toISOString().slice(0, 10), time };
  }
}

function backupLines(log) {
  return readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes('"msg":"backup'))
    .map((line) => JSON.parse(line));
}

const max = (list) => list.reduce((m, value) => Math.max(m, value), 0);
const percentile = (list, p) => {
  if (list.length === 0) return 0;
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * Runs the benchmark on `buildDir`; prints as it goes through `note`, and returns the rows
 * for the table.
 */
export async function runBackupBench({ buildDir, port, dir, note = console.info }) {
  note(
    `\n12. Backup of a ${APPOINTMENTS.toLocaleString("en")}-appointment database while requests stream in`,
  );
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const databaseFile = path.join(dir, "appointments.db");
  const backupDir = `${databaseFile}-backups`;
  const log = path.join(dir, "app.log");
  const url = `http://127.0.0.1:${port}`;
  const rows = [];

  // Migrated and seeded by a first start; then filled, and a session per writer.
  let app = await startApp({ buildDir, port, databaseFile, log });
  await app.stop();
  let started = performance.now();
  const count = fillAppointments(databaseFile, APPOINTMENTS);
  const tokens = Array.from({ length: 60 }, () => addSession(databaseFile));
  const megabytes = statSync(databaseFile).size / 2 ** 20;
  note(
    `  filled ${count.toLocaleString("en")} appointments in ${((performance.now() - started) / 1000).toFixed(1)} s: ${megabytes.toFixed(1)} MB`,
  );

  // The command an operator runs, on the stopped instance (timed end to end).
  started = performance.now();
  const command = spawnSync(process.execPath, ["scripts/db.mjs", "backup"], {
    env: {
      PATH: process.env.PATH,
      BUILD_DIR: buildDir,
      DATABASE_URL: `file:${databaseFile}`,
      BACKUP_DIR: backupDir,
    },
    encoding: "utf8",
  });
  const commandSeconds = (performance.now() - started) / 1000;
  if (command.status !== 0) throw new Error(`db:backup failed: ${command.stdout}${command.stderr}`);
  note(command.stdout.trim().replace(/^/gm, "  "));

  app = await startApp({
    buildDir,
    port,
    databaseFile,
    log,
    env: { BACKUP_INTERVAL: "30s", REQUEST_LOG: "false" },
  });
  try {
    const service = (await (await fetch(`${url}/api/product-list/1`)).json()).products[0]._id;
    const slots = futureSlots();
    let booked = 0;
    const freeDate = slots.next().value.date;
    const reads = ["/healthz", "/", "/all-service", `/resources/free-slots?date=${freeDate}`];
    const samples = [];
    let sent = 0;
    const pending = new Set();
    const fire = () => {
      const write = sent % 10 === 9;
      const slot = write ? slots.next().value : undefined;
      const path_ = write ? "/api/create-appointment" : reads[sent % reads.length];
      const init = write
        ? {
            method: "POST",
            headers: {
              "content-type": "application/json",
              authorization: tokens[Math.floor(booked / 10) % tokens.length],
            },
            body: JSON.stringify({
              service,
              name: "Bench",
              email: "bench@example.com",
              phone: "+1 555 0100",
              message: "Booked during a backup",
              ...slot,
            }),
          }
        : undefined;
      if (write) booked += 1;
      sent += 1;
      const start = Date.now();
      const t0 = performance.now();
      const request = fetch(`${url}${path_}`, init)
        .then(async (response) => {
          await response.arrayBuffer();
          samples.push({
            path: path_,
            start,
            end: Date.now(),
            ms: performance.now() - t0,
            status: response.status,
          });
        })
        .catch(() =>
          samples.push({ path: path_, start, end: Date.now(), ms: Infinity, status: 0 }),
        );
      pending.add(request);
      void request.finally(() => pending.delete(request));
    };

    // 50 requests a second; warmed up for 3 s, then measured until the server's next two
    // scheduled backups (every 30 s, on the clock) have finished, and 3 s more; at most 100 s.
    const RATE = 50;
    const ROUNDS = 2;
    const streamStart = Date.now();
    let measuredFrom = Infinity;
    let windows = [];
    await new Promise((resolve) => {
      const timer = setInterval(() => {
        const elapsed = Date.now() - streamStart;
        while (sent < (elapsed / 1000) * RATE) fire();
        if (elapsed >= 3_000 && measuredFrom === Infinity) measuredFrom = Date.now();
        windows = backupLines(log)
          .filter((entry) => entry.msg === "backup" && Date.parse(entry.takenAt) >= measuredFrom)
          .slice(0, ROUNDS)
          .map((line) => {
            const begin = Date.parse(line.takenAt);
            return { begin, end: begin + line.durationMs, line };
          });
        const last = windows[ROUNDS - 1];
        if ((last && Date.now() > last.end + 3_000) || elapsed > 100_000) {
          clearInterval(timer);
          resolve();
        }
      }, 1000 / RATE);
    });
    await Promise.all(pending);
    if (windows.length < ROUNDS)
      throw new Error(`Not ${ROUNDS} scheduled backups within the run: see ${log}`);
    const failed = backupLines(log).filter((entry) => entry.msg !== "backup");
    if (failed.length > 0) throw new Error(`A backup failed: ${JSON.stringify(failed[0])}`);

    const measured = samples.filter((sample) => sample.start >= measuredFrom);
    const overlaps = (s) => windows.some((w) => s.end >= w.begin && s.start <= w.end);
    const during = measured.filter(overlaps);
    const without = measured.filter((s) => !overlaps(s));
    const bad = measured.filter((s) => s.status === 0 || s.status >= 500);
    const durations = windows.map((w) => (w.line.durationMs / 1000).toFixed(2));
    const backupMb = (windows[0].line.bytes / 2 ** 20).toFixed(1);
    const duringMs = during.map((s) => s.ms);
    const withoutMs = without.map((s) => s.ms);
    const describe = (list) =>
      `${list.length} requests, p50 ${percentile(list, 50).toFixed(1)} ms, p99 ${percentile(list, 99).toFixed(1)} ms, max ${max(list).toFixed(1)} ms`;
    rows.push({
      name: `Max request latency during a backup of ${count.toLocaleString("en")} appointments`,
      value: `${max(duringMs).toFixed(1)} ms`,
      goal: `<= ${GOAL_MS} ms`,
      pass: during.length > 0 && max(duringMs) <= GOAL_MS && bad.length === 0,
      detail: `(during: ${describe(duringMs)}; without: ${describe(withoutMs)}; ${bad.length} errors or 5xx)`,
    });
    rows.push({
      name: "Scheduled backups in the server (VACUUM INTO + integrity_check), each",
      value: `${durations.join(" s, ")} s`,
      goal: "information",
      pass: true,
      detail: `(${megabytes.toFixed(1)} MB database, ${backupMb} MB backup, while serving 50 requests/s)`,
    });
    rows.push({
      name: "`npm run db:backup` on the stopped instance, end to end",
      value: `${commandSeconds.toFixed(2)} s`,
      goal: "information",
      pass: true,
      detail: `(${/\(([^)]*)\)/.exec(command.stdout)?.[1] ?? ""})`,
    });
    for (const row of rows) {
      note(
        `  ${row.pass ? "PASS" : "MISS"}  ${row.name}: ${row.value}  (goal ${row.goal})  ${row.detail}`,
      );
    }
    return rows;
  } finally {
    await app.stop();
    removeDatabase(databaseFile);
  }
}

/**
 * Writes the rows into docs/performance.md, between the backup benchmark's own markers, and
 * formats the file as `npm run lint` expects.
 */
export function recordBackupFigures(rows, machine) {
  return recordSection(
    "backup",
    "`node scripts/bench/backup.mjs` (part of `npm run bench`)",
    rows,
    machine,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const buildDir = ".build-bench";
  console.info(`Building ${buildDir}`);
  build(buildDir);
  const machine = machineLine();
  const rows = await runBackupBench({
    buildDir,
    port: testPorts().bench.backup,
    dir: path.resolve("tests/.tmp/bench-backup"),
  });
  if (process.argv.includes("--record")) await recordBackupFigures(rows, machine);
}
