import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FormCard } from "~/components/form-kit";
import { CallClinic, Outcome, RescheduleForm, VisitSummary } from "~/components/visit-actions";
import { WaitlistLink } from "~/components/waitlist-link";
import { limitLinkAction, rescheduleByLink, visitByLink } from "~/models/self-service.server";
import { linkActionAnswer, linkActionFailure, visitPageData } from "~/utils/visit-pages.server";
import { tokenPageHeaders } from "~/utils/page-headers.server";

export async function loader({ params, request }: LoaderFunctionArgs) {
  return visitPageData(await visitByLink(params.token), request, { times: true });
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const limited = await limitLinkAction("visit-reschedule", context.clientIp);
  if (limited) return linkActionAnswer(limited);
  try {
    const form = await request.formData();
    return linkActionAnswer(
      await rescheduleByLink(params.token, { date: form.get("date"), time: form.get("time") }),
    );
  } catch (error) {
    return linkActionFailure("Rescheduling an appointment from a link", error);
  }
}

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
