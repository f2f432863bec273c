// A working day as the staff's forms send it, the clinic's opening hours and a dentist's
// plan alike: a "Closed" box, a start and an end picked with time pickers, and breaks as
// rows of two time pickers. Turned into the DayPlan of ~/validation/schedule, or refused
// with a message naming the day and the field, with every time in the clinic's own format.
// Pure and shared with the browser (no server imports).
import { CLOSED_DAY, type ClinicClock, formatTime, formatTimeRange } from "~/utils/clinic-format";
import { normalizeTime } from "~/utils/clinic-time";
import type { Failure, Result } from "~/utils/result";
import {
  type DayPlan,
  type TimeRange,
  type WeeklyPlan,
  WEEKDAYS,
  type Weekday,
} from "~/validation/schedule";

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

/** The most breaks a day may have (the rows a form offers). */
export const MAX_BREAKS = 10;

/** A break as a form holds it: two times, either possibly empty. */
export type BreakRow = { start: string; end: string };

/** One day as a form holds it. */
export type DayRow = { off: boolean; start: string; end: string; breaks: BreakRow[] };

/** The names of one day's fields in a form. */
export type DayFields = { off: string; start: string; end: string; breakPrefix: string };

/** A break's field: `monday.break2-start` for the prefix `monday.`. */
export const breakField = (prefix: string, row: number, part: "start" | "end") =>
  `${prefix}break${row}-${part}`;

/** The fields of a dentist's weekday (`monday.off`, `monday.start`...), or of an exception (""). */
export const planDayFields = (prefix: string): DayFields => ({
  off: `${prefix}off`,
  start: `${prefix}start`,
  end: `${prefix}end`,
  breakPrefix: prefix,
});

/**
 * What a day must also respect. The clinic's own hours keep to the diary's grid; a
 * dentist's hours must lie inside the clinic's on each weekday they cover (`clinicDays`).
 */
export type DayRules = {
  clock: ClinicClock;
  /** What the day's two ends are called in messages. */
  words?: { start: string; end: string };
  grid?: number;
  clinicDays?: { weekday: Weekday; plan: DayPlan }[];
};

const PERSON_WORDS = { start: "start time", end: "end time" };

function refusal(message: string, field: string): Failure {
  return { ok: false, status: 400, message, field };
}

const text = (form: Record<string, unknown>, name: string) => {
  const value = form[name];
  return typeof value === "string" ? value : "";
};

/** A checkbox: present with any value but "false"/"off" counts as ticked. */
export function isTicked(value: unknown): boolean {
  const answer = typeof value === "string" ? value.trim().toLowerCase() : "";
  return answer !== "" && answer !== "false" && answer !== "off";
}

/** A day's row from a form's fields (every break row, empty ones too: their numbers name fields). */
export function readDayRow(form: Record<string, unknown>, fields: DayFields): DayRow {
  const breaks: BreakRow[] = [];
  for (let row = 1; row <= MAX_BREAKS; row += 1) {
    const start = text(form, breakField(fields.breakPrefix, row, "start")).trim();
    const end = text(form, breakField(fields.breakPrefix, row, "end")).trim();
    breaks.push({ start, end });
  }
  return {
    off: isTicked(form[fields.off]),
    start: text(form, fields.start),
    end: text(form, fields.end),
    breaks,
  };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const onGrid = (time: string, grid: number) => minutesOf(time) % grid === 0;

/** The breaks of a day, checked in order of their rows; empty rows are skipped. */
function parseBreaks(
  rows: readonly BreakRow[],
  label: string,
  fields: DayFields,
  hours: TimeRange,
  rules: DayRules,
): Result<{ breaks: TimeRange[] }> {
  const { clock, grid } = rules;
  const hoursName = rules.words ? "opening hours" : "working hours";
  const found: (TimeRange & { row: number })[] = [];
  for (const [index, row] of rows.entries()) {
    const number = index + 1;
    const field = (part: "start" | "end") => breakField(fields.breakPrefix, number, part);
    if (!row.start && !row.end) continue;
    const start = normalizeTime(row.start);
    const end = normalizeTime(row.end);
    if (!start) {
      return refusal(
        end
          ? `${label}: please choose when the break until ${formatTime(end, clock)} starts.`
          : `${label}: please choose a start time for break ${number}.`,
        field("start"),
      );
    }
    if (!end) {
      return refusal(
        `${label}: please choose when the break from ${formatTime(start, clock)} ends.`,
        field("end"),
      );
    }
    const range = formatTimeRange(start, end, clock);
    if (start >= end) {
      return refusal(
        `${label}: the break from ${formatTime(start, clock)} must end after it starts.`,
        field("end"),
      );
    }
    if (grid && (!onGrid(start, grid) || !onGrid(end, grid))) {
      return refusal(
        `${label}: the break ${range} is not on the diary's ${grid}-minute grid.`,
        field(onGrid(start, grid) ? "end" : "start"),
      );
    }
    if (start < hours.start || end > hours.end) {
      return refusal(
        `${label}: the break ${range} lies outside the ${hoursName} (${formatTimeRange(hours.start, hours.end, clock)}).`,
        field(start < hours.start ? "start" : "end"),
      );
    }
    found.push({ start, end, row: number });
  }
  const sorted = [...found].sort((a, b) => a.start.localeCompare(b.start));
  for (let k = 1; k < sorted.length; k += 1) {
    const before = sorted[k - 1]!;
    const after = sorted[k]!;
    if (after.start < before.end) {
      const later = after.row > before.row ? after : before;
      return refusal(
        `${label}: the breaks ${formatTimeRange(before.start, before.end, clock)} and ${formatTimeRange(after.start, after.end, clock)} overlap.`,
        breakField(fields.breakPrefix, later.row, "start"),
      );
    }
  }
  return { ok: true, breaks: sorted.map(({ start, end }) => ({ start, end })) };
}

/** The weekday's name in the plural, for "closed on Sundays". */
const onWeekdays = (weekday: Weekday) => `${DAY_LABELS[weekday]}s`;

/** A dentist's hours against the clinic's on the weekdays they cover. */
function insideClinicHours(
  hours: TimeRange,
  label: string,
  fields: DayFields,
  rules: DayRules,
): Failure | null {
  const { clock } = rules;
  for (const { weekday, plan } of rules.clinicDays ?? []) {
    if (!plan) {
      return refusal(
        `${label}: the clinic is closed on ${onWeekdays(weekday)}. Tick ${CLOSED_DAY}, or open the clinic on ${onWeekdays(weekday)} in Clinic settings first.`,
        fields.off,
      );
    }
    if (hours.start < plan.start || hours.end > plan.end) {
      return refusal(
        `${label}: ${formatTimeRange(hours.start, hours.end, clock)} is outside the clinic's hours on ${onWeekdays(weekday)} (${formatTimeRange(plan.start, plan.end, clock)}). Choose hours inside them, or change the clinic's hours in Clinic settings first.`,
        hours.start < plan.start ? fields.start : fields.end,
      );
    }
  }
  return null;
}

/**
 * One working day from a form's row, or null when ticked Closed. `label` names the day in
 * messages ("Monday", "Different hours").
 */
export function parseDayRow(
  row: DayRow,
  label: string,
  fields: DayFields,
  rules: DayRules,
): Result<{ plan: DayPlan }> {
  if (row.off) return { ok: true, plan: null };
  const { clock, grid } = rules;
  const words = rules.words ?? PERSON_WORDS;
  const start = normalizeTime(row.start);
  if (!start) {
    return refusal(
      `${label}: please choose the ${words.start}, or tick ${CLOSED_DAY}.`,
      fields.start,
    );
  }
  const end = normalizeTime(row.end);
  if (!end) {
    return refusal(`${label}: please choose the ${words.end}, or tick ${CLOSED_DAY}.`, fields.end);
  }
  if (grid && !onGrid(start, grid)) {
    return refusal(
      `${label}: the ${words.start} ${formatTime(start, clock)} is not on the diary's ${grid}-minute grid.`,
      fields.start,
    );
  }
  if (grid && !onGrid(end, grid)) {
    return refusal(
      `${label}: the ${words.end} ${formatTime(end, clock)} is not on the diary's ${grid}-minute grid.`,
      fields.end,
    );
  }
  if (start >= end) {
    return refusal(
      `${label}: the ${words.end} must be after the ${words.start} (${formatTime(start, clock)}).`,
      fields.end,
    );
  }
  const outside = insideClinicHours({ start, end }, label, fields, rules);
  if (outside) return outside;
  const parsed = parseBreaks(row.breaks, label, fields, { start, end }, rules);
  if (!parsed.ok) return parsed;
  return { ok: true, plan: { start, end, breaks: parsed.breaks } };
}

/**
 * A dentist's whole week from a form (`monday.off`, `monday.start`, `monday.break1-start`...),
 * each day inside the clinic's hours of that weekday; the first wrong day (Monday first) is
 * the refusal.
 */
export function parseWeekForm(
  form: Record<string, unknown>,
  clinicHours: WeeklyPlan,
  clock: ClinicClock,
): Result<{ plan: WeeklyPlan }> {
  const plan = {} as WeeklyPlan;
  for (const day of WEEK_ORDER) {
    const fields = planDayFields(`${day}.`);
    const parsed = parseDayRow(readDayRow(form, fields), DAY_LABELS[day], fields, {
      clock,
      clinicDays: [{ weekday: day, plan: clinicHours[day] }],
    });
    if (!parsed.ok) return parsed;
    plan[day] = parsed.plan;
  }
  return { ok: true, plan };
}

/** A stored day as a form's row (Closed for a day without hours). */
export function dayRowOf(plan: DayPlan): DayRow {
  return plan
    ? {
        off: false,
        start: plan.start,
        end: plan.end,
        breaks: plan.breaks.map((gap) => ({ ...gap })),
      }
    : { off: true, start: "", end: "", breaks: [] };
}

/**
 * The break rows a form shows for a day: the day's breaks and one empty row to add another
 * (so it works without JavaScript), at most MAX_BREAKS.
 */
export function breakRowsOf(breaks: readonly BreakRow[]): BreakRow[] {
  let used = breaks.length;
  while (used > 0 && !breaks[used - 1]!.start && !breaks[used - 1]!.end) used -= 1;
  const rows = breaks.slice(0, used);
  return rows.length < MAX_BREAKS ? [...rows, { start: "", end: "" }] : rows;
}
