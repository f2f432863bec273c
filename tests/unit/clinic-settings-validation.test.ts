// The rules and messages of the admin's settings screens: opening hours and breaks (named
// by weekday), booking rules, reminders, contact details, closures and chair names.
import { describe, expect, it } from "vitest";
import {
  daysOffGrid,
  GRID_MESSAGE,
  hoursField,
  parseBookingRules,
  parseBreaks,
  parseChairName,
  parseClosure,
  parseContact,
  parseReminderSettings,
  parseWeeklyHours,
} from "~/validation/clinic-settings";
import { formatBreaks, WEEK_ORDER } from "~/utils/plan-text";
import type { Result } from "~/utils/result";
import type { WeeklyPlan } from "~/validation/schedule";

const DAY = { opens: "09:00", closes: "17:00" };

/** A week form open 09:00-17:00 every day but Sunday, with `change` on top. */
function weekForm(change: Record<string, string> = {}) {
  const form: Record<string, string> = {};
  for (const day of WEEK_ORDER) {
    if (day === "sunday") form[hoursField(day, "closed")] = "on";
    form[hoursField(day, "opens")] = "09:00";
    form[hoursField(day, "closes")] = "17:00";
    form[hoursField(day, "breaks")] = "";
  }
  return { ...form, ...change };
}

/** The message and field of a refusal, or null for a success. */
function refusal(result: Result<object>) {
  return result.ok ? null : { message: result.message, field: result.field };
}

describe("parseBreaks", () => {
  it("reads ranges separated by commas, semicolons or lines, in any order, sorted", () => {
    const result = parseBreaks("15:00-15:30; 12:00 - 13:00\n9:30–10:00", "tuesday", DAY, 30);
    expect(result).toEqual({
      ok: true,
      breaks: [
        { start: "09:30", end: "10:00" },
        { start: "12:00", end: "13:00" },
        { start: "15:00", end: "15:30" },
      ],
    });
    expect(parseBreaks("  ", "tuesday", DAY, 30)).toEqual({ ok: true, breaks: [] });
    expect(parseBreaks("12:00 to 12:15", "tuesday", DAY, 15)).toMatchObject({ ok: true });
  });

  it("names the weekday and the break in every refusal", () => {
    const cases: [string, number, string][] = [
      [
        "lunch",
        30,
        `Tuesday's break "lunch" is not a time range: write breaks as 12:00-13:00, separated by commas.`,
      ],
      [
        "12:00-25:00",
        30,
        `Tuesday's break "12:00-25:00" is not a time range: write breaks as 12:00-13:00, separated by commas.`,
      ],
      ["13:00-12:00", 30, "Tuesday's break 13:00-12:00 must end after it starts."],
      ["12:00-12:15", 30, "Tuesday's break 12:00-12:15 is not on the 30-minute grid of the diary."],
      [
        "08:00-09:30",
        30,
        "Tuesday's break 08:00-09:30 must lie inside the opening hours (09:00 to 17:00).",
      ],
      [
        "16:30-17:00",
        30,
        "Tuesday's break 16:30-17:00 must lie inside the opening hours (09:00 to 17:00).",
      ],
      ["12:00-13:00, 12:30-13:30", 30, "Tuesday's breaks 12:00-13:00 and 12:30-13:30 overlap."],
    ];
    for (const [text, grid, message] of cases) {
      expect(refusal(parseBreaks(text, "tuesday", DAY, grid)), text).toEqual({
        message,
        field: "tuesday-breaks",
      });
    }
    const many = Array.from({ length: 11 }, (_, k) => `${10 + (k % 6)}:00-${10 + (k % 6)}:30`).join(
      ",",
    );
    expect(refusal(parseBreaks(many, "friday", DAY, 30))?.message).toBe(
      "Friday can have at most 10 breaks.",
    );
  });

  it("lets back-to-back breaks touch without overlapping", () => {
    expect(parseBreaks("12:00-12:30, 12:30-13:00", "monday", DAY, 30)).toMatchObject({ ok: true });
  });
});

describe("parseWeeklyHours", () => {
  it("reads a week: closed days as null, breaks per day", () => {
    const result = parseWeeklyHours(
      weekForm({
        "tuesday-opens": "08:00",
        "tuesday-closes": "18:30",
        "tuesday-breaks": "12:00-13:00",
      }),
      30,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.hours.sunday).toBeNull();
    expect(result.hours.tuesday).toEqual({
      start: "08:00",
      end: "18:30",
      breaks: [{ start: "12:00", end: "13:00" }],
    });
    expect(result.hours.monday).toEqual({ start: "09:00", end: "17:00", breaks: [] });
  });

  it("ignores the times of a day ticked closed", () => {
    const result = parseWeeklyHours(
      weekForm({ "saturday-closed": "on", "saturday-opens": "nonsense" }),
      30,
    );
    expect(result.ok && result.hours.saturday).toBeNull();
  });

  it("refuses each bad day with a message naming it, on the field it is about", () => {
    const cases: [Record<string, string>, string, string][] = [
      [
        { "wednesday-opens": "" },
        "wednesday-opens",
        "Please enter Wednesday's opening time as HH:MM, or tick Closed.",
      ],
      [
        { "wednesday-closes": "5pm" },
        "wednesday-closes",
        "Please enter Wednesday's closing time as HH:MM, or tick Closed.",
      ],
      [
        { "thursday-opens": "09:10" },
        "thursday-opens",
        "Thursday's opening time 09:10 is not on the 30-minute grid of the diary.",
      ],
      [
        { "thursday-closes": "16:45" },
        "thursday-closes",
        "Thursday's closing time 16:45 is not on the 30-minute grid of the diary.",
      ],
      [{ "monday-closes": "09:00" }, "monday-closes", "Monday must close after it opens (09:00)."],
      [
        { "friday-breaks": "18:00-19:00" },
        "friday-breaks",
        "Friday's break 18:00-19:00 must lie inside the opening hours (09:00 to 17:00).",
      ],
    ];
    for (const [change, field, message] of cases) {
      expect(refusal(parseWeeklyHours(weekForm(change), 30)), message).toEqual({ message, field });
    }
  });

  it("accepts quarter hours on a 15-minute grid", () => {
    expect(parseWeeklyHours(weekForm({ "thursday-opens": "09:15" }), 15)).toMatchObject({
      ok: true,
    });
  });

  it("refuses a week with every day closed", () => {
    const allClosed = Object.fromEntries(
      WEEK_ORDER.map((day) => [hoursField(day, "closed"), "on"]),
    );
    expect(refusal(parseWeeklyHours(weekForm(allClosed), 30))?.message).toBe(
      "The clinic must be open on at least one day.",
    );
  });

  it("round-trips breaks through the text the form shows", () => {
    expect(
      formatBreaks([
        { start: "12:00", end: "13:00" },
        { start: "15:00", end: "15:15" },
      ]),
    ).toBe("12:00-13:00, 15:00-15:15");
  });

  it("finds the days whose hours are off a coarser grid", () => {
    const week: WeeklyPlan = {
      monday: { start: "09:00", end: "17:00", breaks: [] },
      tuesday: { start: "09:15", end: "17:00", breaks: [] },
      wednesday: null,
      thursday: null,
      friday: { start: "09:00", end: "17:00", breaks: [{ start: "12:00", end: "12:45" }] },
      saturday: null,
      sunday: null,
    };
    expect(daysOffGrid(week, 30)).toEqual(["Tuesday", "Friday"]);
    expect(daysOffGrid(week, 15)).toEqual([]);
  });
});

describe("parseBookingRules", () => {
  const good = {
    gridMinutes: "15",
    minNoticeMinutes: "60",
    horizonDays: "30",
    cancellationCutoffHours: "12",
    maxUpcomingPerPatient: "4",
  };

  it("reads whole numbers", () => {
    expect(parseBookingRules(good)).toEqual({
      ok: true,
      rules: {
        gridMinutes: 15,
        minNoticeMinutes: 60,
        horizonDays: 30,
        cancellationCutoffHours: 12,
        maxUpcomingPerPatient: 4,
        maxVisitsPerDentistPerDay: 0,
      },
    });
    // The daily limit per dentist is optional: empty is none, a number sets one.
    expect(parseBookingRules({ ...good, maxVisitsPerDentistPerDay: "8" })).toMatchObject({
      ok: true,
      rules: { maxVisitsPerDentistPerDay: 8 },
    });
    expect(parseBookingRules({ ...good, maxVisitsPerDentistPerDay: "101" })).toMatchObject({
      ok: false,
      field: "maxVisitsPerDentistPerDay",
      message:
        "Please enter the most visits per dentist per day (0 for no limit) as a whole number from 0 to 100.",
    });
  });

  it("refuses each bad number with its range", () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ gridMinutes: "20" }, "gridMinutes", GRID_MESSAGE],
      [{ gridMinutes: "" }, "gridMinutes", GRID_MESSAGE],
      [
        { minNoticeMinutes: "-5" },
        "minNoticeMinutes",
        "Please enter the minimum notice in minutes as a whole number from 0 to 20160.",
      ],
      [
        { minNoticeMinutes: "1.5" },
        "minNoticeMinutes",
        "Please enter the minimum notice in minutes as a whole number from 0 to 20160.",
      ],
      [
        { horizonDays: "0" },
        "horizonDays",
        "Please enter the booking horizon in days as a whole number from 1 to 730.",
      ],
      [
        { horizonDays: "1", minNoticeMinutes: "1440" },
        "horizonDays",
        "The booking horizon must be longer than the minimum notice.",
      ],
      [
        { cancellationCutoffHours: "337" },
        "cancellationCutoffHours",
        "Please enter the cancellation cutoff in hours as a whole number from 0 to 336.",
      ],
      [
        { maxUpcomingPerPatient: "0" },
        "maxUpcomingPerPatient",
        "Please enter the most upcoming bookings per patient as a whole number from 1 to 50.",
      ],
      [
        { maxUpcomingPerPatient: "1e3" },
        "maxUpcomingPerPatient",
        "Please enter the most upcoming bookings per patient as a whole number from 1 to 50.",
      ],
    ];
    for (const [change, field, message] of cases) {
      expect(refusal(parseBookingRules({ ...good, ...change })), message).toEqual({
        message,
        field,
      });
    }
  });
});

describe("parseReminderSettings", () => {
  const good = {
    reminder1: "2",
    reminder2: "",
    reminder3: "48",
    quietHoursStart: "21:00",
    quietHoursEnd: "7:30",
    waitlistOfferHours: "6",
  };

  it("reads one to three rules (latest first), the quiet hours and the offer validity", () => {
    expect(parseReminderSettings(good)).toEqual({
      ok: true,
      settings: {
        reminderRules: [{ hoursBefore: 48 }, { hoursBefore: 2 }],
        quietHoursStart: "21:00",
        quietHoursEnd: "07:30",
        waitlistOfferHours: 6,
      },
    });
  });

  it("refuses no rule, a rule out of 1..336, a repeated rule, bad quiet hours and offers", () => {
    const cases: [Record<string, string>, string, string][] = [
      [
        { reminder1: "", reminder3: "" },
        "reminder1",
        "Please set at least one reminder (hours before the visit).",
      ],
      [
        { reminder2: "0" },
        "reminder2",
        "Please enter reminder 2 in hours before the visit as a whole number from 1 to 336.",
      ],
      [
        { reminder3: "337" },
        "reminder3",
        "Please enter reminder 3 in hours before the visit as a whole number from 1 to 336.",
      ],
      [
        { reminder3: "2" },
        "reminder3",
        "Reminder 3 repeats another one: 2 hours before is already set.",
      ],
      [
        { quietHoursStart: "late" },
        "quietHoursStart",
        "Please enter when the quiet hours start as HH:MM.",
      ],
      [
        { quietHoursEnd: "24:00" },
        "quietHoursEnd",
        "Please enter when the quiet hours end as HH:MM.",
      ],
      [
        { waitlistOfferHours: "0" },
        "waitlistOfferHours",
        "Please enter how long a waitlist offer stays open, in hours as a whole number from 1 to 168.",
      ],
    ];
    for (const [change, field, message] of cases) {
      expect(refusal(parseReminderSettings({ ...good, ...change })), message).toEqual({
        message,
        field,
      });
    }
  });
});

describe("parseContact", () => {
  const good = {
    clinicName: "  Smile   Dental ",
    phone: "+1 (555) 010-0199",
    email: "front@smile.example",
    street: "1 Main St",
    city: "Springfield",
    region: "IL",
    postalCode: "62701",
  };

  it("trims and squeezes the details", () => {
    expect(parseContact(good)).toMatchObject({
      ok: true,
      contact: { ...good, clinicName: "Smile Dental" },
    });
  });

  it("refuses a missing detail, a bad phone, a bad address and overlong text", () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ clinicName: " " }, "clinicName", "Please enter the clinic's name."],
      [{ city: "" }, "city", "Please enter the city."],
      [
        { phone: "call us" },
        "phone",
        "Please enter the phone number with digits, spaces, +, -, ( and ) only.",
      ],
      [
        { phone: "+1 ()" },
        "phone",
        "Please enter the phone number with digits, spaces, +, -, ( and ) only.",
      ],
      [
        { email: "front desk@smile" },
        "email",
        "Please enter a valid e-mail address for the clinic.",
      ],
      [
        { postalCode: "1".repeat(21) },
        "postalCode",
        "Please keep the postal code to 20 characters.",
      ],
    ];
    for (const [change, field, message] of cases) {
      expect(refusal(parseContact({ ...good, ...change })), message).toEqual({ message, field });
    }
  });
});

describe("parseClosure", () => {
  const today = "2030-03-05";

  it("reads a range, or one day when the last day is empty", () => {
    expect(
      parseClosure(
        { name: " Spring  break ", startDate: "2030-03-05", endDate: "2030-03-09" },
        today,
      ),
    ).toEqual({
      ok: true,
      closure: { name: "Spring break", startDate: "2030-03-05", endDate: "2030-03-09" },
    });
    expect(
      parseClosure({ name: "Inspection", startDate: "2030-04-01", endDate: "" }, today),
    ).toMatchObject({
      closure: { startDate: "2030-04-01", endDate: "2030-04-01" },
    });
  });

  it("refuses no name, bad dates, the past, a reversed range and a closure over a year", () => {
    const good = { name: "Holiday", startDate: "2030-03-10", endDate: "2030-03-11" };
    const cases: [Record<string, string>, string, string][] = [
      [{ name: "" }, "name", "Please enter a name for the closure, such as Thanksgiving."],
      [{ startDate: "2030-02-30" }, "startDate", "Please enter the first day closed as a date."],
      [{ endDate: "tomorrow" }, "endDate", "Please enter the last day closed as a date."],
      [{ startDate: "2030-03-04" }, "startDate", "The first day closed cannot be in the past."],
      [{ endDate: "2030-03-09" }, "endDate", "The last day closed cannot be before the first day."],
      [{ endDate: "2031-03-11" }, "endDate", "A closure can last at most 366 days."],
    ];
    for (const [change, field, message] of cases) {
      expect(refusal(parseClosure({ ...good, ...change }, today)), message).toEqual({
        message,
        field,
      });
    }
  });
});

describe("parseChairName", () => {
  it("needs a name of at most 60 characters", () => {
    expect(parseChairName({ name: "  Chair   3 " })).toEqual({ ok: true, name: "Chair 3" });
    expect(refusal(parseChairName({ name: "" }))).toEqual({
      field: "name",
      message: "Please enter a name for the chair.",
    });
    expect(refusal(parseChairName({ name: "x".repeat(61) }))?.message).toBe(
      "Please keep the chair's name to 60 characters.",
    );
    expect(refusal(parseChairName({}))?.field).toBe("name");
  });
});
