/**
 * The one formatter of every date and time the clinic shows (pages, hints, the picker,
 * mails, calendar text, staff screens): wall-clock dates and times and stored instants, in
 * the settings' zone and locale. Shared by the server and the browser.
 */

import type { DayPlan } from "~/validation/schedule";

export type ClinicClock = { timeZone: string; locale: string };

/**
 * The one word for a day without working hours, the clinic's or a dentist's, on every
 * screen (docs/decisions/038-staff-setup-and-shell.md).
 */
export const CLOSED_DAY = "Closed";
/** A dentist's time off while the clinic is open (their day off, a later start): not "Closed". */
export const NOT_WORKING = "Not working";

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

// ICU writes a narrow no-break space before AM/PM; plain text mail and screen readers
// do better with an ordinary one.
const tidy = (text: string) => text.replace(/[\u202f\u00a0\u2009]/g, " ");

function wallClockDate(date: string, time = "00:00"): Date {
  const [year, month, day] = date.split("-").map(Number);
  const [hours, minutes] = time.split(":").map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!, hours, minutes));
}

const DATE: Intl.DateTimeFormatOptions = {
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
};
const TIME: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit" };

/** "Monday, November 23, 2026" for a clinic date YYYY-MM-DD. */
export function formatDate(date: string, clock: ClinicClock): string {
  return tidy(formatter(clock.locale, { ...DATE, timeZone: "UTC" }).format(wallClockDate(date)));
}

/**
 * A run of clinic dates, each part said once: "Saturday, November 28, 2026" for one day,
 * "Saturday, November 28 – Monday, November 30, 2026" for several (the locale's own range).
 */
export function formatDateRange(from: string, to: string, clock: ClinicClock): string {
  if (from === to) return formatDate(from, clock);
  return tidy(
    formatter(clock.locale, { ...DATE, timeZone: "UTC" }).formatRange(
      wallClockDate(from),
      wallClockDate(to),
    ),
  );
}

const times = new Map<string, string>();

/** "10:00 AM" for a clinic time HH:MM (a day's grid asks for the same few hundred times). */
export function formatTime(time: string, clock: ClinicClock): string {
  const key = `${clock.locale}|${time}`;
  let text = times.get(key);
  if (text === undefined) {
    text = tidy(
      formatter(clock.locale, { ...TIME, timeZone: "UTC" }).format(
        wallClockDate("2000-01-01", time),
      ),
    );
    // Bounded: 1,440 minutes of a day per locale, and a few locales.
    if (times.size < 10_000) times.set(key, text);
  }
  return text;
}

/** "9:00 AM to 5:00 PM" for two clinic times. */
export function formatTimeRange(start: string, end: string, clock: ClinicClock): string {
  return `${formatTime(start, clock)} to ${formatTime(end, clock)}`;
}

/** A working day in one line: "9:00 AM to 5:00 PM, break 12:00 PM to 1:00 PM", or "Closed". */
export function formatDayPlan(plan: DayPlan, clock: ClinicClock): string {
  if (!plan) return CLOSED_DAY;
  const hours = formatTimeRange(plan.start, plan.end, clock);
  if (plan.breaks.length === 0) return hours;
  const breaks = plan.breaks.map((range) => formatTimeRange(range.start, range.end, clock));
  const list = new Intl.ListFormat(clock.locale, { type: "conjunction" }).format(breaks);
  return `${hours}, ${plan.breaks.length === 1 ? "break" : "breaks"} ${list}`;
}

/** "Monday, November 23, 2026 at 10:00 AM" for a clinic date and time. */
export function formatDateTime(date: string, time: string, clock: ClinicClock): string {
  return tidy(
    formatter(clock.locale, { ...DATE, ...TIME, timeZone: "UTC" }).format(
      wallClockDate(date, time),
    ),
  );
}

/** A stored instant as the clinic's wall clock: "Monday, November 23, 2026 at 10:00 AM". */
export function formatInstant(instant: Date, clock: ClinicClock): string {
  return tidy(
    formatter(clock.locale, { ...DATE, ...TIME, timeZone: clock.timeZone }).format(instant),
  );
}

/** "Nov 23, 2026, 10:00 AM": a stored instant in a list (when a staff change or a mail happened). */
export function formatStamp(instant: Date | string, clock: ClinicClock): string {
  return tidy(
    formatter(clock.locale, {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: clock.timeZone,
    }).format(new Date(instant)),
  );
}

/** "Eastern Time" for America/New_York in en-US: the zone as people say it. */
export function formatZone(clock: ClinicClock): string {
  const part = formatter(clock.locale, { timeZone: clock.timeZone, timeZoneName: "longGeneric" })
    .formatToParts(new Date(0))
    .find((entry) => entry.type === "timeZoneName");
  return part?.value ?? clock.timeZone;
}

/** "30 minutes", "1 hour", "1 hour 30 minutes". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    hours > 0 ? `${hours} ${hours === 1 ? "hour" : "hours"}` : "",
    rest > 0 || hours === 0 ? `${rest} ${rest === 1 ? "minute" : "minutes"}` : "",
  ];
  return parts.filter(Boolean).join(" ");
}

/** A list of clinic times: "9:00 AM, 9:30 AM, 10:00 AM". */
export function formatTimes(times: string[], clock: ClinicClock): string {
  return times.map((time) => formatTime(time, clock)).join(", ");
}

/** "Nov 23, 2026": the day of an instant (a review's date) on the clinic's calendar. */
export function formatInstantDay(instant: Date | string, clock: ClinicClock): string {
  return tidy(
    formatter(clock.locale, { dateStyle: "medium", timeZone: clock.timeZone }).format(
      new Date(instant),
    ),
  );
}
