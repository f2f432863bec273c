// The reports' week and month roll-ups (docs/decisions/036-reports.md) stay equal to the sum
// of their days whatever writes the visits (booked, moved, cancelled, deleted), and a range
// with partial first and last periods reads those from the days: each period of a report
// equals its own days' figures, and its available minutes the sum of its days'.
import { beforeAll, describe, expect, it } from "vitest";
import { changeStatus } from "~/models/booking/status.server";
import { summariseMarkedDays } from "~/models/reports/summary.server";
import { buildReport, type ReportTable } from "~/models/reports/reports.server";
import { clinicTimeToUtc } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { periodsOf, type ReportRange } from "~/models/reports/periods";
import {
  createService,
  createUser,
  FIRST_DENTIST,
  storeAppointment,
} from "../../support/factories";

const CLINIC = { dentistId: null };
const SECOND_DENTIST = "rollup-dentist-2";
const SECOND_CHAIR = "rollup-chair-2";
const YEAR = { from: "2026-01-01", to: "2026-12-31" };
const tableOf = (tables: ReportTable[], id: string) => tables.find((table) => table.id === id)!;

/** The figures of the day rows from..to (of one dentist, or all), summed straight from `ReportDay`. */
async function daySums(from: string, to: string, dentistId: string | null = null) {
  const [row] = await prisma.$queryRaw<Record<string, unknown>[]>`
    SELECT SUM("scheduled") AS "scheduled", SUM("attended") AS "attended",
      SUM("noShows") AS "noShows", SUM("cancelled") AS "cancelled",
      SUM("lateCancelled") AS "lateCancelled", SUM("bookedMinutes") AS "bookedMinutes",
      SUM("newPatients") AS "newPatients", SUM("returningVisits") AS "returningVisits"
    FROM "ReportDay" WHERE "date" >= ${from} AND "date" <= ${to}
      AND (CAST(${dentistId} AS TEXT) IS NULL OR "dentistId" = ${dentistId})`;
  return Object.fromEntries(Object.entries(row!).map(([key, value]) => [key, Number(value ?? 0)]));
}

/** The booked minutes of a period's rows of a utilisation table, summed. */
const bookedIn = (rows: ReportTable["rows"], label: string) =>
  rows.filter((row) => row[0] === label).reduce((sum, row) => sum + (row[2] as number), 0);

/**
 * Every period of the report against the sums of its own days: the clinic's (its dentists'
 * and its chairs' booked minutes adding up to the period's) and the first dentist's own.
 */
async function expectPeriodsToMatchDays(range: ReportRange) {
  const report = await buildReport(range, CLINIC);
  const own = await buildReport(range, { dentistId: FIRST_DENTIST });
  const periods = periodsOf(range);
  const noShows = tableOf(report.tables, "no-shows").rows;
  const late = tableOf(report.tables, "late-cancellations").rows;
  const patients = tableOf(report.tables, "patients").rows;
  const dentists = tableOf(report.tables, "utilisation-dentists").rows;
  const chairs = tableOf(report.tables, "utilisation-chairs").rows;
  for (const [index, period] of periods.entries()) {
    const sums = await daySums(period.from, period.to);
    expect(noShows[index]!.slice(1, 3), period.label).toEqual([sums.attended, sums.noShows]);
    expect(late[index]!.slice(1, 4), period.label).toEqual([
      sums.scheduled,
      sums.cancelled,
      sums.lateCancelled,
    ]);
    expect(patients[index]!.slice(1), period.label).toEqual([
      sums.newPatients,
      sums.returningVisits,
    ]);
    expect(bookedIn(dentists, period.label), period.label).toBe(sums.bookedMinutes);
    expect(bookedIn(chairs, period.label), period.label).toBe(sums.bookedMinutes);
    const mine = await daySums(period.from, period.to, FIRST_DENTIST);
    expect(tableOf(own.tables, "late-cancellations").rows[index]!.slice(1, 4)).toEqual([
      mine.scheduled,
      mine.cancelled,
      mine.lateCancelled,
    ]);
    expect(bookedIn(tableOf(own.tables, "utilisation-dentists").rows, period.label)).toBe(
      mine.bookedMinutes,
    );
  }
  return report;
}

/**
 * The roll-up rows of every week and month against their days, in SQL: each period's totals
 * (dentist and chair "*"), each dentist's (chair "*") and each chair's (dentist "*").
 */
async function rollUpMismatches() {
  return prisma.$queryRaw<unknown[]>`
    WITH "tagged" AS (
      SELECT 'week' AS "kind", "week" AS "period", * FROM "ReportDay"
      UNION ALL SELECT 'month', "month", * FROM "ReportDay"
    ), "days" AS (
      SELECT "kind", "period", '*' AS "dentistId", '*' AS "chairId",
        SUM("scheduled") AS "s", SUM("cancelled") AS "c", SUM("bookedMinutes") AS "m",
        SUM("noShows") AS "n", SUM("newPatients") AS "p", SUM("invitations") AS "i"
      FROM "tagged" GROUP BY 1, 2
      UNION ALL
      SELECT "kind", "period", "dentistId", '*', SUM("scheduled"), SUM("cancelled"),
        SUM("bookedMinutes"), SUM("noShows"), SUM("newPatients"), SUM("invitations")
      FROM "tagged" GROUP BY 1, 2, 3
      UNION ALL
      SELECT "kind", "period", '*', "chairId", SUM("scheduled"), SUM("cancelled"),
        SUM("bookedMinutes"), SUM("noShows"), SUM("newPatients"), SUM("invitations")
      FROM "tagged" GROUP BY 1, 2, 4
    )
    SELECT * FROM "days" FULL OUTER JOIN "ReportPeriod" AS "r"
      ON "r"."kind" = "days"."kind" AND "r"."period" = "days"."period"
      AND "r"."dentistId" = "days"."dentistId" AND "r"."chairId" = "days"."chairId"
    WHERE "days"."kind" IS NULL OR "r"."kind" IS NULL OR "r"."scheduled" != "days"."s"
      OR "r"."cancelled" != "days"."c" OR "r"."bookedMinutes" != "days"."m"
      OR "r"."noShows" != "days"."n" OR "r"."newPatients" != "days"."p"
      OR "r"."invitations" != "days"."i"`;
}

/** How many weeks or months have a roll-up (their totals' rows). */
const rolledUp = (kind: string) =>
  prisma.reportPeriod.count({ where: { kind, dentistId: "*", chairId: "*" } });

const expectChanged = (changed: { ok: boolean }) => expect(changed.ok).toBe(true);

beforeAll(async () => {
  const service = await createService();
  const users = await Promise.all([1, 2, 3].map(() => createUser()));
  const first = await prisma.dentist.findUniqueOrThrow({ where: { id: FIRST_DENTIST } });
  await prisma.dentist.create({
    data: {
      id: SECOND_DENTIST,
      slug: SECOND_DENTIST,
      name: "Dr. Rollup",
      title: "DDS",
      weeklyPlan: first.weeklyPlan,
      sortOrder: 1,
    },
  });
  await prisma.chair.create({ data: { id: SECOND_CHAIR, name: "Chair Rollup", sortOrder: 1 } });
  // Two visits a week over the year, on alternating weekdays and times; every third week's
  // second one with another dentist in another chair.
  const visits = [];
  for (let week = 0; week < 52; week += 1) {
    const date = new Date(Date.UTC(2026, 0, 1 + week * 7 + (week % 5))).toISOString().slice(0, 10);
    for (const [slot, time] of ["09:00", "11:00"].entries()) {
      visits.push(
        await storeAppointment({
          userId: users[(week + slot) % 3]!.id,
          serviceId: service.id,
          date,
          time,
          minutes: slot === 0 ? 30 : 60,
          ...(slot === 1 && week % 3 === 0
            ? { dentistId: SECOND_DENTIST, chairId: SECOND_CHAIR }
            : {}),
        }),
      );
    }
  }
  await summariseMarkedDays();
  // Then every kind of write, after the days were worked out once.
  for (const [index, visit] of visits.entries()) {
    const start = clinicTimeToUtc(visit.date, visit.time).getTime();
    if (index % 4 === 0) {
      expectChanged(
        await changeStatus(visit.id, "checked_in", { kind: "system" }, { now: new Date(start) }),
      );
      expectChanged(
        await changeStatus(visit.id, "completed", { kind: "system" }, { now: new Date(start) }),
      );
    } else if (index % 4 === 1) {
      const hours = index % 8 === 1 ? 2 : 72; // half of them inside the cutoff
      expectChanged(
        await changeStatus(
          visit.id,
          "cancelled",
          { kind: "system" },
          {
            now: new Date(start - hours * 3_600_000),
          },
        ),
      );
    } else if (index % 4 === 2) {
      expectChanged(
        await changeStatus(
          visit.id,
          "no_show",
          { kind: "system" },
          { now: new Date(start + 3_600_000) },
        ),
      );
    }
  }
  // Moves across weeks and months, and deletions, straight on the table.
  for (const visit of visits.filter((_, index) => index % 7 === 3)) {
    const date = `2026-${visit.date.slice(5, 7) === "12" ? "01" : "12"}-${visit.date.slice(8, 10)}`;
    const startsAt = clinicTimeToUtc(date, "15:00");
    await prisma.appointment.update({
      where: { id: visit.id },
      data: { date, time: "15:00", startsAt, endsAt: new Date(startsAt.getTime() + 1_800_000) },
    });
  }
  await prisma.appointment.deleteMany({
    where: { id: { in: visits.filter((_, index) => index % 11 === 5).map((v) => v.id) } },
  });
});

describe("report roll-ups", () => {
  it("equal the sum of their days after visits are booked, moved, cancelled and deleted", async () => {
    await summariseMarkedDays();
    expect(await rolledUp("month")).toBe(12);
    expect(await rolledUp("week")).toBeGreaterThan(40);
    expect(await rollUpMismatches()).toEqual([]);
    const byMonth = await expectPeriodsToMatchDays({ ...YEAR, by: "month" });
    const byWeek = await expectPeriodsToMatchDays({ ...YEAR, by: "week" });
    const total = (report: typeof byMonth) =>
      tableOf(report.tables, "late-cancellations").rows.reduce(
        (sum, row) => sum + (row[1] as number),
        0,
      );
    expect(total(byMonth)).toBe((await daySums(YEAR.from, YEAR.to)).scheduled);
    expect(total(byWeek)).toBe(total(byMonth));
  });

  it("read partial first and last periods from their days", async () => {
    // A Wednesday to a Tuesday: both weeks and both months at the edges are partial.
    await expectPeriodsToMatchDays({ from: "2026-02-11", to: "2026-11-17", by: "week" });
    await expectPeriodsToMatchDays({ from: "2026-02-11", to: "2026-11-17", by: "month" });
    // Inside one week, and inside one month.
    await expectPeriodsToMatchDays({ from: "2026-03-04", to: "2026-03-06", by: "week" });
    await expectPeriodsToMatchDays({ from: "2026-03-04", to: "2026-03-26", by: "month" });
  });

  it("count each period's available minutes as the sum of its days', closures and exceptions included", async () => {
    await prisma.clinicClosure.create({
      data: { name: "Spring closure", startDate: "2026-04-02", endDate: "2026-04-06" },
    });
    await prisma.dentistException.create({
      data: {
        dentistId: FIRST_DENTIST,
        startDate: "2026-04-08",
        endDate: "2026-04-09",
        dayPlan: JSON.stringify({ start: "10:00", end: "12:00", breaks: [] }),
      },
    });
    const range = { from: "2026-03-27", to: "2026-04-14", by: "week" as const };
    const available = async (r: ReportRange, id: string) =>
      Object.fromEntries(
        tableOf((await buildReport(r, CLINIC)).tables, id).rows.map((row) => [
          `${row[0]}|${row[1]}`,
          row[3] as number,
        ]),
      );
    // A closed day has no minutes; the exception's day has its two hours (10:00 to 12:00).
    for (const id of ["utilisation-dentists", "utilisation-chairs"]) {
      const closed = await available({ from: "2026-04-03", to: "2026-04-03", by: "week" }, id);
      expect(Object.values(closed).every((minutes) => minutes === 0)).toBe(true);
    }
    const excepted = await available(
      { from: "2026-04-08", to: "2026-04-08", by: "month" },
      "utilisation-dentists",
    );
    const first = await prisma.dentist.findUniqueOrThrow({ where: { id: FIRST_DENTIST } });
    expect(excepted[`Apr 2026|${first.name}`]).toBe(120);
    for (const id of ["utilisation-dentists", "utilisation-chairs"]) {
      const byPeriod = await available(range, id);
      const summed: Record<string, number> = {};
      for (const period of periodsOf(range)) {
        for (let day = period.from; day <= period.to;) {
          for (const [key, minutes] of Object.entries(
            await available({ from: day, to: day, by: "week" }, id),
          )) {
            summed[key] = (summed[key] ?? 0) + minutes;
          }
          const next = new Date(`${day}T00:00:00Z`);
          next.setUTCDate(next.getUTCDate() + 1);
          day = next.toISOString().slice(0, 10);
        }
      }
      expect(byPeriod).toEqual(summed);
      expect(Object.values(byPeriod).some((minutes) => minutes > 0)).toBe(true);
    }
  });
});
