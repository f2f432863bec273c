/**
 * The diary's rules as pure functions (no database): when a dentist works on a date, which
 * start times fit a service, and which dentist and chair a booking gets. The database
 * layer (~/models/availability.server) reads one day's plans and holds and calls these.
 * Dates are clinic dates YYYY-MM-DD, times HH:MM wall clock; instants are UTC.
 */
import { addDays, clinicNow, clinicTimeToUtc, weekdayOf } from "./clinic-time";
import { type DayPlan, type WeeklyPlan, WEEKDAYS } from "~/validation/schedule";

/** Minutes from local midnight, end exclusive. */
export type Interval = { start: number; end: number };

export function toMinutes(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return hours! * 60 + minutes!;
}

export function fromMinutes(total: number): string {
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

export function dayOfPlan(plan: WeeklyPlan, date: string): DayPlan {
  return plan[WEEKDAYS[weekdayOf(date)]!];
}

export type Exception = { startDate: string; endDate: string; dayPlan: DayPlan };

/** The dentist's day: the latest-starting exception covering the date, else the weekly plan. */
export function dentistDay(plan: WeeklyPlan, exceptions: Exception[], date: string): DayPlan {
  const covering = exceptions
    .filter((exception) => exception.startDate <= date && date <= exception.endDate)
    .sort((a, b) => (a.startDate < b.startDate ? 1 : a.startDate > b.startDate ? -1 : 0));
  return covering.length > 0 ? covering[0]!.dayPlan : dayOfPlan(plan, date);
}

/** A day's working periods: its hours minus its breaks. */
export function openIntervals(day: DayPlan): Interval[] {
  if (!day) return [];
  let open: Interval[] = [{ start: toMinutes(day.start), end: toMinutes(day.end) }];
  for (const gap of day.breaks) {
    const [from, to] = [toMinutes(gap.start), toMinutes(gap.end)];
    open = open.flatMap((period) =>
      to <= period.start || from >= period.end
        ? [period]
        : [
            { start: period.start, end: Math.max(period.start, from) },
            { start: Math.min(period.end, to), end: period.end },
          ].filter((part) => part.end > part.start),
    );
  }
  return open;
}

export function intersect(a: Interval[], b: Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const x of a)
    for (const y of b) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (end > start) out.push({ start, end });
    }
  return out.sort((p, q) => p.start - q.start);
}

/** When a dentist sees patients on a date: their day inside the clinic's, none in a closure. */
export function workingIntervals(options: {
  dentistDay: DayPlan;
  clinicDay: DayPlan;
  closed: boolean;
}): Interval[] {
  if (options.closed) return [];
  return intersect(openIntervals(options.dentistDay), openIntervals(options.clinicDay));
}

/** Whole grid steps a visit holds: its length plus the buffer, rounded up to the grid. */
export function heldStepCount(durationMinutes: number, bufferMinutes: number, grid: number) {
  return Math.ceil((durationMinutes + bufferMinutes) / grid);
}

/** The instants of the grid steps a visit starting at `start` holds. */
export function holdInstants(start: Date, steps: number, grid: number): Date[] {
  return Array.from({ length: steps }, (_, k) => new Date(start.getTime() + k * grid * 60_000));
}

export type DentistOnDay = {
  id: string;
  sortOrder: number;
  intervals: Interval[];
  /** Minutes already booked that day (for "any dentist": the least busy first). */
  bookedMinutes: number;
};

export type ChairOnDay = { id: string; sortOrder: number };

/** One day of the diary as the engine sees it. */
export type DiaryDay = {
  date: string;
  timeZone: string;
  gridMinutes: number;
  /** Dentists who perform the service and are active. */
  dentists: DentistOnDay[];
  chairs: ChairOnDay[];
  /** `resource|instant ms` of every hold that day (any layer). */
  held: Set<string>;
};

export const holdKey = (resource: string, instant: Date) => `${resource}|${instant.getTime()}`;
export const dentistResource = (id: string) => `dentist:${id}`;
export const chairResource = (id: string) => `chair:${id}`;

export type Choice = {
  dentistId: string;
  chairId: string;
  startsAt: Date;
  endsAt: Date;
  holds: Date[];
};

const byLoad = (a: DentistOnDay, b: DentistOnDay) =>
  a.bookedMinutes - b.bookedMinutes || a.sortOrder - b.sortOrder || (a.id < b.id ? -1 : 1);
const byOrder = (a: ChairOnDay, b: ChairOnDay) =>
  a.sortOrder - b.sortOrder || (a.id < b.id ? -1 : 1);

/**
 * The dentist and chair a visit at `time` gets, or null when none can take it: the chosen
 * dentist, or for "any" the least booked that day (then sort order, then id), and the first
 * free chair. `earliest` is the first instant a booking may start (now + notice).
 * `ownHolds` are keys a moved appointment holds already: they count as free.
 */
export function chooseResources(
  day: DiaryDay,
  service: { durationMinutes: number; bufferMinutes: number },
  time: string,
  options: { dentistId?: string; chairId?: string; earliest: Date; ownHolds?: Set<string> },
): Choice | null {
  const start = toMinutes(time);
  if (start % day.gridMinutes !== 0) return null;
  const startsAt = clinicTimeToUtc(day.date, time, day.timeZone);
  // A time that does not exist that day (the hour skipped by a DST change) maps elsewhere.
  if (clinicNow(startsAt, day.timeZone).time !== time) return null;
  if (startsAt < options.earliest) return null;
  const end = start + service.durationMinutes;
  const holds = holdInstants(
    startsAt,
    heldStepCount(service.durationMinutes, service.bufferMinutes, day.gridMinutes),
    day.gridMinutes,
  );
  const isFree = (resource: string) =>
    holds.every((instant) => {
      const key = holdKey(resource, instant);
      return !day.held.has(key) || Boolean(options.ownHolds?.has(key));
    });
  const chair = [...day.chairs]
    .sort(byOrder)
    .filter((c) => !options.chairId || c.id === options.chairId)
    .find((c) => isFree(chairResource(c.id)));
  if (!chair) return null;
  const dentist = day.dentists
    .filter((d) => !options.dentistId || d.id === options.dentistId)
    .filter((d) => d.intervals.some((period) => period.start <= start && end <= period.end))
    .sort(byLoad)
    .find((d) => isFree(dentistResource(d.id)));
  if (!dentist) return null;
  return {
    dentistId: dentist.id,
    chairId: chair.id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + service.durationMinutes * 60_000),
    holds,
  };
}

/** Every grid start of the day a visit of the service fits, earliest first. */
export function freeStartsOnDay(
  day: DiaryDay,
  service: { durationMinutes: number; bufferMinutes: number },
  options: { dentistId?: string; earliest: Date; ownHolds?: Set<string> },
): string[] {
  const starts = new Set<number>();
  for (const dentist of day.dentists) {
    if (options.dentistId && dentist.id !== options.dentistId) continue;
    for (const period of dentist.intervals) {
      const first = Math.ceil(period.start / day.gridMinutes) * day.gridMinutes;
      for (let m = first; m + service.durationMinutes <= period.end; m += day.gridMinutes)
        starts.add(m);
    }
  }
  return [...starts]
    .sort((a, b) => a - b)
    .map(fromMinutes)
    .filter((time) => chooseResources(day, service, time, options) !== null);
}

/** Where a date stands against today, the horizon and the clinic's calendar. */
export type DayProblem =
  | { kind: "past" }
  | { kind: "too-far"; horizonDays: number }
  | { kind: "closure"; name: string }
  | { kind: "closed-weekday"; weekday: number };

export function dayProblem(options: {
  date: string;
  now: Date;
  timeZone: string;
  horizonDays: number;
  clinicDay: DayPlan;
  closureName: string | null;
}): DayProblem | null {
  const today = clinicNow(options.now, options.timeZone).date;
  if (options.date < today) return { kind: "past" };
  if (options.date > addDays(today, options.horizonDays))
    return { kind: "too-far", horizonDays: options.horizonDays };
  if (options.closureName) return { kind: "closure", name: options.closureName };
  if (!options.clinicDay) return { kind: "closed-weekday", weekday: weekdayOf(options.date) };
  return null;
}

/** Why one start time cannot be booked on an open day, before asking who is free. */
export type TimeProblem = "off-grid" | "outside-hours" | "past" | "notice";

export function timeProblem(options: {
  date: string;
  time: string;
  now: Date;
  timeZone: string;
  gridMinutes: number;
  minNoticeMinutes: number;
  clinicDay: DayPlan;
  durationMinutes: number;
}): TimeProblem | null {
  const start = toMinutes(options.time);
  const end = start + options.durationMinutes;
  const open = openIntervals(options.clinicDay);
  if (!open.some((period) => period.start <= start && end <= period.end)) return "outside-hours";
  if (start % options.gridMinutes !== 0) return "off-grid";
  const startsAt = clinicTimeToUtc(options.date, options.time, options.timeZone);
  if (startsAt <= options.now) return "past";
  if (startsAt.getTime() < options.now.getTime() + options.minNoticeMinutes * 60_000)
    return "notice";
  return null;
}

/** The first instant a booking made at `now` may start. */
export function earliestStart(now: Date, minNoticeMinutes: number): Date {
  return new Date(now.getTime() + minNoticeMinutes * 60_000);
}
