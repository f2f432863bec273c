import { describe, expect, it } from "vitest";
import { clinicNow, clinicTimeToUtc } from "~/utils/clinic-time";
import {
  dentistDay,
  HOLD_MINUTES,
  holdSteps,
  openIntervals,
  workingIntervals,
} from "~/models/booking/slot-engine";
import { GRID_STEPS } from "~/validation/clinic-settings";
import type { DayPlan, WeeklyPlan } from "~/validation/schedule";

const ZONE = "America/New_York";
const day = (
  start: string,
  end: string,
  breaks: { start: string; end: string }[] = [],
): DayPlan => ({ start, end, breaks });
const WITH_LUNCH = day("09:00", "17:00", [{ start: "12:30", end: "13:30" }]);
const WEEK: WeeklyPlan = {
  monday: WITH_LUNCH,
  tuesday: WITH_LUNCH,
  wednesday: WITH_LUNCH,
  thursday: WITH_LUNCH,
  friday: WITH_LUNCH,
  saturday: day("09:00", "13:00"),
  sunday: null,
};
describe("working intervals", () => {
  it("take breaks out of the day, and a day off or a closure leaves nothing", () => {
    expect(openIntervals(WITH_LUNCH)).toEqual([
      { start: 540, end: 750 },
      { start: 810, end: 1020 },
    ]);
    expect(openIntervals(null)).toEqual([]);
    // The dentist starts at 10:00 with a break at 15:00; the clinic has lunch at 12:30.
    const dentist = day("10:00", "18:00", [{ start: "15:00", end: "15:30" }]);
    expect(workingIntervals({ dentistDay: dentist, clinicDay: WITH_LUNCH, closed: false })).toEqual(
      [
        { start: 600, end: 750 },
        { start: 810, end: 900 },
        { start: 930, end: 1020 },
      ],
    );
    expect(workingIntervals({ dentistDay: dentist, clinicDay: WITH_LUNCH, closed: true })).toEqual(
      [],
    );
    expect(workingIntervals({ dentistDay: null, clinicDay: WITH_LUNCH, closed: false })).toEqual(
      [],
    );
  });

  it("follow exceptions over the weekly plan: a day off, other hours, a range; the latest wins", () => {
    const exceptions = [
      { startDate: "2026-12-21", endDate: "2026-12-31", dayPlan: null },
      { startDate: "2026-12-29", endDate: "2026-12-29", dayPlan: day("10:00", "12:00") },
      { startDate: "2026-12-07", endDate: "2026-12-07", dayPlan: day("13:00", "16:00") },
    ];
    expect(dentistDay(WEEK, exceptions, "2026-12-14")).toEqual(WITH_LUNCH);
    expect(dentistDay(WEEK, exceptions, "2026-12-07")).toEqual(day("13:00", "16:00"));
    expect(dentistDay(WEEK, exceptions, "2026-12-22")).toBeNull();
    expect(dentistDay(WEEK, exceptions, "2026-12-29")).toEqual(day("10:00", "12:00"));
    expect(dentistDay(WEEK, [], "2026-12-13")).toBeNull();
  });
});

describe("the steps a visit holds", () => {
  const at = (time: string) => clinicTimeToUtc("2026-12-07", time, ZONE);
  const steps = (start: string, end: string, bufferMinutes = 0) =>
    holdSteps({ startsAt: at(start), endsAt: at(end), bufferMinutes }).map(
      (step) => clinicNow(step, ZONE).time,
    );

  it("cover the visit and its buffer in 15-minute steps, whatever the grid", () => {
    expect(HOLD_MINUTES).toBe(15);
    for (const grid of GRID_STEPS) expect(grid % HOLD_MINUTES).toBe(0);
    expect(steps("10:00", "10:30")).toEqual(["10:00", "10:15"]);
    expect(steps("10:15", "11:00")).toEqual(["10:15", "10:30", "10:45"]);
    // A 10-minute buffer holds the step it starts in.
    expect(steps("10:00", "10:30", 10)).toEqual(["10:00", "10:15", "10:30"]);
    expect(steps("10:00", "10:30", 15)).toEqual(["10:00", "10:15", "10:30"]);
  });

  it("two visits overlap exactly when they share a step", () => {
    const keys = (start: string, end: string) =>
      new Set(holdSteps({ startsAt: at(start), endsAt: at(end), bufferMinutes: 0 }).map(Number));
    const shares = (a: Set<number>, b: Set<number>) => [...a].some((step) => b.has(step));
    expect(shares(keys("10:00", "11:30"), keys("10:30", "11:00"))).toBe(true);
    expect(shares(keys("10:00", "10:30"), keys("10:30", "11:00"))).toBe(false);
    expect(shares(keys("10:15", "10:45"), keys("10:30", "11:00"))).toBe(true);
  });
});
