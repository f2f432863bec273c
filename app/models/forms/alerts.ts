/**
 * The medical alerts a history proposes, as pure rules
 * (docs/decisions/050-medical-history-and-consent-forms.md): a yes/no question may name an
 * alert ("Allergy: latex"); a "yes" proposes it to the reviewing dentist, unless the record
 * holds it already. "Allergy: ..." goes to the record's allergies, anything else to its
 * conditions (the two fields the diary card and the visit page show).
 */
import type { Answers } from "./answers";
import type { Question } from "~/validation/form-questions";

export type AlertField = "allergies" | "conditions";

export type ProposedAlert = {
  questionId: string;
  /** As the question names it: "Allergy: latex". */
  alert: string;
  field: AlertField;
  /** What goes into the field: "latex" for an allergy, the whole alert for a condition. */
  text: string;
};

/** The record's field and text of an alert named by a question. */
export function alertTarget(alert: string): { field: AlertField; text: string } {
  const allergy = /^\s*allerg(?:y|ic)(?:\s+to)?\s*:?\s*(.+)$/i.exec(alert);
  return allergy
    ? { field: "allergies", text: allergy[1]!.trim() }
    : { field: "conditions", text: alert.trim() };
}

/** The record's field holds the alert already (any case, as one of its entries or inside one). */
export function recordHolds(fieldValue: string, text: string): boolean {
  return fieldValue.toLowerCase().includes(text.toLowerCase());
}

/** The alerts the answers propose that the record does not hold yet, in question order. */
export function proposedAlerts(
  questions: readonly Question[],
  answers: Answers,
  record: Record<AlertField, string>,
): ProposedAlert[] {
  return questions.flatMap((question) => {
    if (question.type !== "yesno" || !question.alert || answers[question.id] !== true) return [];
    const { field, text } = alertTarget(question.alert);
    if (recordHolds(record[field], text)) return [];
    return [{ questionId: question.id, alert: question.alert, field, text }];
  });
}

/** The field with the alert added as its own entry ("penicillin; latex"). */
export function withAlert(fieldValue: string, text: string): string {
  if (recordHolds(fieldValue, text)) return fieldValue;
  const current = fieldValue.trim().replace(/[;,]\s*$/, "");
  return current ? `${current}; ${text}` : text;
}

/** The field of the review form that takes an alert's accept or decline. */
export const decisionField = (questionId: string) => `alert-${questionId}`;
