import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormCard } from "~/components/form-kit";
import { FormError } from "~/components/form-error";
import { Outcome, VisitSummary } from "~/components/visit-actions";
import { confirmByLink, visitByLink } from "~/models/self-service/changes.server";
import { tokenPageHeaders } from "~/http/form-action.server";
import { linkAction, visitPageData } from "~/http/visit-pages.server";

/** Opening the link changes nothing (mail scanners open links): the button confirms. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  return visitPageData(await visitByLink(params.token), request);
}

export const action = (args: ActionFunctionArgs) =>
  linkAction(args, "Confirming an appointment from a link", async ({ params, context }) =>
    confirmByLink(params.token, context),
  );

// The address is a key: nothing may keep this page.
export const headers = tokenPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Confirm your appointment | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function ConfirmVisit() {
  const { visit, refusal, clock } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <FormCard title="Confirm your appointment">
      {answer?.done ? (
        <Outcome message={answer.done} answered />
      ) : visit ? (
        <>
          <VisitSummary visit={visit} clock={clock} />
          <Form method="post" className="mt-6 space-y-4">
            <FormError message={answer?.error} />
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? "Confirming..." : "Confirm my appointment"}
            </button>
          </Form>
        </>
      ) : (
        <Outcome message={refusal ?? ""} />
      )}
    </FormCard>
  );
}
