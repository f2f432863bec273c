import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormCard } from "~/components/form-kit";
import { CallClinic, Outcome, RescheduleForm, VisitSummary } from "~/components/visit-actions";
import { WaitlistLink } from "~/components/waitlist-link";
import { ownVisit, rescheduleOwnVisit } from "~/models/self-service/changes.server";
import { requirePageUser } from "~/http/auth.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { linkRefusal, visitPageData } from "~/http/visit-pages.server";
import { redirectWithToast } from "~/http/toast.server";

const BACK = "/user/appointments";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  return visitPageData(await ownVisit(params.id ?? "", user.id), request, { times: true });
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "signed in",
    returnTo: BACK,
    task: "Rescheduling an appointment",
    refusal: linkRefusal,
    handler: async ({ params, form, user }) => {
      const result = await rescheduleOwnVisit(params.id ?? "", user.id, {
        date: form.date,
        time: form.time,
      });
      if (!result.ok) return result;
      // Back to the visit itself, which says where it moved (its card, scrolled into view).
      return redirectWithToast(`${BACK}#visit-${encodeURIComponent(params.id ?? "")}`, {
        type: "success",
        message: result.message,
      });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [{ title: "Reschedule an appointment | Dental Clinic" }];

export default function RescheduleOwnVisit() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { visit, clock } = data;
  return (
    <FormCard title="Reschedule your appointment">
      {visit ? (
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
          <p className="mt-6">
            <Link to={BACK} className="text-brand-700 underline">
              Back to My appointments
            </Link>
          </p>
        </>
      ) : (
        <Outcome message={data.refusal ?? ""} />
      )}
    </FormCard>
  );
}
