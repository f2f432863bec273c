/**
 * The booking rules: one ordered list, each rule with its check, the refusal that names the
 * real reason, and who may book past it on purpose. Free times, booking, moving, the
 * waiting list's offers, "needs attention" and the desk's "book anyway" all ask this list
 * (~/models/booking/evaluate), so a rule is added in one place and its tests
 * (docs/decisions/027-one-booking-core.md walks through one). Pure: the day is read by
 * ~/models/booking/availability.server and handed in.
 */
import {
  type ClinicClock,
  formatDate,
  formatDuration,
  formatTime,
  formatTimes,
} from "~/utils/clinic-format";
import { addDays, clinicNow, DAY_NAMES, weekdayOf } from "~/utils/clinic-time";
import {
  chairResource,
  dayOfPlan,
  dentistResource,
  fromMinutes,
  type Interval,
  openIntervals,
} from "~/models/booking/slot-engine";
import { type WeeklyPlan, WEEKDAYS } from "~/validation/schedule";
import { ageOn } from "~/models/family/rules";
import { existsOnClock, fits, freeForEach, isFree, isWholeDay, minutesOf } from "./proposal-span";
import type { AgeRange, BookingRule, DentistOnDay, RuleInput, RuleSettings } from "./rule-types";

export type * from "./rule-types";

type Check = BookingRule["check"];
type DentistInput = RuleInput & { dentist: DentistOnDay };

/** A dentist rule: asked only with a dentist (after the day's and the time's rules). */
const withDentist =
  (check: (input: DentistInput) => ReturnType<Check>): Check =>
  (input) =>
    // The same input, its dentist known (no copy: a strip asks this of every start).
    input.dentist ? check(input as DentistInput) : null;

export const SLOT_TAKEN_MESSAGE = "Sorry, that time is already booked.";
const PAST = {
  message: "That date and time has already passed.",
  advice: "Please choose a time in the future.",
};

const clockOf = (settings: RuleSettings): ClinicClock => ({
  timeZone: settings.timeZone,
  locale: settings.locale,
});

const ranges = (intervals: Interval[], clock: ClinicClock) =>
  intervals
    .map(
      (p) =>
        `${formatTime(fromMinutes(p.start), clock)} to ${formatTime(fromMinutes(p.end), clock)}`,
    )
    .join(" and ");

/** "Monday to Saturday" for a run of days, else "Monday, Wednesday and Friday". */
export function describeOpenDays(plan: WeeklyPlan): string {
  const days = [1, 2, 3, 4, 5, 6, 0].filter((day) => plan[WEEKDAYS[day]!]);
  const names = days.map((day) => DAY_NAMES[day]!);
  const isRun = days.every((day, index) => index === 0 || day === (days[index - 1]! + 1) % 7);
  if (days.length > 2 && isRun) return `${names[0]} to ${names[names.length - 1]}`;
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** A rule whose answer does not depend on the time (its words may): asked once a day. */
const sameForEachStart = (rule: Omit<BookingRule, "passesEach">): BookingRule => ({
  ...rule,
  passesEach: (input) => {
    const { proposals } = input;
    const passes = proposals.length === 0 || !rule.check({ ...input, proposal: proposals[0]! });
    return new Array<boolean>(proposals.length).fill(passes);
  },
});

/** The list, in the order a request meets it: the first refusal is the one reported. */
export const BOOKING_RULES: readonly BookingRule[] = [
  {
    id: "past-day",
    scope: "day",
    overridableBy: [],
    status: 400,
    standing: false,
    suggestsFreeTimes: false,
    check: ({ day, now }) => (day.date < clinicNow(now, day.settings.timeZone).date ? PAST : null),
  },
  {
    id: "horizon",
    scope: "day",
    overridableBy: [],
    status: 400,
    standing: false,
    suggestsFreeTimes: false,
    check: ({ day, now }) => {
      const { horizonDays, timeZone } = day.settings;
      return day.date > addDays(clinicNow(now, timeZone).date, horizonDays)
        ? {
            message: `Appointments can be booked up to ${horizonDays} days ahead.`,
            advice: "Please choose an earlier date.",
          }
        : null;
    },
  },
  {
    id: "closure",
    scope: "day",
    overridableBy: [],
    status: 400,
    standing: true,
    suggestsFreeTimes: false,
    check: ({ day }) =>
      day.closureName
        ? {
            message: `The clinic is closed on ${formatDate(day.date, clockOf(day.settings))} (${day.closureName}).`,
            advice: "Please choose another day.",
          }
        : null,
  },
  {
    id: "clinic-day",
    scope: "day",
    overridableBy: [],
    status: 400,
    standing: true,
    suggestsFreeTimes: false,
    check: ({ day }) =>
      dayOfPlan(day.settings.weeklyHours, day.date)
        ? null
        : {
            message: `The clinic is closed on ${DAY_NAMES[weekdayOf(day.date)]}s.`,
            advice: `We are open ${describeOpenDays(day.settings.weeklyHours)}.`,
          },
  },
  {
    id: "clinic-hours",
    scope: "time",
    overridableBy: [],
    status: 400,
    standing: true,
    suggestsFreeTimes: true,
    check: ({ day, proposal }) => {
      const periods = openIntervals(dayOfPlan(day.settings.weeklyHours, day.date));
      const { start, end } = minutesOf(proposal);
      if (fits(periods, start, end)) return null;
      const clock = clockOf(day.settings);
      const grid = day.settings.gridMinutes;
      const length = end - start;
      const lastStarts = periods
        .map((period) => Math.floor((period.end - length) / grid) * grid)
        .filter((last, index) => last >= periods[index]!.start);
      const first = periods[0]?.start ?? 0;
      const last = lastStarts.length > 0 ? Math.max(...lastStarts) : first;
      return {
        message: `We are open from ${ranges(periods, clock)}: a visit of ${formatDuration(length)} can start between ${formatTime(fromMinutes(first), clock)} and ${formatTime(fromMinutes(last), clock)}.`,
      };
    },
    passesEach: ({ day, proposals }) => {
      const periods = openIntervals(dayOfPlan(day.settings.weeklyHours, day.date));
      return proposals.map((proposal) =>
        fits(periods, minutesOf(proposal).start, minutesOf(proposal).end),
      );
    },
  },
  {
    id: "grid",
    scope: "time",
    overridableBy: [],
    status: 400,
    standing: false,
    suggestsFreeTimes: true,
    check: ({ day, proposal }) => {
      const clock = clockOf(day.settings);
      const { start } = minutesOf(proposal);
      if (!existsOnClock(proposal, day.settings.timeZone)) {
        return {
          message: `There is no ${formatTime(proposal.time, clock)} on ${formatDate(day.date, clock)}: the clocks change that night.`,
          advice: "Please choose another time.",
        };
      }
      const grid = day.settings.gridMinutes;
      if (start % grid === 0) return null;
      const periods = openIntervals(dayOfPlan(day.settings.weeklyHours, day.date));
      const first = periods[0]?.start ?? 0;
      return {
        message: `Appointments start every ${grid} minutes (${formatTimes([fromMinutes(first), fromMinutes(first + grid)], clock)}, ...).`,
        advice: "Please choose one of those times.",
      };
    },
    passesEach: ({ day, proposals }) => {
      const { timeZone, gridMinutes } = day.settings;
      const allExist = isWholeDay(day.date, timeZone);
      return proposals.map(
        (proposal) =>
          (allExist || existsOnClock(proposal, timeZone)) &&
          minutesOf(proposal).start % gridMinutes === 0,
      );
    },
  },
  {
    id: "past-time",
    scope: "time",
    overridableBy: [],
    status: 400,
    standing: false,
    suggestsFreeTimes: true,
    check: ({ proposal, now }) => (proposal.startsAt <= now ? PAST : null),
  },
  {
    id: "notice",
    scope: "time",
    overridableBy: [],
    status: 400,
    standing: false,
    suggestsFreeTimes: true,
    check: ({ day, proposal, now }) =>
      proposal.startsAt.getTime() < now.getTime() + day.settings.minNoticeMinutes * 60_000
        ? {
            message: `Online bookings need at least ${formatDuration(day.settings.minNoticeMinutes)} notice.`,
            advice: "Please choose a later time.",
          }
        : null,
  },
  sameForEachStart({
    id: "dentist-performs",
    scope: "dentist",
    overridableBy: [],
    status: 400,
    standing: true,
    suggestsFreeTimes: false,
    check: withDentist(({ dentist, proposal }) =>
      dentist.performs
        ? null
        : {
            message: notPerformingMessage(dentist.name, proposal.service.name),
            advice: CHOOSE_ANOTHER_DENTIST,
          },
    ),
  }),
  sameForEachStart({
    id: "dentist-active",
    scope: "dentist",
    overridableBy: [],
    status: 400,
    standing: true,
    suggestsFreeTimes: false,
    check: withDentist(({ dentist }) =>
      dentist.active ? null : { message: `${dentist.name} no longer sees patients.` },
    ),
  }),
  {
    id: "dentist-works",
    scope: "dentist",
    overridableBy: [],
    status: 400,
    standing: true,
    suggestsFreeTimes: true,
    check: withDentist(({ day, dentist, proposal }) => {
      const { start, end } = minutesOf(proposal);
      if (fits(dentist.intervals, start, end)) return null;
      const clock = clockOf(day.settings);
      const staffNote = dentist.exception?.note || undefined;
      if (!dentist.day) {
        return dentist.exception
          ? { message: `${dentist.name} is away on ${formatDate(day.date, clock)}.`, staffNote }
          : { message: `${dentist.name} does not work on ${DAY_NAMES[weekdayOf(day.date)]}s.` };
      }
      const when = dentist.exception
        ? formatDate(day.date, clock)
        : `${DAY_NAMES[weekdayOf(day.date)]}s`;
      const hours = ranges(dentist.intervals, clock);
      return {
        message: `That time is outside ${dentist.name}'s working hours on ${when}${hours ? ` (${hours})` : ""}.`,
        staffNote,
      };
    }),
    passesEach: ({ dentist, proposals }) =>
      proposals.map((proposal) => {
        const { start, end } = minutesOf(proposal);
        return !dentist || fits(dentist.intervals, start, end);
      }),
    anyDentist: ({ proposal }) =>
      `No dentist who performs ${proposal.service.name} works at that time.`,
  },
  sameForEachStart({
    id: "dentist-daily-cap",
    scope: "dentist",
    overridableBy: ["staff"],
    status: 409,
    standing: false,
    suggestsFreeTimes: false,
    check: withDentist(({ day, dentist }) => {
      const most = day.settings.maxVisitsPerDentistPerDay;
      const booked = day.visitsByDentist.get(dentist.id)?.size ?? 0;
      return most > 0 && booked >= most
        ? {
            message: `${dentist.name} already has ${booked} ${booked === 1 ? "visit" : "visits"} on ${formatDate(day.date, clockOf(day.settings))}, the most the clinic books in one day.`,
            advice: "Please choose another day or another dentist.",
          }
        : null;
    }),
    anyDentist: ({ day, proposal }) =>
      `Everyone who performs ${proposal.service.name} is fully booked on ${formatDate(day.date, clockOf(day.settings))}. Please choose another day.`,
  }),
  {
    id: "dentist-free",
    scope: "dentist",
    overridableBy: ["staff", "system"],
    status: 409,
    standing: false,
    suggestsFreeTimes: true,
    check: withDentist(({ day, dentist, proposal }) =>
      isFree(day.held, dentistResource(dentist.id), proposal.steps)
        ? null
        : { message: SLOT_TAKEN_MESSAGE },
    ),
    passesEach: ({ day, dentist, proposals }) =>
      dentist
        ? freeForEach(day.held, dentistResource(dentist.id), proposals)
        : proposals.map(() => true),
  },
  {
    id: "chair-free",
    scope: "chair",
    overridableBy: ["staff", "system"],
    status: 409,
    standing: false,
    suggestsFreeTimes: true,
    check: ({ day, chair, proposal }) =>
      chair && isFree(day.held, chairResource(chair.id), proposal.steps)
        ? null
        : { message: SLOT_TAKEN_MESSAGE },
    passesEach: ({ day, chair, proposals }) =>
      chair
        ? freeForEach(day.held, chairResource(chair.id), proposals)
        : proposals.map(() => false),
  },
  {
    // A service only for children or only for adults (Service.minAgeYears, maxAgeYears):
    // asked of the patient's age on the visit's day, when the clinic knows their birth date.
    id: "patient-age",
    scope: "patient",
    overridableBy: [],
    status: 400,
    standing: false,
    suggestsFreeTimes: false,
    check: ({ day, proposal, patientBirthDate }) => {
      const ages = proposal.service.ages;
      const age = ages && patientBirthDate ? ageOn(patientBirthDate, day.date) : null;
      if (!ages || age === null) return null;
      if ((ages.min === null || age >= ages.min) && (ages.max === null || age <= ages.max)) {
        return null;
      }
      return {
        message: `${proposal.service.name} is for patients ${ageRangeText(ages)}.`,
        advice: "Please choose a service for the patient's age.",
      };
    },
  },
  {
    id: "patient-cap",
    scope: "patient",
    overridableBy: ["staff"],
    status: 409,
    standing: false,
    suggestsFreeTimes: false,
    check: ({ day, patientUpcoming }) =>
      patientUpcoming !== null && patientUpcoming >= day.settings.maxUpcomingPerPatient
        ? { message: tooManyBookingsMessage(day.settings.maxUpcomingPerPatient) }
        : null,
  },
];

/** "aged 15 and under", "aged 18 and over", "aged 6 to 15"; "" for no bound. */
export function ageRangeText(ages: AgeRange): string {
  if (ages.min !== null && ages.max !== null) return `aged ${ages.min} to ${ages.max}`;
  if (ages.min !== null) return `aged ${ages.min} and over`;
  return ages.max !== null ? `aged ${ages.max} and under` : "";
}

export const CHOOSE_ANOTHER_DENTIST = "Please choose another dentist or Any dentist.";

export function notPerformingMessage(dentist: string, service: string) {
  return `${dentist} does not perform ${service}.`;
}

/** The cap's refusal; `who` names the family member whose cap it is (their guardian books). */
export function tooManyBookingsMessage(max: number, who: string | null = null) {
  return `${who ? `${who} already has` : "You already have"} ${max} upcoming appointments. Please cancel one before booking another.`;
}
