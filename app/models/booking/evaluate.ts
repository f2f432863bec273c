/**
 * Asking the booking rules (~/models/booking/rules) about one proposal, one day's free
 * times, or a booked visit. Pure: every caller hands in the day it read.
 */
import { clinicTimeToUtc } from "~/utils/clinic-time";
import { fromMinutes, holdSteps } from "~/models/booking/slot-engine";
import { isWholeDay } from "./proposal-span";
import type { BookingPolicy } from "./policy";
import {
  type AgeRange,
  BOOKING_RULES,
  type BookingRule,
  type ChairOnDay,
  type DentistOnDay,
  type Proposal,
  type Refusal,
  type RuleDay,
  type RuleId,
  type RuleInput,
} from "./rules";

export type Verdict =
  | {
      ok: true;
      dentist: DentistOnDay;
      /** Null only when no rule about chairs was asked (needs attention), or it was overridden. */
      chair: ChairOnDay | null;
      overridden: RuleId[];
    }
  | {
      ok: false;
      refusal: Refusal;
      /** The refusing rule's advice: list the times still free that day. */
      suggestsFreeTimes: boolean;
      /** The actor could book past it with a reason (and gave none). */
      overridable: boolean;
    };

export type Ask = {
  day: RuleDay;
  proposal: Proposal;
  now: Date;
  policy: BookingPolicy;
  /** A chosen dentist or chair; any otherwise. */
  dentistId?: string;
  chairId?: string;
  /** Asked first among "any" (a moved visit keeps its dentist and chair when it can). */
  preferred?: { dentistId: string; chairId: string };
  /** The patient's other upcoming visits; null when no patient is asked about. */
  patientUpcoming?: number | null;
  /** The patient's date of birth, for a service with an age range. */
  patientBirthDate?: string | null;
  /** The rules asked; all of them unless said (needs attention asks the standing ones). */
  rules?: readonly BookingRule[];
};

type VisitOf = {
  name: string;
  durationMinutes: number;
  bufferMinutes: number;
  ages?: AgeRange;
};

/** The proposal's service as the rules see it: a day's starts share one. */
const serviceOf = (visit: VisitOf): Proposal["service"] => ({
  name: visit.name,
  durationMinutes: visit.durationMinutes,
  ages: visit.ages,
});

function proposalWith(
  date: string,
  time: string,
  startsAt: Date,
  visit: VisitOf,
  service: Proposal["service"],
): Proposal {
  const endsAt = new Date(startsAt.getTime() + visit.durationMinutes * 60_000);
  return {
    date,
    time,
    startsAt,
    endsAt,
    steps: holdSteps({ startsAt, endsAt, bufferMinutes: visit.bufferMinutes }),
    service,
  };
}

/** The visit a service (or a stored visit's length and buffer) would be at `time`. */
export const proposalAt = (date: string, time: string, timeZone: string, visit: VisitOf) =>
  proposalWith(date, time, clinicTimeToUtc(date, time, timeZone), visit, serviceOf(visit));

const byLoad = (day: RuleDay) => (a: DentistOnDay, b: DentistOnDay) =>
  (day.heldMinutes.get(a.id) ?? 0) - (day.heldMinutes.get(b.id) ?? 0) ||
  a.sortOrder - b.sortOrder ||
  (a.id < b.id ? -1 : 1);

/** Stable sorts keep the rest in order behind the preferred one. */
const preferredFirst =
  <T extends { id: string }>(id: string | undefined) =>
  (a: T, b: T) =>
    Number(b.id === id) - Number(a.id === id);

const byOrder = (a: ChairOnDay, b: ChairOnDay) =>
  a.sortOrder - b.sortOrder || (a.id < b.id ? -1 : 1);

type Outcome =
  | { passed: true; overridden: RuleId[] }
  | {
      passed: false;
      index: number;
      rule: BookingRule;
      refusal: Omit<Refusal, "rule" | "status">;
    };

function run(
  rules: readonly BookingRule[],
  input: RuleInput,
  policy: BookingPolicy,
  allowOverride: boolean,
): Outcome {
  const overridden: RuleId[] = [];
  for (let index = 0; index < rules.length; index += 1) {
    const rule = rules[index]!;
    if (policy.waives.includes(rule.id)) continue;
    const refusal = rule.check(input);
    if (!refusal) continue;
    if (allowOverride && rule.overridableBy.includes(policy.actor.kind)) {
      overridden.push(rule.id);
      continue;
    }
    return { passed: false, index, rule, refusal };
  }
  return { passed: true, overridden };
}

/**
 * The first dentist and chair the rules let through (the chosen ones, or for "any" the
 * least busy dentist that day and the first chair), or the refusal of the candidate that
 * got furthest down the list. An override is used only when nothing passes without one.
 */
export function evaluate(ask: Ask): Verdict {
  const rules = ask.rules ?? BOOKING_RULES;
  const base: RuleInput = {
    day: ask.day,
    proposal: ask.proposal,
    now: ask.now,
    dentist: null,
    chair: null,
    patientUpcoming: ask.patientUpcoming ?? null,
    patientBirthDate: ask.patientBirthDate ?? null,
  };
  const early = rules.filter((rule) => rule.scope === "day" || rule.scope === "time");
  const later = rules.filter((rule) => !early.includes(rule));
  const first = run(early, base, ask.policy, false);
  if (!first.passed) return refused(ask, first, base);

  const dentists = ask.dentistId
    ? ask.day.dentists.filter((dentist) => dentist.id === ask.dentistId)
    : [...ask.day.dentists].sort(byLoad(ask.day)).sort(preferredFirst(ask.preferred?.dentistId));
  const chairs = [...ask.day.chairs]
    .sort(byOrder)
    .sort(preferredFirst(ask.preferred?.chairId))
    .filter((chair) => !ask.chairId || chair.id === ask.chairId);
  let furthest: (Outcome & { passed: false; input: RuleInput }) | null = null;
  for (const allowOverride of ask.policy.override ? [false, true] : [false]) {
    for (const dentist of dentists) {
      for (const chair of chairs.length > 0 ? chairs : [null]) {
        const input = { ...base, dentist, chair };
        const outcome = run(later, input, ask.policy, allowOverride);
        if (outcome.passed) return { ok: true, dentist, chair, overridden: outcome.overridden };
        if (!outcome.passed && (!furthest || outcome.index > furthest.index)) {
          furthest = { ...outcome, input };
        }
      }
    }
  }
  if (!furthest) {
    return refused(ask, null, base);
  }
  return refused(ask, furthest, furthest.input);
}

function refused(
  ask: Ask,
  outcome: (Outcome & { passed: false }) | null,
  input: RuleInput,
): Verdict & { ok: false } {
  if (!outcome) {
    return {
      ok: false,
      refusal: {
        rule: "dentist-works",
        status: 400,
        message: "No dentist sees patients at that time.",
      },
      suggestsFreeTimes: true,
      overridable: false,
    };
  }
  const { rule, refusal } = outcome;
  // "Any dentist": the reason is about all of them, and says itself what to do.
  const any = !ask.dentistId && rule.anyDentist ? rule.anyDentist(input) : null;
  return {
    ok: false,
    refusal: any
      ? { rule: rule.id, status: rule.status, message: any }
      : { ...refusal, rule: rule.id, status: rule.status },
    suggestsFreeTimes: rule.suggestsFreeTimes,
    overridable: !ask.policy.override && rule.overridableBy.includes(ask.policy.actor.kind),
  };
}

/** A day as staff planned it, its holds not read. */
export type PlannedDay = Omit<RuleDay, "held" | "visitsByDentist" | "heldMinutes">;

/**
 * A day for the rules that read no holds (the day's own, whether a dentist works): one
 * whose holds were not read is asked as one with none.
 */
export const withoutHolds = (day: PlannedDay): RuleDay => ({
  held: new Set<string>(),
  visitsByDentist: new Map(),
  heldMinutes: new Map(),
  ...day,
});

const DAY_RULES = BOOKING_RULES.filter((rule) => rule.scope === "day");
const NOON_VISIT = { name: "", durationMinutes: 0, bufferMinutes: 0 };

/** The first refusal of the date alone (past, beyond the horizon, closed), or null. */
export function dayRefusal(day: PlannedDay, now: Date, policy: BookingPolicy): Refusal | null {
  const input: RuleInput = {
    day: withoutHolds(day),
    proposal: proposalAt(day.date, "12:00", day.settings.timeZone, NOON_VISIT),
    now,
    dentist: null,
    chair: null,
    patientUpcoming: null,
  };
  const outcome = run(DAY_RULES, input, policy, false);
  return outcome.passed
    ? null
    : { ...outcome.refusal, rule: outcome.rule.id, status: outcome.rule.status };
}

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

/**
 * The dentists who could each take a visit of this length at `time` as the day stands (a
 * chair free too): the waiting list's offers of a freed time ask the rules this way.
 */
export function dentistsFreeAt(
  ask: Omit<Ask, "proposal" | "dentistId"> & {
    visit: { name: string; durationMinutes: number; bufferMinutes: number };
    time: string;
  },
): string[] {
  const { visit, time, ...rest } = ask;
  const proposal = proposalAt(ask.day.date, time, ask.day.settings.timeZone, visit);
  return ask.day.dentists
    .filter((dentist) => evaluate({ ...rest, proposal, dentistId: dentist.id }).ok)
    .map((dentist) => dentist.id);
}
