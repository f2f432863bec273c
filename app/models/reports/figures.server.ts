import { Prisma } from "@prisma/client";
import { prisma } from "~/infra/db.server";
import { jsonListOfRows, NO_ROW, textParameter } from "~/infra/sql-dialect.server";
import { type Granularity, type Period, type ReportRange } from "./periods";

/**
 * The reports' figures read back (docs/decisions/036-reports.md): whole weeks and months
 * from their roll-up rows (`ReportPeriod`: per period, its totals, each dentist's and each
 * chair's), and only a range's partial first and last periods summed from the day rows
 * (`ReportDay`), so a year costs about what a month does.
 */

export type Sums = {
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

/** The figures of a day row, and of a week's or month's roll-up row. */
export const SUM_FIELDS = [
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

export const NO_FIGURES = Object.fromEntries(SUM_FIELDS.map((field) => [field, 0])) as Sums;

/** The dentist or chair of a roll-up row that sums all of them. */
const EVERY = "*";

const quoted = (name: string) => Prisma.raw(`"${name}"`);
const FIELD_LIST = Prisma.join(SUM_FIELDS.map(quoted));
const FIELD_SUMS = Prisma.join(SUM_FIELDS.map((field) => Prisma.raw(`SUM("${field}")`)));

/**
 * The roll-up rows of a week or a month summed from its day rows (`days`: a `FROM "ReportDay"
 * WHERE ...` over the period's dates): the period's totals (every dentist and chair), each
 * dentist's and each chair's. What `ReportPeriod` holds, and what a report reads of a partial
 * period; no row when the period has no day rows.
 */
export function periodTotals(
  by: Granularity,
  key: string,
  days: Prisma.Sql,
  scope: { dentistId: string | null },
) {
  const [period, every] = [textParameter(key), textParameter(EVERY)];
  if (scope.dentistId) {
    return Prisma.sql`SELECT ${period}, ${textParameter(scope.dentistId)}, ${every}, ${FIELD_SUMS}
      ${days} AND "dentistId" = ${scope.dentistId} GROUP BY "dentistId"`;
  }
  // Grouped by the period's own column (one value in its days), so that no days give no row.
  return Prisma.sql`SELECT ${period}, ${every}, ${every}, ${FIELD_SUMS} ${days} GROUP BY ${quoted(by)}
    UNION ALL SELECT ${period}, "dentistId", ${every}, ${FIELD_SUMS} ${days} GROUP BY "dentistId"
    UNION ALL SELECT ${period}, ${every}, "chairId", ${FIELD_SUMS} ${days} GROUP BY "chairId"`;
}

/**
 * Where a list of the answer reads its rows: the whole periods' roll-up rows that match
 * `filter`, found through the roll-up's key (kind, period, dentist, chair) before any row is
 * read, and the partial periods' sums (`"partial"`) that match it.
 */
function rowsOf(
  range: ReportRange,
  periods: Period[],
  columns: Prisma.Sql,
  filter: Prisma.Sql,
): Prisma.Sql {
  const whole = periods.filter((period) => period.whole);
  const parts: Prisma.Sql[] = [];
  if (whole.length > 0) {
    parts.push(Prisma.sql`SELECT ${columns} FROM "ReportPeriod" WHERE "kind" = ${range.by}
      AND "period" >= ${whole[0]!.key} AND "period" <= ${whole.at(-1)!.key} AND ${filter}`);
  }
  if (periods.some((period) => !period.whole)) {
    parts.push(Prisma.sql`SELECT ${columns} FROM "partial" WHERE ${filter}`);
  }
  return Prisma.join(parts, " UNION ALL ");
}

type Minutes = [period: string, id: string, minutes: number];

/**
 * The range's figures read in the database: every figure per period, and the booked
 * minutes per period and dentist and per period and chair, in one answer of three JSON
 * lists. Whole periods are their roll-up rows as stored (a dentist's report only their own
 * totals), so the answer grows with the periods shown, dentists and chairs, never with the
 * visits or the days; only the partial first and last periods are summed from their days.
 */
export async function summedFigures(
  range: ReportRange,
  periods: Period[],
  scope: { dentistId: string | null },
) {
  const partial = periods.filter((period) => !period.whole);
  const partialSums = partial.map((period) =>
    periodTotals(
      range.by,
      period.key,
      Prisma.sql`FROM "ReportDay" WHERE "date" >= ${period.from} AND "date" <= ${period.to}`,
      scope,
    ),
  );
  const totals = Prisma.sql`"dentistId" = ${scope.dentistId ?? EVERY} AND "chairId" = ${EVERY}`;
  const dentists = scope.dentistId
    ? totals
    : Prisma.sql`"dentistId" != ${EVERY} AND "chairId" = ${EVERY}`;
  // A dentist's report has no chairs.
  const chairs = scope.dentistId
    ? NO_ROW
    : Prisma.sql`"dentistId" = ${EVERY} AND "chairId" != ${EVERY}`;
  const list = (columns: Prisma.Sql, filter: Prisma.Sql) =>
    jsonListOfRows(columns, rowsOf(range, periods, columns, filter));
  const [answer] = await prisma.$queryRaw<{ totals: string; dentists: string; chairs: string }[]>`
    ${
      partialSums.length > 0
        ? Prisma.sql`WITH "partial" ("period", "dentistId", "chairId", ${FIELD_LIST}) AS MATERIALIZED (
            ${Prisma.join(partialSums, " UNION ALL ")})`
        : Prisma.empty
    }
    SELECT ${list(Prisma.sql`"period", ${FIELD_LIST}`, totals)} AS "totals",
      ${list(Prisma.sql`"period", "dentistId", "bookedMinutes"`, dentists)} AS "dentists",
      ${list(Prisma.sql`"period", "chairId", "bookedMinutes"`, chairs)} AS "chairs"`;
  const byPeriod = new Map<string, Sums>();
  for (const [period, ...values] of JSON.parse(answer!.totals) as [string, ...number[]][]) {
    const figures = {} as Sums;
    SUM_FIELDS.forEach((field, index) => (figures[field] = Number(values[index] ?? 0)));
    byPeriod.set(period, figures);
  }
  const minutes = (list: string) =>
    new Map(
      (JSON.parse(list) as Minutes[]).map(([period, id, booked]) => [
        `${period}|${id}`,
        Number(booked ?? 0),
      ]),
    );
  return {
    byPeriod,
    dentistMinutes: minutes(answer!.dentists),
    chairMinutes: minutes(answer!.chairs),
  };
}
