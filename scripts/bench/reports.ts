// Benchmark of the reports (docs/decisions/036-reports.md), in-process on the app's own code
// (tsx): what /staff/reports' loader does for a month by week in a clinic of 2,000
// appointments, against a year by week (53 periods) in one of 200,000: the figures
// (`buildReport`: every table of the range, read in the database from the week, month and
// day figures), and the page's whole work (the figures and their seven SVG charts).
// Goal: the year's within 1.5x of the month's, both the figures and the page. Each is timed
// as wall time and as the process's CPU time (the work itself, which a shared machine's load
// moves less), medians; the figures' fastest run is printed too. A year by month, and how long working out every day of the 200,000 takes
// the first time (after a migration or an import), are printed too.
// Run by `npm run bench` (scripts/bench/run.mjs), or alone:
// `npx tsx scripts/bench/reports.ts [--json]`.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { addDays, clinicTimeToUtc } from "~/utils/clinic-time";
import type { ReportRange } from "~/models/reports/periods";
import { inChild, medianCost, migratedDatabase, storedInstant as iso } from "./in-process";

const TMP = path.resolve("tests/.tmp/bench-reports");
const RUNS = 15;
/** Rounds of month then year, each in fresh processes, so drift on a busy machine hits both. */
const ROUNDS = 3;
const MONTH: ReportRange = { from: "2026-03-01", to: "2026-03-31", by: "week" };
const YEAR: ReportRange = { from: "2025-04-01", to: "2026-03-31", by: "week" };
const YEAR_BY_MONTH: ReportRange = { ...YEAR, by: "month" };
const DENTISTS = 5;
const CHAIRS = 4;
const TIMES = ["09:00", "09:30", "10:00", "11:00", "13:00", "14:00", "15:00", "16:00"];

/** A migrated clinic with `count` visits spread over the days of `range`, with their history. */
function prepareDatabase(name: string, count: number, range: ReportRange) {
  const file = path.join(TMP, `${name}.db`);
  const db = migratedDatabase(file);
  const plan = (
    db.prepare(`SELECT weeklyPlan FROM Dentist WHERE id = 'dentist-first'`).get() as {
      weeklyPlan: string;
    }
  ).weeklyPlan;
  const now = iso(Date.parse("2026-04-01T00:00:00Z"));
  const days: string[] = [];
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) days.push(date);
  const user = db.prepare(
    `INSERT INTO User (id, name, email, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?)`,
  );
  const visit = db.prepare(
    `INSERT INTO Appointment (id, userId, productId, name, email, phone, date, time, message, dentistId, chairId, startsAt, endsAt, status, createdAt, updatedAt)
     VALUES (?, ?, 'bench-service', 'Bench Patient', 'bench@example.com', '555', ?, ?, '', ?, ?, ?, ?, ?, ?, ?)`,
  );
  const history = db.prepare(
    `INSERT INTO AppointmentStatusChange (id, appointmentId, "from", "to", at) VALUES (?, ?, ?, ?, ?)`,
  );
  const invitation = db.prepare(
    `INSERT INTO RecallInvitation (id, recallId, step, dueDate, sentAt, sentOn, dentistId, convertedAt)
     VALUES (?, 'bench-recall', ?, ?, ?, ?, 'dentist-first', ?)`,
  );
  const patients = Math.max(1, Math.floor(count / 5));
  db.transaction(() => {
    db.prepare(
      `INSERT INTO Product (id, slug, name, description, priceCents, photo, category, createdAt, updatedAt)
       VALUES ('bench-service', 'bench-service', 'Check-up', 'A check-up', 5000, '', 'Preventive', ?, ?)`,
    ).run(now, now);
    for (let d = 1; d < DENTISTS; d += 1) {
      db.prepare(
        `INSERT INTO Dentist (id, slug, name, title, weeklyPlan, sortOrder, updatedAt) VALUES (?, ?, ?, 'DDS', ?, ?, ?)`,
      ).run(`bench-dentist-${d}`, `bench-dentist-${d}`, `Dr. Bench ${d}`, plan, d, now);
    }
    for (let c = 1; c < CHAIRS; c += 1) {
      db.prepare(`INSERT INTO Chair (id, name, sortOrder) VALUES (?, ?, ?)`).run(
        `bench-chair-${c}`,
        `Chair ${c + 1}`,
        c,
      );
    }
    for (let p = 0; p < patients; p += 1) {
      user.run(`bench-user-${p}`, `Patient ${p}`, `bench-${p}@example.com`, now, now);
    }
    db.prepare(
      `INSERT INTO PatientRecall (id, userId, recallTypeId, dueDate, updatedAt) VALUES ('bench-recall', 'bench-user-0', 'recall-checkup', '2026-06-01', ?)`,
    ).run(now);
    for (let i = 0; i < count; i += 1) {
      const date = days[i % days.length]!;
      const time = TIMES[Math.floor(i / days.length) % TIMES.length]!;
      const start = clinicTimeToUtc(date, time).getTime();
      // Each day's visits spread over every dentist and chair.
      const slot = Math.floor(i / days.length);
      const dentist = slot % DENTISTS === 0 ? "dentist-first" : `bench-dentist-${slot % DENTISTS}`;
      const chair =
        Math.floor(slot / DENTISTS) % CHAIRS === 0
          ? "chair-1"
          : `bench-chair-${Math.floor(slot / DENTISTS) % CHAIRS}`;
      // 80% came, 5% did not, 15% cancelled (a third of them inside the cutoff).
      const roll = i % 20;
      const status = roll < 16 ? "completed" : roll === 16 ? "no_show" : "cancelled";
      const id = `bench-visit-${i}`;
      visit.run(
        id,
        `bench-user-${i % patients}`,
        date,
        time,
        dentist,
        chair,
        iso(start),
        iso(start + 30 * 60_000),
        status,
        iso(start - 14 * 86_400_000),
        iso(start),
      );
      history.run(`${id}-b`, id, null, "booked", iso(start - 14 * 86_400_000));
      const changedAt =
        status === "cancelled" ? start - (roll === 17 ? 3 : 72) * 3_600_000 : start + 3_600_000;
      history.run(`${id}-s`, id, "booked", status, iso(changedAt));
      if (i % 10 === 0) {
        invitation.run(
          `bench-invitation-${i}`,
          ((i / 10) % 4) + 1,
          `${date}-${i}`,
          iso(start),
          date,
          i % 30 === 0 ? iso(start) : null,
        );
        db.prepare(
          `INSERT INTO ReportDirtyDay (date, version) VALUES (?, 1) ON CONFLICT (date) DO UPDATE SET version = version + 1`,
        ).run(date);
      }
    }
  })();
  db.close();
  return file;
}

/** In the child: works every marked day out once, timed (the figures stay in the file). */
async function catchUp() {
  const { summariseMarkedDays } = await import("~/models/reports/summary.server");
  const started = performance.now();
  const { days } = await summariseMarkedDays();
  return { catchUpSeconds: (performance.now() - started) / 1000, days };
}

/** In the child: the figures alone, and the page's work (figures and charts), of each range. */
async function measure(ranges: ReportRange[]) {
  const { buildReport } = await import("~/models/reports/reports.server");
  const { chartRenderer } = await import("~/models/reports/charts.server");
  const chartSvg = await chartRenderer();
  const result: Record<string, number> = {};
  for (const [index, range] of ranges.entries()) {
    const page = await medianCost(async () => {
      const report = await buildReport(range, { dentistId: null });
      for (const table of report.tables) chartSvg(table.chart);
    }, RUNS);
    const figures = await medianCost(() => buildReport(range, { dentistId: null }), RUNS);
    result[`page${index}`] = page.wallMs;
    result[`pageCpu${index}`] = page.cpuMs;
    result[`figures${index}`] = figures.wallMs;
    result[`figuresCpu${index}`] = figures.cpuMs;
    result[`figuresFastest${index}`] = figures.fastestWallMs;
  }
  return result;
}

const [mode] = process.argv.slice(2);
if (mode === "catch-up" || mode === "month" || mode === "year") {
  process.env.SESSION_SECRET ??= "bench-session-secret";
  const result =
    mode === "catch-up"
      ? await catchUp()
      : await measure(mode === "month" ? [MONTH] : [YEAR, YEAR_BY_MONTH]);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });
const files = {
  month: prepareDatabase("month", 2_000, MONTH),
  year: prepareDatabase("year", 200_000, YEAR),
};
inChild("scripts/bench/reports.ts", "catch-up", files.month);
const firstTime = inChild("scripts/bench/reports.ts", "catch-up", files.year);
const best = { month: {} as Record<string, number>, year: {} as Record<string, number> };
for (let round = 0; round < ROUNDS; round += 1) {
  for (const side of ["month", "year"] as const) {
    const result = inChild("scripts/bench/reports.ts", side, files[side]);
    for (const [key, value] of Object.entries(result)) {
      best[side][key] = Math.min(best[side][key] ?? Infinity, value);
    }
  }
}
rmSync(TMP, { recursive: true, force: true });
const { month, year } = best;
const figures = {
  monthFiguresMs: month.figures0!,
  yearFiguresMs: year.figures0!,
  figuresRatio: year.figures0! / month.figures0!,
  monthFiguresCpuMs: month.figuresCpu0!,
  yearFiguresCpuMs: year.figuresCpu0!,
  figuresCpuRatio: year.figuresCpu0! / month.figuresCpu0!,
  monthFiguresFastestMs: month.figuresFastest0!,
  yearFiguresFastestMs: year.figuresFastest0!,
  figuresFastestRatio: year.figuresFastest0! / month.figuresFastest0!,
  monthPageMs: month.page0!,
  yearPageMs: year.page0!,
  pageRatio: year.page0! / month.page0!,
  monthPageCpuMs: month.pageCpu0!,
  yearPageCpuMs: year.pageCpu0!,
  pageCpuRatio: year.pageCpu0! / month.pageCpu0!,
  yearByMonthFiguresMs: year.figures1!,
  yearByMonthPageMs: year.page1!,
  catchUpSeconds: firstTime.catchUpSeconds!,
  days: firstTime.days!,
};
if (process.argv.includes("--json")) {
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} else {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.info(
    `Best of ${ROUNDS} medians of ${RUNS}; a month by week at 2,000 appointments against a year by week at 200,000 (goal: ratio <= 1.5)`,
  );
  console.info(
    `  figures: ${ms(figures.monthFiguresMs)} and ${ms(figures.yearFiguresMs)}, ratio ${figures.figuresRatio.toFixed(2)}; CPU ${ms(figures.monthFiguresCpuMs)} and ${ms(figures.yearFiguresCpuMs)}, ratio ${figures.figuresCpuRatio.toFixed(2)}`,
  );
  console.info(
    `  figures, the fastest of ${ROUNDS * RUNS} runs: ${ms(figures.monthFiguresFastestMs)} and ${ms(figures.yearFiguresFastestMs)}, ratio ${figures.figuresFastestRatio.toFixed(2)}`,
  );
  console.info(
    `  page (figures and charts): ${ms(figures.monthPageMs)} and ${ms(figures.yearPageMs)}, ratio ${figures.pageRatio.toFixed(2)}; CPU ${ms(figures.monthPageCpuMs)} and ${ms(figures.yearPageCpuMs)}, ratio ${figures.pageCpuRatio.toFixed(2)}`,
  );
  console.info(
    `A year by month: figures ${ms(figures.yearByMonthFiguresMs)}, page ${ms(figures.yearByMonthPageMs)}; working out all ${figures.days} days of the 200,000 the first time: ${figures.catchUpSeconds.toFixed(1)} s`,
  );
}
