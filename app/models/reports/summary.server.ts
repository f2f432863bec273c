import { Prisma } from "@prisma/client";
import { addDays, clinicTimeToUtc } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { textParameter } from "~/infra/sql-dialect.server";
import { type Granularity, periodBounds, periodKey } from "./periods";
import { type BackgroundJob, startSweep } from "~/infra/sweep.server";
import { getClinicSettings, type Settings } from "~/models/settings/clinic-settings.server";
import { periodTotals, SUM_FIELDS, type Sums } from "./figures.server";

/**
 * The reports' day figures (docs/decisions/036-reports.md). Triggers on "Appointment"
 * (migration 20261125064702_recall_and_reports) mark a day in `ReportDirtyDay` whenever a
 * visit on it is booked, moved, changes status or patient; recall invitations mark their
 * day here. `summariseDay` works a marked day out again from its visits and their status
 * history, and sums its week and month again into `ReportPeriod`, in one transaction, and
 * clears the mark only if nothing marked it since: the reports then read a few rows per
 * week or month, whatever the size of the diary.
 */

/** Marks a day for working out again (recall invitations; the triggers do the visits). */
export function markReportDay(date: string) {
  return prisma.$executeRaw`INSERT INTO "ReportDirtyDay" ("date", "version") VALUES (${date}, 1)
    ON CONFLICT ("date") DO UPDATE SET "version" = "ReportDirtyDay"."version" + 1`;
}

/** Statuses of a visit that came: it counts as attended. */
const ATTENDED = new Set(["checked_in", "completed"]);
const MINUTE = 60_000;
const HOUR = 3_600_000;

/** A day's figures for one dentist and chair. */
type DayRow = { dentistId: string; chairId: string } & Sums;

function emptyRow(dentistId: string, chairId: string): DayRow {
  return {
    dentistId,
    chairId,
    scheduled: 0,
    attended: 0,
    noShows: 0,
    cancelled: 0,
    lateCancelled: 0,
    bookedMinutes: 0,
    newPatients: 0,
    returningVisits: 0,
    offeredTimes: 0,
    refilledTimes: 0,
    invitations: 0,
    conversions: 0,
  };
}

/**
 * One day's figures per dentist and chair, from the day's visits and their status history:
 * - scheduled: every visit of the day; cancelled, no-show, attended by its last status;
 * - late cancellation: its cancellation (in the history) came inside the cutoff before
 *   the start, as the clinic's setting says now;
 * - booked minutes: the visits that were not cancelled (a no-show held its time);
 * - new patient: an attended visit that is the patient's first completed one; else returning;
 * - waiting list: freed times of the day offered, and those an offer refilled (per dentist);
 * - recall: invitations sent that day and those that led to a booking (per usual dentist).
 */
export async function dayFigures(date: string, settings: Settings): Promise<DayRow[]> {
  const from = clinicTimeToUtc(date, "00:00", settings.timeZone);
  const to = clinicTimeToUtc(addDays(date, 1), "00:00", settings.timeZone);
  const visits = await prisma.appointment.findMany({
    where: { startsAt: { gte: from, lt: to }, date },
    select: {
      id: true,
      userId: true,
      dentistId: true,
      chairId: true,
      startsAt: true,
      endsAt: true,
      status: true,
      statusChanges: {
        where: { to: "cancelled" },
        select: { at: true },
        orderBy: { at: "desc" },
        take: 1,
      },
    },
  });
  const rows = new Map<string, DayRow>();
  const row = (dentistId: string, chairId: string) => {
    const key = `${dentistId}|${chairId}`;
    let found = rows.get(key);
    if (!found) rows.set(key, (found = emptyRow(dentistId, chairId)));
    return found;
  };
  const attendedUsers = [
    ...new Set(visits.filter((v) => v.status === "completed" && v.userId).map((v) => v.userId!)),
  ];
  const firstVisits = new Map<string, string>();
  if (attendedUsers.length > 0) {
    const firsts = await prisma.appointment.groupBy({
      by: ["userId"],
      where: { userId: { in: attendedUsers }, status: "completed" },
      _min: { startsAt: true },
    });
    for (const first of firsts) {
      if (first.userId && first._min.startsAt) {
        firstVisits.set(first.userId, first._min.startsAt.toISOString());
      }
    }
  }
  const cutoff = settings.cancellationCutoffHours * HOUR;
  for (const visit of visits) {
    const figures = row(visit.dentistId, visit.chairId);
    figures.scheduled += 1;
    if (visit.status === "cancelled") {
      figures.cancelled += 1;
      const cancelledAt = visit.statusChanges[0]?.at;
      if (cancelledAt && visit.startsAt.getTime() - cancelledAt.getTime() < cutoff) {
        figures.lateCancelled += 1;
      }
      continue;
    }
    figures.bookedMinutes += Math.round(
      (visit.endsAt.getTime() - visit.startsAt.getTime()) / MINUTE,
    );
    if (visit.status === "no_show") figures.noShows += 1;
    if (ATTENDED.has(visit.status)) {
      figures.attended += 1;
      if (visit.status === "completed" && visit.userId) {
        const first = firstVisits.get(visit.userId);
        if (first === visit.startsAt.toISOString()) figures.newPatients += 1;
        else figures.returningVisits += 1;
      }
    }
  }
  const offers = await prisma.waitlistOffer.findMany({
    where: { startsAt: { gte: from, lt: to } },
    select: { startsAt: true, dentistId: true, status: true },
  });
  const offered = new Map<string, { dentistId: string; refilled: boolean }>();
  for (const offer of offers) {
    const key = `${offer.dentistId}|${offer.startsAt.getTime()}`;
    const time = offered.get(key) ?? { dentistId: offer.dentistId, refilled: false };
    time.refilled ||= offer.status === "accepted";
    offered.set(key, time);
  }
  for (const time of offered.values()) {
    const figures = row(time.dentistId, "");
    figures.offeredTimes += 1;
    if (time.refilled) figures.refilledTimes += 1;
  }
  const invitations = await prisma.recallInvitation.groupBy({
    by: ["dentistId"],
    where: { sentOn: date },
    _count: { _all: true, convertedAt: true },
  });
  for (const group of invitations) {
    const figures = row(group.dentistId ?? "", "");
    figures.invitations += group._count._all;
    figures.conversions += group._count.convertedAt;
  }
  return [...rows.values()];
}

const FIELD_LIST = Prisma.join(SUM_FIELDS.map((field) => Prisma.raw(`"${field}"`)));

/** Sums a week's or month's day rows again into its roll-up rows (`ReportPeriod`). */
async function rollUp(kind: Granularity, key: string) {
  const { from, to } = periodBounds(key, kind);
  await prisma.reportPeriod.deleteMany({ where: { kind, period: key } });
  const days = Prisma.sql`FROM "ReportDay" WHERE "date" >= ${from} AND "date" <= ${to}`;
  await prisma.$executeRaw`INSERT INTO "ReportPeriod" ("period", "dentistId", "chairId", ${FIELD_LIST}, "kind")
    SELECT *, ${textParameter(kind)} FROM (${periodTotals(kind, key, days, { dentistId: null })}) AS "totals"`;
}

/**
 * Works one marked day out again, and its week and month with it, in one transaction (so
 * the roll-up always equals the sum of its days); false when another write marked the day
 * meanwhile.
 */
export async function summariseDay(date: string, settings: Settings): Promise<boolean> {
  return prisma.$transaction(async () => {
    const mark = await prisma.reportDirtyDay.findUnique({ where: { date } });
    if (!mark) return true;
    const rows = await dayFigures(date, settings);
    await prisma.reportDay.deleteMany({ where: { date } });
    const periods = { date, week: periodKey(date, "week"), month: periodKey(date, "month") };
    if (rows.length > 0) {
      await prisma.reportDay.createMany({ data: rows.map((row) => ({ ...row, ...periods })) });
    }
    await rollUp("week", periods.week);
    await rollUp("month", periods.month);
    const { count } = await prisma.reportDirtyDay.deleteMany({
      where: { date, version: mark.version },
    });
    return count === 1;
  });
}

/**
 * Works out the marked days (of a range, or all), one short transaction each, yielding
 * between two so that pages and the outbox go on (as the reminder sweep does).
 */
export async function summariseMarkedDays(range?: { from: string; to: string }) {
  const settings = await getClinicSettings();
  const marked = await prisma.reportDirtyDay.findMany({
    where: range ? { date: { gte: range.from, lte: range.to } } : {},
    select: { date: true },
    orderBy: { date: "asc" },
  });
  for (const { date } of marked) {
    await summariseDay(date, settings);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { days: marked.length };
}

/** Keeps the figures current in the background, every `seconds`. */
export function startReportSweep(seconds = 60): BackgroundJob {
  return startSweep("reports", () => summariseMarkedDays(), {
    pattern: "* * * * * *",
    intervalSeconds: seconds,
  });
}
