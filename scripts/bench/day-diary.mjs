// The day diary against the size of the appointment table: /staff for one day with 10
// dentists, on a database holding only that day's visits and on one holding 200,000
// appointments besides. The diary reads one day through the startsAt index, so the two
// should cost about the same (goal: within 1.5x). In the same run: the day diary's rate
// against the bare Remix fixture page's (scripts/bench/fixture, goal: at least 1/10), and a
// dentist's week view at 200,000 against the clinic with only the day (goal: within 1.5x).
// Issue 36: the large diary holds 100,000 signed forms and each card shows its medical
// history's state; a third server holds the same 200,000 with no form active (the diary as
// before the forms), and their CPU per request is compared (goal: within 1.5x).
// Run alone with `node scripts/bench/day-diary.mjs [--record]` or as part of `npm run bench`.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import bcrypt from "bcryptjs";
import Database from "better-sqlite3";
import { testPorts } from "../../tests/support/ports.mjs";
import { build, forgetFilledReportDays, removeDatabase, startApp } from "./server.mjs";
import { buildFixture, startFixture } from "./uncached.mjs";

export const DIARY_APPOINTMENTS = Number(process.env.BENCH_DIARY_APPOINTMENTS || 200_000);
/** Signed forms beside them (issue 36): the diary reads the day's patients' medical histories. */
export const DIARY_SUBMISSIONS = Number(process.env.BENCH_DIARY_SUBMISSIONS || 100_000);
/** The patients the other appointments and the submissions are spread over. */
const OTHER_PATIENTS = 20_000;
const DENTISTS = 10;
const PASSWORD = "bench-reception";
/** The measured day: a Wednesday far enough ahead to stay in the future. */
export const DAY = "2027-03-10";
/** The measured day's week (Monday to Sunday): the week view reads it. */
const WEEK_DAYS = new Set(
  Array.from({ length: 7 }, (_, k) => new Date(Date.parse("2027-03-08") + k * 86_400_000)).map(
    (day) => day.toISOString().slice(0, 10),
  ),
);
const WEEK = JSON.stringify(
  Object.fromEntries(
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((day) => [
      day,
      day === "saturday" || day === "sunday" ? null : { start: "09:00", end: "17:00", breaks: [] },
    ]),
  ),
);
const iso = (date) => date.toISOString().replace("Z", "+00:00");
const id = (prefix) => `${prefix}${randomBytes(10).toString("hex")}`;

/**
 * Ten active dentists, a receptionist who can sign in, the measured day fully booked
 * (16 half-hour visits per dentist, each its own patient: half of them signed their medical
 * history three days before, waiting for review, the others have it due), `extra` more
 * appointments on other days and `submissions` signed forms of other patients.
 */
/** No form active: the diary reads no history state, as before issue 36. */
function withoutForms(file) {
  const db = new Database(file);
  try {
    db.prepare("UPDATE FormTemplate SET active = 0").run();
  } finally {
    db.close();
  }
}

export function fill(file, extra, submissions = 0) {
  const db = new Database(file);
  try {
    const now = iso(new Date());
    const serviceId = db.prepare("SELECT id FROM Product ORDER BY id LIMIT 1").get().id;
    const chairId = db.prepare("SELECT id FROM Chair ORDER BY sortOrder LIMIT 1").get().id;
    const have = db.prepare("SELECT COUNT(*) AS n FROM Dentist WHERE active = 1").get().n;
    const addDentist = db.prepare(
      `INSERT INTO Dentist (id, slug, name, title, sortOrder, weeklyPlan, updatedAt) VALUES (?, ?, ?, 'DDS', ?, ?, ?)`,
    );
    const insertPatient = db.prepare(
      `INSERT INTO User (id, name, email, dateOfBirth, createdAt, updatedAt) VALUES (?, ?, ?, '1980-05-17', ?, ?)`,
    );
    const history = db
      .prepare(
        `SELECT id FROM FormVersion WHERE templateId = 'medical-history' ORDER BY number DESC LIMIT 1`,
      )
      .get();
    const insertSubmission = db.prepare(
      `INSERT INTO FormSubmission (id, templateId, versionId, patientId, patientName, answers, signatureName, submittedAt)
       VALUES (?, 'medical-history', ?, ?, 'Bench Patient', '{"allergy-latex":false}', 'Bench Patient', ?)`,
    );
    const patients = [];
    const newPatient = () => {
      const patient = id("benchpatient");
      insertPatient.run(patient, "Bench Patient", `${patient}@example.com`, now, now);
      return patient;
    };
    let dayVisits = 0;
    const insertAppointment = db.prepare(
      `INSERT INTO Appointment (id, userId, productId, name, email, phone, date, time, message, dentistId, chairId, startsAt, endsAt, status, createdAt, updatedAt)
       VALUES (?, ?, ?, 'Bench Patient', 'bench@example.com', '555 0100', ?, ?, '', ?, ?, ?, ?, ?, ?, ?)`,
    );
    db.transaction(() => {
      for (let i = have; i < DENTISTS; i += 1) {
        addDentist.run(
          id("benchdentist"),
          `bench-dentist-${i}`,
          `Dr. Bench ${i}`,
          100 + i,
          WEEK,
          now,
        );
      }
      db.prepare(
        `INSERT INTO User (id, name, email, passwordHash, role, emailVerifiedAt, createdAt, updatedAt)
         VALUES (?, 'Bench Reception', 'bench-reception@example.com', ?, 'reception', ?, ?, ?)`,
      ).run(id("benchstaff"), bcrypt.hashSync(PASSWORD, 10), now, now, now);
      for (let i = 0; i < OTHER_PATIENTS; i += 1) patients.push(newPatient());
      const dentists = db
        .prepare("SELECT id FROM Dentist WHERE active = 1 ORDER BY sortOrder, id")
        .all()
        .map((row) => row.id);
      // Eastern standard time in March before the DST change: UTC-5.
      const add = (date, minutes, dentistId, status, userId) => {
        const startsAt = new Date(`${date}T00:00:00.000Z`);
        startsAt.setUTCMinutes(minutes + 5 * 60);
        const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
        insertAppointment.run(
          id("benchappt"),
          userId,
          serviceId,
          date,
          time,
          dentistId,
          chairId,
          iso(startsAt),
          iso(new Date(startsAt.getTime() + 30 * 60_000)),
          status,
          now,
          now,
        );
      };
      for (const dentistId of dentists) {
        for (let slot = 0; slot < 16; slot += 1) {
          const patient = newPatient();
          add(DAY, 9 * 60 + slot * 30, dentistId, "booked", patient);
          // Every other one signed their history three days before (to review); the rest have it due.
          if (history && (dayVisits += 1) % 2 === 0) {
            insertSubmission.run(
              id("benchform"),
              history.id,
              patient,
              iso(new Date(Date.parse(`${DAY}T12:00:00Z`) - 3 * 86_400_000)),
            );
          }
        }
      }
      // The rest: other days before and after, every status, 16 a day per dentist.
      const first = Date.parse("2024-01-01T00:00:00Z");
      const statuses = ["booked", "confirmed", "completed", "cancelled", "no_show", "checked_in"];
      for (let i = 0; i < extra; i += 1) {
        const dayIndex = Math.floor(i / (16 * dentists.length));
        let date = new Date(first + dayIndex * 86_400_000).toISOString().slice(0, 10);
        // The measured week holds the same visits in both databases.
        if (WEEK_DAYS.has(date)) date = "2031-01-01";
        add(
          date,
          9 * 60 + (i % 16) * 30,
          dentists[Math.floor(i / 16) % dentists.length],
          statuses[i % 6],
          patients[i % patients.length],
        );
      }
      // Signed forms of the other patients, over the two years before.
      const first2024 = Date.parse("2025-01-01T00:00:00Z");
      for (let i = 0; history && i < submissions; i += 1) {
        insertSubmission.run(
          id("benchform"),
          history.id,
          patients[i % patients.length],
          iso(new Date(first2024 + (i % 700) * 86_400_000)),
        );
      }
    })();
    forgetFilledReportDays(db);
    return {
      appointments: db.prepare("SELECT COUNT(*) AS n FROM Appointment").get().n,
      submissions: db.prepare("SELECT COUNT(*) AS n FROM FormSubmission").get().n,
    };
  } finally {
    db.close();
  }
}

/**
 * Waits until the server has stopped writing to `file` for `quietMs` (at most `maxMs`): its
 * start-up sweeps (reminders, recall, reports) run in the background. Another connection's
 * commits move `PRAGMA data_version`.
 */
async function waitForQuiet(file, { quietMs = 3000, maxMs = 240_000 } = {}) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const version = db.prepare("PRAGMA data_version").pluck();
    const started = Date.now();
    let last = version.get();
    let since = Date.now();
    while (Date.now() - since < quietMs && Date.now() - started < maxMs) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const now = version.get();
      if (now !== last) [last, since] = [now, Date.now()];
    }
    return Date.now() - started;
  } finally {
    db.close();
  }
}

export async function signIn(url) {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: new URLSearchParams({ email: "bench-reception@example.com", password: PASSWORD }),
  });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error(`sign-in answered ${response.status} without a cookie`);
  return cookie;
}

const DAY_PATH = `/staff?date=${DAY}`;
const WEEK_PATH = `/staff?view=week&date=${DAY}`;

async function measure(url, cookie, seconds, pathname = DAY_PATH) {
  const result = await autocannon({
    url: `${url}${pathname}`,
    connections: 2,
    duration: seconds,
    headers: { cookie },
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    bad: result.errors + result.timeouts + result.non2xx,
    answered: result.requests.total,
  };
}

/** CPU time (user + system, ms) a process has used so far: moves far less with other work than a rate. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // utime and stime, in clock ticks of 1/100 s.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Both databases side by side (alternating rounds); returns the figure rows. */
export async function runDayDiaryBench({
  buildDir,
  port,
  fixturePort = testPorts().bench.fixture,
  dir,
  note = console.info,
  seconds = 10,
}) {
  note(
    `\nThe day diary (10 dentists) on ${DIARY_APPOINTMENTS.toLocaleString("en-US")} appointments vs only the day's`,
  );
  mkdirSync(dir, { recursive: true });
  const servers = {};
  let fixture;
  const fixtureRounds = [];
  try {
    // "no-forms": the same large diary with no form active, as the diary was before issue 36.
    for (const [name, extra, forms, own] of [
      ["day-only", 0, 0, port],
      ["large", DIARY_APPOINTMENTS, DIARY_SUBMISSIONS, port + 1],
      ["no-forms", DIARY_APPOINTMENTS, 0, port + 2],
    ]) {
      const file = path.join(dir, `diary-${name}.db`);
      removeDatabase(file);
      const log = path.join(dir, `diary-${name}.log`);
      // Migrate and seed through a first start, then fill and start again.
      await (await startApp({ buildDir, port: own, databaseFile: file, log })).stop();
      const { appointments: count, submissions } = fill(file, extra, forms);
      if (name === "no-forms") withoutForms(file);
      const server = await startApp({ buildDir, port: own, databaseFile: file, log });
      const settled = await waitForQuiet(file);
      note(
        `  ${name}: the server's background writes settled after ${Math.round(settled / 1000)} s`,
      );
      const url = `http://127.0.0.1:${own}`;
      const cookie = await signIn(url);
      servers[name] = {
        server,
        url,
        file,
        count,
        submissions,
        cookie,
        rounds: [],
        weekRounds: [],
        cpuMs: 0,
        answered: 0,
      };
      const page = await (await fetch(`${url}${DAY_PATH}`, { headers: { cookie } })).text();
      const visits = (page.match(/class="diary-card/g) ?? []).length;
      if (visits < 160) throw new Error(`the ${name} diary shows ${visits} visits, expected 160+`);
      const states = (page.match(/class="history-/g) ?? []).length;
      if (name !== "no-forms" && states < 160) {
        throw new Error(`the ${name} diary shows ${states} history states, expected 160`);
      }
      const week = await (await fetch(`${url}${WEEK_PATH}`, { headers: { cookie } })).text();
      const weekVisits = (week.match(/class="diary-card/g) ?? []).length;
      if (weekVisits !== 16) {
        throw new Error(`the ${name} week view shows ${weekVisits} visits, expected 16`);
      }
      await measure(url, cookie, 2);
      await measure(url, cookie, 2, WEEK_PATH);
    }
    // The bare Remix page (forty cards, no data) on the same machine in the same run.
    const fixtureDir = path.join(dir, "fixture-build");
    buildFixture(fixtureDir);
    fixture = await startFixture({
      buildDir: fixtureDir,
      port: fixturePort,
      log: path.join(dir, "fixture.log"),
    });
    const fixtureUrl = `http://127.0.0.1:${fixturePort}`;
    const bare = async (length) => {
      const cpuBefore = cpuMs(fixture.pid);
      const result = await autocannon({ url: `${fixtureUrl}/`, connections: 2, duration: length });
      const cpu = cpuMs(fixture.pid) - cpuBefore;
      const answered = result.requests.total;
      return {
        rps: result.requests.average,
        p50: result.latency.p50,
        bad: result.non2xx,
        cpu,
        answered,
      };
    };
    await bare(2);
    const length = Math.max(2, Math.round(seconds / 3));
    for (let round = 0; round < 3; round += 1) {
      for (const entry of Object.values(servers)) {
        const cpuBefore = cpuMs(entry.server.pid);
        const day = await measure(entry.url, entry.cookie, length);
        entry.cpuMs += cpuMs(entry.server.pid) - cpuBefore;
        entry.answered += day.answered;
        entry.rounds.push(day);
        entry.weekRounds.push(await measure(entry.url, entry.cookie, length, WEEK_PATH));
      }
      fixtureRounds.push(await bare(length));
    }
  } finally {
    await fixture?.stop();
    for (const entry of Object.values(servers)) {
      await entry.server.stop();
      removeDatabase(entry.file);
    }
  }
  const mean = (list) => list.reduce((sum, r) => sum + r.rps, 0) / list.length;
  const cpu = (entry) => entry.cpuMs / Math.max(entry.answered, 1);
  const badOf = (list) => list.reduce((sum, r) => sum + r.bad, 0);
  const small = servers["day-only"];
  const large = servers.large;
  const ratio = mean(small.rounds) / Math.max(mean(large.rounds), 0.001);
  const bad = badOf([...small.rounds, ...large.rounds]);
  const rows = [
    {
      name: `Day diary /staff (10 dentists, 160 visits, each card's history state): cost at ${large.count.toLocaleString("en-US")} appointments and ${large.submissions.toLocaleString("en-US")} signed forms / at ${small.count} and ${small.submissions}`,
      value: ratio.toFixed(2),
      goal: "<= 1.5",
      pass: ratio <= 1.5 && bad === 0,
      detail: `(${mean(small.rounds).toFixed(1)} req/s with only the day, ${mean(large.rounds).toFixed(1)} req/s at ${large.count.toLocaleString("en-US")}; p50 ${small.rounds[0].p50} ms vs ${large.rounds[0].p50} ms; ${bad} errors/non-2xx)`,
    },
  ];
  // The figure: the diary with its forms against the same diary before them.
  const before = servers["no-forms"];
  const formsCost = cpu(large) / Math.max(cpu(before), 0.001);
  rows.push({
    name: `Day diary with each card's history state (${large.submissions.toLocaleString("en-US")} signed forms) / the same diary with no form (as before issue 36), both at ${large.count.toLocaleString("en-US")} appointments: CPU per request`,
    value: formsCost.toFixed(2),
    goal: "<= 1.5",
    pass: formsCost <= 1.5 && badOf([...large.rounds, ...before.rounds]) === 0,
    detail: `(${cpu(large).toFixed(1)} ms vs ${cpu(before).toFixed(1)} ms of the server's CPU per diary; ${mean(large.rounds).toFixed(1)} vs ${mean(before.rounds).toFixed(1)} req/s; p50 ${large.rounds[0].p50} ms vs ${before.rounds[0].p50} ms)`,
  });
  const share = mean(large.rounds) / Math.max(mean(fixtureRounds), 0.001);
  // CPU per request moves far less with the machine's load than a rate (issue 32's measure).
  const fixtureCpu =
    fixtureRounds.reduce((sum, r) => sum + r.cpu, 0) /
    Math.max(
      fixtureRounds.reduce((sum, r) => sum + r.answered, 0),
      1,
    );
  rows.push({
    name: "Day diary's rate / the bare Remix fixture page's rate (same run, 2 connections each)",
    value: share.toFixed(3),
    goal: ">= 0.1",
    pass: share >= 0.1 && badOf(fixtureRounds) === 0,
    detail: `(diary ${mean(large.rounds).toFixed(1)} req/s at ${large.count.toLocaleString("en-US")}, fixture ${mean(fixtureRounds).toFixed(1)} req/s, 1/${(1 / Math.max(share, 0.0001)).toFixed(0)}; fixture p50 ${fixtureRounds[0].p50} ms; CPU per request ${cpu(large).toFixed(1)} ms vs ${fixtureCpu.toFixed(2)} ms, 1/${(cpu(large) / Math.max(fixtureCpu, 0.001)).toFixed(1)})`,
  });
  const weekRatio = mean(small.weekRounds) / Math.max(mean(large.weekRounds), 0.001);
  const weekBad = badOf([...small.weekRounds, ...large.weekRounds]);
  rows.push({
    name: `A dentist's week view (16 visits): cost at ${large.count.toLocaleString("en-US")} appointments / with only the day's`,
    value: weekRatio.toFixed(2),
    goal: "<= 1.5",
    pass: weekRatio <= 1.5 && weekBad === 0,
    detail: `(${mean(small.weekRounds).toFixed(1)} req/s with only the day, ${mean(large.weekRounds).toFixed(1)} req/s at ${large.count.toLocaleString("en-US")}; p50 ${small.weekRounds[0].p50} ms vs ${large.weekRounds[0].p50} ms; ${weekBad} errors/non-2xx)`,
  });
  for (const row of rows) {
    note(
      `  ${row.pass ? "PASS" : "MISS"}  ${row.name}: ${row.value}  (goal ${row.goal})  ${row.detail}`,
    );
  }
  return rows;
}

/** Writes the row into docs/performance.md between the diary benchmark's markers. */
export function recordDayDiaryFigures(rows) {
  const file = "docs/performance.md";
  const start = "<!-- bench:day-diary:start -->";
  const end = "<!-- bench:day-diary:end -->";
  const machine = `${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.availableParallelism()} cores, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}`;
  const block = [
    start,
    `Latest run: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine} (\`node scripts/bench/day-diary.mjs --record\`, also run by \`npm run bench\`).`,
    "",
    "| Figure | Value | Goal | Pass | Detail |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map(
      (r) => `| ${r.name} | ${r.value} | ${r.goal} | ${r.pass ? "yes" : "no"} | ${r.detail} |`,
    ),
    end,
  ].join("\n");
  let text = existsSync(file) ? readFileSync(file, "utf8") : "# Performance\n";
  if (text.includes(start)) {
    text = text.slice(0, text.indexOf(start)) + block + text.slice(text.indexOf(end) + end.length);
  } else {
    text = `${text.trimEnd()}\n\n## The day diary against the appointment table's size\n\n${block}\n`;
  }
  writeFileSync(file, text);
  // The table as the lint's Prettier check wants it (aligned columns).
  spawnSync(process.execPath, ["node_modules/prettier/bin/prettier.cjs", "--write", file], {
    stdio: "ignore",
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const buildDir = process.env.BENCH_BUILD_DIR || ".build-bench";
  if (!existsSync(path.join(buildDir, "server.js")) || process.argv.includes("--build")) {
    build(buildDir);
  }
  const rows = await runDayDiaryBench({
    buildDir,
    port: testPorts().bench.dayDiary,
    fixturePort: testPorts().bench.fixture,
    dir: path.resolve("tests/.tmp/bench-day-diary"),
    seconds: Number(process.env.BENCH_SECONDS || 10),
  });
  if (process.argv.includes("--record")) recordDayDiaryFigures(rows);
}
