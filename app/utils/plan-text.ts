// A working day as staff type it: a start, an end and breaks written as text
// ("12:00-13:00, 15:00-15:15"), turned into the DayPlan of ~/validation/schedule with a
// message naming the day and the part that is wrong. Pure, so the clinic's own opening
// hours can be read by the same rules. Shared with the browser (no server imports).
import { normalizeTime } from "./clinic-time";
import type { Failure, Result } from "./result";
import { type DayPlan, type TimeRange, type WeeklyPlan, WEEKDAYS } from "~/validation/schedule";
import type { Weekday } from "~/validation/schedule";

/** The week as a clinic reads it, Monday first. */
export const WEEK_ORDER: readonly Weekday[] = [...WEEKDAYS.slice(1), WEEKDAYS[0]];

export const DAY_LABELS: Record<Weekday, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

export const MAX_BREAKS = 10;

/** One day of a plan as a form holds it. */
export type DayRow = { off: boolean; start: string; end: string; breaks: string };

function refusal(message: string, field: string): Failure {
  return { ok: false, status: 400, message, field };
}

/**
 * Breaks as text: ranges `HH:MM-HH:MM` separated by commas (or semicolons, or new
 * lines); empty means none. Each must end after it starts; they may not overlap. Sorted.
 */
export function parseBreaks(
  text: string,
  label: string,
  field = "breaks",
): Result<{ breaks: TimeRange[] }> {
  const parts = text
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length > MAX_BREAKS) {
    return refusal(`${label}: at most ${MAX_BREAKS} breaks a day.`, field);
  }
  const breaks: TimeRange[] = [];
  for (const part of parts) {
    const [from, to, ...rest] = part.split(/\s*(?:-|–|—|\bto\b)\s*/);
    const start = normalizeTime(from ?? "");
    const end = normalizeTime(to ?? "");
    if (!start || !end || rest.length > 0) {
      return refusal(
        `${label}: write each break as start-end, like 12:00-13:00, separated by commas ("${part.slice(0, 40)}" is not one).`,
        field,
      );
    }
    if (start >= end) {
      return refusal(`${label}: the break ${start}-${end} must end after it starts.`, field);
    }
    breaks.push({ start, end });
  }
  breaks.sort((a, b) => a.start.localeCompare(b.start));
  for (let k = 1; k < breaks.length; k += 1) {
    const before = breaks[k - 1]!;
    const after = breaks[k]!;
    if (after.start < before.end) {
      return refusal(
        `${label}: the breaks ${before.start}-${before.end} and ${after.start}-${after.end} overlap.`,
        field,
      );
    }
  }
  return { ok: true, breaks };
}

/** Breaks back as the text a form shows. */
export function formatBreaks(breaks: readonly TimeRange[]): string {
  return breaks.map((range) => `${range.start}-${range.end}`).join(", ");
}

/**
 * One working day from a form's row. `label` names the day in messages ("Monday", "The
 * exception"); `prefix` names the fields (`monday.` gives `monday.start`...).
 */
export function parseDayRow(row: DayRow, label: string, prefix = ""): Result<{ plan: DayPlan }> {
  if (row.off) return { ok: true, plan: null };
  const start = normalizeTime(row.start);
  if (!start) {
    return refusal(
      `${label}: please enter the start time as HH:MM, like 09:00 (or tick "Off").`,
      `${prefix}start`,
    );
  }
  const end = normalizeTime(row.end);
  if (!end) {
    return refusal(
      `${label}: please enter the end time as HH:MM, like 17:00 (or tick "Off").`,
      `${prefix}end`,
    );
  }
  if (start >= end) {
    return refusal(`${label}: the day must end after it starts (${start}-${end}).`, `${prefix}end`);
  }
  const parsed = parseBreaks(row.breaks, label, `${prefix}breaks`);
  if (!parsed.ok) return parsed;
  const outside = parsed.breaks.find((range) => range.start < start || range.end > end);
  if (outside) {
    return refusal(
      `${label}: the break ${outside.start}-${outside.end} lies outside the working hours ${start}-${end}.`,
      `${prefix}breaks`,
    );
  }
  return { ok: true, plan: { start, end, breaks: parsed.breaks } };
}

/** A whole week from its rows; the first wrong day (Monday first) is the refusal. */
export function parseWeekRows(rows: Record<Weekday, DayRow>): Result<{ plan: WeeklyPlan }> {
  const plan = {} as WeeklyPlan;
  for (const day of WEEK_ORDER) {
    const parsed = parseDayRow(rows[day], DAY_LABELS[day], `${day}.`);
    if (!parsed.ok) return parsed;
    plan[day] = parsed.plan;
  }
  return { ok: true, plan };
}

/** A stored day as a form row ("Off" for a day off). */
export function dayRowOf(plan: DayPlan): DayRow {
  return plan
    ? { off: false, start: plan.start, end: plan.end, breaks: formatBreaks(plan.breaks) }
    : { off: true, start: "", end: "", breaks: "" };
}

/** A day plan in one line: "09:00-17:00 (breaks 12:00-13:00)" or "Off". */
export function describeDay(plan: DayPlan): string {
  if (!plan) return "Off";
  const breaks = plan.breaks.length > 0 ? ` (breaks ${formatBreaks(plan.breaks)})` : "";
  return `${plan.start}-${plan.end}${breaks}`;
}
