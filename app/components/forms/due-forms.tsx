import { Link } from "@remix-run/react";

/** A form due before a visit, as the patient's pages list it. */
export type DueFormItem = {
  id: string;
  title: string;
  /** The visit it is due for, in the clinic's words. */
  when: string;
  href: string;
};

/**
 * The forms a patient must fill before their visits (My appointments, My forms): each a link
 * to the form, pre-filled with their last answers. Nothing when none is due.
 */
export function DueForms({ forms }: { forms: readonly DueFormItem[] }) {
  if (forms.length === 0) return null;
  return (
    <section
      aria-labelledby="due-forms-heading"
      className="rounded-lg border border-amber-700 bg-amber-50 p-4"
      data-testid="due-forms"
    >
      <h2 id="due-forms-heading" className="text-lg font-semibold text-slate-900">
        Forms to fill in before your visit
      </h2>
      <ul className="mt-2 space-y-1">
        {forms.map((form) => (
          <li key={form.id}>
            <Link to={form.href} className="font-semibold text-brand-700 underline">
              {form.title}
            </Link>{" "}
            <span className="text-slate-800">for {form.when}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
