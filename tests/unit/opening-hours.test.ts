import { describe, expect, it } from "vitest";
import {
  addDays,
  CLINIC_TIME_ZONE,
  clinicNow,
  clinicTimeToUtc,
  formatClinicDate,
  isIsoDate,
  normalizeTime,
  weekdayOf,
} from "~/utils/clinic-time";
import {
  describeOpenDays,
  isPastSlot,
  OPENING_HOURS,
  type OpeningHours,
  slotProblem,
  slotTimes,
} from "~/utils/slot-rules";

/** 10:00 on Wednesday 2030-01-09 in New York (15:00 UTC). */
const NOW = new Date("2030-01-09T15:00:00Z");

describe("opening hours", () => {
  it("default to Monday to Saturday, 09:00 to 17:00, 30-minute slots, one chair, New York", () => {
    expect(OPENING_HOURS).toMatchObject({
      timeZone: "America/New_York",
      openDays: [1, 2, 3, 4, 5, 6],
      opensAt: "09:00",
      closesAt: "17:00",
      slotMinutes: 30,
      chairsPerSlot: 1,
    });
    expect(CLINIC_TIME_ZONE).toBe("America/New_York");
    const times = slotTimes();
    expect(times).toHaveLength(16);
    expect(times.slice(0, 3)).toEqual(["09:00", "09:30", "10:00"]);
    expect(times.at(-1)).toBe("16:30");
    expect(describeOpenDays()).toBe("Monday to Saturday");
  });

  it("follow another configuration in the same place", () => {
    const hours: OpeningHours = {
      ...OPENING_HOURS,
      openDays: [1, 3, 5],
      opensAt: "08:00",
      closesAt: "10:00",
      slotMinutes: 45,
    };
    expect(slotTimes(hours)).toEqual(["08:00", "08:45"]);
    expect(describeOpenDays(hours)).toBe("Monday, Wednesday and Friday");
    expect(slotProblem("2030-01-15", "08:00", NOW, hours)).toBe("closed");
    expect(slotProblem("2030-01-11", "08:45", NOW, hours)).toBeNull();
    expect(slotProblem("2030-01-11", "09:30", NOW, hours)).toBe("outside-hours");
    expect(slotProblem("2030-01-11", "08:30", NOW, hours)).toBe("off-grid");
  });
});

describe("dates and times", () => {
  it("accept only real calendar dates as YYYY-MM-DD", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2027-02-29")).toBe(false);
    expect(isIsoDate("2030-13-01")).toBe(false);
    expect(isIsoDate("2030-1-01")).toBe(false);
    expect(isIsoDate("01/02/2030")).toBe(false);
  });

  it("normalize the times a time input or an API client sends", () => {
    expect(normalizeTime("9:00")).toBe("09:00");
    expect(normalizeTime("09:30:00")).toBe("09:30");
    expect(normalizeTime(" 16:30 ")).toBe("16:30");
    expect(normalizeTime("09:30:15")).toBeNull();
    expect(normalizeTime("24:00")).toBeNull();
    expect(normalizeTime("9.30")).toBeNull();
  });

  it("count weekdays and days on the calendar, across months and years", () => {
    expect(weekdayOf("2030-01-06")).toBe(0);
    expect(weekdayOf("2030-01-07")).toBe(1);
    expect(addDays("2030-12-31", 1)).toBe("2031-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(formatClinicDate("2030-01-07")).toBe("Monday, 7 January 2030");
  });

  it("read the clinic's wall-clock in its own zone, not the server's", () => {
    // 03:30 UTC on the 10th is still the evening of the 9th in New York.
    expect(clinicNow(new Date("2030-01-10T03:30:00Z"))).toEqual({
      date: "2030-01-09",
      time: "22:30",
    });
    expect(clinicNow(new Date("2030-07-10T03:30:00Z"))).toEqual({
      date: "2030-07-09",
      time: "23:30",
    });
    expect(clinicNow(NOW, "Europe/Berlin")).toEqual({ date: "2030-01-09", time: "16:00" });
  });

  it("turn clinic wall-clock times into instants in winter, summer and on DST days", () => {
    expect(clinicTimeToUtc("2030-01-07", "09:00").toISOString()).toBe("2030-01-07T14:00:00.000Z");
    expect(clinicTimeToUtc("2030-07-08", "09:00").toISOString()).toBe("2030-07-08T13:00:00.000Z");
    // DST starts 2030-03-10 at 02:00 and ends 2030-11-03 at 02:00 in New York.
    expect(clinicTimeToUtc("2030-03-10", "09:00").toISOString()).toBe("2030-03-10T13:00:00.000Z");
    expect(clinicTimeToUtc("2030-11-03", "09:00").toISOString()).toBe("2030-11-03T14:00:00.000Z");
    expect(clinicTimeToUtc("2030-01-07", "16:30", "Asia/Tokyo").toISOString()).toBe(
      "2030-01-07T07:30:00.000Z",
    );
  });
});

describe("slot rules", () => {
  it("refuse the past: an earlier day, or a slot of today that has started", () => {
    expect(slotProblem("2030-01-08", "10:00", NOW)).toBe("past");
    expect(slotProblem("2030-01-09", "09:30", NOW)).toBe("past");
    expect(slotProblem("2030-01-09", "10:00", NOW)).toBe("past");
    expect(slotProblem("2030-01-09", "10:30", NOW)).toBeNull();
    expect(isPastSlot("2030-01-09", "10:00", NOW)).toBe(true);
    expect(isPastSlot("2030-01-09", "10:30", NOW)).toBe(false);
  });

  it("decide today by the clinic's date even when UTC has moved on", () => {
    // 23:00 on Wednesday in New York is 04:00 on Thursday UTC: Thursday is still tomorrow.
    const lateEvening = new Date("2030-01-10T04:00:00Z");
    expect(slotProblem("2030-01-10", "09:00", lateEvening)).toBeNull();
    expect(slotProblem("2030-01-09", "16:30", lateEvening)).toBe("past");
  });

  it("refuse Sundays, times outside the hours, times off the grid, and dates too far ahead", () => {
    expect(slotProblem("2030-01-13", "10:00", NOW)).toBe("closed");
    expect(slotProblem("2030-01-12", "10:00", NOW)).toBeNull();
    expect(slotProblem("2030-01-11", "08:30", NOW)).toBe("outside-hours");
    expect(slotProblem("2030-01-11", "16:45", NOW)).toBe("outside-hours");
    expect(slotProblem("2030-01-11", "17:00", NOW)).toBe("outside-hours");
    expect(slotProblem("2030-01-11", "16:30", NOW)).toBeNull();
    expect(slotProblem("2030-01-11", "09:15", NOW)).toBe("off-grid");
    expect(slotProblem(addDays("2030-01-09", 90), "10:00", NOW)).not.toBe("too-far");
    expect(slotProblem(addDays("2030-01-09", 91), "10:00", NOW)).toBe("too-far");
  });
});
