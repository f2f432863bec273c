import { Form } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { FormError } from "~/components/form-error";
import { FieldLabel, NeedMark, needAttributes } from "~/components/field-label";
import { answerField } from "~/models/forms/answers";
import type { Question } from "~/validation/form-questions";
import { SignaturePad } from "./signature-pad";

const fieldClass =
  "block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 aria-invalid:border-red-700";

export type FormRefusalShown = {
  error: string;
  field: string | null;
  values: Record<string, string>;
} | null;

function QuestionField({
  question,
  value,
  invalid,
}: {
  question: Question;
  value: string;
  invalid: boolean;
}) {
  const name = answerField(question);
  const need = question.required ? "required" : "optional";
  const described = [question.help ? `${name}-help` : null, invalid ? "form-error" : null]
    .filter(Boolean)
    .join(" ");
  const help = question.help ? (
    <p id={`${name}-help`} className="text-sm text-slate-700">
      {question.help}
    </p>
  ) : null;
  if (question.type === "yesno" || question.type === "choice") {
    const options =
      question.type === "yesno"
        ? [
            { value: "yes", label: "Yes" },
            { value: "no", label: "No" },
          ]
        : question.options!;
    return (
      <fieldset
        className={`rounded-md border p-3 ${invalid ? "border-red-700" : "border-slate-300"}`}
        aria-describedby={described || undefined}
        data-question={question.id}
      >
        <legend className="px-1 font-medium text-slate-900">
          {question.label} <NeedMark need={need} />
          {/* A group takes no aria-required: its name says it to a screen reader. */}
          {question.required ? <span className="sr-only">(required)</span> : null}
        </legend>
        {help}
        <div className={`mt-1 flex flex-wrap gap-x-6 gap-y-2`}>
          {options.map((option) => (
            <label key={option.value} className="inline-flex min-h-6 items-center gap-2">
              <input
                type="radio"
                name={name}
                value={option.value}
                defaultChecked={value === option.value}
                className="h-5 w-5"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  return (
    <div data-question={question.id}>
      <FieldLabel htmlFor={name} need={need} className="font-medium text-slate-900">
        {question.label}
      </FieldLabel>
      {help}
      {question.type === "date" ? (
        <input
          {...needAttributes(need)}
          id={name}
          name={name}
          type="date"
          defaultValue={value}
          className={`${fieldClass} max-w-xs`}
          aria-invalid={invalid || undefined}
          aria-describedby={described || undefined}
        />
      ) : (
        <textarea
          {...needAttributes(need)}
          id={name}
          name={name}
          rows={2}
          maxLength={1000}
          defaultValue={value}
          className={fieldClass}
          aria-invalid={invalid || undefined}
          aria-describedby={described || undefined}
        />
      )}
    </div>
  );
}

/**
 * A form as the patient fills it, on their page and on the desk's tablet: its questions by
 * section, pre-filled with their last answers (`values`, the fields as posted), the typed
 * signature and, with JavaScript, a drawn one. A plain post: the server's refusal comes back
 * with what was typed and names the question, whose field then takes the focus.
 */
export function FormFill({
  title,
  intro,
  questions,
  values,
  refusal,
  hidden,
  busy,
  submitLabel = "Sign and send",
  children,
}: {
  title: string;
  intro: string;
  questions: readonly Question[];
  values: Record<string, string>;
  refusal: FormRefusalShown;
  hidden: Record<string, string>;
  busy: boolean;
  submitLabel?: string;
  /** Below the signature, beside the button (a Finish on the tablet). */
  children?: ReactNode;
}) {
  const shown = refusal ? refusal.values : values;
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!refusal?.field || !form.current) return;
    const target = form.current.querySelector<HTMLElement>(`[name="${CSS.escape(refusal.field)}"]`);
    target?.focus();
  }, [refusal]);
  let section: string | null = null;
  return (
    <Form method="post" noValidate ref={form} className="space-y-5" aria-label={title}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {intro ? <p className="text-slate-800">{intro}</p> : null}
      <FormError message={refusal?.error} />
      {questions.map((question) => {
        const heading = question.section && question.section !== section ? question.section : null;
        if (heading) section = heading;
        return (
          <div key={question.id} className="space-y-3">
            {heading ? (
              <h2 className="border-b border-slate-200 pt-2 text-lg font-semibold text-slate-900">
                {heading}
              </h2>
            ) : null}
            <QuestionField
              question={question}
              value={shown[answerField(question)] ?? ""}
              invalid={refusal?.field === answerField(question)}
            />
          </div>
        );
      })}
      <section aria-labelledby="signature-heading" className="space-y-3">
        <h2 id="signature-heading" className="text-lg font-semibold text-slate-900">
          Signature
        </h2>
        <div>
          <FieldLabel
            htmlFor="signatureName"
            need="required"
            className="font-medium text-slate-900"
          >
            Your full name, as your signature
          </FieldLabel>
          <input
            {...needAttributes("required")}
            id="signatureName"
            name="signatureName"
            autoComplete="name"
            defaultValue={shown.signatureName ?? ""}
            maxLength={120}
            className={`${fieldClass} max-w-md`}
            aria-invalid={refusal?.field === "signatureName" || undefined}
            aria-describedby={refusal?.field === "signatureName" ? "form-error" : undefined}
          />
        </div>
        <SignaturePad initial={shown.signatureDrawing || undefined} />
      </section>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Sending..." : submitLabel}
        </button>
        {children}
      </div>
    </Form>
  );
}
