import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { ReviewForm } from "~/components/forms/review-form";
import { SubmissionDocument } from "~/components/forms/submission-document";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { pageRefusal } from "~/http/forms.server";
import { requireStaffPage, staffActor } from "~/http/roles.server";
import { redirectWithToast } from "~/http/toast.server";
import { reviewSubmission } from "~/models/forms/review.server";
import { staffSubmission } from "~/models/forms/view.server";
import type { StaffHandle } from "~/models/permissions";

/**
 * A signed form for staff (ADR 050): shown to the patient's own dentists and the desk, each
 * read audited (docs/decisions/043-need-to-know-for-staff.md); a medical history not yet
 * reviewed comes with the answers that changed since the last marked, its proposed alerts
 * to accept or decline, and the reviewer's signature.
 */
export const handle: StaffHandle = { permission: "patients.contact" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaffPage(request, handle.permission);
  const found = await staffSubmission(staffActor(user), params.id ?? "");
  if (!found.ok) throw pageRefusal(found);
  const { ok: _ok, ...shown } = found;
  return shown;
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    keep: "all",
    task: "Reviewing a medical history",
    handler: async ({ params, form, actor }) => {
      const id = params.id ?? "";
      const result = await reviewSubmission(actor, id, form);
      if (!result.ok) return result;
      return redirectWithToast(`/staff/forms/submissions/${id}`, {
        type: "success",
        message: result.message,
      });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.view.title ?? "Signed form"} | Clinic | Dental Clinic` },
  { name: "robots", content: "noindex" },
];

export default function StaffSubmission() {
  const { view, proposals, record, review } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() ?? null;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="max-w-3xl space-y-6">
      {view.patient.id ? (
        <p className="print:hidden">
          <Link to={`/staff/patients/${view.patient.id}`} className="text-brand-700 underline">
            The patient&apos;s record
          </Link>
        </p>
      ) : null}
      <SubmissionDocument
        view={view}
        highlight
        actions={
          <a href={`/staff/forms/submissions/${view.id}/pdf`} className="btn-secondary">
            Download the PDF
          </a>
        }
      />
      {view.kind === "history" && !view.review ? (
        review.allowed ? (
          <ReviewForm proposals={proposals} record={record} refusal={refusal} busy={busy} />
        ) : (
          <p className="rounded-md border border-slate-300 bg-slate-50 p-3 text-slate-800">
            {review.reason ?? "Waiting for a review."}
          </p>
        )
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
