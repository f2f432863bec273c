import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormCard } from "~/components/form-kit";
import { FormError } from "~/components/form-error";
import { Outcome, VisitSummary } from "~/components/visit-actions";
import { confirmByLink, limitLinkAction, visitByLink } from "~/models/self-service.server";
import { linkActionAnswer, linkActionFailure, visitPageData } from "~/utils/visit-pages.server";
import { tokenPageHeaders } from "~/utils/page-headers.server";

/** Opening the link changes nothing (mail scanners open links): the button confirms. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  return visitPageData(await visitByLink(params.token), request);
}

export async function action({ params, context }: ActionFunctionArgs) {
  const limited = await limitLinkAction("visit-confirm", context.clientIp);
  if (limited) return linkActionAnswer(limited);
  try {
    return linkActionAnswer(await confirmByLink(params.token));
  } catch (error) {
    return linkActionFailure("Confirming an appointment from a link", error);
  }
}

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
