import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { DueForms } from "~/components/forms/due-forms";
import { requirePageUser } from "~/http/auth.server";
import { dueFormItems } from "~/models/forms/due.server";
import { signedFormsOf } from "~/models/forms/view.server";
import { familyMembers } from "~/models/family/links.server";

/**
 * My forms (docs/decisions/050-medical-history-and-consent-forms.md): the forms due before
 * the patient's visits, and every form they signed, each with its printable page and PDF.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  // And the forms of the family members the account fills them for (ADR 049).
  const members = (await familyMembers(user.id)).filter((member) => member.mayFillForms);
  const [own, signed, ...theirs] = await Promise.all([
    dueFormItems(user.id),
    signedFormsOf(user.id),
    ...members.map((member) => dueFormItems(member.id, new Date(), member)),
  ]);
  return { due: [...own, ...theirs.flat()], signed };
}

export const meta: MetaFunction = () => [
  { title: "My forms | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function MyForms() {
  const { due, signed } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-3xl space-y-8 px-4 py-12">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">My forms</h1>
        <p className="text-slate-700">
          Your medical history and consents. Your dentist reads them before your visit.
        </p>
      </div>
      {due.length > 0 ? (
        <DueForms forms={due} />
      ) : (
        <p className="text-slate-800" data-testid="nothing-due">
          Nothing to fill in before your visits.
        </p>
      )}
      <section aria-labelledby="signed-heading" className="space-y-3">
        <h2 id="signed-heading" className="text-xl font-semibold text-slate-900">
          Signed forms
        </h2>
        {signed.length > 0 ? (
          <ul className="space-y-2" aria-label="Signed forms">
            {signed.map((form) => (
              <li
                key={form.id}
                className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
              >
                <span>
                  <b>{form.title}</b> (version {form.version}), signed {form.signedAt}
                  {form.channel === "desk" ? " at the clinic" : ""}
                  {form.reviewed ? ", reviewed by your dentist" : ""}
                </span>
                <span className="flex gap-3">
                  <Link
                    to={`/user/forms/submissions/${form.id}`}
                    className="text-brand-700 underline"
                    aria-label={`See ${form.title} signed ${form.signedAt}`}
                  >
                    See and print
                  </Link>
                  <a
                    href={`/user/forms/submissions/${form.id}/pdf`}
                    className="text-brand-700 underline"
                    aria-label={`PDF of ${form.title} signed ${form.signedAt}`}
                  >
                    PDF
                  </a>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">You have not signed a form yet.</p>
        )}
      </section>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
