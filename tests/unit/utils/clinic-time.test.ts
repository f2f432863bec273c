import { describe, expect, it } from "vitest";
import {
  addDays,
  clinicNow,
  clinicTimeToUtc,
  isIsoDate,
  normalizeTime,
  weekdayOf,
} from "~/utils/clinic-time";

/** 10:00 on Wednesday 2030-01-09 in New York (15:00 UTC). */
const NOW = new Date("2030-01-09T15:00:00Z");

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
  });

  it("read a date's weekday and the days after it as a Date does, before 1970 too", () => {
    const start = Date.UTC(1968, 11, 20);
    for (let day = 0; day < 40 * 366; day += 3) {
      const at = new Date(start + day * 86_400_000);
      const date = at.toISOString().slice(0, 10);
      expect(weekdayOf(date), date).toBe(at.getUTCDay());
      expect(addDays(date, 45), date).toBe(
        new Date(at.getTime() + 45 * 86_400_000).toISOString().slice(0, 10),
      );
    }
    // Written without the leading zeros, a date still counts (the long way).
    expect(weekdayOf("2030-1-7")).toBe(1);
    expect(addDays("2030-1-31", 1)).toBe("2030-02-01");
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
