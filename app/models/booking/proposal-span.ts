/**
 * What a proposed visit spans, as the booking rules (./rules) ask it: its minutes of the
 * day, and whether its steps are held for a dentist or a chair, one proposal at a time for
 * a booking, a day's starts at once for its free times. Pure.
 */
import { addDays, clinicNow, clinicTimeToUtc } from "~/utils/clinic-time";
import { HOLD_MINUTES, holdKey, type Interval } from "~/models/booking/slot-engine";
import type { HeldSteps, Proposal } from "./rule-types";

type ProposalMinutes = { start: number; end: number };
/** Several rules ask each proposal's minutes, one of them once per dentist. */
const minutesOfProposal = new WeakMap<Proposal, ProposalMinutes>();

/** The proposal's first minute of the day and its end, by the clinic's clock. */
export const minutesOf = (proposal: Proposal): ProposalMinutes => {
  const known = minutesOfProposal.get(proposal);
  if (known) return known;
  const [hours, minutes] = proposal.time.split(":").map(Number);
  const start = hours! * 60 + minutes!;
  const answer = {
    start,
    end: start + (proposal.endsAt.getTime() - proposal.startsAt.getTime()) / 60_000,
  };
  minutesOfProposal.set(proposal, answer);
  return answer;
};

/** The proposal's time is on the clinic's clock that day (not lost to a change of clocks). */
export function existsOnClock(proposal: Proposal, timeZone: string): boolean {
  const start = clinicNow(proposal.startsAt, timeZone);
  return start.time === proposal.time && start.date === proposal.date;
}

/** The date's clock runs 24 hours without a change: every time of it exists once. */
export function isWholeDay(date: string, timeZone: string): boolean {
  const start = clinicTimeToUtc(date, "00:00", timeZone).getTime();
  return clinicTimeToUtc(addDays(date, 1), "00:00", timeZone).getTime() - start === 86_400_000;
}

export const fits = (intervals: Interval[], start: number, end: number) =>
  intervals.some((period) => period.start <= start && end <= period.end);

const HOLD_MS = HOLD_MINUTES * 60_000;

const heldAt = (held: HeldSteps, resource: string, at: number) =>
  held.heldAt ? held.heldAt(resource, at) : held.has(holdKey(resource, new Date(at)));

/** None of the steps is held for the resource. */
export function isFree(held: HeldSteps, resource: string, steps: Date[]) {
  return steps.every((step) => !heldAt(held, resource, step.getTime()));
}

/** The steps follow each other one hold step apart, as `holdSteps` makes them. */
const isRun = (steps: Date[]) =>
  steps.length === 0 ||
  (steps.at(-1)!.getTime() - steps[0]!.getTime() === (steps.length - 1) * HOLD_MS &&
    steps[0]!.getTime() % HOLD_MS === 0);

/**
 * `isFree` for each proposal, from one pass over the steps they span: how many steps are
 * held up to each, so a proposal is free when as many are held up to its last step as
 * before its first.
 */
export function freeForEach(
  held: HeldSteps,
  resource: string,
  proposals: readonly Proposal[],
): boolean[] {
  let first = Infinity;
  let last = -Infinity;
  for (const { steps } of proposals) {
    if (steps.length === 0 || !isRun(steps)) continue;
    first = Math.min(first, steps[0]!.getTime());
    last = Math.max(last, steps.at(-1)!.getTime());
  }
  const count = first <= last ? (last - first) / HOLD_MS + 1 : 0;
  const heldBefore = new Int32Array(count + 1);
  for (let index = 0; index < count; index += 1) {
    const taken = heldAt(held, resource, first + index * HOLD_MS);
    heldBefore[index + 1] = heldBefore[index]! + (taken ? 1 : 0);
  }
  return proposals.map(({ steps }) => {
    if (steps.length === 0) return true;
    if (!isRun(steps)) return isFree(held, resource, steps);
    const from = (steps[0]!.getTime() - first) / HOLD_MS;
    return heldBefore[from + steps.length] === heldBefore[from];
  });
}
