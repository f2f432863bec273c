/**
 * The reports' periods (docs/decisions/036-reports.md): a range of clinic dates cut into
 * weeks (Monday to Sunday) or calendar months, clipped to the range. Pure; shared by the
 * server and the page.
 */
import { addDays, isIsoDate, weekdayOf } from "~/utils/clinic-time";
import { dateRefusal } from "~/validation/dates";

export type Granularity = "week" | "month";

/** A week or month of a range; `whole` unless the range clips it. */
export type Period = { key: string; label: string; from: string; to: string; whole: boolean };

export type ReportRange = { from: string; to: string; by: Granularity };

/** At most this many days in one report (two years and a day for a leap year). */
export const MAX_RANGE_DAYS = 731;

export const RANGE_MESSAGES = {
  from: "Please give the first day as a date (YYYY-MM-DD).",
  to: "Please give the last day as a date (YYYY-MM-DD).",
  order: "The last day must not be before the first.",
  length: `Please choose at most ${MAX_RANGE_DAYS} days.`,
  by: "Please show the figures by week or by month.",
} as const;

/** The Monday of the week of `date`. */
export function weekStart(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/** The key of the period `date` falls in: the week's Monday, or the month "YYYY-MM". */
export function periodKey(date: string, by: Granularity): string {
  return by === "week" ? weekStart(date) : date.slice(0, 7);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/** "Jan 2026", or for a week "Week of Jan 5 2026". */
export function periodLabel(key: string, by: Granularity): string {
  const month = MONTHS[Number(key.slice(5, 7)) - 1];
  return by === "month"
    ? `${month} ${key.slice(0, 4)}`
    : `Week of ${month} ${Number(key.slice(8, 10))} ${key.slice(0, 4)}`;
}

/** The last day of the month "YYYY-MM". */
function monthEnd(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
}

/** The first and last day of a whole period (a week's Monday to Sunday, or a month). */
export function periodBounds(key: string, by: Granularity): { from: string; to: string } {
  return by === "week"
    ? { from: key, to: addDays(key, 6) }
    : { from: `${key}-01`, to: monthEnd(key) };
}

/** The month "YYYY-MM" after `month`. */
function nextMonth(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
}

const DAY_MS = 86_400_000;
/** Days since 1970-01-01 (a Thursday), for a date. */
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * The periods of a range, in order, each clipped to the range. Counted in day numbers, as a
 * two-year range by week asks for 105 of them on every report.
 */
export function periodsOf({ from, to, by }: ReportRange): Period[] {
  const periods: Period[] = [];
  const first = dayNumber(from);
  const last = dayNumber(to);
  if (by === "week") {
    for (let monday = first - ((((first + 3) % 7) + 7) % 7); monday <= last; monday += 7) {
      const key = dateOf(monday);
      const clipped = { start: monday < first, end: monday + 6 > last };
      periods.push({
        key,
        label: periodLabel(key, by),
        from: clipped.start ? from : key,
        to: clipped.end ? to : dateOf(monday + 6),
        whole: !clipped.start && !clipped.end,
      });
    }
    return periods;
  }
  for (let key = from.slice(0, 7); `${key}-01` <= to; key = nextMonth(key)) {
    const [start, end] = [`${key}-01`, monthEnd(key)];
    periods.push({
      key,
      label: periodLabel(key, by),
      from: start < from ? from : start,
      to: end > to ? to : end,
      whole: start >= from && end <= to,
    });
  }
  return periods;
}

/**
 * The range a report's form asks for; missing fields take the defaults (the last 12 full
 * weeks and this one, by week). A bad field is refused naming it.
 */
export function parseRange(
  query: { from?: string | null; to?: string | null; by?: string | null },
  today: string,
): { ok: true; range: ReportRange } | { ok: false; field: string; message: string } {
  const by = query.by?.trim() || "week";
  if (by !== "week" && by !== "month")
    return { ok: false, field: "by", message: RANGE_MESSAGES.by };
  const to = query.to?.trim() || today;
  if (!isIsoDate(to)) return { ok: false, field: "to", message: RANGE_MESSAGES.to };
  const from = query.from?.trim() || weekStart(addDays(to, -7 * 12));
  if (!isIsoDate(from)) return { ok: false, field: "from", message: RANGE_MESSAGES.from };
  // The one window every date a request carries must lie in.
  for (const [field, date] of [
    ["from", from],
    ["to", to],
  ] as const) {
    const refused = dateRefusal(date, today);
    if (refused) return { ok: false, field, message: refused.message };
  }
  if (to < from) return { ok: false, field: "to", message: RANGE_MESSAGES.order };
  if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS) {
    return { ok: false, field: "from", message: RANGE_MESSAGES.length };
  }
  return { ok: true, range: { from, to, by } };
}
