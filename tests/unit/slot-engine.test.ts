import { describe, expect, it } from "vitest";
import { clinicNow, clinicTimeToUtc } from "~/utils/clinic-time";
import {
  chooseResources,
  dayProblem,
  dentistDay,
  type DiaryDay,
  earliestStart,
  freeStartsOnDay,
  holdKey,
  openIntervals,
  timeProblem,
  workingIntervals,
} from "~/utils/slot-engine";
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
/** Long before any date used here: notice never bites unless a test says so. */
const LONG_AGO = new Date("2020-01-01T00:00:00Z");
const THIRTY = { durationMinutes: 30, bufferMinutes: 0 };

function diary(overrides: Partial<DiaryDay> & { date: string }): DiaryDay {
  return {
    timeZone: ZONE,
    gridMinutes: 30,
    dentists: [
      {
        id: "patel",
        sortOrder: 0,
        intervals: workingIntervals({
          dentistDay: WITH_LUNCH,
          clinicDay: WITH_LUNCH,
          closed: false,
        }),
        bookedMinutes: 0,
      },
    ],
    chairs: [{ id: "chair-1", sortOrder: 0 }],
    held: new Set(),
    ...overrides,
  };
}

/** Holds a resource from `time` for `minutes`, as a booking would. */
function hold(held: Set<string>, resource: string, date: string, time: string, minutes: number) {
  const start = clinicTimeToUtc(date, time, ZONE).getTime();
  for (let m = 0; m < minutes; m += 30) held.add(holdKey(resource, new Date(start + m * 60_000)));
  return held;
}

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

describe("free start times", () => {
  it("fit the service's length into the working periods: none across lunch or past closing", () => {
    const date = "2026-12-07";
    expect(freeStartsOnDay(diary({ date }), THIRTY, { earliest: LONG_AGO })).toEqual([
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "12:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
      "16:00",
      "16:30",
    ]);
    const crown = { durationMinutes: 90, bufferMinutes: 0 };
    expect(freeStartsOnDay(diary({ date }), crown, { earliest: LONG_AGO })).toEqual([
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
    ]);
  });

  it("keep a buffer free after a visit, and do not start inside another visit or its buffer", () => {
    const date = "2026-12-07";
    // A 60-minute visit with a 30-minute buffer from 10:00 holds 10:00-11:30.
    const held = hold(new Set(), "dentist:patel", date, "10:00", 90);
    hold(held, "chair:chair-1", date, "10:00", 90);
    const starts = freeStartsOnDay(diary({ date, held }), THIRTY, { earliest: LONG_AGO });
    expect(starts.slice(0, 3)).toEqual(["09:00", "09:30", "11:30"]);
    // A 60-minute visit at 09:30 would run into the held 10:00.
    const hour = { durationMinutes: 60, bufferMinutes: 0 };
    expect(freeStartsOnDay(diary({ date, held }), hour, { earliest: LONG_AGO })[0]).toBe("09:00");
    expect(
      chooseResources(diary({ date, held }), hour, "09:30", { earliest: LONG_AGO }),
    ).toBeNull();
    // Its own buffer: a 30-minute visit with 30 minutes of buffer at 12:00 would hold lunch,
    // which is allowed (cleaning up), but at 09:30 it would hold the taken 10:00.
    const buffered = { durationMinutes: 30, bufferMinutes: 30 };
    expect(
      chooseResources(diary({ date, held }), buffered, "09:30", { earliest: LONG_AGO }),
    ).toBeNull();
    expect(
      chooseResources(diary({ date, held }), buffered, "12:00", { earliest: LONG_AGO })?.holds,
    ).toHaveLength(2);
  });

  it("respect the minimum notice", () => {
    const date = "2026-12-07";
    const now = clinicTimeToUtc(date, "09:40", ZONE);
    const starts = freeStartsOnDay(diary({ date }), THIRTY, { earliest: earliestStart(now, 120) });
    expect(starts[0]).toBe("12:00");
    expect(
      timeProblem({
        date,
        time: "11:30",
        now,
        timeZone: ZONE,
        gridMinutes: 30,
        minNoticeMinutes: 120,
        clinicDay: WITH_LUNCH,
        durationMinutes: 30,
      }),
    ).toBe("notice");
    expect(
      timeProblem({
        date,
        time: "09:30",
        now,
        timeZone: ZONE,
        gridMinutes: 30,
        minNoticeMinutes: 120,
        clinicDay: WITH_LUNCH,
        durationMinutes: 30,
      }),
    ).toBe("past");
  });

  it("run on a 15-minute grid as on a 30-minute one", () => {
    const date = "2026-12-07";
    const quarter = diary({ date, gridMinutes: 15 });
    const service = { durationMinutes: 45, bufferMinutes: 0 };
    const starts = freeStartsOnDay(quarter, service, { earliest: LONG_AGO });
    expect(starts.slice(0, 4)).toEqual(["09:00", "09:15", "09:30", "09:45"]);
    expect(starts).toContain("11:45");
    expect(starts).not.toContain("12:00");
    expect(chooseResources(quarter, service, "09:15", { earliest: LONG_AGO })?.holds).toHaveLength(
      3,
    );
    const base = {
      date,
      now: LONG_AGO,
      timeZone: ZONE,
      minNoticeMinutes: 0,
      clinicDay: WITH_LUNCH,
      durationMinutes: 30,
    };
    expect(timeProblem({ ...base, time: "09:15", gridMinutes: 30 })).toBe("off-grid");
    expect(timeProblem({ ...base, time: "09:15", gridMinutes: 15 })).toBeNull();
    expect(timeProblem({ ...base, time: "12:15", gridMinutes: 15 })).toBe("outside-hours");
  });
});

describe("days the clinic does not book", () => {
  const base = {
    now: clinicTimeToUtc("2026-12-07", "08:00", ZONE),
    timeZone: ZONE,
    horizonDays: 90,
    clinicDay: WITH_LUNCH,
    closureName: null,
  };
  it("past days, days beyond the horizon, closures and closed weekdays", () => {
    expect(dayProblem({ ...base, date: "2026-12-06" })).toEqual({ kind: "past" });
    expect(dayProblem({ ...base, date: "2026-12-07" })).toBeNull();
    expect(dayProblem({ ...base, date: "2027-03-07" })).toBeNull();
    expect(dayProblem({ ...base, date: "2027-03-08" })).toEqual({
      kind: "too-far",
      horizonDays: 90,
    });
    expect(dayProblem({ ...base, date: "2026-12-25", closureName: "Christmas" })).toEqual({
      kind: "closure",
      name: "Christmas",
    });
    expect(dayProblem({ ...base, date: "2026-12-13", clinicDay: null })).toEqual({
      kind: "closed-weekday",
      weekday: 0,
    });
  });
});

describe("today is the clinic's today", () => {
  it("decides the day by the clinic's date even when UTC has moved on", () => {
    // 23:00 on Wednesday in New York is 04:00 on Thursday UTC: Thursday is still tomorrow.
    const lateEvening = new Date("2030-01-10T04:00:00Z");
    const base = {
      now: lateEvening,
      timeZone: ZONE,
      horizonDays: 90,
      clinicDay: WITH_LUNCH,
      closureName: null,
    };
    expect(dayProblem({ ...base, date: "2030-01-10" })).toBeNull();
    expect(dayProblem({ ...base, date: "2030-01-09" })).toBeNull();
    expect(
      timeProblem({
        date: "2030-01-09",
        time: "16:30",
        now: lateEvening,
        timeZone: ZONE,
        gridMinutes: 30,
        minNoticeMinutes: 0,
        clinicDay: WITH_LUNCH,
        durationMinutes: 30,
      }),
    ).toBe("past");
    expect(dayProblem({ ...base, date: "2030-01-08" })).toEqual({ kind: "past" });
  });
});

describe("daylight saving", () => {
  // US clocks spring forward on 2027-03-14 and fall back on 2026-11-01 (both Sundays).
  for (const [date, offset] of [
    ["2027-03-14", "13:00"],
    ["2026-11-01", "15:00"],
  ] as const) {
    it(`keeps a 10:00 visit at 10:00 wall clock on ${date}`, () => {
      const open = diary({ date });
      const choice = chooseResources(open, { durationMinutes: 60, bufferMinutes: 0 }, "10:00", {
        earliest: LONG_AGO,
      });
      expect(choice?.startsAt.toISOString()).toBe(
        `${date}T${offset === "13:00" ? "14" : "15"}:00:00.000Z`,
      );
      expect(clinicNow(choice!.startsAt, ZONE)).toEqual({ date, time: "10:00" });
      expect(clinicNow(choice!.endsAt, ZONE)).toEqual({ date, time: "11:00" });
      // The day's starts are the same wall-clock list as on any other day.
      expect(freeStartsOnDay(open, THIRTY, { earliest: LONG_AGO })).toEqual(
        freeStartsOnDay(diary({ date: "2026-12-07" }), THIRTY, { earliest: LONG_AGO }),
      );
    });
  }

  it("does not offer the hour that does not exist on the spring-forward night", () => {
    const night = diary({
      date: "2027-03-14",
      dentists: [
        { id: "patel", sortOrder: 0, intervals: [{ start: 60, end: 240 }], bookedMinutes: 0 },
      ],
    });
    expect(freeStartsOnDay(night, THIRTY, { earliest: LONG_AGO })).toEqual([
      "01:00",
      "01:30",
      "03:00",
      "03:30",
    ]);
  });
});

describe("choosing a dentist and chair", () => {
  const date = "2026-12-08";
  const intervals = workingIntervals({
    dentistDay: WITH_LUNCH,
    clinicDay: WITH_LUNCH,
    closed: false,
  });
  const three = (booked: [number, number, number]) => [
    { id: "patel", sortOrder: 0, intervals, bookedMinutes: booked[0] },
    { id: "chen", sortOrder: 1, intervals, bookedMinutes: booked[1] },
    { id: "okafor", sortOrder: 2, intervals, bookedMinutes: booked[2] },
  ];
  const chairs = [
    { id: "chair-2", sortOrder: 1 },
    { id: "chair-1", sortOrder: 0 },
  ];

  it("gives 'any dentist' the least busy that day, then by sort order, and the first free chair", () => {
    const pick = (booked: [number, number, number], held = new Set<string>()) =>
      chooseResources(diary({ date, dentists: three(booked), chairs, held }), THIRTY, "10:00", {
        earliest: LONG_AGO,
      });
    expect(pick([60, 30, 90])).toMatchObject({ dentistId: "chen", chairId: "chair-1" });
    expect(pick([30, 30, 30])).toMatchObject({ dentistId: "patel", chairId: "chair-1" });
    const busy = hold(new Set(), "dentist:chen", date, "10:00", 30);
    hold(busy, "chair:chair-1", date, "10:00", 30);
    expect(pick([60, 30, 90], busy)).toMatchObject({ dentistId: "patel", chairId: "chair-2" });
    // Same input, same answer.
    expect(pick([0, 0, 0])).toEqual(pick([0, 0, 0]));
  });

  it("keeps a chosen dentist, and has no time when every chair is taken", () => {
    const held = hold(new Set(), "dentist:patel", date, "10:00", 30);
    const open = diary({ date, dentists: three([0, 0, 0]), chairs, held });
    expect(
      chooseResources(open, THIRTY, "10:00", { earliest: LONG_AGO, dentistId: "patel" }),
    ).toBeNull();
    expect(
      chooseResources(open, THIRTY, "10:00", { earliest: LONG_AGO, dentistId: "okafor" })
        ?.dentistId,
    ).toBe("okafor");
    hold(held, "chair:chair-1", date, "10:00", 30);
    hold(held, "chair:chair-2", date, "10:00", 30);
    expect(chooseResources(open, THIRTY, "10:00", { earliest: LONG_AGO })).toBeNull();
    expect(freeStartsOnDay(open, THIRTY, { earliest: LONG_AGO })).not.toContain("10:00");
  });

  it("counts a moving visit's own holds as free", () => {
    const held = hold(new Set(), "dentist:patel", date, "10:00", 60);
    hold(held, "chair:chair-1", date, "10:00", 60);
    const own = new Set(held);
    const open = diary({ date, held });
    const hour = { durationMinutes: 60, bufferMinutes: 0 };
    expect(chooseResources(open, hour, "10:30", { earliest: LONG_AGO })).toBeNull();
    expect(
      chooseResources(open, hour, "10:30", { earliest: LONG_AGO, ownHolds: own }),
    ).not.toBeNull();
  });
});
