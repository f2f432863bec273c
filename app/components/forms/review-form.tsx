import { Form } from "@remix-run/react";
import { FormError } from "~/components/form-error";
import { FieldLabel, NeedMark, needAttributes } from "~/components/field-label";
import { decisionField, type ProposedAlert } from "~/models/forms/alerts";

type Refusal = { error: string; field: string | null; values: Record<string, string> } | null;

const fieldClass =
  "block w-full max-w-md rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 aria-invalid:border-red-700";

/**
 * The reviewer's part of a medical history (ADR 050): each proposed alert accepted into the
 * record or declined, a note, and the reviewer's typed name as their signature.
 */
export function ReviewForm({
  proposals,
  record,
  refusal,
  busy,
}: {
  proposals: readonly ProposedAlert[];
  record: { allergies: string; conditions: string } | null;
  refusal: Refusal;
  busy: boolean;
}) {
  const value = (name: string, fallback = "") =>
    refusal ? (refusal.values[name] ?? "") : fallback;
  return (
    <section
      aria-labelledby="review-form-heading"
      className="space-y-4 rounded-lg border border-slate-300 bg-white p-4 print:hidden"
    >
      <h2 id="review-form-heading" className="text-lg font-semibold text-slate-900">
        Review
      </h2>
      <Form method="post" noValidate className="space-y-4">
        {proposals.length > 0 ? (
          <div className="space-y-3">
            <p className="text-slate-800">
              The patient&apos;s answers propose these alerts. The record holds: allergies{" "}
              <b>{record?.allergies || "none"}</b>; conditions <b>{record?.conditions || "none"}</b>
              .
            </p>
            {proposals.map((proposal) => {
              const name = decisionField(proposal.questionId);
              return (
                <fieldset
                  key={proposal.questionId}
                  className={`rounded-md border p-3 ${refusal?.field === name ? "border-red-700" : "border-slate-300"}`}
                  aria-describedby={refusal?.field === name ? "form-error" : undefined}
                >
                  <legend className="px-1 font-medium text-slate-900">
                    {proposal.alert} <NeedMark need="required" />
                    <span className="sr-only">(required)</span>
                  </legend>
                  <div className="flex flex-wrap gap-6">
                    <label className="inline-flex min-h-6 items-center gap-2">
                      <input
                        type="radio"
                        name={name}
                        value="accept"
                        defaultChecked={value(name) === "accept"}
                        className="h-5 w-5"
                      />
                      Add to the {proposal.field}
                    </label>
                    <label className="inline-flex min-h-6 items-center gap-2">
                      <input
                        type="radio"
                        name={name}
                        value="decline"
                        defaultChecked={value(name) === "decline"}
                        className="h-5 w-5"
                      />
                      Decline
                    </label>
                  </div>
                </fieldset>
              );
            })}
          </div>
        ) : (
          <p className="text-slate-800">The answers propose no alert the record lacks.</p>
        )}
        <div>
          <FieldLabel htmlFor="note" need="optional" className="font-medium text-slate-900">
            Note
          </FieldLabel>
          <textarea
            id="note"
            name="note"
            rows={2}
            maxLength={1000}
            defaultValue={value("note")}
            className={fieldClass}
          />
        </div>
        <div>
          <FieldLabel htmlFor="reviewerName" need="required" className="font-medium text-slate-900">
            Your full name, as your signature
          </FieldLabel>
          <input
            {...needAttributes("required")}
            id="reviewerName"
            name="reviewerName"
            defaultValue={value("reviewerName")}
            maxLength={120}
            className={fieldClass}
            aria-invalid={refusal?.field === "reviewerName" || undefined}
            aria-describedby={refusal?.field === "reviewerName" ? "form-error" : undefined}
          />
        </div>
        <FormError message={refusal?.error} />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Signing..." : "Sign the review"}
        </button>
      </Form>
    </section>
  );
}
