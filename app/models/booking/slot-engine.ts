/**
 * The diary's calendar arithmetic as pure functions (no database): when the clinic and a
 * dentist work on a date, and which steps a visit holds. The booking rules
 * (~/models/booking/rules) ask these; ~/models/booking/availability.server reads one day's plans.
 * Dates are clinic dates YYYY-MM-DD, times HH:MM wall clock; instants are UTC.
 */
import { weekdayOf } from "~/utils/clinic-time";
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

/** The latest-starting exception covering the date, if any. */
export function coveringException<T extends Exception>(exceptions: T[], date: string): T | null {
  const covering = exceptions
    .filter((exception) => exception.startDate <= date && date <= exception.endDate)
    .sort((a, b) => (a.startDate < b.startDate ? 1 : a.startDate > b.startDate ? -1 : 0));
  return covering[0] ?? null;
}

/** The dentist's day: the latest-starting exception covering the date, else the weekly plan. */
export function dentistDay(plan: WeeklyPlan, exceptions: Exception[], date: string): DayPlan {
  const exception = coveringException(exceptions, date);
  return exception ? exception.dayPlan : dayOfPlan(plan, date);
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

/**
 * The size of one held step, in minutes: a visit holds every step from its start to its end
 * plus its buffer, for its dentist and its chair. It divides every grid step the clinic
 * may choose (15 or 30 minutes, ~/validation/clinic-settings GRID_STEPS), so a change of
 * grid never changes what a booked visit holds (docs/decisions/027-one-booking-core.md).
 */
export const HOLD_MINUTES = 15;
const HOLD_MS = HOLD_MINUTES * 60_000;

/**
 * The instants of the steps a visit holds: from its start (down to a step) to its end plus
 * the buffer (up to a step). Derived from the stored visit alone, never from its service.
 */
export function holdSteps(visit: { startsAt: Date; endsAt: Date; bufferMinutes: number }): Date[] {
  const first = Math.floor(visit.startsAt.getTime() / HOLD_MS) * HOLD_MS;
  const last = visit.endsAt.getTime() + visit.bufferMinutes * 60_000;
  const steps: Date[] = [];
  for (let at = first; at < last; at += HOLD_MS) steps.push(new Date(at));
  return steps;
}

export const holdKey = (resource: string, instant: Date) => `${resource}|${instant.getTime()}`;
export const dentistResource = (id: string) => `dentist:${id}`;
export const chairResource = (id: string) => `chair:${id}`;
