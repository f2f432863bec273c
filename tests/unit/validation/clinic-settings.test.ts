// The rules and messages of the admin's settings screens: opening hours and breaks (named
// by weekday), booking rules, reminders, contact details, closures and chair names.
import { describe, expect, it } from "vitest";
import {
  daysOffGrid,
  GRID_MESSAGE,
  hoursField,
  parseBookingRules,
  parseChairName,
  parseClosure,
  parseContact,
  parseReminderSettings,
  parseWeeklyHours,
} from "~/validation/clinic-settings";
import { WEEK_ORDER } from "~/models/settings/plan-text";
import type { Result } from "~/utils/result";
import type { WeeklyPlan } from "~/validation/schedule";

const clock = { timeZone: "America/New_York", locale: "en-US" };

/** A week form open 09:00-17:00 every day but Sunday, with `change` on top. */
function weekForm(change: Record<string, string> = {}) {
  const form: Record<string, string> = {};
  for (const day of WEEK_ORDER) {
    if (day === "sunday") form[hoursField(day, "closed")] = "on";
    form[hoursField(day, "opens")] = "09:00";
    form[hoursField(day, "closes")] = "17:00";
  }
  return { ...form, ...change };
}

/** The message and field of a refusal, or null for a success. */
function refusal(result: Result<object>) {
  return result.ok ? null : { message: result.message, field: result.field };
}

describe("parseWeeklyHours", () => {
  it("reads a week: closed days as null, breaks per day", () => {
    const result = parseWeeklyHours(
      weekForm({
        "tuesday-opens": "08:00",
        "tuesday-closes": "18:30",
        "tuesday-break1-start": "15:00",
        "tuesday-break1-end": "15:30",
        "tuesday-break2-start": "12:00",
        "tuesday-break2-end": "13:00",
      }),
      30,
      clock,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.hours.sunday).toBeNull();
    expect(result.hours.tuesday).toEqual({
      start: "08:00",
      end: "18:30",
      breaks: [
        { start: "12:00", end: "13:00" },
        { start: "15:00", end: "15:30" },
      ],
    });
    expect(result.hours.monday).toEqual({ start: "09:00", end: "17:00", breaks: [] });
  });

  it("ignores the times of a day ticked closed", () => {
    const result = parseWeeklyHours(
      weekForm({ "saturday-closed": "on", "saturday-opens": "nonsense" }),
      30,
      clock,
    );
    expect(result.ok && result.hours.saturday).toBeNull();
  });

  it("refuses each bad day with a message naming it, on the field it is about", () => {
    const cases: [Record<string, string>, string, string][] = [
      [
        { "wednesday-opens": "" },
        "wednesday-opens",
        "Wednesday: please choose the opening time, or tick Closed.",
      ],
      [
        { "wednesday-closes": "5pm" },
        "wednesday-closes",
        "Wednesday: please choose the closing time, or tick Closed.",
      ],
      [
        { "thursday-opens": "09:10" },
        "thursday-opens",
        "Thursday: the opening time 9:10 AM is not on the diary's 30-minute grid.",
      ],
      [
        { "thursday-closes": "16:45" },
        "thursday-closes",
        "Thursday: the closing time 4:45 PM is not on the diary's 30-minute grid.",
      ],
      [
        { "monday-closes": "09:00" },
        "monday-closes",
        "Monday: the closing time must be after the opening time (9:00 AM).",
      ],
      [
        { "friday-break1-start": "18:00", "friday-break1-end": "19:00" },
        "friday-break1-end",
        "Friday: the break 6:00 PM to 7:00 PM lies outside the opening hours (9:00 AM to 5:00 PM).",
      ],
      [
        { "friday-break1-start": "12:00", "friday-break1-end": "12:15" },
        "friday-break1-end",
        "Friday: the break 12:00 PM to 12:15 PM is not on the diary's 30-minute grid.",
      ],
      [
        {
          "friday-break1-start": "12:00",
          "friday-break1-end": "13:00",
          "friday-break2-start": "12:30",
          "friday-break2-end": "13:30",
        },
        "friday-break2-start",
        "Friday: the breaks 12:00 PM to 1:00 PM and 12:30 PM to 1:30 PM overlap.",
      ],
    ];
    for (const [change, field, message] of cases) {
      expect(refusal(parseWeeklyHours(weekForm(change), 30, clock)), message).toEqual({
        message,
        field,
      });
    }
  });

  it("lets back-to-back breaks touch without overlapping", () => {
    const touching = {
      "monday-break1-start": "12:00",
      "monday-break1-end": "12:30",
      "monday-break2-start": "12:30",
      "monday-break2-end": "13:00",
    };
    expect(parseWeeklyHours(weekForm(touching), 30, clock)).toMatchObject({ ok: true });
  });

  it("accepts quarter hours on a 15-minute grid", () => {
    expect(parseWeeklyHours(weekForm({ "thursday-opens": "09:15" }), 15, clock)).toMatchObject({
      ok: true,
    });
  });

  it("refuses a week with every day closed", () => {
    const allClosed = Object.fromEntries(
      WEEK_ORDER.map((day) => [hoursField(day, "closed"), "on"]),
    );
    expect(refusal(parseWeeklyHours(weekForm(allClosed), 30, clock))?.message).toBe(
      "The clinic must be open on at least one day.",
    );
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
        ownAccountAge: 16,
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
      [{ quietHoursStart: "late" }, "quietHoursStart", "Please choose when the quiet hours start."],
      [{ quietHoursEnd: "24:00" }, "quietHoursEnd", "Please choose when the quiet hours end."],
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
