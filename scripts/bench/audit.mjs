// Benchmark: a patient's page of the audit trail (/staff/audit?patient=<e-mail>, signed in
// as an admin) at 1,000,000 entries answers within 1.5x of its time at 1,000. Run by
// `npm run bench`, or alone: `node scripts/bench/audit.mjs [--record]` (builds
// .build-bench first; --record writes the figures into docs/performance.md).
//
// Both databases are migrated and seeded by a first start, then filled straight through SQL:
// the measured patient has the same 120 entries in both (so both pages are full pages of
// 50); the rest of the trail is spread over 20,000 other patients and 5 staff members.
// Both servers run side by side and are measured in alternating rounds (autocannon, 4
// connections), so drift on a shared machine hits both alike. BENCH_SECONDS sets each
// round's length (default 10); BENCH_AUDIT_ENTRIES the large trail's size (default 1,000,000).
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import bcrypt from "bcryptjs";
import Database from "better-sqlite3";
import { testPorts } from "../../tests/support/ports.mjs";
import { machineLine, recordSection } from "./record.mjs";
import { build, removeDatabase, startApp } from "./server.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const GOAL = 1.5;
const PATIENT_ENTRIES = 120;
const OTHER_PATIENTS = 20_000;
const ADMIN = { email: "bench-admin@example.com", password: "bench-admin-password" };
const PATIENT_EMAIL = "bench-history@example.com";
const ACTIONS = ["patient.view", "appointment.move", "appointment.cancel", "review.hide"];

const iso = (millis) => new Date(millis).toISOString().replace("Z", "+00:00");

/** Fills the trail up to `total` entries; returns how long the fill took (ms). */
function fillTrail(file, total) {
  const started = performance.now();
  const db = new Database(file);
  try {
    db.pragma("journal_mode = WAL");
    const now = iso(Date.now());
    const insertUser = db.prepare(
      `INSERT INTO User (id, name, email, passwordHash, userImage, address, provider, role, emailVerifiedAt, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, '', '', 'local', ?, ?, ?, ?)`,
    );
    const insertEntry = db.prepare(
      `INSERT INTO AuditEntry (id, at, actorId, actorRole, action, entityType, entityId, patientId, summary, before, after)
       VALUES (?, ?, ?, ?, ?, 'Appointment', ?, ?, ?, ?, ?)`,
    );
    // Cheap unique ids (a random run tag and a counter): a million random draws cost minutes.
    const tag = randomBytes(4).toString("hex");
    let counter = 0;
    const id = (prefix) => `${prefix}${tag}${(counter++).toString(36).padStart(8, "0")}`;
    db.transaction(() => {
      const hash = bcrypt.hashSync(ADMIN.password, 10);
      insertUser.run(id("benchadmin"), "Bench Admin", ADMIN.email, hash, "admin", now, now, now);
      const staff = Array.from({ length: 5 }, (_, i) => {
        const staffId = id("benchstaff");
        insertUser.run(
          staffId,
          `Bench Staff ${i}`,
          `bench-staff-${i}@example.com`,
          null,
          "reception",
          now,
          now,
          now,
        );
        return staffId;
      });
      const patient = id("benchpatient");
      insertUser.run(patient, "Bench History", PATIENT_EMAIL, null, "patient", now, now, now);
      const others = Array.from({ length: OTHER_PATIENTS }, (_, i) => {
        const otherId = id("benchother");
        insertUser.run(
          otherId,
          `Bench Other ${i}`,
          `bench-other-${i}@example.com`,
          null,
          "patient",
          now,
          now,
          now,
        );
        return otherId;
      });
      // One entry a minute going back from now; the measured patient's are spread evenly.
      const every = Math.max(1, Math.floor(total / PATIENT_ENTRIES));
      const start = Date.now() - total * 60_000;
      for (let i = 0; i < total; i += 1) {
        const ours = i % every === 0 && i / every < PATIENT_ENTRIES;
        const action = ACTIONS[i % ACTIONS.length];
        insertEntry.run(
          id("benchaudit"),
          iso(start + i * 60_000),
          staff[i % staff.length],
          "reception",
          action,
          id("benchappt"),
          ours ? patient : others[i % others.length],
          `${action} by the bench, entry ${i}`,
          '{"time":"09:00","status":"booked"}',
          '{"time":"10:30","status":"booked"}',
        );
      }
    })();
    db.exec("ANALYZE");
    const count = db.prepare("SELECT COUNT(*) AS n FROM AuditEntry").get().n;
    const mine = db
      .prepare(
        "SELECT COUNT(*) AS n FROM AuditEntry WHERE patientId = (SELECT id FROM User WHERE email = ?)",
      )
      .get(PATIENT_EMAIL).n;
    return { count, mine, ms: performance.now() - started };
  } finally {
    db.close();
  }
}

/** Signs the admin in through the login form and returns the session cookie. */
async function adminCookie(url) {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .find((pair) => /session=/.test(pair));
  if (!cookie) throw new Error(`Signing the bench admin in failed (${response.status})`);
  return cookie;
}

async function measure(url, cookie, duration) {
  const result = await autocannon({ url, connections: 4, duration, headers: { cookie } });
  return {
    mean: result.latency.mean,
    p99: result.latency.p99,
    rps: result.requests.average,
    bad: result.errors + result.timeouts + result.non2xx,
  };
}

/** Runs the benchmark on `buildDir`; prints as it goes through `note`, returns the rows. */
export async function runAuditBench({ buildDir, ports, dir, note = console.info }) {
  note("\n14. A patient's audit-trail page at 1,000 and at 1,000,000 entries");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const sizes = [
    { name: "1,000", total: 1_000, port: ports.auditSmall },
    {
      name: "1,000,000",
      total: Number(process.env.BENCH_AUDIT_ENTRIES || 1_000_000),
      port: ports.auditLarge,
    },
  ];
  const servers = [];
  try {
    for (const size of sizes) {
      size.file = path.join(dir, `audit-${size.total}.db`);
      size.log = path.join(dir, `audit-${size.total}.log`);
      const first = await startApp({
        buildDir,
        port: size.port,
        databaseFile: size.file,
        log: size.log,
      });
      await first.stop();
      const filled = fillTrail(size.file, size.total);
      note(
        `  filled ${filled.count.toLocaleString("en")} entries (${filled.mine} about the patient) in ${(filled.ms / 1000).toFixed(1)} s`,
      );
      servers.push(
        await startApp({
          buildDir,
          port: size.port,
          databaseFile: size.file,
          log: size.log,
          env: { REQUEST_LOG: "false" },
        }),
      );
      size.url = `http://127.0.0.1:${size.port}`;
      size.cookie = await adminCookie(size.url);
      size.page = `${size.url}/staff/audit?patient=${encodeURIComponent(PATIENT_EMAIL)}`;
      const html = await (await fetch(size.page, { headers: { cookie: size.cookie } })).text();
      const shown = html.match(/data-testid="audit-entry"/g)?.length ?? 0;
      if (shown !== 50)
        throw new Error(`${size.page} showed ${shown} entries, expected a full page of 50`);
    }
    for (const size of sizes) await measure(size.page, size.cookie, 2);
    const rounds = { [sizes[0].name]: [], [sizes[1].name]: [] };
    for (let round = 0; round < 2; round += 1) {
      for (const size of sizes)
        rounds[size.name].push(await measure(size.page, size.cookie, SECONDS));
    }
    const summary = sizes.map((size) => {
      const list = rounds[size.name];
      return {
        name: size.name,
        mean: list.reduce((sum, entry) => sum + entry.mean, 0) / list.length,
        p99: Math.max(...list.map((entry) => entry.p99)),
        rps: Math.round(list.reduce((sum, entry) => sum + entry.rps, 0) / list.length),
        bad: list.reduce((sum, entry) => sum + entry.bad, 0),
      };
    });
    const [small, large] = summary;
    const ratio = large.mean / Math.max(small.mean, 0.01);
    const row = {
      name: "Audit trail, a patient's page: time at 1,000,000 entries / at 1,000",
      value: ratio.toFixed(2),
      goal: `<= ${GOAL}`,
      pass: ratio <= GOAL && small.bad + large.bad === 0,
      detail: `(mean ${small.mean.toFixed(1)} ms at 1,000 and ${large.mean.toFixed(1)} ms at 1,000,000; p99 ${small.p99} / ${large.p99} ms; ${small.rps} / ${large.rps} req/s; ${small.bad + large.bad} errors or non-2xx)`,
    };
    note(
      `  ${row.pass ? "PASS" : "MISS"}  ${row.name}: ${row.value}  (goal ${row.goal})  ${row.detail}`,
    );
    return [row];
  } finally {
    for (const server of servers) await server.stop();
    for (const size of sizes) if (size.file) removeDatabase(size.file);
  }
}

/** Writes the rows into docs/performance.md between the audit benchmark's own markers. */
export function recordAuditFigures(rows, machine) {
  return recordSection(
    "audit",
    `\`node scripts/bench/audit.mjs\` (part of \`npm run bench\`, BENCH_SECONDS=${SECONDS})`,
    rows,
    machine,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const buildDir = ".build-bench";
  console.info(`Building ${buildDir}`);
  build(buildDir);
  const machine = machineLine();
  const rows = await runAuditBench({
    buildDir,
    ports: testPorts().bench,
    dir: path.resolve("tests/.tmp/bench-audit"),
  });
  if (process.argv.includes("--record")) await recordAuditFigures(rows, machine);
}
