import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormCard } from "~/components/form-kit";
import {
  applyEmailVerification,
  checkVerificationLink,
  returnPathOf,
  VERIFY_MESSAGES,
} from "~/models/email-verification.server";
import { ACCOUNT_RESULTS } from "~/models/user.server";
import { getUser } from "~/utils/auth.server";
import { formAction, formPageHeaders } from "~/utils/form-action.server";
import { loginPathFor } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";

const STATUS_CODE = { valid: 200, invalid: 404, expired: 410, used: 410 } as const;

/** Opening the link changes nothing (mail scanners open links): the button verifies. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const { status, claimName } = await checkVerificationLink(params.token ?? "");
  const message = status === "valid" ? null : VERIFY_MESSAGES[status];
  // Where the patient was when the link was sent (the button posts it back).
  const next = returnPathOf(new URL(request.url).searchParams.get("next"));
  return data({ message, claimName, next }, { status: STATUS_CODE[status] });
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "anyone",
    task: "Verifying an e-mail address",
    unexpectedMessage: ACCOUNT_RESULTS.somethingWentWrong,
    refusal: (failure) => ({ message: failure.message }),
    handler: async ({ params, request, form }) => {
      const result = await applyEmailVerification(params.token ?? "");
      if (!result.ok) return result;
      // Back to where the patient was; read after the change: a claim ends every session,
      // so its browser goes through /login.
      const back = returnPathOf(form.next) ?? "/";
      const next = (await getUser(request)) ? back : loginPathFor(back);
      return redirectWithToast(next, { type: "success", message: result.message });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Verify your e-mail address | Dental Clinic" },
  { name: "description", content: "Confirm that this e-mail address is yours." },
  { name: "robots", content: "noindex" },
];

export default function VerifyEmailLink() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const message = actionData?.message ?? loaderData.message;

  if (message) {
    return (
      <FormCard title="This link cannot be used">
        <p role="alert" className="text-slate-800">
          {message}
        </p>
        <Link to="/verify-email" className="btn-primary mt-6 w-full">
          Ask for a new link
        </Link>
      </FormCard>
    );
  }
  return (
    <FormCard title="Verify your e-mail address">
      {loaderData.claimName ? (
        <p className="text-slate-700">
          Someone registered with this address as <strong>{loaderData.claimName}</strong>. Press the
          button only if that was you: it sets the name and password chosen at registration.
        </p>
      ) : (
        <p className="text-slate-700">
          Press the button to confirm that this e-mail address is yours. You can then book
          appointments, add reviews and add services.
        </p>
      )}
      <Form method="post" className="mt-6">
        {loaderData.next ? <input type="hidden" name="next" value={loaderData.next} /> : null}
        <button type="submit" className="btn-primary w-full" disabled={navigation.state !== "idle"}>
          Verify my e-mail address
        </button>
      </Form>
    </FormCard>
  );
}
