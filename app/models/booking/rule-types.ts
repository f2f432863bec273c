/**
 * What the booking rules (./rules) are asked about and answer: one day of the diary, one
 * proposed visit, a refusal. Pure types; the day is read by ~/models/booking/availability.server.
 */
import type { Interval } from "~/models/booking/slot-engine";
import type { DayPlan, WeeklyPlan } from "~/validation/schedule";

export type ActorKind = "patient" | "staff" | "system";

/** The clinic settings the rules read. */
export type RuleSettings = {
  timeZone: string;
  locale: string;
  gridMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  maxUpcomingPerPatient: number;
  /** 0: no limit. */
  maxVisitsPerDentistPerDay: number;
  weeklyHours: WeeklyPlan;
};

/** A dentist as one day of the diary sees them. */
export type DentistOnDay = {
  id: string;
  name: string;
  sortOrder: number;
  active: boolean;
  /** Performs the service asked about (linked to it, or nobody is linked to it). */
  performs: boolean;
  /** Their own day: the exception covering the date, else the weekly plan's day. */
  day: DayPlan;
  /** Set when an exception decides the day; its note is for staff only. */
  exception: { note: string } | null;
  /** When they see patients that day: their day inside the clinic's, none in a closure. */
  intervals: Interval[];
};

export type ChairOnDay = { id: string; sortOrder: number };

/**
 * Whether a `resource|instant` step is held (~/models/booking/slot-engine holdKey); a Set
 * of those keys is one. `heldAt` answers the same without building the key.
 */
export type HeldSteps = {
  has(key: string): boolean;
  heldAt?(resource: string, at: number): boolean;
};

/** One day of the diary: what staff set up (cached) and what is held (read per request). */
export type RuleDay = {
  date: string;
  settings: RuleSettings;
  closureName: string | null;
  dentists: DentistOnDay[];
  chairs: ChairOnDay[];
  /** `resource|instant` of every step held that day, on any layer, but the moving visit's. */
  held: HeldSteps;
  /** Per dentist id: the visits holding their time that day, but the moving visit. */
  visitsByDentist: Map<string, Set<string>>;
  /** Per dentist id: minutes held that day ("any dentist" asks the least busy first). */
  heldMinutes: Map<string, number>;
};

/** The visit being asked about: a time, its length, the steps it would hold. */
export type Proposal = {
  date: string;
  time: string;
  startsAt: Date;
  endsAt: Date;
  steps: Date[];
  service: { name: string; durationMinutes: number; ages?: AgeRange };
};

/** The ages (whole years on the visit's day, inclusive) a service is for; null: no bound. */
export type AgeRange = { min: number | null; max: number | null };

/**
 * What one rule is asked: the proposal, with one dentist and one chair once the day's and
 * the time's rules have passed (null while those are asked).
 */
export type RuleInput = {
  day: RuleDay;
  proposal: Proposal;
  dentist: DentistOnDay | null;
  chair: ChairOnDay | null;
  now: Date;
  /** The patient's other upcoming visits; null when no patient is asked about. */
  patientUpcoming: number | null;
  /** The patient's date of birth (YYYY-MM-DD) when the service has an age range and it is known. */
  patientBirthDate?: string | null;
};

/** What one rule is asked about a day's starts at once: one dentist and one chair, each proposal. */
export type StartsInput = Omit<RuleInput, "proposal"> & { proposals: readonly Proposal[] };

export type RuleId =
  | "past-day"
  | "horizon"
  | "closure"
  | "clinic-day"
  | "clinic-hours"
  | "grid"
  | "past-time"
  | "notice"
  | "dentist-performs"
  | "dentist-active"
  | "dentist-works"
  | "dentist-daily-cap"
  | "dentist-free"
  | "chair-free"
  | "patient-age"
  | "patient-cap";

/** `day` rules look at the date alone; the free-time list asks them once per day. */
export type RuleScope = "day" | "time" | "dentist" | "chair" | "patient";

export type Refusal = {
  rule: RuleId;
  /** 400 for a request that cannot be booked, 409 for one the diary's state refuses. */
  status: 400 | 409;
  /** The reason, as staff and patients read it. */
  message: string;
  /** What to do instead, for whoever is booking ("Please choose another day."). */
  advice?: string;
  /** Detail only staff see (an exception's note). */
  staffNote?: string;
};

export type BookingRule = {
  id: RuleId;
  scope: RuleScope;
  /** Who may book past it on purpose, with a reason (the desk's "book anyway"). */
  overridableBy: readonly ActorKind[];
  status: Refusal["status"];
  /** Still asked of a booked visit when the diary changes ("needs attention"). */
  standing: boolean;
  /** The refusal names the times still free that day. */
  suggestsFreeTimes: boolean;
  check(input: RuleInput): Omit<Refusal, "rule" | "status"> | null;
  /**
   * Whether `check` lets each of the proposals through (no refusal), answered for all at
   * once where that costs less than asking one by one: the free times ask a day's starts
   * this way (tests/unit/booking/rules.test.ts holds it to `check`).
   */
  passesEach?(input: StartsInput): boolean[];
  /** The refusal when no dentist passes and none was chosen ("any dentist"). */
  anyDentist?(input: RuleInput): string;
};
