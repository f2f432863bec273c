import { addDays, clinicNow, weekdayOf } from "../../app/utils/clinic-time";

/** The first date after today (clinic time) that falls on `weekday` (0 = Sunday), `weeks` later. */
export function upcoming(weekday: number, weeks = 0, now: Date = new Date()): string {
  let date = addDays(clinicNow(now).date, 1);
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return addDays(date, weeks * 7);
}

export const MONDAY = 1;
export const TUESDAY = 2;
export const WEDNESDAY = 3;
export const THURSDAY = 4;
export const SATURDAY = 6;
export const SUNDAY = 0;
