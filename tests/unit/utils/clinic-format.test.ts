import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateRange,
  formatDateTime,
  formatDuration,
  formatInstant,
  formatTime,
  formatTimes,
  formatZone,
} from "~/utils/clinic-format";

const US = { timeZone: "America/New_York", locale: "en-US" };
const UK = { timeZone: "Europe/London", locale: "en-GB" };

describe("the one clinic formatter", () => {
  it("writes clinic dates and times in the settings' locale", () => {
    expect(formatDate("2026-11-23", US)).toBe("Monday, November 23, 2026");
    expect(formatTime("10:00", US)).toBe("10:00 AM");
    expect(formatTime("16:30", US)).toBe("4:30 PM");
    expect(formatDateTime("2026-11-23", "10:00", US)).toBe("Monday, November 23, 2026 at 10:00 AM");
    expect(formatTimes(["09:00", "13:30"], US)).toBe("9:00 AM, 1:30 PM");
    expect(formatDate("2026-11-23", UK)).toBe("Monday, 23 November 2026");
    expect(formatTime("16:30", UK)).toBe("16:30");
  });

  it("says a range's shared parts once, and a one-day range as that day", () => {
    expect(formatDateRange("2026-11-28", "2026-11-28", US)).toBe("Saturday, November 28, 2026");
    expect(formatDateRange("2026-11-28", "2026-11-30", US)).toBe(
      "Saturday, November 28 – Monday, November 30, 2026",
    );
    expect(formatDateRange("2026-12-28", "2027-01-03", US)).toBe(
      "Monday, December 28, 2026 – Sunday, January 3, 2027",
    );
    expect(formatDateRange("2026-11-28", "2026-11-30", UK)).toBe(
      "Saturday 28 November – Monday 30 November 2026",
    );
  });

  it("shows stored instants on the clinic's wall clock, whatever the server's zone", () => {
    expect(formatInstant(new Date("2026-11-23T15:00:00Z"), US)).toBe(
      "Monday, November 23, 2026 at 10:00 AM",
    );
    // Summer time: 14:00 UTC is 10:00 in New York.
    expect(formatInstant(new Date("2027-07-05T14:00:00Z"), US)).toBe(
      "Monday, July 5, 2027 at 10:00 AM",
    );
    expect(formatInstant(new Date("2026-11-24T03:30:00Z"), US)).toMatch(/^Monday, November 23/);
  });

  it("names the zone as people say it, and lengths in words", () => {
    expect(formatZone(US)).toBe("Eastern Time");
    expect(formatDuration(30)).toBe("30 minutes");
    expect(formatDuration(60)).toBe("1 hour");
    expect(formatDuration(90)).toBe("1 hour 30 minutes");
    expect(formatDuration(120)).toBe("2 hours");
  });

  it("uses plain spaces (no narrow no-break space before AM/PM)", () => {
    expect(formatDateTime("2026-11-23", "16:30", US)).not.toMatch(/[\u202f\u00a0]/);
  });
});
