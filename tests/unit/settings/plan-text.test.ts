// A working day from the staff's forms (time pickers for the hours and each break): what
// is stored, and each refusal on the field it is about, with times in the clinic's format.
import { describe, expect, it } from "vitest";
import { formatDayPlan } from "~/utils/clinic-format";
import { normalizeTime } from "~/utils/clinic-time";
import {
  breakField,
  breakRowsOf,
  dayRowOf,
  MAX_BREAKS,
  parseDayRow,
  parseWeekForm,
  planDayFields,
  readDayRow,
  type DayRow,
} from "~/models/settings/plan-text";
import { dayPlanSchema, weeklyPlanSchema, type WeeklyPlan } from "~/validation/schedule";

const clock = { timeZone: "America/New_York", locale: "en-US" };
const MONDAY = planDayFields("monday.");

const day = (start: string, end: string, breaks: [string, string][] = []): DayRow => ({
  off: false,
  start,
  end,
  breaks: breaks.map(([from, to]) => ({ start: from, end: to })),
});
const CLOSED: DayRow = { off: true, start: "", end: "", breaks: [] };

const open = (start: string, end: string) => ({ start, end, breaks: [] });
const CLINIC: WeeklyPlan = {
  monday: open("08:00", "18:00"),
  tuesday: open("08:00", "18:00"),
  wednesday: open("08:00", "18:00"),
  thursday: open("08:00", "18:00"),
  friday: open("08:00", "14:00"),
  saturday: null,
  sunday: null,
};

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

describe("readDayRow", () => {
  it("reads the Closed box, the two ends and every break row of a day's fields", () => {
    const row = readDayRow(
      {
        "monday.start": "09:00",
        "monday.end": "17:00",
        [breakField("monday.", 1, "start")]: "12:00",
        [breakField("monday.", 1, "end")]: "13:00",
        [breakField("monday.", 3, "start")]: " 15:00 ",
      },
      MONDAY,
    );
    expect(row).toMatchObject({ off: false, start: "09:00", end: "17:00" });
    expect(row.breaks).toHaveLength(MAX_BREAKS);
    expect(row.breaks.slice(0, 3)).toEqual([
      { start: "12:00", end: "13:00" },
      { start: "", end: "" },
      { start: "15:00", end: "" },
    ]);
    expect(readDayRow({ "monday.off": "on", "monday.start": "09:00" }, MONDAY).off).toBe(true);
    expect(readDayRow({ "monday.off": ["on"] }, MONDAY).off).toBe(false);
  });
});

describe("parseDayRow", () => {
  it("gives null for a Closed day, whatever the times say", () => {
    expect(parseDayRow({ ...CLOSED, start: "nonsense" }, "Sunday", MONDAY, { clock })).toEqual({
      ok: true,
      plan: null,
    });
  });

  it("gives a plan the stored schema accepts, breaks in order and empty rows skipped", () => {
    const parsed = parseDayRow(
      day("8:30", "16:00", [
        ["14:00", "14:15"],
        ["", ""],
        ["12:00", "12:30"],
      ]),
      "Monday",
      MONDAY,
      { clock },
    );
    expect(parsed).toEqual({
      ok: true,
      plan: {
        start: "08:30",
        end: "16:00",
        breaks: [
          { start: "12:00", end: "12:30" },
          { start: "14:00", end: "14:15" },
        ],
      },
    });
    if (parsed.ok) expect(dayPlanSchema.safeParse(parsed.plan).success).toBe(true);
  });

  it("refuses on the field it is about, with times in the clinic's format", () => {
    const cases: Array<[DayRow, string, string]> = [
      [day("", "17:00"), "monday.start", "Monday: please choose the start time, or tick Closed."],
      [day("09:00", "5pm"), "monday.end", "Monday: please choose the end time, or tick Closed."],
      [
        day("17:00", "09:00"),
        "monday.end",
        "Monday: the end time must be after the start time (5:00 PM).",
      ],
      [
        day("09:00", "17:00", [["16:30", "17:30"]]),
        "monday.break1-end",
        "Monday: the break 4:30 PM to 5:30 PM lies outside the working hours (9:00 AM to 5:00 PM).",
      ],
      [
        day("09:00", "17:00", [["13:00", "12:00"]]),
        "monday.break1-end",
        "Monday: the break from 1:00 PM must end after it starts.",
      ],
      [
        day("09:00", "17:00", [["12:00", ""]]),
        "monday.break1-end",
        "Monday: please choose when the break from 12:00 PM ends.",
      ],
      [
        day("09:00", "17:00", [["", "13:00"]]),
        "monday.break1-start",
        "Monday: please choose when the break until 1:00 PM starts.",
      ],
      [
        day("09:00", "17:00", [
          ["12:00", "13:00"],
          ["12:30", "13:30"],
        ]),
        "monday.break2-start",
        "Monday: the breaks 12:00 PM to 1:00 PM and 12:30 PM to 1:30 PM overlap.",
      ],
    ];
    for (const [row, field, message] of cases) {
      expect(parseDayRow(row, "Monday", MONDAY, { clock }), message).toMatchObject({
        ok: false,
        status: 400,
        field,
        message,
      });
    }
  });

  it("writes times in the clinic's locale", () => {
    const british = { timeZone: "Europe/London", locale: "en-GB" };
    expect(parseDayRow(day("17:00", "09:00"), "Monday", MONDAY, { clock: british })).toMatchObject({
      message: "Monday: the end time must be after the start time (17:00).",
    });
  });

  it("keeps the clinic's own hours and breaks on the diary's grid", () => {
    const rules = { clock, grid: 30, words: { start: "opening time", end: "closing time" } };
    expect(parseDayRow(day("09:15", "17:00"), "Monday", MONDAY, rules)).toMatchObject({
      field: "monday.start",
      message: "Monday: the opening time 9:15 AM is not on the diary's 30-minute grid.",
    });
    expect(
      parseDayRow(day("09:00", "17:00", [["12:00", "12:45"]]), "Monday", MONDAY, rules),
    ).toMatchObject({
      field: "monday.break1-end",
      message: "Monday: the break 12:00 PM to 12:45 PM is not on the diary's 30-minute grid.",
    });
  });

  it("keeps a dentist's hours inside the clinic's, and off the days it is closed", () => {
    const rules = (plan: WeeklyPlan["monday"]) => ({
      clock,
      clinicDays: [{ weekday: "monday" as const, plan }],
    });
    expect(
      parseDayRow(day("07:30", "17:00"), "Monday", MONDAY, rules(open("08:00", "18:00"))),
    ).toMatchObject({
      field: "monday.start",
      message:
        "Monday: 7:30 AM to 5:00 PM is outside the clinic's hours on Mondays (8:00 AM to 6:00 PM). Choose hours inside them, or change the clinic's hours in Clinic settings first.",
    });
    expect(
      parseDayRow(day("09:00", "18:30"), "Monday", MONDAY, rules(open("08:00", "18:00"))),
    ).toMatchObject({ field: "monday.end" });
    expect(parseDayRow(day("09:00", "17:00"), "Monday", MONDAY, rules(null))).toMatchObject({
      field: "monday.off",
      message:
        "Monday: the clinic is closed on Mondays. Tick Closed, or open the clinic on Mondays in Clinic settings first.",
    });
    // The clinic's own hours, to the minute, are fine.
    expect(
      parseDayRow(day("08:00", "18:00"), "Monday", MONDAY, rules(open("08:00", "18:00"))).ok,
    ).toBe(true);
    expect(parseDayRow(CLOSED, "Monday", MONDAY, rules(null)).ok).toBe(true);
  });
});

describe("parseWeekForm", () => {
  const form = (overrides: Record<string, string> = {}) => ({
    "monday.start": "09:00",
    "monday.end": "17:00",
    "monday.break1-start": "12:00",
    "monday.break1-end": "13:00",
    "tuesday.start": "09:00",
    "tuesday.end": "17:00",
    "wednesday.off": "on",
    "thursday.off": "on",
    "friday.start": "09:00",
    "friday.end": "13:00",
    "saturday.off": "on",
    "sunday.off": "on",
    ...overrides,
  });

  it("reads a whole week into a plan the stored schema accepts", () => {
    const parsed = parseWeekForm(form(), CLINIC, clock);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(weeklyPlanSchema.parse(parsed.plan)).toEqual(parsed.plan);
    expect(parsed.plan.saturday).toBeNull();
    expect(parsed.plan.monday?.breaks).toEqual([{ start: "12:00", end: "13:00" }]);
  });

  it("refuses with the first wrong day, Monday first, each against the clinic's own weekday", () => {
    const parsed = parseWeekForm(
      form({
        "sunday.off": "",
        "sunday.start": "10:00",
        "sunday.end": "12:00",
        "friday.end": "15:00",
      }),
      CLINIC,
      clock,
    );
    expect(parsed).toMatchObject({ ok: false, field: "friday.end" });
    expect(!parsed.ok && parsed.message).toMatch(/^Friday: .* on Fridays \(8:00 AM to 2:00 PM\)/);
  });
});

describe("rows back from a plan", () => {
  it("round-trips through the form's row, and reads as one line in the clinic's format", () => {
    const plan = { start: "09:00", end: "17:00", breaks: [{ start: "12:00", end: "13:00" }] };
    expect(dayRowOf(plan)).toEqual(day("09:00", "17:00", [["12:00", "13:00"]]));
    expect(parseDayRow(dayRowOf(plan), "Monday", MONDAY, { clock })).toEqual({ ok: true, plan });
    expect(dayRowOf(null)).toEqual(CLOSED);
    expect(formatDayPlan(plan, clock)).toBe("9:00 AM to 5:00 PM, break 12:00 PM to 1:00 PM");
    expect(formatDayPlan(null, clock)).toBe("Closed");
  });

  it("offers the day's break rows and one empty row to add another, up to the most a day has", () => {
    expect(breakRowsOf([])).toEqual([{ start: "", end: "" }]);
    expect(
      breakRowsOf([
        { start: "", end: "" },
        { start: "12:00", end: "" },
        { start: "", end: "" },
      ]),
    ).toEqual([
      { start: "", end: "" },
      { start: "12:00", end: "" },
      { start: "", end: "" },
    ]);
    const full = Array.from({ length: MAX_BREAKS }, () => ({ start: "10:00", end: "10:10" }));
    expect(breakRowsOf(full)).toHaveLength(MAX_BREAKS);
  });
});
