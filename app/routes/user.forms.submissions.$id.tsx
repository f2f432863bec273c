import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { SubmissionDocument } from "~/components/forms/submission-document";
import { requirePageUser } from "~/http/auth.server";
import { pageRefusal } from "~/http/forms.server";
import { ownSubmission } from "~/models/forms/view.server";

/** A form the patient signed, as a printable page, with its PDF (ADR 050). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  const found = await ownSubmission(user.id, params.id ?? "");
  if (!found.ok) throw pageRefusal(found);
  return { view: found.view };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.view.title ?? "Signed form"} | Dental Clinic` },
  { name: "robots", content: "noindex" },
];

export default function SignedForm() {
  const { view } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-3xl space-y-4 px-4 py-12">
      <p className="print:hidden">
        <Link to="/user/forms" className="text-brand-700 underline">
          All my forms
        </Link>
      </p>
      <SubmissionDocument
        view={view}
        actions={
          <a href={`/user/forms/submissions/${view.id}/pdf`} className="btn-secondary">
            Download the PDF
          </a>
        }
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
