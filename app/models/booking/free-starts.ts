/**
 * A day's free starts: every grid start the booking rules (~/models/booking/rules) let a
 * visit through, asked the short way, by scope, as `evaluate` would answer each. Pure: the
 * caller hands in the day it read.
 */
import { clinicTimeToUtc } from "~/utils/clinic-time";
import { fromMinutes } from "~/models/booking/slot-engine";
import { type Ask, dayRefusal, proposalWith, serviceOf } from "./evaluate";
import type { BookingPolicy } from "./policy";
import { isWholeDay } from "./proposal-span";
import { BOOKING_RULES, type BookingRule, type Proposal, type RuleInput } from "./rules";

/**
 * Some rules asked of a day's starts: those that answer them all at once (`passesEach`),
 * and the others.
 */
type AskedRules = { each: readonly BookingRule[]; oneByOne: readonly BookingRule[] };

/** The rules asked of a day's starts, by what they look at, sorted once per day asked. */
type StartRules = { dentist: AskedRules; chair: AskedRules; timeAndPatient: AskedRules };

function startRules(rules: readonly BookingRule[], policy: BookingPolicy): StartRules {
  const asked = rules.filter((rule) => !policy.waives.includes(rule.id));
  const of = (...scopes: BookingRule["scope"][]): AskedRules => {
    const these = asked.filter((rule) => scopes.includes(rule.scope));
    return {
      each: these.filter((rule) => rule.passesEach),
      oneByOne: these.filter((rule) => !rule.passesEach),
    };
  };
  return { dentist: of("dentist"), chair: of("chair"), timeAndPatient: of("time", "patient") };
}

/**
 * For each proposal, whether `rules` let it through with this dentist and chair: the
 * rules that answer a day's starts at once (`passesEach`) are asked so, then the others
 * start by start, only about the proposals those passed (each rule is pure: the order
 * changes what is asked, not the answer). Loops, not chains of map and filter: a strip
 * asks this of every dentist and chair on each of its days.
 */
function eachPasses(
  rules: AskedRules,
  input: Omit<RuleInput, "proposal">,
  proposals: readonly Proposal[],
): boolean[] {
  const passing = new Array<boolean>(proposals.length).fill(true);
  let left = proposals.length;
  if (rules.each.length > 0 && left > 0) {
    const starts = { ...input, proposals };
    for (const rule of rules.each) {
      const answers = rule.passesEach!(starts);
      for (let index = 0; index < passing.length; index += 1) {
        if (passing[index] && !answers[index]) {
          passing[index] = false;
          left -= 1;
        }
      }
      if (left === 0) return passing;
    }
  }
  if (rules.oneByOne.length === 0) return passing;
  for (let index = 0; index < passing.length; index += 1) {
    if (!passing[index]) continue;
    const one: RuleInput = { ...input, proposal: proposals[index]! };
    for (const rule of rules.oneByOne) {
      if (rule.check(one)) {
        passing[index] = false;
        break;
      }
    }
  }
  return passing;
}

/** For each proposal, whether one of the candidates (a dentist, a chair) lets it through. */
function someoneLetsThrough<T>(
  candidates: readonly T[],
  passes: (candidate: T, proposals: readonly Proposal[]) => boolean[],
  proposals: readonly Proposal[],
): readonly Proposal[] {
  const through = new Array<boolean>(proposals.length).fill(false);
  let left = proposals.length;
  for (const candidate of candidates) {
    if (left === 0) break;
    const asked =
      left === proposals.length ? proposals : proposals.filter((_, index) => !through[index]);
    const answers = passes(candidate, asked);
    let next = 0;
    for (let index = 0; index < proposals.length; index += 1) {
      if (through[index]) continue;
      if (answers[next]) {
        through[index] = true;
        left -= 1;
      }
      next += 1;
    }
  }
  if (left === 0) return proposals;
  return proposals.filter((_, index) => through[index]);
}

/**
 * Every grid start of the day the rules let a visit of this length through, earliest
 * first: the starts any candidate dentist works, each answered as `evaluate` without an
 * override would, the short way. A rule looks only at what its scope names (a dentist's
 * rule at the dentist, a chair's at the chair), so a start passes when the time's rules
 * pass, some dentist passes the dentists' rules, some chair the chairs', and the patient's
 * rules pass: no need to try every pair, nor to order the dentists (which decides who is
 * chosen, not whether anyone is). The dentists' and chairs' rules are asked of all the
 * day's starts at once (`passesEach`: one pass over a dentist's held steps, not one per start).
 */
export function freeStartsOn(
  ask: Omit<Ask, "proposal"> & {
    visit: { name: string; durationMinutes: number; bufferMinutes: number };
  },
): string[] {
  if (dayRefusal(ask.day, ask.now, ask.policy)) return [];
  const grid = ask.day.settings.gridMinutes;
  const starts = new Set<number>();
  for (const dentist of ask.day.dentists) {
    if (ask.dentistId && dentist.id !== ask.dentistId) continue;
    for (const period of dentist.intervals) {
      const first = Math.ceil(period.start / grid) * grid;
      for (let m = first; m + ask.visit.durationMinutes <= period.end; m += grid) starts.add(m);
    }
  }
  // Free times never book past a rule: no override is asked for. The day's own rules
  // passed above; the others are asked of each start.
  const rules = startRules(ask.rules ?? BOOKING_RULES, { ...ask.policy, override: null });
  const base: Omit<RuleInput, "proposal"> = {
    day: ask.day,
    now: ask.now,
    dentist: null,
    chair: null,
    patientUpcoming: ask.patientUpcoming ?? null,
  };
  const service = serviceOf(ask.visit);
  const { date, settings } = ask.day;
  // On a day of 24 hours (one offset all day) a start is its midnight and the minutes since.
  const midnight = clinicTimeToUtc(date, "00:00", settings.timeZone).getTime();
  const whole = isWholeDay(date, settings.timeZone);
  const proposals = [...starts]
    .sort((a, b) => a - b)
    .map((minutes) => {
      const time = fromMinutes(minutes);
      const startsAt = whole
        ? new Date(midnight + minutes * 60_000)
        : clinicTimeToUtc(date, time, settings.timeZone);
      return proposalWith(date, time, startsAt, ask.visit, service);
    });
  // Whom the holds leave free first: on a booked-up day they leave few starts to ask more of.
  const dentists = ask.day.dentists.filter(
    (dentist) => !ask.dentistId || dentist.id === ask.dentistId,
  );
  const withDentist = someoneLetsThrough(
    dentists,
    (dentist, asked) => eachPasses(rules.dentist, { ...base, dentist }, asked),
    proposals,
  );
  const chairs = ask.day.chairs.filter((chair) => !ask.chairId || chair.id === ask.chairId);
  // A chair's rules look at the chair alone. As `evaluate`: without a chair, they are
  // asked of none.
  const withChair = someoneLetsThrough(
    chairs.length > 0 ? chairs : [null],
    (chair, asked) => eachPasses(rules.chair, { ...base, chair }, asked),
    withDentist,
  );
  const passing = eachPasses(rules.timeAndPatient, base, withChair);
  const times: string[] = [];
  for (let index = 0; index < withChair.length; index += 1) {
    if (passing[index]) times.push(withChair[index]!.time);
  }
  return times;
}
