import { describe, expect, it } from "vitest";
import { DROP_REASONS, gateText, monthStart } from "~/models/sms/send-rules";
import { consentRefusal, CONSENT_MESSAGES } from "~/models/sms/consent-rules";
import { composeText, OPT_OUT_LINE } from "~/models/sms/texts";
import { countSegments } from "~/models/sms/segments";
import { parseMobile, MOBILE_MESSAGES, clinicCountry } from "~/models/sms/phone";

const quiet = { start: "20:00", end: "08:00", timeZone: "America/New_York" };
// 2026-12-01 is a Tuesday; New York is UTC-5 then.
const at = (hhmm: string, day = "01") => new Date(`2026-12-${day}T${hhmm}:00-05:00`);
const base = { quiet, sentThisMonth: 0, monthlyCap: 100 };

describe("when a text leaves", () => {
  it("sends inside the window", () => {
    expect(gateText({ ...base, now: at("09:00"), expiresAt: at("12:00") })).toEqual({ send: true });
  });

  it("holds a text due in the quiet hours until they end, if still of use then", () => {
    expect(gateText({ ...base, now: at("21:00"), expiresAt: at("10:00", "02") })).toEqual({
      wait: at("08:00", "02"),
    });
    expect(gateText({ ...base, now: at("06:30"), expiresAt: null })).toEqual({ wait: at("08:00") });
  });

  it("drops a text whose visit starts before the quiet hours end, or has started", () => {
    expect(gateText({ ...base, now: at("06:00"), expiresAt: at("07:30") })).toEqual({
      drop: DROP_REASONS.quietUntilExpired,
    });
    expect(gateText({ ...base, now: at("10:01"), expiresAt: at("10:00") })).toEqual({
      drop: DROP_REASONS.expired,
    });
  });

  it("stops at the month's cap", () => {
    expect(gateText({ ...base, sentThisMonth: 100, now: at("09:00"), expiresAt: null })).toEqual({
      drop: DROP_REASONS.cap(100),
    });
    expect(monthStart(at("09:00", "15"), "America/New_York")).toEqual(
      new Date("2026-12-01T05:00:00Z"),
    );
  });
});

describe("consent rules", () => {
  it("never lets staff turn a no into a yes; the patient and START may", () => {
    expect(consentRefusal("no", "yes", "staff")).toBe(CONSENT_MESSAGES.staffCannotReopen);
    expect(consentRefusal("no", "yes", "patient")).toBeNull();
    expect(consentRefusal("no", "yes", "text")).toBeNull();
    expect(consentRefusal("unasked", "yes", "staff")).toBeNull();
    expect(consentRefusal("yes", "no", "staff")).toBeNull();
    expect(consentRefusal("yes", "unasked", "staff")).toBe(CONSENT_MESSAGES.staffCannotUnask);
  });
});

describe("mobile numbers", () => {
  it("stores E.164, read in the clinic's country", () => {
    expect(parseMobile("(201) 555-0123", "US")).toEqual({ ok: true, e164: "+12015550123" });
    expect(parseMobile("07400 123456", "GB")).toEqual({ ok: true, e164: "+447400123456" });
    expect(clinicCountry("en-GB")).toBe("GB");
    expect(clinicCountry("en-US")).toBe("US");
  });

  it("refuses what cannot be texted", () => {
    expect(parseMobile("12", "US")).toEqual({ ok: false, message: MOBILE_MESSAGES.invalid });
    // A UK landline and a US toll-free number.
    expect(parseMobile("020 7946 0018", "GB")).toEqual({
      ok: false,
      message: MOBILE_MESSAGES.notMobile,
    });
    expect(parseMobile("+1 800 555 0199", "US")).toMatchObject({ ok: false });
  });
});

describe("text bodies", () => {
  it("are one GSM-7 segment, carry the link and the opt-out line, and nothing clinical", () => {
    const link = `https://clinic.example/visit/${"x".repeat(43)}/confirm`;
    const text = composeText("reminder", {
      clinicName: "Dental Clinic",
      when: "Wed, Dec 2, 10:30 AM",
      link,
    });
    expect(text.endsWith(OPT_OUT_LINE)).toBe(true);
    expect(text).toContain(link);
    expect(text).toContain("Reply C to confirm");
    expect(
      countSegments(
        composeText("booking", {
          clinicName: "Dental Clinic",
          when: "Wed, Dec 2, 10:30 AM",
          link: null,
        }),
      ).segments,
    ).toBe(1);
  });
});
