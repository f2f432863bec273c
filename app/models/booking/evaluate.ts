/**
 * Asking the booking rules (~/models/booking/rules) about one proposal, one day's free
 * times, or a booked visit. Pure: every caller hands in the day it read.
 */
import { clinicTimeToUtc } from "~/utils/clinic-time";
import { holdSteps } from "~/models/booking/slot-engine";
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
export const serviceOf = (visit: VisitOf): Proposal["service"] => ({
  name: visit.name,
  durationMinutes: visit.durationMinutes,
  ages: visit.ages,
});

export function proposalWith(
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
