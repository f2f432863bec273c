import { describe, expect, it } from "vitest";
import { clinicTimeToUtc } from "~/utils/clinic-time";
import { dueRule, isQuiet, quietEnd, reminderSendAt } from "~/models/mail/reminder-rules";

const TZ = "America/New_York";
const quiet = { start: "20:00", end: "08:00", timeZone: TZ };
const at = (date: string, time: string) => clinicTimeToUtc(date, time, TZ);
const longAgo = new Date("2030-01-01T00:00:00Z");

describe("quiet hours (20:00-08:00 clinic time)", () => {
  it("covers the evening and the night, not the day", () => {
    expect(isQuiet(at("2030-03-05", "20:00"), quiet)).toBe(true);
    expect(isQuiet(at("2030-03-05", "23:59"), quiet)).toBe(true);
    expect(isQuiet(at("2030-03-06", "07:59"), quiet)).toBe(true);
    expect(isQuiet(at("2030-03-06", "08:00"), quiet)).toBe(false);
    expect(isQuiet(at("2030-03-05", "19:59"), quiet)).toBe(false);
    expect(isQuiet(at("2030-03-05", "03:00"), { ...quiet, start: "08:00" })).toBe(false);
  });

  it("end the next morning when they start in the evening, the same morning after midnight", () => {
    expect(quietEnd(at("2030-03-05", "21:30"), quiet)).toEqual(at("2030-03-06", "08:00"));
    expect(quietEnd(at("2030-03-06", "02:00"), quiet)).toEqual(at("2030-03-06", "08:00"));
    expect(quietEnd(at("2030-03-06", "12:00"), quiet)).toEqual(at("2030-03-06", "12:00"));
    // Across the spring DST change: 08:00 is still 08:00 on the clinic's clock.
    expect(quietEnd(at("2030-03-09", "22:00"), quiet)).toEqual(at("2030-03-10", "08:00"));
  });
});

describe("when a reminder goes out", () => {
  const visit = (date: string, time: string, scheduledAt = longAgo) => ({
    startsAt: at(date, time),
    scheduledAt,
  });

  it("goes hoursBefore the visit outside quiet hours", () => {
    expect(reminderSendAt(visit("2030-03-07", "10:00"), 48, quiet)).toEqual(
      at("2030-03-05", "10:00"),
    );
    expect(reminderSendAt(visit("2030-03-07", "10:00"), 2, quiet)).toEqual(
      at("2030-03-07", "08:00"),
    );
  });

  it("is held until the quiet hours end, and dropped when the visit starts by then", () => {
    expect(reminderSendAt(visit("2030-03-07", "09:00"), 2, quiet)).toEqual(
      at("2030-03-07", "08:00"),
    );
    expect(reminderSendAt(visit("2030-03-07", "08:30"), 2, quiet)).toEqual(
      at("2030-03-07", "08:00"),
    );
    expect(reminderSendAt(visit("2030-03-07", "08:00"), 2, quiet)).toBeNull();
    expect(reminderSendAt(visit("2030-03-07", "23:00"), 2, quiet)).toBeNull();
  });

  it("is skipped when its time had passed when the visit was booked or moved there", () => {
    const bookedLate = visit("2030-03-07", "10:00", at("2030-03-06", "09:00"));
    expect(reminderSendAt(bookedLate, 48, quiet)).toBeNull();
    expect(reminderSendAt(bookedLate, 2, quiet)).toEqual(at("2030-03-07", "08:00"));
  });

  it("of several due rules picks the one nearest the visit, and none in quiet hours or after the start", () => {
    const v = visit("2030-03-07", "14:00");
    expect(dueRule(v, [48, 2], quiet, at("2030-03-05", "13:59"))).toBeNull();
    expect(dueRule(v, [48, 2], quiet, at("2030-03-05", "14:00"))).toBe(48);
    expect(dueRule(v, [48, 2], quiet, at("2030-03-06", "21:00"))).toBeNull();
    expect(dueRule(v, [48, 2], quiet, at("2030-03-07", "12:00"))).toBe(2);
    expect(dueRule(v, [48, 2], quiet, at("2030-03-07", "14:00"))).toBeNull();
  });
});
