import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FormCard } from "~/components/form-kit";
import { CallClinic, Outcome, RescheduleForm, VisitSummary } from "~/components/visit-actions";
import { WaitlistLink } from "~/components/waitlist-link";
import { rescheduleByLink, visitByLink } from "~/models/self-service/changes.server";
import { tokenPageHeaders } from "~/http/form-action.server";
import { linkAction, visitPageData } from "~/http/visit-pages.server";

export async function loader({ params, request }: LoaderFunctionArgs) {
  return visitPageData(await visitByLink(params.token), request, { times: true });
}

export const action = (args: ActionFunctionArgs) =>
  linkAction(args, "Rescheduling an appointment from a link", async ({ params, context, form }) =>
    rescheduleByLink(params.token, { date: form.date, time: form.time }, context),
  );

// The address is a key: nothing may keep this page.
export const headers = tokenPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Reschedule your appointment | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function RescheduleVisit() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { visit, clock } = data;
  return (
    <FormCard title="Reschedule your appointment">
      {answer?.done ? (
        <Outcome message={answer.done} answered />
      ) : visit ? (
        <>
          <VisitSummary visit={visit} clock={clock} />
          {visit.changeable ? (
            <RescheduleForm
              date={data.date}
              minDate={data.today}
              choice={data.choice}
              error={answer?.error ?? ("dateError" in data ? data.dateError : null)}
            />
          ) : (
            <CallClinic message={data.cutoff} phone={data.phone} />
          )}
          {visit.changeable ? <WaitlistLink service={visit.serviceId} /> : null}
        </>
      ) : (
        <Outcome message={data.refusal ?? ""} />
      )}
    </FormCard>
  );
}
