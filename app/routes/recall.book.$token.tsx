import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FormCard } from "~/components/form-kit";
import { recallBookingChoice, RECALL_LINK_MESSAGES } from "~/models/recall/invitations.server";
import { tokenPageHeaders } from "~/http/form-action.server";
import { PRIVATE_NO_STORE } from "~/http/page-headers.server";

/**
 * The book link of a recall invitation: the booking form with the recall's service and the
 * patient's usual dentist chosen, and the token that counts the booking as the invitation's
 * (docs/decisions/035-recall.md). Opening it changes nothing.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const choice = await recallBookingChoice(params.token);
  if (!choice) {
    return data(
      { message: RECALL_LINK_MESSAGES.wrongLink },
      { status: 404, headers: { "cache-control": PRIVATE_NO_STORE } },
    );
  }
  const query = new URLSearchParams({
    ...(choice.service ? { service: choice.service } : {}),
    ...(choice.dentist ? { dentist: choice.dentist } : {}),
    patient: choice.patient,
    recall: choice.recall,
  });
  return redirect(`/make-appointment?${query}`, { headers: { "cache-control": PRIVATE_NO_STORE } });
}

// The address is a key: nothing may keep this page.
export const headers = tokenPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Book your visit | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function RecallBookLink() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <FormCard title="Book your visit">
      <p className="text-slate-800">{message}</p>
      <Link to="/make-appointment" className="btn-primary mt-6 inline-block">
        Book an appointment
      </Link>
    </FormCard>
  );
}
