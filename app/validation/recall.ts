import { z } from "./zod";
import { isIsoDate } from "~/utils/clinic-time";
import { invalid, ok, type Failure, type Result } from "~/utils/result";
import { dateRefusal } from "./dates";

/**
 * The rules and messages of recall (docs/decisions/035-recall.md): recall types, the
 * invitation cadence and daily cap, a patient's own interval or due date, and the desk's
 * note of a phone call. Pure, shared by the screens and the domain layer.
 */

export const MAX_CADENCE_STEPS = 4;
export const CADENCE_DAYS = { min: -120, max: 180 } as const;
export const INTERVAL_MONTHS = { min: 1, max: 36 } as const;
export const DAILY_CAP = { min: 0, max: 2000 } as const;
export const NAME_LIMIT = 60;
export const CALL_NOTE_LIMIT = 500;

/** Stored in ClinicSettings.recallCadenceDays: days from the due date, ascending, 1 to 4. */
export const recallCadenceSchema = z
  .array(z.number().int().min(CADENCE_DAYS.min).max(CADENCE_DAYS.max))
  .min(1)
  .max(MAX_CADENCE_STEPS)
  .refine(
    (days) => days.every((day, index) => index === 0 || day > days[index - 1]!),
    "The cadence's days must rise",
  );

export const CALL_OUTCOMES = {
  booked: "Booked a visit",
  no_answer: "No answer",
  call_back: "Asked to be called back",
  declined: "Does not want a visit now",
} as const;
export type CallOutcome = keyof typeof CALL_OUTCOMES;

export const RECALL_MESSAGES = {
  typeName: `Please give the recall type a name of 1 to ${NAME_LIMIT} characters.`,
  typeNameTaken: "Another recall type already has that name.",
  interval: `Please give an interval of ${INTERVAL_MONTHS.min} to ${INTERVAL_MONTHS.max} whole months.`,
  cadence: `Please give 1 to ${MAX_CADENCE_STEPS} different whole numbers of days from the due date, between ${CADENCE_DAYS.min} and ${CADENCE_DAYS.max}, for example -28, 0, 14, 42.`,
  dailyCap: `Please give a daily limit of ${DAILY_CAP.min} to ${DAILY_CAP.max} invitations.`,
  dueDate: "Please give the due date as a date (YYYY-MM-DD).",
  outcome: "Please choose how the call went.",
  note: `Please keep the note under ${CALL_NOTE_LIMIT} characters.`,
  unknownType: "There is no such recall type.",
  unknownRecall: "There is no such recall.",
  unknownService: "There is no such service.",
  nothingChanged: "Nothing was changed: the interval and due date are as they were.",
} as const;

type Form = Record<string, unknown>;

function text(form: Form, name: string): string {
  const value = form[name];
  return typeof value === "string" ? value.trim() : "";
}

function refuse(field: string, message: string): Failure {
  return { ...invalid(message), field };
}

function wholeNumber(value: string, { min, max }: { min: number; max: number }): number | null {
  if (!/^-?\d{1,6}$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

/** A recall type as the admin's form sends it: name, interval in months, active. */
export function parseRecallType(
  form: Form,
): Result<{ name: string; intervalMonths: number; active: boolean }> {
  const name = text(form, "name").replace(/\s+/g, " ");
  if (name.length < 1 || name.length > NAME_LIMIT) return refuse("name", RECALL_MESSAGES.typeName);
  const intervalMonths = wholeNumber(text(form, "intervalMonths"), INTERVAL_MONTHS);
  if (intervalMonths === null) return refuse("intervalMonths", RECALL_MESSAGES.interval);
  const active = !["", "false", "off"].includes(text(form, "active").toLowerCase());
  return ok({ name, intervalMonths, active });
}

/** "-28, 0, 14, 42" (commas, spaces or semicolons between): the cadence, sorted. */
export function parseCadence(value: string): number[] | null {
  const parts = value
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  const days = parts.map((part) => wholeNumber(part.replace(/^\+/, ""), CADENCE_DAYS));
  if (days.some((day) => day === null)) return null;
  const sorted = (days as number[]).slice().sort((a, b) => a - b);
  const parsed = recallCadenceSchema.safeParse(sorted);
  return parsed.success ? parsed.data : null;
}

/** The invitation settings: cadence and daily cap. */
export function parseRecallSettings(
  form: Form,
): Result<{ recallCadenceDays: number[]; recallDailyCap: number }> {
  const recallCadenceDays = parseCadence(text(form, "cadence"));
  if (!recallCadenceDays) return refuse("cadence", RECALL_MESSAGES.cadence);
  const recallDailyCap = wholeNumber(text(form, "dailyCap"), DAILY_CAP);
  if (recallDailyCap === null) return refuse("dailyCap", RECALL_MESSAGES.dailyCap);
  return ok({ recallCadenceDays, recallDailyCap });
}

/** A patient's own interval (empty: the type's) and due date, as the desk's form sends them. */
export function parseRecallChange(
  form: Form,
): Result<{ intervalMonths: number | null; dueDate: string }> {
  const rawInterval = text(form, "intervalMonths");
  const intervalMonths = rawInterval === "" ? null : wholeNumber(rawInterval, INTERVAL_MONTHS);
  if (rawInterval !== "" && intervalMonths === null) {
    return refuse("intervalMonths", RECALL_MESSAGES.interval);
  }
  const dueDate = text(form, "dueDate");
  if (!isIsoDate(dueDate)) return refuse("dueDate", RECALL_MESSAGES.dueDate);
  // The one window every date a request carries must lie in (./dates).
  const outOfWindow = dateRefusal(dueDate);
  if (outOfWindow) return refuse("dueDate", outOfWindow.message);
  return ok({ intervalMonths, dueDate });
}

/** The desk's note of a phone call: how it went, and a few words. */
export function parseCallNote(form: Form): Result<{ outcome: CallOutcome; note: string }> {
  const outcome = text(form, "outcome");
  if (!Object.hasOwn(CALL_OUTCOMES, outcome)) return refuse("outcome", RECALL_MESSAGES.outcome);
  const note = text(form, "note");
  if (note.length > CALL_NOTE_LIMIT) return refuse("note", RECALL_MESSAGES.note);
  return ok({ outcome: outcome as CallOutcome, note });
}
