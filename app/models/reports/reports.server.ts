import { prisma } from "~/infra/db.server";
import { periodsOf, type ReportRange } from "./periods";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { availableMinutes } from "./available.server";
import { NO_FIGURES, summedFigures } from "./figures.server";
import { summariseMarkedDays } from "./summary.server";

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

  /** A table with a row per period, charting some of its columns by their position. */
  const perPeriodTable = (
    table: Omit<ReportTable, "rows" | "chart"> & {
      unit: ChartSpec["unit"];
      row: (sums: (typeof perPeriod)[number]["sums"]) => Cell[];
      charted: Record<string, number>;
    },
  ): ReportTable => {
    const rows = perPeriod.map(({ label, sums }) => [label, ...table.row(sums)]);
    return {
      id: table.id,
      title: table.title,
      about: table.about,
      columns: table.columns,
      rows,
      chart: {
        kind: "bar",
        unit: table.unit,
        categories: labels,
        series: Object.entries(table.charted).map(([name, column]) =>
          series(
            name,
            rows.map((row) => row[column] as number | null),
          ),
        ),
      },
    };
  };

  const noShows = perPeriodTable({
    id: "no-shows",
    title: "No-shows",
    about:
      "Visits whose patient did not come, of the visits that reached their time (came or did not).",
    columns: ["Period", "Came", "No-shows", "No-show rate (%)"],
    unit: "percent",
    row: (sums) => [
      sums.attended,
      sums.noShows,
      percent(sums.noShows, sums.attended + sums.noShows),
    ],
    charted: { "No-show rate": 3 },
  });

  const late = perPeriodTable({
    id: "late-cancellations",
    title: "Late cancellations",
    about: `Cancellations made less than ${settings.cancellationCutoffHours} hours (the cancellation cutoff) before the visit, of all visits booked for the period.`,
    columns: ["Period", "Booked", "Cancelled", "Late cancellations", "Late cancellation rate (%)"],
    unit: "count",
    row: (sums) => [
      sums.scheduled,
      sums.cancelled,
      sums.lateCancelled,
      percent(sums.lateCancelled, sums.scheduled),
    ],
    charted: { Cancelled: 2, "Late cancellations": 3 },
  });

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

  const patients = perPeriodTable({
    id: "patients",
    title: "New and returning patients",
    about:
      "Completed visits of patients coming for the first time, and of patients who came before.",
    columns: ["Period", "New patients", "Returning patients' visits"],
    unit: "count",
    row: (sums) => [sums.newPatients, sums.returningVisits],
    charted: { "New patients": 1, "Returning patients' visits": 2 },
  });

  const waitlist = perPeriodTable({
    id: "waiting-list",
    title: "Waiting-list refills",
    about:
      "Times freed by a cancellation or move that were offered to the waiting list, and those a waiting patient booked.",
    columns: ["Period", "Freed times offered", "Refilled", "Refill rate (%)"],
    unit: "count",
    row: (sums) => [
      sums.offeredTimes,
      sums.refilledTimes,
      percent(sums.refilledTimes, sums.offeredTimes),
    ],
    charted: { Offered: 1, Refilled: 2 },
  });

  const recall = perPeriodTable({
    id: "recall",
    title: "Recall conversion",
    about: "Recall invitations sent, and those whose link the patient booked a visit through.",
    columns: ["Period", "Invitations sent", "Led to a booking", "Conversion (%)"],
    unit: "count",
    row: (sums) => [
      sums.invitations,
      sums.conversions,
      percent(sums.conversions, sums.invitations),
    ],
    charted: { Invitations: 1, Bookings: 2 },
  });

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
