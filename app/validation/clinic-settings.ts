import type { ClinicClock } from "~/utils/clinic-format";
import { isIsoDate, normalizeTime } from "~/utils/clinic-time";
import { dateRefusal } from "./dates";
import { invalid, ok, type Failure, type Result } from "~/utils/result";
import {
  DAY_LABELS,
  type DayFields,
  isTicked,
  parseDayRow,
  readDayRow,
  WEEK_ORDER,
} from "~/models/settings/plan-text";
import { isEmailAddress, isPhoneNumber } from "./fields";
import type { Weekday, WeeklyPlan } from "./schedule";

/**
 * The rules and messages of the admin's settings screens (/staff/settings, /staff/closures,
 * /staff/chairs). Each parser takes the form's fields as sent and answers the value to
 * store, or a 400 naming the field and, for the hours, the weekday.
 */

export const GRID_STEPS = [15, 30] as const;
export const REMINDER_SLOTS = 3;

export const LIMITS = {
  minNoticeMinutes: { min: 0, max: 20_160 },
  horizonDays: { min: 1, max: 730 },
  cancellationCutoffHours: { min: 0, max: 336 },
  maxUpcomingPerPatient: { min: 1, max: 50 },
  maxVisitsPerDentistPerDay: { min: 0, max: 100 },
  ownAccountAge: { min: 12, max: 21 },
  reminderHours: { min: 1, max: 336 },
  waitlistOfferHours: { min: 1, max: 168 },
} as const;

type Form = Record<string, unknown>;

/** A refusal about one field of the form. */
export function refuse(field: string, message: string): Failure {
  return { ...invalid(message), field };
}

function text(form: Form, name: string): string {
  const value = form[name];
  return typeof value === "string" ? value.trim() : "";
}

const ticked = (form: Form, name: string) => isTicked(form[name]);

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

function onGrid(time: string, grid: number) {
  return minutesOf(time) % grid === 0;
}

// ---------------------------------------------------------------------------------------
// Opening hours and breaks

export const hoursField = (day: Weekday, part: "closed" | "opens" | "closes") => `${day}-${part}`;

/** The fields of the clinic's hours on one weekday; its breaks are `monday-break1-start`... */
export const clinicDayFields = (day: Weekday): DayFields => ({
  off: hoursField(day, "closed"),
  start: hoursField(day, "opens"),
  end: hoursField(day, "closes"),
  breakPrefix: `${day}-`,
});

const CLINIC_WORDS = { start: "opening time", end: "closing time" };

/**
 * The opening-hours form: one row per weekday (Closed, opens, closes, breaks), every time
 * on the diary's grid; messages name the weekday and give times in the clinic's format.
 */
export function parseWeeklyHours(
  form: Form,
  grid: number,
  clock: ClinicClock,
): Result<{ hours: WeeklyPlan }> {
  const hours = {} as WeeklyPlan;
  for (const day of WEEK_ORDER) {
    const fields = clinicDayFields(day);
    const parsed = parseDayRow(readDayRow(form, fields), DAY_LABELS[day], fields, {
      clock,
      grid,
      words: CLINIC_WORDS,
    });
    if (!parsed.ok) return parsed;
    hours[day] = parsed.plan;
  }
  if (WEEK_ORDER.every((day) => hours[day] === null)) {
    return refuse(hoursField("monday", "closed"), "The clinic must be open on at least one day.");
  }
  return ok({ hours });
}

/** The weekdays whose hours or breaks are off a grid of `grid` minutes. */
export function daysOffGrid(hours: WeeklyPlan, grid: number): string[] {
  return WEEK_ORDER.filter((day) => {
    const plan = hours[day];
    if (!plan) return false;
    const times = [plan.start, plan.end, ...plan.breaks.flatMap((gap) => [gap.start, gap.end])];
    return times.some((time) => !onGrid(time, grid));
  }).map((day) => DAY_LABELS[day]);
}

// ---------------------------------------------------------------------------------------
// Numbers

function wholeNumber(
  form: Form,
  field: string,
  limits: { min: number; max: number },
  what: string,
): Result<{ value: number }> {
  const raw = text(form, field);
  const value = /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(value) || value < limits.min || value > limits.max) {
    return refuse(
      field,
      `Please enter ${what} as a whole number from ${limits.min} to ${limits.max}.`,
    );
  }
  return ok({ value });
}

export type BookingRules = {
  gridMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  cancellationCutoffHours: number;
  maxUpcomingPerPatient: number;
  maxVisitsPerDentistPerDay: number;
  ownAccountAge: number;
};

export const GRID_MESSAGE = "Please choose a grid step of 15 or 30 minutes.";

/** What a refusal calls each whole-number booking rule ("Please enter ..."). */
const BOOKING_NUMBERS = {
  minNoticeMinutes: "the minimum notice in minutes",
  horizonDays: "the booking horizon in days",
  cancellationCutoffHours: "the cancellation cutoff in hours",
  maxUpcomingPerPatient: "the most upcoming bookings per patient",
} as const;

export function parseBookingRules(form: Form): Result<{ rules: BookingRules }> {
  const grid = Number(text(form, "gridMinutes"));
  if (!(GRID_STEPS as readonly number[]).includes(grid)) return refuse("gridMinutes", GRID_MESSAGE);
  const read = (name: keyof typeof BOOKING_NUMBERS) =>
    wholeNumber(form, name, LIMITS[name], BOOKING_NUMBERS[name]);
  const notice = read("minNoticeMinutes");
  if (!notice.ok) return notice;
  const horizon = read("horizonDays");
  if (!horizon.ok) return horizon;
  if (horizon.value * 24 * 60 <= notice.value) {
    return refuse("horizonDays", "The booking horizon must be longer than the minimum notice.");
  }
  const cutoff = read("cancellationCutoffHours");
  if (!cutoff.ok) return cutoff;
  const cap = read("maxUpcomingPerPatient");
  if (!cap.ok) return cap;
  // Optional: left empty, there is no daily limit.
  const daily = text(form, "maxVisitsPerDentistPerDay")
    ? wholeNumber(
        form,
        "maxVisitsPerDentistPerDay",
        LIMITS.maxVisitsPerDentistPerDay,
        "the most visits per dentist per day (0 for no limit)",
      )
    : ok({ value: 0 });
  if (!daily.ok) return daily;
  // Optional too: left empty, 16 (docs/decisions/049-families.md).
  const ownAccount = text(form, "ownAccountAge")
    ? wholeNumber(
        form,
        "ownAccountAge",
        LIMITS.ownAccountAge,
        "the age from which a family member may have an account of their own",
      )
    : ok({ value: 16 });
  if (!ownAccount.ok) return ownAccount;
  return ok({
    rules: {
      gridMinutes: grid,
      minNoticeMinutes: notice.value,
      horizonDays: horizon.value,
      cancellationCutoffHours: cutoff.value,
      maxUpcomingPerPatient: cap.value,
      maxVisitsPerDentistPerDay: daily.value,
      ownAccountAge: ownAccount.value,
    },
  });
}

// ---------------------------------------------------------------------------------------
// Reminders and waitlist offers

export const reminderField = (slot: number) => `reminder${slot}`;

export type ReminderSettings = {
  reminderRules: { hoursBefore: number }[];
  quietHoursStart: string;
  quietHoursEnd: string;
  waitlistOfferHours: number;
};

/** Up to three reminder inputs (blank ones unused), the quiet hours and the offer validity. */
export function parseReminderSettings(form: Form): Result<{ settings: ReminderSettings }> {
  const hours: number[] = [];
  for (let slot = 1; slot <= REMINDER_SLOTS; slot += 1) {
    const field = reminderField(slot);
    if (!text(form, field)) continue;
    const rule = wholeNumber(
      form,
      field,
      LIMITS.reminderHours,
      `reminder ${slot} in hours before the visit`,
    );
    if (!rule.ok) return rule;
    if (hours.includes(rule.value)) {
      return refuse(
        field,
        `Reminder ${slot} repeats another one: ${rule.value} hours before is already set.`,
      );
    }
    hours.push(rule.value);
  }
  if (hours.length === 0) {
    return refuse(reminderField(1), "Please set at least one reminder (hours before the visit).");
  }
  const quietHoursStart = normalizeTime(text(form, "quietHoursStart"));
  if (!quietHoursStart) {
    return refuse("quietHoursStart", "Please choose when the quiet hours start.");
  }
  const quietHoursEnd = normalizeTime(text(form, "quietHoursEnd"));
  if (!quietHoursEnd) {
    return refuse("quietHoursEnd", "Please choose when the quiet hours end.");
  }
  const offer = wholeNumber(
    form,
    "waitlistOfferHours",
    LIMITS.waitlistOfferHours,
    "how long a waitlist offer stays open, in hours",
  );
  if (!offer.ok) return offer;
  return ok({
    settings: {
      reminderRules: hours.sort((a, b) => b - a).map((hoursBefore) => ({ hoursBefore })),
      quietHoursStart,
      quietHoursEnd,
      waitlistOfferHours: offer.value,
    },
  });
}

export function parseApproval(form: Form): {
  serviceApprovalRequired: boolean;
  reviewApprovalRequired: boolean;
} {
  return {
    serviceApprovalRequired: ticked(form, "serviceApprovalRequired"),
    reviewApprovalRequired: ticked(form, "reviewApprovalRequired"),
  };
}

// ---------------------------------------------------------------------------------------
// Contact details

export type ContactDetails = {
  clinicName: string;
  phone: string;
  email: string;
  street: string;
  city: string;
  region: string;
  postalCode: string;
};

export function parseContact(form: Form): Result<{ contact: ContactDetails }> {
  const required: [keyof ContactDetails, string, number][] = [
    ["clinicName", "the clinic's name", 100],
    ["phone", "the clinic's phone number", 30],
    ["email", "the clinic's e-mail address", 254],
    ["street", "the street address", 120],
    ["city", "the city", 80],
    ["region", "the state or region", 80],
    ["postalCode", "the postal code", 20],
  ];
  const contact = {} as ContactDetails;
  for (const [field, what, max] of required) {
    const value = text(form, field).replace(/\s+/g, " ");
    if (!value) return refuse(field, `Please enter ${what}.`);
    if (value.length > max) return refuse(field, `Please keep ${what} to ${max} characters.`);
    contact[field] = value;
  }
  if (!isPhoneNumber(contact.phone)) {
    return refuse(
      "phone",
      "Please enter the phone number with digits, spaces, +, -, ( and ) only.",
    );
  }
  if (!isEmailAddress(contact.email)) {
    return refuse("email", "Please enter a valid e-mail address for the clinic.");
  }
  return ok({ contact });
}

// ---------------------------------------------------------------------------------------
// Closures and chairs

export const MAX_CLOSURE_DAYS = 366;

export type ClosureInput = { name: string; startDate: string; endDate: string };

/** A closure to add: a name, and first and last day (inclusive), starting today or later. */
export function parseClosure(form: Form, today: string): Result<{ closure: ClosureInput }> {
  const name = text(form, "name").replace(/\s+/g, " ");
  if (!name) return refuse("name", "Please enter a name for the closure, such as Thanksgiving.");
  if (name.length > 100) return refuse("name", "Please keep the closure's name to 100 characters.");
  const startDate = text(form, "startDate");
  if (!isIsoDate(startDate))
    return refuse("startDate", "Please enter the first day closed as a date.");
  const endDate = text(form, "endDate") || startDate;
  if (!isIsoDate(endDate)) return refuse("endDate", "Please enter the last day closed as a date.");
  for (const [field, date] of [
    ["startDate", startDate],
    ["endDate", endDate],
  ] as const) {
    const refusal = dateRefusal(date, today);
    if (refusal) return refuse(field, refusal.message);
  }
  if (startDate < today) return refuse("startDate", "The first day closed cannot be in the past.");
  if (endDate < startDate) {
    return refuse("endDate", "The last day closed cannot be before the first day.");
  }
  const days = (Date.parse(endDate) - Date.parse(startDate)) / 86_400_000 + 1;
  if (days > MAX_CLOSURE_DAYS) {
    return refuse("endDate", `A closure can last at most ${MAX_CLOSURE_DAYS} days.`);
  }
  return ok({ closure: { name, startDate, endDate } });
}

export function parseChairName(form: Form): Result<{ name: string }> {
  const name = text(form, "name").replace(/\s+/g, " ");
  if (!name) return refuse("name", "Please enter a name for the chair.");
  if (name.length > 60) return refuse("name", "Please keep the chair's name to 60 characters.");
  return ok({ name });
}

/** The longest reason a closure's cancellations give the patients. */
export const CLOSURE_REASON_LIMIT = 500;
