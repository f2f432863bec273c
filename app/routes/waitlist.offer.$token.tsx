import {
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  type ActionFunctionArgs,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormCard } from "~/components/form-kit";
import { FormError } from "~/components/form-error";
import { Outcome, VisitSummary } from "~/components/visit-actions";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { acceptOffer, declineOffer, offerByLink } from "~/models/waitlist/waitlist.server";
import { formatInstant } from "~/utils/clinic-format";
import { invalid } from "~/utils/result";
import { tokenPageHeaders } from "~/http/form-action.server";
import { linkAction } from "~/http/visit-pages.server";

/** Opening the link changes nothing (mail scanners open links): the buttons act. */
export async function loader({ params }: LoaderFunctionArgs) {
  const [found, settings] = await Promise.all([offerByLink(params.token), getClinicSettings()]);
  const clock = { timeZone: settings.timeZone, locale: settings.locale };
  if (!found.ok) return data({ clock, offer: null, refusal: found.message }, found.status);
  return { clock, offer: found.offer, refusal: null };
}

export const action = (args: ActionFunctionArgs) =>
  linkAction(args, "Answering a waiting-list offer", async ({ params, context, form }) => {
    if (form.intent === "accept") return acceptOffer(params.token, context);
    if (form.intent === "decline") return declineOffer(params.token, context);
    return invalid("Please choose whether to accept or decline the time.");
  });

// The address is a key: nothing may keep this page.
export const headers = tokenPageHeaders;

export const meta: MetaFunction = () => [
  { title: "A time has come free | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function WaitlistOffer() {
  const { clock, offer, refusal } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const intent = navigation.formData?.get("intent");
  return (
    <FormCard title="A time has come free">
      {answer?.done ? (
        <div className="space-y-4">
          <Outcome message={answer.done} />
          <p>
            <Link to="/user/appointments" className="text-brand-700 underline">
              Open My appointments
            </Link>
          </p>
        </div>
      ) : offer ? (
        <>
          <VisitSummary visit={{ ...offer, changeable: true }} clock={clock} />
          <p className="mt-4 text-sm text-slate-700">
            The first patient to accept gets this time. The offer stands until{" "}
            {formatInstant(new Date(offer.expiresAt), clock)}.
          </p>
          <Form method="post" className="mt-6 space-y-4">
            <FormError message={answer?.error} />
            <div className="flex flex-wrap gap-3">
              <button
                type="submit"
                name="intent"
                value="accept"
                className="btn-primary"
                disabled={busy}
              >
                {busy && intent === "accept" ? "Booking..." : "Accept this time"}
              </button>
              <button
                type="submit"
                name="intent"
                value="decline"
                className="btn-secondary"
                disabled={busy}
              >
                {busy && intent === "decline" ? "Declining..." : "Decline"}
              </button>
            </div>
          </Form>
        </>
      ) : (
        <Outcome message={refusal ?? ""} />
      )}
    </FormCard>
  );
}
