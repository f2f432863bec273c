import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { ColumnHeadings, StaffScreenHeader } from "~/components/staff-kit";
import { requireStaffPage, staffActor } from "~/http/roles.server";
import { reviewQueue } from "~/models/forms/review.server";
import type { StaffHandle } from "~/models/permissions";

export const handle: StaffHandle = { permission: "forms.review" };

/**
 * The medical histories waiting for a review (ADR 050): a dentist's own patients', an
 * administrator's everyone's, the oldest first. Names and dates only; the answers are one
 * click (and one audited read) away.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaffPage(request, handle.permission);
  return { histories: await reviewQueue(staffActor(user)) };
}

export const meta: MetaFunction = () => [
  { title: "Histories to review | Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function HistoriesToReview() {
  const { histories } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <StaffScreenHeader title="Histories to review">
        Medical histories patients signed that no dentist has reviewed yet. Reviewing one shows what
        changed since the last, and turns the alerts you accept into the record&apos;s.
      </StaffScreenHeader>
      {histories.length === 0 ? (
        <p className="text-slate-800" data-testid="no-histories">
          Nothing to review.
        </p>
      ) : (
        <div
          className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
          role="region"
          aria-label="Histories to review"
          // Scrolled sideways on a phone: reachable by the keyboard.
          tabIndex={0}
        >
          <table className="w-full text-left text-sm">
            <ColumnHeadings
              className="bg-slate-50"
              cellClassName="p-2"
              columns={["Patient", "Form", "Signed", "Where"]}
            />
            <tbody className="divide-y divide-slate-200">
              {histories.map((history) => (
                <tr key={history.id} data-testid="history-to-review">
                  <td className="p-2 font-semibold">
                    <Link
                      to={`/staff/forms/submissions/${history.id}`}
                      className="text-brand-700 underline"
                      aria-label={`Review the medical history of ${history.patient}`}
                    >
                      {history.patient}
                    </Link>
                  </td>
                  <td className="p-2">{history.title}</td>
                  <td className="p-2">{history.signedAt}</td>
                  <td className="p-2">{history.channel === "desk" ? "At the desk" : "Online"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
