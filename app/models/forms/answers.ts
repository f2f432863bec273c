/**
 * A form's answers as pure rules (docs/decisions/050-medical-history-and-consent-forms.md):
 * what a submission must hold (each required answer of its type, a typed signature, an
 * optional drawn one) with a message naming what is missing; the page's fields read as
 * typed answers; the last answers carried into a new version; what changed since.
 */
import { isIsoDate } from "~/utils/clinic-time";
import { invalid, ok, type Failure, type Result } from "~/utils/result";
import { QUESTION_LIMITS, type Question } from "~/validation/form-questions";

/** A yes/no answer is a boolean, a choice its option's value, a date YYYY-MM-DD, text a string. */
export type Answer = boolean | string;
export type Answers = Record<string, Answer>;

export const SIGNATURE_LIMIT = 120;
/** A drawn signature's PNG as a data URL: a few KB in practice; the page's body stays under 100 KB. */
export const DRAWING_LIMIT = 60_000;
const PNG_DATA_URL = "data:image/png;base64,";

export const FORM_MESSAGES = {
  answersObject: "The answers must be an object of question ids and their answers.",
  unknownQuestion: (id: string) => `There is no question "${id}" on this form.`,
  missing: (question: Question) => `Please answer "${question.label}".`,
  yesno: (question: Question) => `"${question.label}": please answer yes or no.`,
  choice: (question: Question) =>
    `"${question.label}": please choose one of ${question.options!.map((o) => `"${o.value}"`).join(", ")}.`,
  date: (question: Question) => `"${question.label}": please enter a date as YYYY-MM-DD.`,
  text: (question: Question) =>
    `"${question.label}": please keep the answer under ${QUESTION_LIMITS.answer} characters.`,
  signature: "Please sign the form: type your full name.",
  signatureLength: `Please keep the signature under ${SIGNATURE_LIMIT} characters.`,
  drawing:
    "The drawn signature could not be read. Please draw it again, or clear it and sign with your name only.",
} as const;

/** The field a question's answer is posted in. */
export const answerField = (question: Pick<Question, "id">) => `answer-${question.id}`;

const refuse = (message: string, field: string | null): Failure => ({ ...invalid(message), field });

const empty = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** One answer checked against its question: the value to store, null for none, or a refusal. */
function checkAnswer(question: Question, value: unknown): Result<{ value: Answer | null }> {
  const field = answerField(question);
  if (empty(value)) {
    return question.required ? refuse(FORM_MESSAGES.missing(question), field) : ok({ value: null });
  }
  switch (question.type) {
    case "yesno":
      return typeof value === "boolean"
        ? ok({ value })
        : refuse(FORM_MESSAGES.yesno(question), field);
    case "choice":
      return typeof value === "string" && question.options!.some((o) => o.value === value)
        ? ok({ value })
        : refuse(FORM_MESSAGES.choice(question), field);
    case "date":
      return typeof value === "string" && isIsoDate(value.trim())
        ? ok({ value: value.trim() })
        : refuse(FORM_MESSAGES.date(question), field);
    case "text":
      return typeof value === "string" && value.trim().length <= QUESTION_LIMITS.answer
        ? ok({ value: value.trim() })
        : refuse(FORM_MESSAGES.text(question), field);
  }
}

/** A drawn signature that is a PNG data URL of bounded size, or null for none. */
function checkDrawing(value: unknown): Result<{ drawing: string | null }> {
  if (empty(value)) return ok({ drawing: null });
  if (
    typeof value !== "string" ||
    value.length > DRAWING_LIMIT ||
    !value.startsWith(PNG_DATA_URL)
  ) {
    return refuse(FORM_MESSAGES.drawing, "signatureDrawing");
  }
  const base64 = value.slice(PNG_DATA_URL.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64))
    return refuse(FORM_MESSAGES.drawing, "signatureDrawing");
  // The PNG signature's eight bytes are the first twelve characters' nine.
  const head = base64.length >= 12 ? atob(base64.slice(0, 12)) : "";
  if (!head.startsWith("\x89PNG\r\n\x1a\n")) {
    return refuse(FORM_MESSAGES.drawing, "signatureDrawing");
  }
  return ok({ drawing: value });
}

export type SignedForm = {
  answers: Answers;
  signatureName: string;
  signatureDrawing: string | null;
};

/**
 * A submission checked against the version's questions, in their order, then the signature:
 * the first problem names the question (or the signature). Unknown question ids are refused.
 */
export function checkSubmission(
  questions: readonly Question[],
  input: { answers: unknown; signature: unknown; drawing?: unknown },
): Result<{ form: SignedForm }> {
  const raw = input.answers;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return refuse(FORM_MESSAGES.answersObject, null);
  }
  const known = new Set(questions.map((question) => question.id));
  const stranger = Object.keys(raw).find((id) => !known.has(id));
  if (stranger !== undefined) return refuse(FORM_MESSAGES.unknownQuestion(stranger), null);
  const answers: Answers = {};
  for (const question of questions) {
    const checked = checkAnswer(question, (raw as Record<string, unknown>)[question.id]);
    if (!checked.ok) return checked;
    if (checked.value !== null) answers[question.id] = checked.value;
  }
  const signature = typeof input.signature === "string" ? input.signature.trim() : "";
  if (!signature) return refuse(FORM_MESSAGES.signature, "signatureName");
  if (signature.length > SIGNATURE_LIMIT)
    return refuse(FORM_MESSAGES.signatureLength, "signatureName");
  const drawing = checkDrawing(input.drawing);
  if (!drawing.ok) return drawing;
  return ok({ form: { answers, signatureName: signature, signatureDrawing: drawing.drawing } });
}

/**
 * The page's fields as the API's answers: "yes"/"no" as booleans, anything else as sent
 * (checkSubmission judges it); a field left empty is no answer.
 */
export function answersFromFields(
  questions: readonly Question[],
  fields: Record<string, string>,
): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const question of questions) {
    const value = fields[answerField(question)];
    if (value === undefined || value.trim() === "") continue;
    answers[question.id] =
      question.type === "yesno" ? (value === "yes" ? true : value === "no" ? false : value) : value;
  }
  return answers;
}

/** An answer as the page's field holds it. */
export function fieldValue(answer: Answer | undefined): string {
  if (answer === undefined) return "";
  if (typeof answer === "boolean") return answer ? "yes" : "no";
  return answer;
}

/**
 * The last answers the patient gave, carried into the form they are shown now: kept where
 * the question (by id) still asks the same kind of thing and the answer still fits it (a
 * choice's option still offered); a new question starts empty.
 */
export function prefill(questions: readonly Question[], last: Answers | null): Answers {
  if (!last) return {};
  const kept: Answers = {};
  for (const question of questions) {
    const value = last[question.id];
    if (value === undefined) continue;
    const fits = checkAnswer({ ...question, required: false }, value);
    if (fits.ok && fits.value !== null) kept[question.id] = fits.value;
  }
  return kept;
}

/**
 * The questions whose answer differs from the previous submission's (a question the
 * previous version did not ask counts as changed when answered): what the reviewer sees
 * highlighted. Without a previous submission, nothing is "changed".
 */
export function changedAnswers(
  questions: readonly Question[],
  previous: Answers | null,
  current: Answers,
): Set<string> {
  if (!previous) return new Set();
  return new Set(
    questions
      .filter((question) => (previous[question.id] ?? null) !== (current[question.id] ?? null))
      .map((question) => question.id),
  );
}

/** An answer in words, for the pages, the PDF and the export. */
export function answerText(question: Question, answer: Answer | undefined): string {
  if (answer === undefined) return "Not answered";
  if (typeof answer === "boolean") return answer ? "Yes" : "No";
  if (question.type === "choice") {
    return question.options?.find((option) => option.value === answer)?.label ?? answer;
  }
  return answer;
}
