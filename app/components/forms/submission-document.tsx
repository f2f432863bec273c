import type { ReactNode } from "react";
import type { AnswerRow, SubmissionView } from "~/models/forms/view.server";

/** The answers in runs under their section's heading (a run before the first has none). */
function sectionsOf(answers: readonly AnswerRow[]) {
  const groups: { section: string | null; answers: AnswerRow[] }[] = [];
  for (const answer of answers) {
    const last = groups[groups.length - 1];
    if (!last || (answer.section && answer.section !== last.section)) {
      groups.push({ section: answer.section, answers: [answer] });
    } else {
      last.answers.push(answer);
    }
  }
  return groups;
}

/**
 * A signed form as a printable page (docs/decisions/050-medical-history-and-consent-forms.md):
 * the form and its version, the patient, every answer by section, the signature as typed and
 * drawn, when, from where and with what browser, and the review. `highlight` marks the
 * answers that changed since the patient's previous submission (the reviewer's page).
 */
export function SubmissionDocument({
  view,
  highlight = false,
  actions,
}: {
  view: SubmissionView;
  highlight?: boolean;
  /** Links above the document (PDF, print), left out of the print. */
  actions?: ReactNode;
}) {
  const changed = view.answers.filter((answer) => answer.changed).length;
  return (
    <article className="space-y-6" aria-labelledby="submission-heading">
      <header className="space-y-1">
        <h1 id="submission-heading" className="text-2xl font-bold text-slate-900">
          {view.title}
        </h1>
        <p className="text-slate-700">Version {view.version}</p>
        {actions ? <div className="flex flex-wrap gap-3 pt-2 print:hidden">{actions}</div> : null}
      </header>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-slate-800">
        <dt className="font-semibold">Patient</dt>
        <dd>{view.patient.name}</dd>
        {view.patient.dateOfBirth ? (
          <>
            <dt className="font-semibold">Date of birth</dt>
            <dd>{view.patient.dateOfBirth}</dd>
          </>
        ) : null}
        <dt className="font-semibold">Signed</dt>
        <dd>
          {view.signedAt}
          {view.channel === "desk" ? " at the clinic's desk" : " online"}
        </dd>
      </dl>
      {highlight ? (
        <p className="text-slate-800" data-testid="changes-summary">
          {!view.compared
            ? "This is the patient's first submission of this form."
            : changed === 0
              ? "No answer changed since the patient's previous submission."
              : `${changed} ${changed === 1 ? "answer" : "answers"} changed since the patient's previous submission, marked "Changed".`}
        </p>
      ) : null}
      {sectionsOf(view.answers).map((group, index) => (
        <div key={group.section ?? `part-${index}`} className="space-y-2">
          {group.section ? (
            <h2 className="mt-4 border-b border-slate-200 text-lg font-semibold text-slate-900">
              {group.section}
            </h2>
          ) : null}
          <dl className="space-y-2">
            {group.answers.map((answer) => {
              const marked = highlight && answer.changed;
              return (
                <div
                  key={answer.id}
                  className={`rounded-md p-2 ${marked ? "border-l-4 border-amber-700 bg-amber-50" : ""}`}
                  data-changed={marked ? "true" : undefined}
                >
                  <dt className="text-sm text-slate-700">
                    {marked ? <b className="mr-1 text-amber-900">Changed:</b> : null}
                    {answer.label}
                  </dt>
                  <dd
                    className={`whitespace-pre-line ${answer.answered ? "font-semibold text-slate-900" : "text-slate-700 italic"}`}
                  >
                    {answer.text}
                  </dd>
                </div>
              );
            })}
          </dl>
        </div>
      ))}
      <section aria-labelledby="signed-by-heading" className="space-y-2">
        <h2 id="signed-by-heading" className="text-lg font-semibold text-slate-900">
          Signature
        </h2>
        <p>
          Signed by <b>{view.signatureName}</b>
        </p>
        {view.signatureDrawing ? (
          <img
            src={view.signatureDrawing}
            alt={`Signature drawn by ${view.signatureName}`}
            className="max-h-24 rounded border border-slate-300 bg-white"
          />
        ) : null}
        <p className="text-sm text-slate-700">
          From the address {view.ipAddress || "not recorded"}, with the browser{" "}
          {view.userAgent || "not recorded"}.
        </p>
      </section>
      {view.review ? (
        <section aria-labelledby="review-heading" className="space-y-2" data-testid="review">
          <h2 id="review-heading" className="text-lg font-semibold text-slate-900">
            Reviewed by the clinic
          </h2>
          <p>
            Reviewed {view.review.reviewedAt}, signed <b>{view.review.reviewerName}</b>
          </p>
          {view.review.alerts.length > 0 ? (
            <ul className="list-disc pl-5">
              {view.review.alerts.map((alert) => (
                <li key={alert.alert}>
                  {alert.alert}:{" "}
                  {alert.decision === "accepted" ? "added to the record" : "declined"}
                </li>
              ))}
            </ul>
          ) : null}
          {view.review.note ? <p>Note: {view.review.note}</p> : null}
        </section>
      ) : null}
    </article>
  );
}
