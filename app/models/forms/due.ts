/**
 * When a patient must fill a form, as pure rules (docs/decisions/050-medical-history-and-consent-forms.md):
 * who (every patient, new patients, a service's patients), from what age, and how often
 * (each visit, every N months); a newer version of the form asks again. Dates are clinic
 * dates YYYY-MM-DD.
 */
import { addDays } from "~/utils/clinic-time";
import { addMonths } from "~/models/recall/rules";

export const AUDIENCES = ["all", "new", "service"] as const;
export type Audience = (typeof AUDIENCES)[number];
export const FREQUENCIES = ["visit", "months"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export type DueRule = {
  audience: Audience;
  serviceId: string | null;
  frequency: Frequency;
  everyMonths: number;
  minAge: number;
};

/**
 * "Each visit" asks again for every visit, unless the form was signed for that visit or in
 * the two weeks before its day (a patient booked twice in a week is not asked twice;
 * Dentally shows its history again every two weeks).
 */
export const VISIT_WINDOW_DAYS = 14;

export type DueVisit = { id: string; date: string; serviceId: string };

export type DuePatient = {
  /** YYYY-MM-DD or "" when the clinic has none. */
  dateOfBirth: string;
  /** No completed visit before this one. */
  firstVisit: boolean;
};

/** A signed submission as the rules see it: its version's number, its clinic date, its visit. */
export type SignedBefore = { version: number; date: string; appointmentId: string | null };

/** Whole years from `dateOfBirth` to `date`; null without a date of birth. */
export function ageOn(dateOfBirth: string, date: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return null;
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * Whether the form is for this patient at this visit at all: its audience, and its age
 * (a patient without a date of birth is asked: the clinic cannot tell they are too young).
 */
export function appliesTo(rule: DueRule, patient: DuePatient, visit: DueVisit): boolean {
  if (rule.audience === "new" && !patient.firstVisit) return false;
  if (rule.audience === "service" && rule.serviceId !== visit.serviceId) return false;
  const age = ageOn(patient.dateOfBirth, visit.date);
  return age === null || age >= rule.minAge;
}

/** The first day a signature still counts for this visit. */
export function validFrom(rule: DueRule, visitDate: string): string {
  return rule.frequency === "months"
    ? addMonths(visitDate, -Math.max(1, rule.everyMonths))
    : addDays(visitDate, -VISIT_WINDOW_DAYS);
}

/**
 * Whether the patient must fill the form (at version `currentVersion`) for this visit:
 * it applies to them, and nothing they signed of the current version counts for it
 * (signed for this visit, or recently enough before its day).
 */
export function isDue(
  rule: DueRule,
  currentVersion: number,
  patient: DuePatient,
  visit: DueVisit,
  signed: readonly SignedBefore[],
): boolean {
  if (!appliesTo(rule, patient, visit)) return false;
  const from = validFrom(rule, visit.date);
  return !signed.some(
    (submission) =>
      submission.version >= currentVersion &&
      (submission.appointmentId === visit.id || submission.date >= from),
  );
}

/** How the rule reads on the admin's screen: "Every patient, each visit, from age 16". */
export function describeRule(rule: DueRule, serviceName: string | null): string {
  const who =
    rule.audience === "all"
      ? "Every patient"
      : rule.audience === "new"
        ? "New patients"
        : `Patients booked for ${serviceName ?? "a service no longer offered"}`;
  const often =
    rule.frequency === "visit"
      ? "each visit"
      : rule.everyMonths === 1
        ? "every month"
        : `every ${rule.everyMonths} months`;
  return `${who}, ${often}${rule.minAge > 0 ? `, from age ${rule.minAge}` : ""}`;
}
