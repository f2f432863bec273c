import { z } from "./zod";
import { validateFields } from "./form";
import { invalid, ok, type Failure, type Result } from "~/utils/result";
import { readQuestionsText, type Question } from "./form-questions";

/**
 * The admin's form of a form template (/staff/forms/<id>) and the retention of signed forms,
 * with their messages (docs/decisions/050-medical-history-and-consent-forms.md). The due rule's
 * words (all, new, service; visit, months) are app/models/forms/due.ts's.
 */

export const TEMPLATE_LIMITS = {
  title: 120,
  intro: 2000,
  everyMonths: { min: 1, max: 120 },
  minAge: { min: 0, max: 120 },
  retentionYears: { min: 0, max: 100 },
} as const;

export const FORM_TEMPLATE_MESSAGES = {
  title: `Please give the form a title of 1 to ${TEMPLATE_LIMITS.title} characters.`,
  intro: `Please keep the introduction under ${TEMPLATE_LIMITS.intro} characters.`,
  kind: "Please choose whether this is a medical history or a consent.",
  audience: "Please choose who fills the form.",
  service: "Please choose the service whose patients fill the form.",
  frequency: "Please choose how often the form is filled.",
  everyMonths: `Please give the months as a whole number from ${TEMPLATE_LIMITS.everyMonths.min} to ${TEMPLATE_LIMITS.everyMonths.max}.`,
  minAge: `Please give the age as a whole number from ${TEMPLATE_LIMITS.minAge.min} to ${TEMPLATE_LIMITS.minAge.max}.`,
  retention: `Please give the years as a whole number from ${TEMPLATE_LIMITS.retentionYears.min} to ${TEMPLATE_LIMITS.retentionYears.max}.`,
  unknownTemplate: "There is no such form.",
  unknownService: "There is no such service.",
} as const;

const wholeNumber = (limits: { min: number; max: number }, message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, message)
    .transform(Number)
    .refine((value) => value >= limits.min && value <= limits.max, message);

const templateSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, FORM_TEMPLATE_MESSAGES.title)
    .max(TEMPLATE_LIMITS.title, FORM_TEMPLATE_MESSAGES.title),
  intro: z.string().trim().max(TEMPLATE_LIMITS.intro, FORM_TEMPLATE_MESSAGES.intro),
  kind: z.enum(["history", "consent"], FORM_TEMPLATE_MESSAGES.kind),
  audience: z.enum(["all", "new", "service"], FORM_TEMPLATE_MESSAGES.audience),
  serviceId: z.string().trim(),
  frequency: z.enum(["visit", "months"], FORM_TEMPLATE_MESSAGES.frequency),
  everyMonths: wholeNumber(TEMPLATE_LIMITS.everyMonths, FORM_TEMPLATE_MESSAGES.everyMonths),
  minAge: wholeNumber(TEMPLATE_LIMITS.minAge, FORM_TEMPLATE_MESSAGES.minAge),
});

export type TemplateFields = Omit<z.output<typeof templateSchema>, "serviceId"> & {
  serviceId: string | null;
  active: boolean;
  questions: Question[];
};

/** The template's fields as stored, or the first problem on its field. */
export function parseTemplateFields(
  form: Record<string, unknown>,
): Result<{ fields: TemplateFields }> {
  const checked = validateFields(templateSchema, form);
  if (!checked.ok) return checked;
  const { serviceId, ...rest } = checked.data;
  if (rest.audience === "service" && !serviceId) {
    return { ...invalid(FORM_TEMPLATE_MESSAGES.service), field: "serviceId" };
  }
  const questions = readQuestionsText(typeof form.questions === "string" ? form.questions : "");
  if (!questions.ok) return { ...invalid(questions.message), field: "questions" };
  return ok({
    fields: {
      ...rest,
      serviceId: rest.audience === "service" ? serviceId : null,
      active: form.active === "on" || form.active === "true",
      questions: questions.questions,
    },
  });
}

/** Years a deleted account's signed forms are kept: a whole number, or a refusal on the field. */
export function parseRetentionYears(
  form: Record<string, unknown>,
): Result<{ years: number }> | Failure {
  const parsed = wholeNumber(
    TEMPLATE_LIMITS.retentionYears,
    FORM_TEMPLATE_MESSAGES.retention,
  ).safeParse(typeof form.retentionYears === "string" ? form.retentionYears : "");
  if (!parsed.success) {
    return { ...invalid(FORM_TEMPLATE_MESSAGES.retention), field: "retentionYears" };
  }
  return ok({ years: parsed.data });
}
