import { describe, expect, it } from "vitest";
import {
  dayRowOf,
  describeDay,
  parseBreaks,
  parseDayRow,
  parseWeekRows,
  type DayRow,
} from "~/utils/plan-text";
import { normalizeTime } from "~/utils/clinic-time";
import { dayPlanSchema, weeklyPlanSchema, type Weekday } from "~/validation/schedule";

const day = (start: string, end: string, breaks = ""): DayRow => ({
  off: false,
  start,
  end,
  breaks,
});
const OFF: DayRow = { off: true, start: "", end: "", breaks: "" };

function week(overrides: Partial<Record<Weekday, DayRow>> = {}): Record<Weekday, DayRow> {
  return {
    monday: day("09:00", "17:00", "12:00-13:00"),
    tuesday: day("09:00", "17:00"),
    wednesday: day("09:00", "17:00"),
    thursday: day("09:00", "17:00"),
    friday: day("09:00", "13:00"),
    saturday: OFF,
    sunday: OFF,
    ...overrides,
  };
}

describe("normalizeTime, which reads each clock of a plan", () => {
  it("reads HH:MM, H:MM and a time input's HH:MM:00", () => {
    expect(normalizeTime("09:30")).toBe("09:30");
    expect(normalizeTime(" 9:05 ")).toBe("09:05");
    expect(normalizeTime("17:00:00")).toBe("17:00");
  });
  it("refuses what is not a time of day", () => {
    for (const text of ["", "24:00", "9", "09:60", "9am", "09:00:30", "12:00-13:00"]) {
      expect(normalizeTime(text), text).toBeNull();
    }
  });
});

describe("parseBreaks", () => {
  it("reads comma, semicolon or line separated ranges, in order", () => {
    expect(parseBreaks("15:00-15:15, 12:00 - 13:00", "Monday")).toEqual({
      ok: true,
      breaks: [
        { start: "12:00", end: "13:00" },
        { start: "15:00", end: "15:15" },
      ],
    });
    expect(parseBreaks("10:00–10:15;\n14:00 to 14:30", "Monday")).toMatchObject({
      ok: true,
      breaks: [
        { start: "10:00", end: "10:15" },
        { start: "14:00", end: "14:30" },
      ],
    });
    expect(parseBreaks("  ", "Monday")).toEqual({ ok: true, breaks: [] });
  });

  it("names the day and the range that is wrong", () => {
    expect(parseBreaks("lunch", "Tuesday")).toMatchObject({
      ok: false,
      status: 400,
      field: "breaks",
      message:
        'Tuesday: write each break as start-end, like 12:00-13:00, separated by commas ("lunch" is not one).',
    });
    expect(parseBreaks("13:00-12:00", "Tuesday")).toMatchObject({
      message: "Tuesday: the break 13:00-12:00 must end after it starts.",
    });
    expect(parseBreaks("12:00-13:00, 12:30-13:30", "Tuesday")).toMatchObject({
      message: "Tuesday: the breaks 12:00-13:00 and 12:30-13:30 overlap.",
    });
    expect(parseBreaks("12:00-13:00-14:00", "Tuesday").ok).toBe(false);
    const many = Array.from({ length: 11 }, (_, k) => `${10 + k}:00-${10 + k}:10`).join(", ");
    expect(parseBreaks(many, "Tuesday")).toMatchObject({
      message: "Tuesday: at most 10 breaks a day.",
    });
  });
});

describe("parseDayRow", () => {
  it("gives null for a day off, whatever the times say", () => {
    expect(parseDayRow({ ...OFF, start: "nonsense" }, "Sunday")).toEqual({ ok: true, plan: null });
  });

  it("gives a plan the stored schema accepts", () => {
    const parsed = parseDayRow(day("8:30", "16:00", "12:00-12:30"), "Monday");
    expect(parsed).toEqual({
      ok: true,
      plan: { start: "08:30", end: "16:00", breaks: [{ start: "12:00", end: "12:30" }] },
    });
    if (parsed.ok) expect(dayPlanSchema.safeParse(parsed.plan).success).toBe(true);
  });

  it("refuses a missing or reversed time, or a break outside the day, on the field it is about", () => {
    expect(parseDayRow(day("", "17:00"), "Monday", "monday.")).toMatchObject({
      field: "monday.start",
      message: 'Monday: please enter the start time as HH:MM, like 09:00 (or tick "Off").',
    });
    expect(parseDayRow(day("09:00", "5pm"), "Monday", "monday.")).toMatchObject({
      field: "monday.end",
      message: 'Monday: please enter the end time as HH:MM, like 17:00 (or tick "Off").',
    });
    expect(parseDayRow(day("17:00", "09:00"), "Monday", "monday.")).toMatchObject({
      field: "monday.end",
      message: "Monday: the day must end after it starts (17:00-09:00).",
    });
    expect(parseDayRow(day("09:00", "17:00", "16:30-17:30"), "Monday", "monday.")).toMatchObject({
      field: "monday.breaks",
      message: "Monday: the break 16:30-17:30 lies outside the working hours 09:00-17:00.",
    });
  });
});

describe("parseWeekRows", () => {
  it("reads a whole week into a plan the stored schema accepts", () => {
    const parsed = parseWeekRows(week());
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(weeklyPlanSchema.parse(parsed.plan)).toEqual(parsed.plan);
    expect(parsed.plan.saturday).toBeNull();
    expect(parsed.plan.monday?.breaks).toEqual([{ start: "12:00", end: "13:00" }]);
  });

  it("refuses with the first wrong day, Monday first", () => {
    const parsed = parseWeekRows(week({ sunday: day("x", "y"), wednesday: day("10:00", "09:00") }));
    expect(parsed).toMatchObject({ ok: false, field: "wednesday.end" });
    expect(!parsed.ok && parsed.message).toMatch(/^Wednesday: /);
  });
});

describe("rows back from a plan", () => {
  it("round-trips through the form's row", () => {
    const plan = { start: "09:00", end: "17:00", breaks: [{ start: "12:00", end: "13:00" }] };
    expect(dayRowOf(plan)).toEqual(day("09:00", "17:00", "12:00-13:00"));
    expect(parseDayRow(dayRowOf(plan), "Monday")).toEqual({ ok: true, plan });
    expect(dayRowOf(null)).toEqual(OFF);
    expect(describeDay(plan)).toBe("09:00-17:00 (breaks 12:00-13:00)");
    expect(describeDay(null)).toBe("Off");
  });
});
