/**
 * The clinic's calendar and clock. Dates ("YYYY-MM-DD") and times ("HH:MM") are the
 * clinic's local wall-clock in CLINIC_TIME_ZONE, whatever zone the server or the patient's
 * browser is in; "now" and "today" are read in that zone too. Shared by the server and the
 * browser.
 */

/** IANA zone of the clinic's wall-clock. The seed address and prices are American. */
export const CLINIC_TIME_ZONE = "America/New_York";

export const DAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]?\d|2[0-3]):([0-5]\d)(?::00(?:\.0+)?)?$/;

/** The number the digits of `text` from `from` to before `to` write, NaN if one is not a digit. */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let index = from; index < to; index += 1) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return NaN;
    value = value * 10 + digit;
  }
  return value;
}

function dateParts(date: string) {
  // YYYY-MM-DD read in place (the slot engine asks this of every day it plans: no split).
  if (date.length === 10 && date[4] === "-" && date[7] === "-") {
    const year = digits(date, 0, 4);
    const month = digits(date, 5, 7);
    const day = digits(date, 8, 10);
    if (!Number.isNaN(year + month + day)) return { year, month, day };
  }
  const [year, month, day] = date.split("-").map(Number);
  return { year: year!, month: month!, day: day! };
}

/** True for a real calendar date written YYYY-MM-DD (what an <input type="date"> sends). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const { year, month, day } = dateParts(value);
  const utc = new Date(Date.UTC(year, month - 1, day));
  return (
    utc.getUTCFullYear() === year && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === day
  );
}

/** "9:00", "09:00" or "09:00:00" (an <input type="time"> with seconds) as "09:00"; else null. */
export function normalizeTime(value: string): string | null {
  const match = TIME.exec(value.trim());
  if (!match) return null;
  return `${match[1]!.padStart(2, "0")}:${match[2]}`;
}

/** 0 = Sunday ... 6 = Saturday, for a YYYY-MM-DD date. */
export function weekdayOf(date: string): number {
  const { year, month, day } = dateParts(date);
  const days = Math.floor(Date.UTC(year, month - 1, day) / 86_400_000);
  // 1970-01-01 was a Thursday (4); NaN stays NaN, as an invalid Date's getUTCDay().
  return (((days + 4) % 7) + 7) % 7;
}

export function addDays(date: string, days: number): string {
  const { year, month, day } = dateParts(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

// Building a DateTimeFormat costs far more than using one: the slot engine asks often.
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** The clinic's wall-clock date and time at the instant `now`. */
export function clinicNow(now: Date = new Date(), timeZone: string = CLINIC_TIME_ZONE) {
  // The rules ask "today" of one `now`, and the clock of each start, for every start of
  // every day they look at: a few instants, asked again and again.
  const key = `${timeZone} ${now.getTime()}`;
  const known = wallClocks.get(key);
  if (known) return { ...known };
  const parts = Object.fromEntries(
    wallClockFormat(timeZone)
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const answer = {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
  if (wallClocks.size >= KEPT_WALL_CLOCKS) wallClocks.clear();
  wallClocks.set(key, answer);
  return { ...answer };
}

const wallClocks = new Map<string, { date: string; time: string }>();
const KEPT_WALL_CLOCKS = 256;

function wallClockMs(date: string, time: string): number {
  const { year, month, day } = dateParts(date);
  const [hours, minutes] = time.split(":").map(Number);
  return Date.UTC(year, month - 1, day, hours, minutes);
}

/**
 * Instants already worked out, by zone, date and time: the free times of a month ask the
 * same starts of the same days on every request, and each costs two formatToParts.
 */
const instants = new Map<string, number>();
const KEPT_INSTANTS = 4096;

/** The instant a clinic wall-clock date and time happens (for calendar files). */
export function clinicTimeToUtc(
  date: string,
  time: string,
  timeZone: string = CLINIC_TIME_ZONE,
): Date {
  const key = `${timeZone} ${date} ${time}`;
  const known = instants.get(key);
  if (known !== undefined) return new Date(known);
  const instant = wallClockToUtc(date, time, timeZone);
  if (instants.size >= KEPT_INSTANTS) instants.clear();
  instants.set(key, instant);
  return new Date(instant);
}

function wallClockToUtc(date: string, time: string, timeZone: string): number {
  const target = wallClockMs(date, time);
  // Start as if the zone were UTC and correct by what the zone's clock shows; a second
  // step settles a first guess that fell on the other side of a DST change.
  let instant = target;
  for (let step = 0; step < 2; step += 1) {
    const seen = clinicNow(new Date(instant), timeZone);
    instant += target - wallClockMs(seen.date, seen.time);
  }
  return instant;
}
