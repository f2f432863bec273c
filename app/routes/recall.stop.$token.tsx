import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormCard } from "~/components/form-kit";
import { FormError } from "~/components/form-error";
import { Outcome } from "~/components/visit-actions";
import { optOutState, setRecallOptOut } from "~/models/recall/invitations.server";
import { tokenPageHeaders } from "~/http/form-action.server";
import { PRIVATE_NO_STORE } from "~/http/page-headers.server";
import { linkAction } from "~/http/visit-pages.server";

/**
 * The opt-out link of a recall invitation. Opening it changes nothing (mail scanners open
 * links); the button stops every recall invitation to the patient, or starts them again.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const state = await optOutState(params.token);
  const headers = { "cache-control": PRIVATE_NO_STORE };
  if (!state.ok)
    return data({ refusal: state.message, state: null }, { status: state.status, headers });
  return data(
    { refusal: null, state: { firstName: state.firstName, optedOut: state.optedOut } },
    { headers },
  );
}

export const action = (args: ActionFunctionArgs) =>
  linkAction(args, "Changing recall invitations from a link", async ({ params, form, context }) =>
    setRecallOptOut(params.token, form.intent !== "resume", context),
  );

// The address is a key: nothing may keep this page.
export const headers = tokenPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Recall invitations | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function RecallStopLink() {
  const { refusal, state } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <FormCard title="Recall invitations">
      {answer?.done ? (
        <Outcome message={answer.done} />
      ) : state ? (
        <Form method="post" className="space-y-4">
          <p className="text-slate-800">
            {state.optedOut
              ? `${state.firstName}, you asked for no recall invitations. Would you like them again?`
              : `${state.firstName}, we write when a check-up or hygiene visit is due. Stop these invitations?`}
          </p>
          <input type="hidden" name="intent" value={state.optedOut ? "resume" : "stop"} />
          <FormError message={answer?.error} />
          <button type="submit" className="btn-primary" disabled={busy}>
            {state.optedOut ? "Send me recall invitations again" : "Stop recall invitations"}
          </button>
        </Form>
      ) : (
        <Outcome message={refusal ?? ""} />
      )}
    </FormCard>
  );
}
