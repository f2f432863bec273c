import { describe, expect, it } from "vitest";
import { clinicTimeToUtc } from "~/utils/clinic-time";
import { type DiaryDay, holdKey } from "~/utils/slot-engine";
import {
  dentistsFreeAt,
  offerDentist,
  offerExpiry,
  partOfDayLabel,
  partOfDayOf,
  wishCovers,
} from "~/utils/waitlist-rules";

const ZONE = "America/New_York";
const DATE = "2030-03-12"; // a Tuesday
const LONG_AGO = new Date("2020-01-01T00:00:00Z");
const at = (time: string) => clinicTimeToUtc(DATE, time, ZONE);

/** Two dentists working 09:00-17:00 (Dr B from 13:00), one chair, the given holds. */
function day(held: Array<[string, string]> = []): DiaryDay {
  return {
    date: DATE,
    timeZone: ZONE,
    gridMinutes: 30,
    dentists: [
      { id: "a", sortOrder: 0, bookedMinutes: 0, intervals: [{ start: 540, end: 1020 }] },
      { id: "b", sortOrder: 1, bookedMinutes: 0, intervals: [{ start: 780, end: 1020 }] },
    ],
    chairs: [{ id: "c1", sortOrder: 0 }],
    held: new Set(held.map(([resource, time]) => holdKey(resource, at(time)))),
  };
}

const SHORT = { durationMinutes: 30, bufferMinutes: 0 };
const LONG = { durationMinutes: 60, bufferMinutes: 0 };

describe("which entries a freed time suits", () => {
  it("morning is a start before 12:00, afternoon from 12:00", () => {
    expect(partOfDayOf("09:00")).toBe("morning");
    expect(partOfDayOf("11:30")).toBe("morning");
    expect(partOfDayOf("12:00")).toBe("afternoon");
    expect(partOfDayOf("16:30")).toBe("afternoon");
  });

  it("names the parts of the day with noon in the clinic's locale", () => {
    const us = { timeZone: ZONE, locale: "en-US" };
    const uk = { timeZone: "Europe/London", locale: "en-GB" };
    expect(partOfDayLabel("morning", us)).toBe("Morning (before 12:00 PM)");
    expect(partOfDayLabel("afternoon", us)).toBe("Afternoon (from 12:00 PM)");
    expect(partOfDayLabel("morning", uk)).toBe("Morning (before 12:00)");
    expect(partOfDayLabel("any", us)).toBe("Any time of day");
  });

  it("covers a time inside the entry's dates (both inclusive) and part of day", () => {
    const wish = { fromDate: "2030-03-10", toDate: "2030-03-12", dentistId: null };
    expect(wishCovers({ ...wish, partOfDay: "any" }, "2030-03-10", "09:00")).toBe(true);
    expect(wishCovers({ ...wish, partOfDay: "any" }, "2030-03-12", "16:00")).toBe(true);
    expect(wishCovers({ ...wish, partOfDay: "any" }, "2030-03-09", "09:00")).toBe(false);
    expect(wishCovers({ ...wish, partOfDay: "any" }, "2030-03-13", "09:00")).toBe(false);
    expect(wishCovers({ ...wish, partOfDay: "morning" }, "2030-03-11", "11:30")).toBe(true);
    expect(wishCovers({ ...wish, partOfDay: "morning" }, "2030-03-11", "12:00")).toBe(false);
    expect(wishCovers({ ...wish, partOfDay: "afternoon" }, "2030-03-11", "12:00")).toBe(true);
    expect(wishCovers({ ...wish, partOfDay: "afternoon" }, "2030-03-11", "10:00")).toBe(false);
  });

  it("a freed time suits a service only if the whole length fits", () => {
    // 10:00 is free, 10:30 is held by the next visit: a 30-minute visit fits, an hour does not.
    const busy = day([
      ["dentist:a", "10:30"],
      ["chair:c1", "10:30"],
    ]);
    expect(dentistsFreeAt(busy, SHORT, "10:00", LONG_AGO)).toEqual(["a"]);
    expect(dentistsFreeAt(busy, LONG, "10:00", LONG_AGO)).toEqual([]);
    expect(dentistsFreeAt(day(), LONG, "10:00", LONG_AGO)).toEqual(["a"]);
    // The buffer counts as part of what must be free.
    expect(
      dentistsFreeAt(busy, { durationMinutes: 30, bufferMinutes: 15 }, "10:00", LONG_AGO),
    ).toEqual([]);
  });

  it("needs a free chair and a free, working dentist, after the notice", () => {
    expect(dentistsFreeAt(day(), SHORT, "14:00", LONG_AGO)).toEqual(["a", "b"]);
    expect(dentistsFreeAt(day([["dentist:a", "14:00"]]), SHORT, "14:00", LONG_AGO)).toEqual(["b"]);
    expect(dentistsFreeAt(day([["chair:c1", "14:00"]]), SHORT, "14:00", LONG_AGO)).toEqual([]);
    expect(dentistsFreeAt(day(), SHORT, "16:30", LONG_AGO)).toEqual(["a", "b"]);
    expect(dentistsFreeAt(day(), LONG, "16:30", LONG_AGO)).toEqual([]);
    expect(dentistsFreeAt(day(), SHORT, "14:00", at("14:30"))).toEqual([]);
  });

  it("names the entry's own dentist, or for any dentist the freed one first", () => {
    expect(offerDentist({ dentistId: "b" }, ["a", "b"], "a")).toBe("b");
    expect(offerDentist({ dentistId: "b" }, ["a"], "a")).toBeNull();
    expect(offerDentist({ dentistId: null }, ["a", "b"], "b")).toBe("b");
    expect(offerDentist({ dentistId: null }, ["a"], "b")).toBe("a");
    expect(offerDentist({ dentistId: null }, [], "b")).toBeNull();
  });
});

describe("until when an offer stands", () => {
  const now = new Date("2030-03-10T12:00:00Z");
  const hours = (n: number) => new Date(now.getTime() + n * 3_600_000);

  it("the offer hours, or earlier: the last moment the time can be booked online", () => {
    const base = { now, offerHours: 12, minNoticeMinutes: 120 };
    expect(offerExpiry({ ...base, startsAt: hours(48) })).toEqual(hours(12));
    expect(offerExpiry({ ...base, startsAt: hours(6) })).toEqual(hours(4));
    expect(offerExpiry({ ...base, startsAt: hours(14) })).toEqual(hours(12));
  });

  it("nothing to offer once the time is inside the notice", () => {
    const base = { now, offerHours: 12, minNoticeMinutes: 120 };
    expect(offerExpiry({ ...base, startsAt: hours(2) })).toBeNull();
    expect(offerExpiry({ ...base, startsAt: hours(1) })).toBeNull();
    expect(offerExpiry({ ...base, startsAt: hours(-1) })).toBeNull();
  });
});
