import { clinicNow, isIsoDate } from "~/utils/clinic-time";
import { invalid, type Failure } from "~/utils/result";
import { requiredText } from "./fields";

/**
 * The one rule for a date a request carries (a query string, a form, an API body): a real
 * calendar day written YYYY-MM-DD, no further back than ACCEPTED_YEARS_BACK and no further
 * ahead than ACCEPTED_YEARS_AHEAD from the clinic's today. Nothing the clinic does reaches
 * outside that window (the booking horizon, closures and a dentist's days off lie well
 * inside it, the diary's history is younger), and the calendar arithmetic the domain does
 * on a date stays far from the years JavaScript's Date cannot hold. Tighter limits (the
 * booking horizon, "not in the past") are the domain's, with their own messages.
 * docs/decisions/034-accepted-dates-and-unhandled-rejections.md
 */
export const ACCEPTED_YEARS_BACK = 10;
export const ACCEPTED_YEARS_AHEAD = 5;

export const DATE_FORMAT_MESSAGE = "Please enter the date as YYYY-MM-DD";

export type DateRange = { from: string; to: string };

/** The date `years` years from a YYYY-MM-DD date; 29 February becomes the 28th in a common year. */
function shiftYears(date: string, years: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const target = year + years;
  const leap = (target % 4 === 0 && target % 100 !== 0) || target % 400 === 0;
  const lastDay = month === 2 && day === 29 && !leap ? 28 : day;
  return `${String(target).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(lastDay).padStart(2, "0")}`;
}

/** Today as the clinic's date, or the instant to read it at (now by default). */
type Today = string | Date;

/** The first and last day a date may be, seen from the clinic's `today`. */
export function acceptedDateRange(today: Today = new Date()): DateRange {
  if (typeof today !== "string") today = clinicNow(today).date;
  return {
    from: shiftYears(today, -ACCEPTED_YEARS_BACK),
    to: shiftYears(today, ACCEPTED_YEARS_AHEAD),
  };
}

export function dateOutOfRangeMessage({ from, to }: DateRange): string {
  return `Please choose a date from ${from} to ${to}.`;
}

/** Null for an accepted date, else the 400 to answer: the format's message or the window's. */
export function dateRefusal(value: string, today: Today = new Date()): Failure | null {
  if (!isIsoDate(value)) return invalid(DATE_FORMAT_MESSAGE);
  const range = acceptedDateRange(today);
  return value < range.from || value > range.to ? invalid(dateOutOfRangeMessage(range)) : null;
}

/**
 * A date parameter of a query string: null when absent or blank (the page's own default
 * applies), the date when accepted, else the 400 refusal.
 */
export function dateParam(
  query: URLSearchParams,
  name: string,
  now: Date = new Date(),
): { date: string | null; refusal: Failure | null } {
  const value = query.get(name)?.trim() ?? "";
  if (!value) return { date: null, refusal: null };
  const refusal = dateRefusal(value, now);
  return refusal ? { date: null, refusal } : { date: value, refusal: null };
}

/** A required date field of a form or an API body: the rule above, with `requiredMessage` when blank. */
export function dateField(requiredMessage: string) {
  return requiredText(requiredMessage, 10).superRefine((value, context) => {
    const refusal = dateRefusal(value);
    if (refusal) context.addIssue({ code: "custom", message: refusal.message });
  });
}
