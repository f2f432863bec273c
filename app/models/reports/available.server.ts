import { prisma } from "~/infra/db.server";
import { addDays, weekdayOf } from "~/utils/clinic-time";
import { periodKey, type Period, type ReportRange } from "./periods";
import {
  dayOfPlan,
  dentistDay,
  openIntervals,
  workingIntervals,
} from "~/models/booking/slot-engine";
import {
  type DayPlan,
  dayPlanSchema,
  parseJsonColumn,
  weeklyPlanSchema,
} from "~/validation/schedule";
import { closuresBetween, type Settings } from "~/models/settings/clinic-settings.server";

/**
 * Minutes each dentist and each chair could be booked, per period of a report
 * (docs/decisions/036-reports.md): a dentist's working periods inside the clinic's hours
 * (their plan and exceptions as they are now), a chair's the clinic's open periods; nothing
 * on a closure. Each period is its count of each weekday times that weekday's minutes,
 * corrected only on the dates a closure or an exception covers, so the cost follows the
 * periods, not the days.
 */

const minutesOf = (intervals: { start: number; end: number }[]) =>
  intervals.reduce((sum, period) => sum + period.end - period.start, 0);

const DAY_MS = 86_400_000;

const ONE_OF_EACH = [1, 1, 1, 1, 1, 1, 1];

/** How many of each weekday (0 Sunday to 6 Saturday) fall in from..to. */
function weekdayCounts(from: string, to: string): number[] {
  const days =
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
  const first = weekdayOf(from);
  return Array.from(
    { length: 7 },
    (_, weekday) => Math.floor(days / 7) + ((weekday - first + 7) % 7 < days % 7 ? 1 : 0),
  );
}

/** The dates of from..to that the spans cover, each once. */
function coveredDates(spans: { startDate: string; endDate: string }[], range: ReportRange) {
  const dates = new Set<string>();
  for (const span of spans) {
    const last = span.endDate < range.to ? span.endDate : range.to;
    for (let date = span.startDate > range.from ? span.startDate : range.from; date <= last;) {
      dates.add(date);
      date = addDays(date, 1);
    }
  }
  return dates;
}

export async function availableMinutes(
  range: ReportRange,
  periods: Period[],
  settings: Settings,
  scope: { dentistId: string | null },
) {
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
  // A date of each weekday: the plans are read by weekday.
  const weekdayDates: string[] = [];
  for (let i = 0; i < 7; i += 1) {
    const date = addDays(range.from, i);
    weekdayDates[weekdayOf(date)] = date;
  }
  const clinicDays = weekdayDates.map((date) => dayOfPlan(settings.weeklyHours, date));
  const clinicOpen = clinicDays.map((day) => minutesOf(openIntervals(day)));
  // A whole week has one of each weekday: no dates to count for most of a year by week.
  const counts = new Map(
    periods.map((period) => [
      period.key,
      period.whole && range.by === "week" ? ONE_OF_EACH : weekdayCounts(period.from, period.to),
    ]),
  );
  const closed = coveredDates(closures, range);

  const chairMinutes = new Map<string, number>();
  for (const period of periods) {
    const count = counts.get(period.key)!;
    chairMinutes.set(
      period.key,
      clinicOpen.reduce((sum, minutes, weekday) => sum + count[weekday]! * minutes, 0),
    );
  }
  for (const date of closed) {
    const key = periodKey(date, range.by);
    chairMinutes.set(key, chairMinutes.get(key)! - clinicOpen[weekdayOf(date)]!);
  }

  const dentistMinutes = new Map<string, Map<string, number>>();
  for (const dentist of dentists) {
    const plan = parseJsonColumn(weeklyPlanSchema, dentist.weeklyPlan, "A dentist's plan");
    const exceptions = dentist.exceptions.map((exception) => ({
      ...exception,
      dayPlan: parseJsonColumn(dayPlanSchema, exception.dayPlan, "An exception"),
    }));
    const working = (day: DayPlan, weekday: number) =>
      minutesOf(
        workingIntervals({ dentistDay: day, clinicDay: clinicDays[weekday]!, closed: false }),
      );
    const regular = weekdayDates.map((date, weekday) => working(dayOfPlan(plan, date), weekday));
    const perPeriod = new Map<string, number>();
    for (const period of periods) {
      const count = counts.get(period.key)!;
      perPeriod.set(
        period.key,
        regular.reduce((sum, minutes, weekday) => sum + count[weekday]! * minutes, 0),
      );
    }
    const corrected = (date: string, minutes: number) => {
      const key = periodKey(date, range.by);
      perPeriod.set(key, perPeriod.get(key)! + minutes - regular[weekdayOf(date)]!);
    };
    for (const date of closed) corrected(date, 0);
    for (const date of coveredDates(exceptions, range)) {
      if (!closed.has(date)) {
        corrected(date, working(dentistDay(plan, exceptions, date), weekdayOf(date)));
      }
    }
    dentistMinutes.set(dentist.id, perPeriod);
  }
  return { dentists, chairs, dentistMinutes, chairMinutes };
}
