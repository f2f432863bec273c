import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FormCard } from "~/components/form-kit";
import { CallClinic, CancelForm, Outcome, VisitSummary } from "~/components/visit-actions";
import { cancelByLink, visitByLink } from "~/models/self-service/changes.server";
import { tokenPageHeaders } from "~/http/form-action.server";
import { linkAction, visitPageData } from "~/http/visit-pages.server";

export async function loader({ params, request }: LoaderFunctionArgs) {
  return visitPageData(await visitByLink(params.token), request);
}

export const action = (args: ActionFunctionArgs) =>
  linkAction(args, "Cancelling an appointment from a link", async ({ params, context, form }) =>
    cancelByLink(params.token, form.reason, context),
  );

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
