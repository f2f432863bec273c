// The diary's benchmarks (issue 10): free times for one day with 10 dentists and 10 chairs
// on an empty diary against one of 200,000 visits over two years; the booking page's strip
// of first free times when the next 30 days are full (issue 31.9), on a clinic holding only
// the days ahead against one holding 200,000 visits besides; and 200 simultaneous bookings
// spread over one day (zero 5xx, zero overlaps, checked by a query afterwards).
// Called by run.mjs; `node scripts/bench/diary.mjs` runs it alone (it builds first).
import { randomBytes } from "node:crypto";
import path from "node:path";
import { mkdirSync, rmSync } from "node:fs";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { testPorts } from "../../tests/support/ports.mjs";
import { localToUtc, sqliteInstant } from "../upgrade-data.mjs";
import { addSession } from "./catalogue.mjs";
import { build, forgetFilledReportDays, removeDatabase, startApp } from "./server.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const VISITS = Number(process.env.BENCH_DIARY_VISITS || 200_000);
const WEEK_DAY = { start: "09:00", end: "17:00", breaks: [] };
const PLAN = JSON.stringify({
  monday: WEEK_DAY,
  tuesday: WEEK_DAY,
  wednesday: WEEK_DAY,
  thursday: WEEK_DAY,
  friday: WEEK_DAY,
  saturday: WEEK_DAY,
  sunday: WEEK_DAY,
});

const pad = (n) => String(n).padStart(2, "0");
export const hhmm = (minutes) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
export function addDays(date, days) {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first Tuesday `ahead` days or more from today (no seeded holiday falls on a Tuesday). */
export function benchDate(ahead = 14) {
  let date = addDays(new Date().toISOString().slice(0, 10), ahead);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 2) date = addDays(date, 1);
  return date;
}

const TIME_ZONE = "America/New_York";
/** Today at the clinic (the seed's time zone), where the booking page's strip starts. */
const clinicToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE }).format(new Date());

/** The days ahead the strip meets: this many full (every dentist, every working half hour)... */
const FULL_DAYS = 30;
/** ...then this many at the big diary's usual rate, in both clinics. */
const USUAL_DAYS = 30;

/**
 * 10 dentists and 10 chairs working every day 09:00-17:00 with no clinic break, all
 * performing the check-up (30 min) and the cleaning (60 min); the seed's closures stay.
 */
export function tenByTen(file) {
  const db = new Database(file);
  try {
    const now = sqliteInstant(new Date());
    db.transaction(() => {
      db.prepare(`UPDATE ClinicSettings SET weeklyHours = ? WHERE id = 1`).run(PLAN);
      db.prepare(`UPDATE Dentist SET weeklyPlan = ?`).run(PLAN);
      const services = db
        .prepare(`SELECT id FROM Product WHERE slug IN ('dental-checkup', 'teeth-cleaning')`)
        .all();
      for (let i = db.prepare(`SELECT COUNT(*) AS n FROM Dentist`).get().n; i < 10; i += 1) {
        db.prepare(
          `INSERT INTO Dentist (id, slug, name, title, weeklyPlan, sortOrder, updatedAt) VALUES (?, ?, ?, 'DDS', ?, ?, ?)`,
        ).run(`bench-dentist-${i}`, `bench-dentist-${i}`, `Dr. Bench ${i}`, PLAN, i, now);
      }
      for (let i = db.prepare(`SELECT COUNT(*) AS n FROM Chair`).get().n; i < 10; i += 1) {
        db.prepare(`INSERT INTO Chair (id, name, sortOrder) VALUES (?, ?, ?)`).run(
          `bench-chair-${i}`,
          `Chair ${i + 1}`,
          i,
        );
      }
      const link = db.prepare(
        `INSERT OR IGNORE INTO DentistService (dentistId, productId) VALUES (?, ?)`,
      );
      for (const { id } of db.prepare(`SELECT id FROM Dentist`).all())
        for (const service of services) link.run(id, service.id);
    })();
    const checkup = db.prepare(`SELECT id FROM Product WHERE slug = 'dental-checkup'`).get().id;
    const cleaning = db.prepare(`SELECT id FROM Product WHERE slug = 'teeth-cleaning'`).get().id;
    return { checkup, cleaning };
  } finally {
    db.close();
  }
}

/**
 * Visits written straight to the tables with their holds (two 15-minute steps each):
 * `perDay` 30-minute visits on each of `days` from `from` but the dates in `skip`, round
 * the clock so 200,000 fit in two years, rotating through dentists and chairs; or with
 * `workingHours`, every half hour from 09:00 to 17:00 of each dentist in turn (16 visits a
 * dentist and chair: 160 fill the day of 10).
 */
export function fillDiary(
  file,
  { from, days, perDay, skip = [], serviceId, workingHours = false },
) {
  const db = new Database(file);
  try {
    const dentists = db.prepare(`SELECT id FROM Dentist ORDER BY sortOrder, id`).all();
    const chairs = db.prepare(`SELECT id FROM Chair ORDER BY sortOrder, id`).all();
    const insert = db.prepare(
      `INSERT INTO Appointment (id, productId, name, email, phone, date, time, message, dentistId, chairId, startsAt, endsAt, status, updatedAt)
       VALUES (?, ?, 'Bench Patient', 'bench@example.com', '555 0100', ?, ?, 'Generated', ?, ?, ?, ?, ?, ?)`,
    );
    const hold = db.prepare(
      `INSERT INTO SlotHold (resource, startsAt, layer, appointmentId) VALUES (?, ?, 0, ?)`,
    );
    const today = clinicToday();
    let written = 0;
    db.transaction(() => {
      for (let day = 0; day < days; day += 1) {
        const date = addDays(from, day);
        if (skip.includes(date)) continue;
        const perDentist = workingHours ? 16 : 48;
        for (let n = 0; n < perDay; n += 1) {
          const slot = (workingHours ? 18 : 0) + (n % perDentist);
          const dentist = dentists[Math.floor(n / perDentist) % dentists.length].id;
          const chair = chairs[Math.floor(n / perDentist) % chairs.length].id;
          const time = hhmm(slot * 30);
          const start = localToUtc(date, time, TIME_ZONE);
          const id = `bench${randomBytes(10).toString("hex")}`;
          const at = sqliteInstant(start);
          const status = date < today ? "completed" : "booked";
          try {
            insert.run(
              id,
              serviceId,
              date,
              time,
              dentist,
              chair,
              at,
              sqliteInstant(new Date(start.getTime() + 1_800_000)),
              status,
              at,
            );
            // A visit holds its 15-minute steps (docs/decisions/027-one-booking-core.md).
            for (const step of [at, sqliteInstant(new Date(start.getTime() + 900_000))]) {
              hold.run(`dentist:${dentist}`, step, id);
              hold.run(`chair:${chair}`, step, id);
            }
            written += 1;
          } catch {
            // Two wall-clock times on one instant (the hours DST changes): keep the first.
            db.prepare(`DELETE FROM SlotHold WHERE appointmentId = ?`).run(id);
            db.prepare(`DELETE FROM Appointment WHERE id = ?`).run(id);
          }
        }
      }
    })();
    forgetFilledReportDays(db);
    return written;
  } finally {
    db.close();
  }
}

async function cannon(url, options = {}) {
  const result = await autocannon({ url, connections: 16, duration: SECONDS, ...options });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.errors + result.timeouts + result.non2xx,
  };
}

/** 200 patients book at once, spread over one day; 503 (busy) is retried as a client would. */
async function contention(url, file, date, services) {
  const tokens = Array.from({ length: 200 }, () => addSession(file));
  const times = Array.from({ length: 16 }, (_, i) => hhmm(9 * 60 + i * 30));
  const answers = await Promise.all(
    tokens.map(async (token, i) => {
      const started = performance.now();
      for (let attempt = 1; ; attempt += 1) {
        const response = await fetch(`${url}/api/create-appointment`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: token },
          body: JSON.stringify({
            service: i % 3 === 0 ? services.cleaning : services.checkup,
            name: `Bench ${i}`,
            email: "bench@example.com",
            phone: "555 0100",
            date,
            // The hour-long cleaning must end by 17:00: it starts by 16:00.
            time: times[(i * 7) % (i % 3 === 0 ? times.length - 1 : times.length)],
            message: "Contention",
          }),
        });
        await response.arrayBuffer();
        const retryAfter = Number(response.headers.get("retry-after"));
        if (response.status === 503 && retryAfter > 0 && attempt < 5) {
          await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
          continue;
        }
        return { status: response.status, ms: performance.now() - started, attempts: attempt };
      }
    }),
  );
  return answers;
}

function overlapsIn(file, date) {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare(
        `SELECT COUNT(*) AS n FROM Appointment a JOIN Appointment b ON a.id < b.id
         WHERE a.date = ? AND b.date = ? AND a.status NOT IN ('cancelled', 'no_show') AND b.status NOT IN ('cancelled', 'no_show')
           AND (a.dentistId = b.dentistId OR a.chairId = b.chairId)
           AND a.startsAt < b.endsAt AND b.startsAt < a.endsAt`,
      )
      .get(date, date).n;
  } finally {
    db.close();
  }
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/**
 * @param {{ buildDir: string, dir: string, note: (text: string) => void,
 *   record: (name: string, value: string, goal: string, pass: boolean, detail?: string) => void }} options
 */
export async function runDiaryBench({ buildDir, dir, note, record }) {
  const ports = testPorts().bench;
  mkdirSync(dir, { recursive: true });
  const today = clinicToday();
  const usualFrom = addDays(today, FULL_DAYS);
  // The measured day of step 10 lies after the days ahead the strip reads.
  const date = benchDate(FULL_DAYS + USUAL_DAYS + 2);
  note(`\n10. Free times for ${date}: 10 dentists, 10 chairs; empty diary and 200,000 visits`);
  const files = { empty: path.join(dir, "diary-empty.db"), full: path.join(dir, "diary-full.db") };
  const servers = {};
  const servicesOf = {};
  try {
    for (const [name, port] of [
      ["empty", ports.diaryEmpty],
      ["full", ports.diaryFull],
    ]) {
      const file = files[name];
      const log = path.join(dir, `diary-${name}.log`);
      // Migrate and seed through a first start, then shape the diary and start again.
      const first = await startApp({ buildDir, port, databaseFile: file, log });
      await first.stop();
      const services = tenByTen(file);
      servicesOf[name] = services;
      const serviceId = services.checkup;
      // The measured day holds the same 60 visits in both databases, and so do the days
      // ahead the strip reads: the next 30 full, the 30 after at the big diary's rate.
      let written = fillDiary(file, { from: date, days: 1, perDay: 60, serviceId });
      written += fillDiary(file, {
        from: today,
        days: FULL_DAYS,
        perDay: 160,
        workingHours: true,
        serviceId,
      });
      const perDay = Math.ceil(VISITS / 729);
      written += fillDiary(file, { from: usualFrom, days: USUAL_DAYS, perDay, serviceId });
      if (name === "full") {
        const started = performance.now();
        const from = addDays(today, -365);
        const ahead = Array.from({ length: FULL_DAYS + USUAL_DAYS }, (_, k) => addDays(today, k));
        written += fillDiary(file, {
          from,
          days: 730,
          perDay: Math.ceil((VISITS - written) / (730 - ahead.length - 1)),
          skip: [date, ...ahead],
          serviceId,
        });
        note(
          `  wrote ${written} visits from ${from} in ${Math.round(performance.now() - started)} ms`,
        );
      } else {
        note(
          `  the empty diary holds the ${written} visits of the days ahead and the measured day`,
        );
      }
      servers[name] = await startApp({ buildDir, port, databaseFile: file, log });
    }
    const urls = Object.fromEntries(
      Object.entries({ empty: ports.diaryEmpty, full: ports.diaryFull }).map(([name, port]) => [
        name,
        `http://127.0.0.1:${port}/resources/free-slots?date=${date}&service=${servicesOf[name].checkup}`,
      ]),
    );
    const same = await Promise.all(
      Object.values(urls).map((url) => fetch(url).then((r) => r.json())),
    );
    if (JSON.stringify(same[0]) !== JSON.stringify(same[1]))
      throw new Error(
        `The two diaries do not answer the same free times for the measured day: ${JSON.stringify(same)}`,
      );
    await cannon(urls.empty, { duration: 2 });
    await cannon(urls.full, { duration: 2 });
    const rounds = { empty: [], full: [] };
    for (let round = 0; round < 2; round += 1) {
      rounds.empty.push(await cannon(urls.empty));
      rounds.full.push(await cannon(urls.full));
    }
    const mean = (list) => Math.round(list.reduce((sum, r) => sum + r.rps, 0) / list.length);
    const bad = [...rounds.empty, ...rounds.full].reduce((sum, r) => sum + r.bad, 0);
    const ratio = mean(rounds.empty) / Math.max(mean(rounds.full), 1);
    record(
      "Free times of one day: cost at 200,000 visits / empty",
      ratio.toFixed(2),
      "<= 1.5",
      ratio <= 1.5 && bad === 0,
      `(${mean(rounds.empty)} req/s empty, ${mean(rounds.full)} req/s at 200,000; p99 ${rounds.empty[1].p99} ms / ${rounds.full[1].p99} ms; ${same[0].times.length} free times; ${bad} errors)`,
    );

    note(
      `\n10b. The booking page's first free times (7 days with a free start from today, ${today}, the next ${FULL_DAYS} days full): the days ahead alone and with 200,000 visits`,
    );
    const stripUrls = Object.fromEntries(
      Object.entries({ empty: ports.diaryEmpty, full: ports.diaryFull }).map(([name, port]) => [
        name,
        `http://127.0.0.1:${port}/resources/free-days?service=${servicesOf[name].checkup}`,
      ]),
    );
    const strips = await Promise.all(
      Object.values(stripUrls).map((url) => fetch(url).then((r) => r.json())),
    );
    for (const strip of strips) {
      if (!strip.success || strip.days.length !== 7 || strip.days[0].date < usualFrom) {
        throw new Error(
          `The strip did not find 7 days after the full ones: ${JSON.stringify(strip).slice(0, 300)}`,
        );
      }
    }
    const stripDays = strips.map(({ days }) => JSON.stringify(days));
    if (stripDays[0] !== stripDays[1]) {
      throw new Error(`The two clinics' strips differ: ${stripDays.join("\n")}`);
    }
    await cannon(stripUrls.empty, { duration: 2 });
    await cannon(stripUrls.full, { duration: 2 });
    const stripRounds = { empty: [], full: [] };
    for (let round = 0; round < 2; round += 1) {
      stripRounds.empty.push(await cannon(stripUrls.empty));
      stripRounds.full.push(await cannon(stripUrls.full));
    }
    const stripBad = [...stripRounds.empty, ...stripRounds.full].reduce((sum, r) => sum + r.bad, 0);
    const stripRatio = mean(stripRounds.empty) / Math.max(mean(stripRounds.full), 1);
    const fullP99 = Math.max(...stripRounds.full.map((r) => r.p99));
    const stripDetail = `${mean(stripRounds.empty)} req/s with the days ahead alone, ${mean(stripRounds.full)} req/s at 200,000; p50 ${stripRounds.empty[1].p50} / ${stripRounds.full[1].p50} ms, p99 ${stripRounds.empty[1].p99} / ${stripRounds.full[1].p99} ms; first day shown ${strips[0].days[0]?.date ?? `none (${strips[0].message})`}; one day's free times ${mean(rounds.full)} req/s; ${stripBad} errors`;
    record(
      `First free times (7 days, next ${FULL_DAYS} full): cost at 200,000 visits / days ahead alone`,
      stripRatio.toFixed(2),
      "<= 1.5",
      stripRatio <= 1.5 && stripBad === 0,
      `(${stripDetail})`,
    );
    record(
      `First free times (7 days, next ${FULL_DAYS} full): p99 at 200,000 visits, 16 connections`,
      `${fullP99} ms`,
      "< 300 ms",
      fullP99 < 300 && stripBad === 0,
      `(worst of two rounds; p50 ${stripRounds.full[1].p50} ms)`,
    );

    note(`\n11. 200 simultaneous bookings spread over ${date} (10 dentists, 10 chairs)`);
    const bookDate = addDays(date, 7);
    const started = performance.now();
    const answers = await contention(
      `http://127.0.0.1:${ports.diaryEmpty}`,
      files.empty,
      bookDate,
      servicesOf.empty,
    );
    const seconds = (performance.now() - started) / 1000;
    const count = (test) => answers.filter(test).length;
    const booked = count((a) => a.status === 201);
    const refused = count((a) => a.status === 409);
    const serverErrors = count((a) => a.status >= 500);
    const retried = answers.reduce((sum, a) => sum + a.attempts - 1, 0);
    const overlaps = overlapsIn(files.empty, bookDate);
    const ms = answers.map((a) => a.ms);
    record(
      "200 concurrent bookings: 5xx / overlaps",
      `${serverErrors} / ${overlaps}`,
      "0 / 0",
      serverErrors === 0 && overlaps === 0 && booked > 0,
      `(${booked} booked, ${refused} refused as taken, ${count((a) => ![201, 409].includes(a.status) && a.status < 500)} other 4xx, ${retried} retries after 503; ${(answers.length / seconds).toFixed(1)} requests/s, p50 ${Math.round(percentile(ms, 50))} ms, p99 ${Math.round(percentile(ms, 99))} ms)`,
    );
  } finally {
    for (const server of Object.values(servers)) await server.stop();
    for (const file of Object.values(files)) removeDatabase(file);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const buildDir = ".build-bench";
  const dir = path.resolve("tests/.tmp/bench-diary");
  rmSync(dir, { recursive: true, force: true });
  process.stdout.write(`Building ${buildDir}\n`);
  build(buildDir);
  const note = (text) => process.stdout.write(`${text}\n`);
  await runDiaryBench({
    buildDir,
    dir,
    note,
    record: (name, value, goal, pass, detail = "") =>
      note(`  ${pass ? "PASS" : "MISS"}  ${name}: ${value}  (goal ${goal})  ${detail}`),
  });
}
