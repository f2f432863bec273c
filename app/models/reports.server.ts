import { Prisma } from "@prisma/client";
import { prisma } from "~/utils/db.server";
import { addDays } from "~/utils/clinic-time";
import { type Granularity, periodKey, periodsOf, type ReportRange } from "~/utils/report-periods";
import { dayOfPlan, dentistDay, openIntervals, workingIntervals } from "~/utils/slot-engine";
import { dayPlanSchema, parseJsonColumn, weeklyPlanSchema } from "~/validation/schedule";
import { closuresBetween, getClinicSettings, type Settings } from "./clinic-settings.server";
import { summariseMarkedDays } from "./report-summary.server";

/**
 * The clinic's reports (docs/decisions/036-reports.md): figures per week or month of a
 * range, summed in the database from the per-day figures (`ReportDay`), which come from
 * the visits and their status history. A dentist's report holds only their own figures.
 */

export type Cell = string | number | null;

export type ReportTable = {
  id: ReportTableId;
  title: string;
  /** What the figures mean, in one sentence. */
  about: string;
  columns: string[];
  rows: Cell[][];
  chart: ChartSpec;
};

export type ChartSpec = {
  kind: "bar" | "line";
  /** The unit of the y axis. */
  unit: "count" | "percent";
  categories: string[];
  series: { name: string; data: (number | null)[] }[];
};

export const REPORT_TABLES = [
  "no-shows",
  "late-cancellations",
  "utilisation-dentists",
  "utilisation-chairs",
  "patients",
  "waiting-list",
  "recall",
] as const;
export type ReportTableId = (typeof REPORT_TABLES)[number];

export type ReportScope = { dentistId: string | null };

type Sums = {
  scheduled: number;
  attended: number;
  noShows: number;
  cancelled: number;
  lateCancelled: number;
  bookedMinutes: number;
  newPatients: number;
  returningVisits: number;
  offeredTimes: number;
  refilledTimes: number;
  invitations: number;
  conversions: number;
};
const SUM_FIELDS = [
  "scheduled",
  "attended",
  "noShows",
  "cancelled",
  "lateCancelled",
  "bookedMinutes",
  "newPatients",
  "returningVisits",
  "offeredTimes",
  "refilledTimes",
  "invitations",
  "conversions",
] as const satisfies readonly (keyof Sums)[];

/** Percent with one decimal, or null when there is nothing to divide by. */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

/** The column holding each day's period: the week's Monday, or the month. */
const periodColumn = (by: Granularity) => Prisma.raw(by === "week" ? `"week"` : `"month"`);

/**
 * The day figures of the range summed in the database: every figure per period, and the
 * booked minutes per period and dentist and per period and chair (three small answers,
 * however many days and visits).
 */
async function summedFigures(range: ReportRange, scope: ReportScope) {
  const sums = Prisma.join(
    SUM_FIELDS.map(
      (field) => Prisma.sql`SUM(${Prisma.raw(`"${field}"`)}) AS ${Prisma.raw(`"${field}"`)}`,
    ),
  );
  const where = Prisma.sql`WHERE "date" >= ${range.from} AND "date" <= ${range.to}
    ${scope.dentistId ? Prisma.sql`AND "dentistId" = ${scope.dentistId}` : Prisma.empty}`;
  const period = periodColumn(range.by);
  const [totals, dentists, chairs] = await Promise.all([
    prisma.$queryRaw<Record<string, unknown>[]>`
      SELECT ${period} AS "period", ${sums} FROM "ReportDay" ${where} GROUP BY 1`,
    prisma.$queryRaw<{ period: string; id: string; minutes: unknown }[]>`
      SELECT ${period} AS "period", "dentistId" AS "id", SUM("bookedMinutes") AS "minutes"
      FROM "ReportDay" ${where} GROUP BY 1, 2`,
    prisma.$queryRaw<{ period: string; id: string; minutes: unknown }[]>`
      SELECT ${period} AS "period", "chairId" AS "id", SUM("bookedMinutes") AS "minutes"
      FROM "ReportDay" ${where} GROUP BY 1, 2`,
  ]);
  const byPeriod = new Map<string, Sums>();
  for (const row of totals) {
    const figures = {} as Sums;
    for (const field of SUM_FIELDS) figures[field] = Number(row[field] ?? 0);
    byPeriod.set(String(row.period), figures);
  }
  const minutes = (rows: { period: string; id: string; minutes: unknown }[]) =>
    new Map(rows.map((row) => [`${row.period}|${row.id}`, Number(row.minutes ?? 0)]));
  return { byPeriod, dentistMinutes: minutes(dentists), chairMinutes: minutes(chairs) };
}

/**
 * Minutes each dentist and each chair could be booked, per period: a dentist's working
 * periods inside the clinic's hours (their plan and exceptions as they are now), a chair's
 * the clinic's open periods; nothing on a closure. Worked out per weekday once, then per
 * date only where an exception or closure applies.
 */
async function availableMinutes(range: ReportRange, settings: Settings, scope: ReportScope) {
  const [dentists, chairs, closures] = await Promise.all([
    prisma.dentist.findMany({
      where: scope.dentistId ? { id: scope.dentistId } : { active: true },
      select: {
        id: true,
        name: true,
        weeklyPlan: true,
        exceptions: { where: { startDate: { lte: range.to }, endDate: { gte: range.from } } },
      },
      orderBy: [{ sortOrder: "asc" }, { name: "asc" }],
    }),
    prisma.chair.findMany({
      where: { active: true },
      select: { id: true, name: true },
      orderBy: { sortOrder: "asc" },
    }),
    closuresBetween(range.from, range.to),
  ]);
  const minutesOf = (intervals: { start: number; end: number }[]) =>
    intervals.reduce((sum, period) => sum + period.end - period.start, 0);
  const closed = (date: string) => closures.some((c) => c.startDate <= date && date <= c.endDate);
  const dentistMinutes = new Map<string, Map<string, number>>();
  const chairMinutes = new Map<string, number>();
  const clinicByWeekday = new Map<number, number>();
  const plans = dentists.map((dentist) => ({
    id: dentist.id,
    plan: parseJsonColumn(weeklyPlanSchema, dentist.weeklyPlan, "A dentist's plan"),
    exceptions: dentist.exceptions.map((exception) => ({
      ...exception,
      dayPlan: parseJsonColumn(dayPlanSchema, exception.dayPlan, "An exception"),
    })),
    byWeekday: new Map<number, number>(),
  }));
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) {
    if (closed(date)) continue;
    const period = periodKey(date, range.by);
    const clinicDay = dayOfPlan(settings.weeklyHours, date);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    let open = clinicByWeekday.get(weekday);
    if (open === undefined)
      clinicByWeekday.set(weekday, (open = minutesOf(openIntervals(clinicDay))));
    chairMinutes.set(period, (chairMinutes.get(period) ?? 0) + open);
    for (const dentist of plans) {
      const excepted = dentist.exceptions.some((e) => e.startDate <= date && date <= e.endDate);
      let minutes = excepted ? undefined : dentist.byWeekday.get(weekday);
      if (minutes === undefined) {
        minutes = minutesOf(
          workingIntervals({
            dentistDay: dentistDay(dentist.plan, dentist.exceptions, date),
            clinicDay,
            closed: false,
          }),
        );
        if (!excepted) dentist.byWeekday.set(weekday, minutes);
      }
      const perPeriod = dentistMinutes.get(dentist.id) ?? new Map<string, number>();
      perPeriod.set(period, (perPeriod.get(period) ?? 0) + minutes);
      dentistMinutes.set(dentist.id, perPeriod);
    }
  }
  return { dentists, chairs, dentistMinutes, chairMinutes };
}

const NO_FIGURES = Object.fromEntries(SUM_FIELDS.map((field) => [field, 0])) as Sums;

export type Report = {
  range: ReportRange;
  periods: { key: string; label: string }[];
  tables: ReportTable[];
};

/**
 * Every table of the report for a range. Days marked since they were last worked out
 * (recent bookings and changes) are worked out first, so the figures are current.
 */
export async function buildReport(range: ReportRange, scope: ReportScope): Promise<Report> {
  await summariseMarkedDays({ from: range.from, to: range.to });
  const settings = await getClinicSettings();
  const [summed, available] = await Promise.all([
    summedFigures(range, scope),
    availableMinutes(range, settings, scope),
  ]);
  const periods = periodsOf(range).map(({ key, label }) => ({ key, label }));
  const labels = periods.map((period) => period.label);
  const perPeriod = periods.map((period) => ({
    ...period,
    sums: summed.byPeriod.get(period.key) ?? NO_FIGURES,
  }));
  const series = (name: string, values: (number | null)[]) => ({ name, data: values });

  const noShows: ReportTable = {
    id: "no-shows",
    title: "No-shows",
    about:
      "Visits whose patient did not come, of the visits that reached their time (came or did not).",
    columns: ["Period", "Came", "No-shows", "No-show rate (%)"],
    rows: perPeriod.map(({ label, sums }) => [
      label,
      sums.attended,
      sums.noShows,
      percent(sums.noShows, sums.attended + sums.noShows),
    ]),
    chart: { kind: "bar", unit: "percent", categories: labels, series: [] },
  };
  noShows.chart.series = [
    series(
      "No-show rate",
      noShows.rows.map((row) => row[3] as number | null),
    ),
  ];

  const late: ReportTable = {
    id: "late-cancellations",
    title: "Late cancellations",
    about: `Cancellations made less than ${settings.cancellationCutoffHours} hours (the cancellation cutoff) before the visit, of all visits booked for the period.`,
    columns: ["Period", "Booked", "Cancelled", "Late cancellations", "Late cancellation rate (%)"],
    rows: perPeriod.map(({ label, sums }) => [
      label,
      sums.scheduled,
      sums.cancelled,
      sums.lateCancelled,
      percent(sums.lateCancelled, sums.scheduled),
    ]),
    chart: { kind: "bar", unit: "count", categories: labels, series: [] },
  };
  late.chart.series = [
    series(
      "Cancelled",
      late.rows.map((row) => row[2] as number),
    ),
    series(
      "Late cancellations",
      late.rows.map((row) => row[3] as number),
    ),
  ];

  const utilisation = (
    id: ReportTableId,
    title: string,
    who: string,
    people: { id: string; name: string }[],
    booked: (period: string, id: string) => number,
    open: (period: string, id: string) => number,
  ): ReportTable => {
    const tableRows = periods.flatMap((period) =>
      people.map((person) => {
        const minutes = booked(period.key, person.id);
        const availableMinutes = open(period.key, person.id);
        return [
          period.label,
          person.name,
          minutes,
          availableMinutes,
          percent(minutes, availableMinutes),
        ];
      }),
    );
    return {
      id,
      title,
      about: `Booked minutes (visits not cancelled) over the minutes each ${who} could be booked.`,
      columns: [
        "Period",
        who[0]!.toUpperCase() + who.slice(1),
        "Booked minutes",
        "Available minutes",
        "Utilisation (%)",
      ],
      rows: tableRows,
      chart: {
        kind: "line",
        unit: "percent",
        categories: labels,
        series: people.map((person, index) =>
          series(
            person.name,
            periods.map((_, p) => tableRows[p * people.length + index]![4] as number | null),
          ),
        ),
      },
    };
  };
  const dentistTable = utilisation(
    "utilisation-dentists",
    "Utilisation per dentist",
    "dentist",
    available.dentists,
    (period, id) => summed.dentistMinutes.get(`${period}|${id}`) ?? 0,
    (period, id) => available.dentistMinutes.get(id)?.get(period) ?? 0,
  );
  const chairTable = utilisation(
    "utilisation-chairs",
    "Utilisation per chair",
    "chair",
    available.chairs,
    (period, id) => summed.chairMinutes.get(`${period}|${id}`) ?? 0,
    (period) => available.chairMinutes.get(period) ?? 0,
  );

  const patients: ReportTable = {
    id: "patients",
    title: "New and returning patients",
    about:
      "Completed visits of patients coming for the first time, and of patients who came before.",
    columns: ["Period", "New patients", "Returning patients' visits"],
    rows: perPeriod.map(({ label, sums }) => [label, sums.newPatients, sums.returningVisits]),
    chart: { kind: "bar", unit: "count", categories: labels, series: [] },
  };
  patients.chart.series = [
    series(
      "New patients",
      patients.rows.map((row) => row[1] as number),
    ),
    series(
      "Returning patients' visits",
      patients.rows.map((row) => row[2] as number),
    ),
  ];

  const waitlist: ReportTable = {
    id: "waiting-list",
    title: "Waiting-list refills",
    about:
      "Times freed by a cancellation or move that were offered to the waiting list, and those a waiting patient booked.",
    columns: ["Period", "Freed times offered", "Refilled", "Refill rate (%)"],
    rows: perPeriod.map(({ label, sums }) => [
      label,
      sums.offeredTimes,
      sums.refilledTimes,
      percent(sums.refilledTimes, sums.offeredTimes),
    ]),
    chart: { kind: "bar", unit: "count", categories: labels, series: [] },
  };
  waitlist.chart.series = [
    series(
      "Offered",
      waitlist.rows.map((row) => row[1] as number),
    ),
    series(
      "Refilled",
      waitlist.rows.map((row) => row[2] as number),
    ),
  ];

  const recall: ReportTable = {
    id: "recall",
    title: "Recall conversion",
    about: "Recall invitations sent, and those whose link the patient booked a visit through.",
    columns: ["Period", "Invitations sent", "Led to a booking", "Conversion (%)"],
    rows: perPeriod.map(({ label, sums }) => [
      label,
      sums.invitations,
      sums.conversions,
      percent(sums.conversions, sums.invitations),
    ]),
    chart: { kind: "bar", unit: "count", categories: labels, series: [] },
  };
  recall.chart.series = [
    series(
      "Invitations",
      recall.rows.map((row) => row[1] as number),
    ),
    series(
      "Bookings",
      recall.rows.map((row) => row[2] as number),
    ),
  ];

  const tables = [
    noShows,
    late,
    dentistTable,
    ...(scope.dentistId ? [] : [chairTable]),
    patients,
    waitlist,
    recall,
  ];
  return { range, periods, tables };
}

/** The dentist record of a staff account with the dentist role, for its own report. */
export async function dentistOfAccount(userId: string) {
  return prisma.dentist.findUnique({ where: { userId }, select: { id: true, name: true } });
}

/** One table as CSV (RFC 4180), safe to open in a spreadsheet. */
export function tableCsv(table: ReportTable): string {
  const cell = (value: Cell) => {
    if (value === null) return "";
    if (typeof value === "number") return String(value);
    // A leading =, +, - or @ would be read as a formula by spreadsheets.
    const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [table.columns, ...table.rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}
