import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormCard } from "~/components/form-kit";
import { NewPasswordForm } from "~/components/new-password-form";
import {
  applyEmailVerification,
  checkVerificationLink,
  returnPathOf,
  VERIFY_MESSAGES,
} from "~/models/accounts/email-verification.server";
import { ACCOUNT_RESULTS } from "~/models/accounts/user.server";
import { getUser } from "~/http/auth.server";
import { formAction, tokenPageHeaders } from "~/http/form-action.server";
import { loginPathFor } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/http/toast.server";

const STATUS_CODE = { valid: 200, invalid: 404, expired: 410, used: 410 } as const;

/**
 * Opening the link changes nothing (mail scanners open links): the button verifies. A link
 * that claims a record the clinic made asks for the password first, as a reset link does.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const { status, claim } = await checkVerificationLink(params.token ?? "");
  const message = status === "valid" ? null : VERIFY_MESSAGES[status];
  // Where the patient was when the link was sent (the form posts it back).
  const next = returnPathOf(new URL(request.url).searchParams.get("next"));
  return data({ message, claim, next }, { status: STATUS_CODE[status] });
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "anyone",
    task: "Verifying an e-mail address",
    unexpectedMessage: ACCOUNT_RESULTS.somethingWentWrong,
    // A link that stopped working (or a failure of ours) shows why instead of the form; a
    // bad password, the form.
    refusal: (failure) => {
      const instead = failure.status === 404 || failure.status === 410 || failure.status >= 500;
      return {
        message: instead ? failure.message : null,
        error: instead ? null : failure.message,
        field: instead ? null : (failure.field ?? null),
      };
    },
    handler: async ({ params, request, form, context }) => {
      const result = await applyEmailVerification(params.token ?? "", form, {
        clientIp: context.clientIp,
      });
      if (!result.ok) return result;
      // Back to where the patient was; read after the change: a claim ends every session,
      // so its browser goes through /login.
      const back = returnPathOf(form.next) ?? "/";
      const next = (await getUser(request)) ? back : loginPathFor(back);
      return redirectWithToast(next, { type: "success", message: result.message });
    },
  });

// The address is a key: nothing may keep this page.
export const headers = tokenPageHeaders;

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
  if (loaderData.claim) {
    return (
      <FormCard title="Choose your password">
        <p className="mb-4 text-sm text-slate-700">
          Someone registered at Dental Clinic with this address, for which the clinic keeps a
          patient record. If it was you, type the password you want twice: it is set, and your
          address verified, when you press the button. If it was not you, close this page.
        </p>
        <NewPasswordForm submitLabel="Set my password" next={loaderData.next} />
      </FormCard>
    );
  }
  return (
    <FormCard title="Verify your e-mail address">
      <p className="text-slate-700">
        Press the button to confirm that this e-mail address is yours. You can then book
        appointments, add reviews and add services.
      </p>
      <Form method="post" className="mt-6">
        {loaderData.next ? <input type="hidden" name="next" value={loaderData.next} /> : null}
        <button type="submit" className="btn-primary w-full" disabled={navigation.state !== "idle"}>
          Verify my e-mail address
        </button>
      </Form>
    </FormCard>
  );
}
