import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FormCard } from "~/components/form-kit";
import { ResendVerificationForm } from "~/components/verify-email-notice";
import {
  isEmailVerified,
  resendVerification,
  VERIFY_MESSAGES,
} from "~/models/accounts/email-verification.server";
import { requirePageUser } from "~/http/auth.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/http/toast.server";

const PATH = "/verify-email";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  return {
    email: user.email,
    verified: isEmailVerified(user),
    required: VERIFY_MESSAGES.required,
  };
}

/** 'Send me a new link', from this page or from a page that needs a verified address. */
export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "signed in",
    task: "Sending a verification link",
    handler: async ({ context, form, user }) => {
      const result = await resendVerification(user, {
        clientIp: context.clientIp,
        returnTo: form.redirectTo,
      });
      if (!result.ok) return result;
      return redirectWithToast(safeRedirect(form.redirectTo, PATH), {
        type: "success",
        message: result.message,
      });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Verify your e-mail address | Dental Clinic" },
  { name: "description", content: "Verify your e-mail address to book appointments." },
];

export default function VerifyEmail() {
  const { email, verified, required } = useLoaderData<typeof loader>();
  return (
    <FormCard title="Verify your e-mail address">
      {verified ? (
        <p className="text-slate-700">
          Your e-mail address <strong>{email}</strong> is verified.
        </p>
      ) : (
        <>
          <p className="text-slate-700">{required}</p>
          <p className="mt-2 text-sm text-slate-700">
            We send the link to <strong>{email}</strong>.
          </p>
          <ResendVerificationForm redirectTo={PATH} />
        </>
      )}
    </FormCard>
  );
}
