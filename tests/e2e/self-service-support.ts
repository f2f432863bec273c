import { upcoming } from "../support/clinic-dates";

/** Weeks ahead for these tests' Thursdays, apart from the other patient suites' dates. */
export const THURSDAY_OFFSET = 11;
const THURSDAY = 4;

export function upcomingThursday(weeks: number) {
  return upcoming(THURSDAY, weeks);
}
