import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FormCard } from "~/components/form-kit";
import { CallClinic, CancelForm, Outcome, VisitSummary } from "~/components/visit-actions";
import { cancelByLink, limitLinkAction, visitByLink } from "~/models/self-service.server";
import { linkActionAnswer, linkActionFailure, visitPageData } from "~/utils/visit-pages.server";
import { tokenPageHeaders } from "~/utils/page-headers.server";

export async function loader({ params, request }: LoaderFunctionArgs) {
  return visitPageData(await visitByLink(params.token), request);
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const limited = await limitLinkAction("visit-cancel", context.clientIp);
  if (limited) return linkActionAnswer(limited);
  try {
    const form = await request.formData();
    return linkActionAnswer(await cancelByLink(params.token, form.get("reason")));
  } catch (error) {
    return linkActionFailure("Cancelling an appointment from a link", error);
  }
}

// The address is a key: nothing may keep this page.
export const headers = tokenPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Cancel your appointment | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function CancelVisit() {
  const { visit, refusal, clock, phone, cutoff } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <FormCard title="Cancel your appointment">
      {answer?.done ? (
        <Outcome message={answer.done} answered />
      ) : visit ? (
        <>
          <VisitSummary visit={visit} clock={clock} />
          {visit.changeable ? (
            <CancelForm error={answer?.error} />
          ) : (
            <CallClinic message={cutoff} phone={phone} />
          )}
        </>
      ) : (
        <Outcome message={refusal ?? ""} />
      )}
    </FormCard>
  );
}
