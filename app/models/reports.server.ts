import { prisma } from "~/infra/db.server";
import { periodsOf, type ReportRange } from "~/models/report-periods";
import { getClinicSettings } from "./clinic-settings.server";
import { availableMinutes } from "./report-available.server";
import { NO_FIGURES, summedFigures } from "./report-figures.server";
import { summariseMarkedDays } from "./report-summary.server";

/**
 * The clinic's reports (docs/decisions/036-reports.md): figures per week or month of a
 * range, summed in the database from the week, month and day figures (`ReportPeriod`,
 * `ReportDay`), which come from the visits and their status history. A dentist's report holds only their own figures.
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

/** Percent with one decimal, or null when there is nothing to divide by. */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

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
  const ranged = periodsOf(range);
  const [summed, available] = await Promise.all([
    summedFigures(range, ranged, scope),
    availableMinutes(range, ranged, settings, scope),
  ]);
  const periods = ranged.map(({ key, label }) => ({ key, label }));
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
