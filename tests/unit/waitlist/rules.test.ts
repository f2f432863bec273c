import { describe, expect, it } from "vitest";
import {
  offerDentist,
  offerExpiry,
  partOfDayLabel,
  partOfDayOf,
  wishCovers,
} from "~/models/waitlist/rules";

describe("which entries a freed time suits", () => {
  it("morning is a start before 12:00, afternoon from 12:00", () => {
    expect(partOfDayOf("09:00")).toBe("morning");
    expect(partOfDayOf("11:30")).toBe("morning");
    expect(partOfDayOf("12:00")).toBe("afternoon");
    expect(partOfDayOf("16:30")).toBe("afternoon");
  });

  it("names the parts of the day with noon in the clinic's locale", () => {
    const us = { timeZone: "America/New_York", locale: "en-US" };
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
