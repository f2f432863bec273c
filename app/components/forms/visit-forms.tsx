import { Link } from "@remix-run/react";
import type { VisitFormsView } from "~/models/forms/visit.server";

/**
 * A visit's forms on its page (ADR 050): those due for it, the patient's newest signed ones
 * (each opens as an audited read), and "Fill at the desk" for the desk.
 */
export function VisitForms({
  forms,
  appointmentId,
}: {
  forms: VisitFormsView | null;
  appointmentId: string;
}) {
  if (!forms) return null;
  return (
    <section aria-labelledby="forms-heading" className="space-y-2" data-testid="visit-forms">
      <h2 id="forms-heading" className="text-lg font-semibold text-slate-900">
        Forms
      </h2>
      {forms.due.length > 0 ? (
        <p className="text-slate-800">
          Due before this visit: {forms.due.map((form) => form.title).join(", ")}.
        </p>
      ) : (
        <p className="text-slate-800">Nothing due before this visit.</p>
      )}
      {forms.signed.length > 0 ? (
        <ul className="list-disc pl-5">
          {forms.signed.map((form) => (
            <li key={form.id}>
              <Link to={`/staff/forms/submissions/${form.id}`} className="text-brand-700 underline">
                {form.title}
              </Link>
              , signed {form.signedAt}
              {form.toReview ? " (to review)" : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {forms.desk ? (
        <Link to={`/staff/forms/desk?visit=${appointmentId}`} className="btn-secondary">
          Fill at the desk
        </Link>
      ) : null}
    </section>
  );
}
