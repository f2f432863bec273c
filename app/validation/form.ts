import type { z } from "zod";
import { invalid, ok, type Failure, type Success } from "~/utils/result";

export const FILL_ALL_DETAILS = "Fill All Details";

/** Valid input as the schema outputs it, or a 400 naming the first problem and its field. */
export type Validated<T> = Success<{ data: T }> | (Failure & { field: string | null });

function isBlank(value: unknown) {
  return value === undefined || value === null || (typeof value === "string" && !value.trim());
}

/** Values a form fills in for the patient (a preselected picture), by field. */
export type FormPresets = Readonly<Record<string, readonly string[]>>;

/**
 * Validates input the way the spec's forms do: when every listed field is empty the
 * answer is 'Fill All Details'; otherwise the first problem in the schema's field order
 * (which follows the spec's message order) is the one reported. A field still holding one
 * of its `presets` counts as empty for 'Fill All Details': the patient typed nothing.
 */
export function validateForm<S extends z.ZodType>(
  schema: S,
  input: Record<string, unknown>,
  requiredFields: readonly string[],
  presets: FormPresets = {},
): Validated<z.output<S>> {
  const untouched = (field: string) =>
    isBlank(input[field]) || (presets[field]?.includes(String(input[field])) ?? false);
  if (requiredFields.every(untouched)) {
    return { ...invalid(FILL_ALL_DETAILS), field: null };
  }
  return firstProblem(schema, input);
}

/**
 * The first problem of `input` against `schema`, on the field it is about, for forms
 * without the spec's 'Fill All Details'. A field the form did not send counts as empty
 * (an unticked checkbox sends nothing).
 */
export function validateFields<S extends z.ZodObject>(
  schema: S,
  input: Record<string, unknown>,
): Validated<z.output<S>> {
  const filled = Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, input[key] ?? ""]),
  );
  return firstProblem(schema, filled);
}

/** The data as the schema outputs it, or the first problem it finds, on its field. */
function firstProblem<S extends z.ZodType>(schema: S, input: unknown): Validated<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return ok({ data: result.data });
  const issue = result.error.issues[0];
  return {
    ...invalid(issue?.message ?? "Please check the form."),
    field: typeof issue?.path[0] === "string" ? issue.path[0] : null,
  };
}

/**
 * Whether a field's name or text holds U+0000, which PostgreSQL's text cannot store (SQLite
 * would keep it): every reader of a request's fields refuses it before a rule or a query sees
 * it, on both engines alike.
 */
export function holdsNullCharacter(text: string): boolean {
  return text.includes("\u0000");
}

/** The text with every U+0000 taken out (what may be shown again or stored of it). */
export function withoutNullCharacters(text: string): string {
  return text.replaceAll("\u0000", "");
}

export const NULL_CHARACTER_BODY_MESSAGE = "Request body must not contain null characters";
export const NULL_CHARACTER_FORM_MESSAGE =
  "The form held a null character, which cannot be stored: it has been taken out. Please check the form and send it again.";

/** Whether any of a form's names or text fields holds U+0000 (see holdsNullCharacter). */
export function formHoldsNullCharacter(form: FormData): boolean {
  for (const [key, value] of form.entries()) {
    if (holdsNullCharacter(key) || (typeof value === "string" && holdsNullCharacter(value))) {
      return true;
    }
  }
  return false;
}

/** A form's fields as plain strings (files and repeated keys are not used by these forms). */
export function formToObject(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !(key in values)) values[key] = value;
  }
  return values;
}

/** An option of a select: what is sent, and what the patient reads. */
export type SelectOption = { value: string; label: string };
