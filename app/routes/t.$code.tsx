import { data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FormCard } from "~/components/form-kit";
import { Outcome } from "~/components/visit-actions";
import { tokenPageHeaders } from "~/http/form-action.server";
import { SELF_SERVICE_MESSAGES } from "~/models/self-service/changes.server";
import { tokenOfTextLink } from "~/models/sms/short-link.server";

/** A text's short link: on to the visit's confirm page, or the mail link's refusal. */
export async function loader({ params }: LoaderFunctionArgs) {
  const token = await tokenOfTextLink(params.code);
  if (token)
    throw redirect(`/visit/${token}/confirm`, { headers: { "Cache-Control": "no-store" } });
  return data({ refusal: SELF_SERVICE_MESSAGES.invalidLink }, { status: 404 });
}

// The address is a key: nothing may keep this page.
export const headers = tokenPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Your appointment | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function TextLink() {
  const { refusal } = useLoaderData<typeof loader>();
  return (
    <FormCard title="Your appointment">
      <Outcome message={refusal} />
    </FormCard>
  );
}
