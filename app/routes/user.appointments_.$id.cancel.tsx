import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormCard } from "~/components/form-kit";
import { CallClinic, CancelForm, Outcome, VisitSummary } from "~/components/visit-actions";
import { cancelOwnVisit, ownVisit } from "~/models/self-service/changes.server";
import { requirePageUser } from "~/http/auth.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { linkRefusal, visitPageData } from "~/http/visit-pages.server";
import { redirectWithToast } from "~/http/toast.server";

const BACK = "/user/appointments";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  return visitPageData(await ownVisit(params.id ?? "", user.id), request);
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "signed in",
    returnTo: BACK,
    task: "Cancelling an appointment",
    refusal: linkRefusal,
    handler: async ({ params, form, user }) => {
      const result = await cancelOwnVisit(params.id ?? "", user.id, form.reason);
      if (!result.ok) return result;
      return redirectWithToast(BACK, { type: "success", message: result.message });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [{ title: "Cancel an appointment | Dental Clinic" }];

export default function CancelOwnVisit() {
  const { visit, refusal, clock, phone, cutoff } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <FormCard title="Cancel your appointment">
      {visit ? (
        <>
          <VisitSummary visit={visit} clock={clock} />
          {visit.changeable ? (
            <CancelForm error={answer?.error} />
          ) : (
            <CallClinic message={cutoff} phone={phone} />
          )}
          <p className="mt-6">
            <Link to={BACK} className="text-brand-700 underline">
              Back to My appointments
            </Link>
          </p>
        </>
      ) : (
        <Outcome message={refusal ?? ""} />
      )}
    </FormCard>
  );
}
