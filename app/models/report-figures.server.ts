import { Prisma } from "@prisma/client";
import { prisma } from "~/utils/db.server";
import { isWholePeriod, type Period, type ReportRange } from "~/utils/report-periods";

/**
 * The reports' figures read back (docs/decisions/036-reports.md): whole weeks and months
 * from their roll-up rows (`ReportPeriod`), and only a range's partial first and last
 * periods from the day rows (`ReportDay`), so a year costs about what a month does.
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

const quoted = (name: string) => Prisma.raw(`"${name}"`);
const FIELD_LIST = Prisma.join(SUM_FIELDS.map(quoted));

/**
 * The rows to sum for the range's periods: the roll-up of its whole periods (contiguous,
 * so one key range) and the days of its partial ones (at most the first and the last).
 */
function periodRows(range: ReportRange, periods: Period[], scope: { dentistId: string | null }) {
  const dentist = scope.dentistId ? Prisma.sql`AND "dentistId" = ${scope.dentistId}` : Prisma.empty;
  const whole = periods.filter((period) => isWholePeriod(period, range.by));
  const parts: Prisma.Sql[] = [];
  if (whole.length > 0) {
    parts.push(Prisma.sql`SELECT "period", "dentistId", "chairId", ${FIELD_LIST}
      FROM "ReportPeriod" WHERE "kind" = ${range.by}
      AND "period" >= ${whole[0]!.key} AND "period" <= ${whole.at(-1)!.key} ${dentist}`);
  }
  const periodColumn = quoted(range.by === "week" ? "week" : "month");
  for (const partial of periods.filter((period) => !isWholePeriod(period, range.by))) {
    parts.push(Prisma.sql`SELECT ${periodColumn} AS "period", "dentistId", "chairId", ${FIELD_LIST}
      FROM "ReportDay" WHERE "date" >= ${partial.from} AND "date" <= ${partial.to} ${dentist}`);
  }
  return Prisma.join(parts, " UNION ALL ");
}

type Minutes = [period: string, id: string, minutes: number];

/**
 * The range's figures summed in the database: every figure per period, and the booked
 * minutes per period and dentist and per period and chair, in one answer of three JSON
 * lists (however many days and visits).
 */
export async function summedFigures(
  range: ReportRange,
  periods: Period[],
  scope: { dentistId: string | null },
) {
  const sums = Prisma.join(
    SUM_FIELDS.map((field) => Prisma.sql`SUM(${quoted(field)}) AS ${quoted(field)}`),
  );
  const [answer] = await prisma.$queryRaw<{ totals: string; dentists: string; chairs: string }[]>`
    WITH "rows" AS MATERIALIZED (${periodRows(range, periods, scope)})
    SELECT
      (SELECT json_group_array(json_array("period", ${FIELD_LIST})) FROM
        (SELECT "period", ${sums} FROM "rows" GROUP BY "period")) AS "totals",
      (SELECT json_group_array(json_array("period", "dentistId", "minutes")) FROM
        (SELECT "period", "dentistId", SUM("bookedMinutes") AS "minutes" FROM "rows"
         GROUP BY "period", "dentistId")) AS "dentists",
      (SELECT json_group_array(json_array("period", "chairId", "minutes")) FROM
        (SELECT "period", "chairId", SUM("bookedMinutes") AS "minutes" FROM "rows"
         GROUP BY "period", "chairId")) AS "chairs"`;
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
