/**
 * What a form asks (docs/decisions/050-medical-history-and-consent-forms.md): each version
 * of a template stores its questions as a JSON array checked here. Pure:
 * the admin's screen, the patient's page, the kiosk, the API and the PDF all read it.
 */
import { z } from "./zod";

export const QUESTION_TYPES = ["yesno", "choice", "text", "date"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export type ChoiceOption = { value: string; label: string };

export type Question = {
  /** Stable across versions: a new version's answer is pre-filled from the last one's by it. */
  id: string;
  label: string;
  type: QuestionType;
  required: boolean;
  /** A choice's options. */
  options?: ChoiceOption[];
  /** A yes/no question's alert when answered yes: "Allergy: latex" (app/models/forms/alerts.ts). */
  alert?: string;
  /** The heading this question starts (conditions by body system). */
  section?: string;
  /** A line under the question. */
  help?: string;
};

export const QUESTION_LIMITS = {
  questions: 120,
  label: 300,
  help: 300,
  section: 80,
  alert: 120,
  options: 20,
  optionText: 100,
  /** The longest text answer. */
  answer: 1000,
} as const;

const ID = /^[a-z][a-z0-9-]{0,39}$/;

const text = (max: number) => z.string().trim().min(1).max(max);

const optionSchema = z.object({ value: text(QUESTION_LIMITS.optionText), label: text(100) });

const questionSchema = z
  .object({
    id: z.string().regex(ID),
    label: text(QUESTION_LIMITS.label),
    type: z.enum(QUESTION_TYPES),
    required: z.boolean().default(false),
    options: z.array(optionSchema).max(QUESTION_LIMITS.options).optional(),
    alert: text(QUESTION_LIMITS.alert).optional(),
    section: text(QUESTION_LIMITS.section).optional(),
    help: text(QUESTION_LIMITS.help).optional(),
  })
  .strict();

/** Why a list of questions cannot be stored, in the admin's words, or null when it can. */
export function questionsProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return "The questions must be a JSON list: [ { ... }, { ... } ].";
  if (value.length === 0) return "A form needs at least one question.";
  if (value.length > QUESTION_LIMITS.questions) {
    return `A form has at most ${QUESTION_LIMITS.questions} questions.`;
  }
  const seen = new Set<string>();
  for (const [index, raw] of value.entries()) {
    const where = `Question ${index + 1}${
      raw && typeof raw === "object" && "id" in raw && typeof raw.id === "string"
        ? ` (${raw.id})`
        : ""
    }`;
    const parsed = questionSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path[0];
      if (issue.code === "unrecognized_keys") {
        return `${where}: "${issue.keys.join('", "')}" is not a field of a question (id, label, type, required, options, alert, section, help).`;
      }
      if (field === "id") {
        return `${where}: the id must be 1 to 40 lower-case letters, digits or dashes, starting with a letter.`;
      }
      if (field === "type") return `${where}: the type must be yesno, choice, text or date.`;
      if (field === "label")
        return `${where}: the label must be 1 to ${QUESTION_LIMITS.label} characters.`;
      if (field === "required") return `${where}: required must be true or false.`;
      if (field === "options") {
        return `${where}: each option needs a value and a label (at most ${QUESTION_LIMITS.options} options).`;
      }
      return `${where}: ${String(field ?? "the question")} must be text of a sensible length.`;
    }
    const question = parsed.data;
    if (seen.has(question.id)) return `${where}: another question has the id ${question.id}.`;
    seen.add(question.id);
    if (question.type === "choice") {
      const values = question.options?.map((option) => option.value) ?? [];
      if (values.length < 2) return `${where}: a choice needs at least two options.`;
      if (new Set(values).size !== values.length) {
        return `${where}: two options have the same value.`;
      }
    } else if (question.options) {
      return `${where}: only a choice has options.`;
    }
    if (question.alert && question.type !== "yesno") {
      return `${where}: only a yes/no question may propose an alert.`;
    }
  }
  return null;
}

/** The questions as stored, checked; throws on a column the admin's screen never wrote. */
export function parseQuestions(json: string): Question[] {
  const value: unknown = JSON.parse(json);
  const problem = questionsProblem(value);
  if (problem) throw new Error(`Stored form questions are not valid: ${problem}`);
  return z.array(questionSchema).parse(value) as Question[];
}

/** The questions as the admin's text area shows them: two-space JSON. */
export function questionsText(questions: readonly Question[]): string {
  return JSON.stringify(questions, null, 2);
}

/** Reads the admin's text: the questions, or why not. */
export function readQuestionsText(
  textValue: string,
): { ok: true; questions: Question[] } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(textValue);
  } catch {
    return {
      ok: false,
      message: "The questions are not valid JSON. Check the commas and quotes near the change.",
    };
  }
  const problem = questionsProblem(value);
  if (problem) return { ok: false, message: problem };
  return { ok: true, questions: z.array(questionSchema).parse(value) as Question[] };
}

/** Two lists of questions ask the same (ignoring the JSON's spacing and key order). */
export function sameQuestions(a: readonly Question[], b: readonly Question[]): boolean {
  const canonical = (list: readonly Question[]) =>
    JSON.stringify(
      list.map((question) =>
        Object.fromEntries(
          Object.entries(question)
            .filter(([, value]) => value !== undefined)
            .sort(([x], [y]) => x.localeCompare(y)),
        ),
      ),
    );
  return canonical(a) === canonical(b);
}
