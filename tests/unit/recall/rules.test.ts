import { describe, expect, it } from "vitest";
import { addMonths, clinicOpenAt, recallStanding, stepDue } from "~/models/recall/rules";
import { parseRange, periodsOf, RANGE_MESSAGES, weekStart } from "~/models/reports/periods";
import {
  parseCadence,
  parseCallNote,
  parseRecallChange,
  parseRecallSettings,
  RECALL_MESSAGES,
} from "~/validation/recall";
import type { WeeklyPlan } from "~/validation/schedule";

const WEEKDAYS_9_TO_5: WeeklyPlan = {
  monday: { start: "09:00", end: "17:00", breaks: [{ start: "12:00", end: "13:00" }] },
  tuesday: { start: "09:00", end: "17:00", breaks: [] },
  wednesday: { start: "09:00", end: "17:00", breaks: [] },
  thursday: { start: "09:00", end: "17:00", breaks: [] },
  friday: { start: "09:00", end: "17:00", breaks: [] },
  saturday: null,
  sunday: null,
};
const CADENCE = [-28, 0, 14, 42];

describe("recall rules", () => {
  it("adds months, keeping the day or the month's last", () => {
    expect(addMonths("2026-01-05", 6)).toBe("2026-07-05");
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
    expect(addMonths("2027-08-31", 6)).toBe("2028-02-29");
    expect(addMonths("2026-11-30", 3)).toBe("2027-02-28");
  });

  it("sends the latest step whose day has come, and nothing before the first", () => {
    expect(stepDue("2026-07-05", CADENCE, 0, "2026-06-06")).toBeNull();
    expect(stepDue("2026-07-05", CADENCE, 0, "2026-06-07")).toBe(0);
    expect(stepDue("2026-07-05", CADENCE, 1, "2026-07-04")).toBeNull();
    expect(stepDue("2026-07-05", CADENCE, 1, "2026-07-05")).toBe(1);
    // After an outage only the latest missed step goes.
    expect(stepDue("2026-07-05", CADENCE, 0, "2026-07-25")).toBe(2);
    expect(stepDue("2026-07-05", CADENCE, 4, "2027-01-01")).toBeNull();
  });

  it("knows when the clinic is open: its hours, not its breaks, not a closure", () => {
    const closures = [{ startDate: "2026-07-03", endDate: "2026-07-03" }];
    expect(clinicOpenAt(WEEKDAYS_9_TO_5, [], "2026-06-08", "09:00")).toBe(true);
    expect(clinicOpenAt(WEEKDAYS_9_TO_5, [], "2026-06-08", "08:59")).toBe(false);
    expect(clinicOpenAt(WEEKDAYS_9_TO_5, [], "2026-06-08", "12:30")).toBe(false);
    expect(clinicOpenAt(WEEKDAYS_9_TO_5, [], "2026-06-08", "17:00")).toBe(false);
    expect(clinicOpenAt(WEEKDAYS_9_TO_5, [], "2026-06-06", "10:00")).toBe(false);
    expect(clinicOpenAt(WEEKDAYS_9_TO_5, closures, "2026-07-03", "10:00")).toBe(false);
  });

  it("groups a recall as the desk's list does", () => {
    expect(recallStanding({ dueDate: "2026-06-01", booked: true }, "2026-06-10")).toBe("booked");
    expect(recallStanding({ dueDate: "2026-06-09", booked: false }, "2026-06-10")).toBe("overdue");
    expect(recallStanding({ dueDate: "2026-06-30", booked: false }, "2026-06-10")).toBe("due");
    expect(recallStanding({ dueDate: "2026-07-01", booked: false }, "2026-06-10")).toBe("upcoming");
  });

  it("reads the forms with their messages", () => {
    expect(parseCadence("42, -28 0;14")).toEqual([-28, 0, 14, 42]);
    for (const bad of ["", "1 2 3 4 5", "0 0", "-121", "181", "1.5", "x"]) {
      expect(parseCadence(bad), bad).toBeNull();
    }
    expect(parseRecallSettings({ cadence: "0", dailyCap: "2001" })).toMatchObject({
      message: RECALL_MESSAGES.dailyCap,
      field: "dailyCap",
    });
    expect(parseRecallChange({ dueDate: "2026-02-29", intervalMonths: "" })).toMatchObject({
      field: "dueDate",
    });
    expect(parseRecallChange({ dueDate: "2026-03-01", intervalMonths: "" })).toMatchObject({
      ok: true,
      intervalMonths: null,
    });
    expect(parseCallNote({ outcome: "toString" })).toMatchObject({ field: "outcome" });
    expect(parseCallNote({ outcome: "declined" })).toMatchObject({ ok: true, note: "" });
  });
});

describe("report periods", () => {
  it("cuts a range into Monday weeks and months, clipped to the range", () => {
    expect(weekStart("2026-03-08")).toBe("2026-03-02");
    expect(weekStart("2026-03-09")).toBe("2026-03-09");
    expect(periodsOf({ from: "2026-03-04", to: "2026-03-10", by: "week" })).toEqual([
      {
        key: "2026-03-02",
        label: "Week of Mar 2 2026",
        from: "2026-03-04",
        to: "2026-03-08",
        whole: false,
      },
      {
        key: "2026-03-09",
        label: "Week of Mar 9 2026",
        from: "2026-03-09",
        to: "2026-03-10",
        whole: false,
      },
    ]);
    // Whole weeks across a month's and a year's end (2026-12-28 is a Monday).
    expect(periodsOf({ from: "2026-12-28", to: "2027-01-10", by: "week" })).toEqual([
      {
        key: "2026-12-28",
        label: "Week of Dec 28 2026",
        from: "2026-12-28",
        to: "2027-01-03",
        whole: true,
      },
      {
        key: "2027-01-04",
        label: "Week of Jan 4 2027",
        from: "2027-01-04",
        to: "2027-01-10",
        whole: true,
      },
    ]);
    expect(periodsOf({ from: "2025-12-15", to: "2026-03-01", by: "month" })).toEqual([
      { key: "2025-12", label: "Dec 2025", from: "2025-12-15", to: "2025-12-31", whole: false },
      { key: "2026-01", label: "Jan 2026", from: "2026-01-01", to: "2026-01-31", whole: true },
      { key: "2026-02", label: "Feb 2026", from: "2026-02-01", to: "2026-02-28", whole: true },
      { key: "2026-03", label: "Mar 2026", from: "2026-03-01", to: "2026-03-01", whole: false },
    ]);
    // One day, a Sunday, is its week's last day and a partial week.
    expect(periodsOf({ from: "2026-03-08", to: "2026-03-08", by: "week" })).toEqual([
      {
        key: "2026-03-02",
        label: "Week of Mar 2 2026",
        from: "2026-03-08",
        to: "2026-03-08",
        whole: false,
      },
    ]);
  });

  it("defaults and refuses ranges with the field named", () => {
    expect(parseRange({}, "2026-03-18")).toEqual({
      ok: true,
      range: { from: "2025-12-22", to: "2026-03-18", by: "week" },
    });
    expect(parseRange({ by: "day" }, "2026-03-18")).toMatchObject({ field: "by" });
    expect(parseRange({ from: "2026-02-30" }, "2026-03-18")).toMatchObject({
      field: "from",
      message: RANGE_MESSAGES.from,
    });
    expect(parseRange({ from: "2026-03-10", to: "2026-03-01" }, "2026-03-18")).toMatchObject({
      field: "to",
    });
    expect(parseRange({ from: "2024-02-29", to: "2026-03-01" }, "2026-03-18")).toMatchObject({
      message: RANGE_MESSAGES.length,
    });
  });
});
