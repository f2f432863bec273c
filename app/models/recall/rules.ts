/**
 * Recall as pure rules (docs/decisions/035-recall.md): the due date a visit sets, which
 * step of the invitation cadence is due on a clinic day, and whether the clinic is open
 * at a moment (invitations go out only then). Dates are clinic dates YYYY-MM-DD.
 */
import { addDays } from "~/utils/clinic-time";
import { dayOfPlan, openIntervals, toMinutes } from "~/models/booking/slot-engine";
import type { WeeklyPlan } from "~/validation/schedule";

/** `date` plus whole months; a day the month lacks becomes its last (Aug 31 + 6 = Feb 28/29). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0),
  ).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

/** The date of the cadence's step `index` (0-based) for `dueDate`; null past the last. */
export function stepDate(dueDate: string, cadence: number[], index: number): string | null {
  const offset = cadence[index];
  return offset === undefined ? null : addDays(dueDate, offset);
}

/**
 * The step to send on `today`, 0-based, when `sent` steps went out already: the latest
 * step whose day has come. After an outage, or for a due date set late, the steps that
 * were missed are not sent one after another: only the latest of them.
 */
export function stepDue(
  dueDate: string,
  cadence: number[],
  sent: number,
  today: string,
): number | null {
  let due: number | null = null;
  for (let index = sent; index < cadence.length; index += 1) {
    const date = stepDate(dueDate, cadence, index)!;
    if (date <= today) due = index;
  }
  return due;
}

/** Whether the clinic is open at the local `date` and `time` (its hours, not its breaks). */
export function clinicOpenAt(
  weeklyHours: WeeklyPlan,
  closures: { startDate: string; endDate: string }[],
  date: string,
  time: string,
): boolean {
  if (closures.some((closure) => closure.startDate <= date && date <= closure.endDate)) {
    return false;
  }
  const minute = toMinutes(time);
  return openIntervals(dayOfPlan(weeklyHours, date)).some(
    (period) => period.start <= minute && minute < period.end,
  );
}

/** Where a recall stands on `today`: the list's groups. */
export type RecallStanding = "booked" | "overdue" | "due" | "upcoming";

export function recallStanding(
  recall: { dueDate: string; booked: boolean },
  today: string,
): RecallStanding {
  if (recall.booked) return "booked";
  if (recall.dueDate < today) return "overdue";
  // Due this month: up to the month's last day.
  const monthEnd = addDays(addMonths(`${today.slice(0, 7)}-01`, 1), -1);
  return recall.dueDate <= monthEnd ? "due" : "upcoming";
}
