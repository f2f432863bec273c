import { describe, expect, it } from "vitest";
import {
  acceptedDateRange,
  dateField,
  dateOutOfRangeMessage,
  dateParam,
  dateRefusal,
  DATE_FORMAT_MESSAGE,
} from "~/validation/dates";

describe("the accepted dates", () => {
  it("run from ten years back to five years ahead of the clinic's today", () => {
    expect(acceptedDateRange("2026-11-25")).toEqual({ from: "2016-11-25", to: "2031-11-25" });
    // 29 February has no twin in a common year: the 28th.
    expect(acceptedDateRange("2028-02-29")).toEqual({ from: "2018-02-28", to: "2033-02-28" });
    // Read on the clinic's calendar (America/New_York): 03:00 UTC is still the evening before.
    expect(acceptedDateRange(new Date("2026-11-26T03:00:00Z")).to).toBe("2031-11-25");
  });

  it("refuse a malformed or impossible date with the format's message, one outside with the window's", () => {
    const today = "2026-11-25";
    const window = dateOutOfRangeMessage(acceptedDateRange(today));
    expect(window).toBe("Please choose a date from 2016-11-25 to 2031-11-25.");
    for (const value of [
      "",
      "junk",
      "2027-02-29",
      "2026-13-01",
      "2026-1-1",
      "+010000-01-01",
      "275760-09-13",
    ]) {
      expect(dateRefusal(value, today), value).toEqual({
        ok: false,
        status: 400,
        message: DATE_FORMAT_MESSAGE,
      });
    }
    for (const value of ["1000-01-01", "2016-11-24", "2031-11-26", "9999-12-31"]) {
      expect(dateRefusal(value, today), value).toEqual({ ok: false, status: 400, message: window });
    }
    for (const value of ["2016-11-25", "2026-03-08", "2026-11-01", "2028-02-29", "2031-11-25"]) {
      expect(dateRefusal(value, today), value).toBeNull();
    }
  });

  it("leave a blank query parameter to the page, and refuse a bad one", () => {
    expect(dateParam(new URLSearchParams(""), "date")).toEqual({ date: null, refusal: null });
    expect(dateParam(new URLSearchParams("date=%20"), "date")).toEqual({
      date: null,
      refusal: null,
    });
    expect(dateParam(new URLSearchParams("date=9999-12-27"), "date").refusal?.status).toBe(400);
    const today = acceptedDateRange().to;
    expect(dateParam(new URLSearchParams(`moveDate=${today}`), "moveDate")).toEqual({
      date: today,
      refusal: null,
    });
  });

  it("as a form field: the required message when blank, then the same rule", () => {
    const field = dateField("please Enter your date");
    expect(field.safeParse("").error?.issues[0]?.message).toBe("please Enter your date");
    expect(field.safeParse("2026-02-30").error?.issues[0]?.message).toBe(DATE_FORMAT_MESSAGE);
    expect(field.safeParse("9999-12-31").error?.issues[0]?.message).toBe(
      dateOutOfRangeMessage(acceptedDateRange()),
    );
    expect(field.safeParse(` ${acceptedDateRange().from} `).data).toBe(acceptedDateRange().from);
  });
});
