import { addDays, clinicNow, weekdayOf } from "../../app/utils/clinic-time";
import { seedClosures } from "../../prisma/seed-data";

const onSeedClosure = (date: string) =>
  seedClosures.some((closure) => closure.startDate <= date && date <= closure.endDate);

/**
 * The first date after today (clinic time) that falls on `weekday` (0 = Sunday), `weeks`
 * later; a week later again while that day is one of the seed's holidays (a test run on the
 * 27th of November asking for the Monday seven weeks on would meet Martin Luther King Day).
 */
export function upcoming(weekday: number, weeks = 0, now: Date = new Date()): string {
  let date = addDays(clinicNow(now).date, 1);
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  date = addDays(date, weeks * 7);
  while (onSeedClosure(date)) date = addDays(date, 7);
  return date;
}

export const MONDAY = 1;
export const TUESDAY = 2;
export const WEDNESDAY = 3;
export const THURSDAY = 4;
export const SATURDAY = 6;
export const SUNDAY = 0;
