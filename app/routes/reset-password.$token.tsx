import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormCard } from "~/components/form-kit";
import { NewPasswordForm } from "~/components/new-password-form";
import {
  applyPasswordReset,
  checkResetLink,
  RESET_MESSAGES,
} from "~/models/accounts/password-reset.server";
import { ACCOUNT_RESULTS } from "~/models/accounts/user.server";
import { formAction, tokenPageHeaders } from "~/http/form-action.server";
import { redirectWithToast } from "~/http/toast.server";

const STATUS_CODE = { valid: 200, invalid: 404, expired: 410, used: 410 } as const;

/** Opening the link changes nothing (mail scanners open links): it shows the form. */
export async function loader({ params }: LoaderFunctionArgs) {
  const status = await checkResetLink(params.token ?? "");
  const linkProblem = status === "valid" ? null : RESET_MESSAGES[status];
  return data({ linkProblem }, { status: STATUS_CODE[status] });
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "anyone",
    task: "Applying a password reset",
    unexpectedMessage: ACCOUNT_RESULTS.somethingWentWrong,
    // A link that stopped working shows why instead of the form; a bad password, the form.
    refusal: (failure) => {
      const linkProblem = failure.status === 404 || failure.status === 410 ? failure.message : null;
      return {
        error: linkProblem ? null : failure.message,
        field: failure.field ?? null,
        linkProblem,
      };
    },
    handler: async ({ params, form, context }) => {
      const result = await applyPasswordReset(params.token ?? "", form, {
        clientIp: context.clientIp,
      });
      if (!result.ok) return result;
      return redirectWithToast("/login", { type: "success", message: result.message });
    },
  });

// The address is a key: nothing may keep this page.
export const headers = tokenPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Choose a new password | Dental Clinic" },
  { name: "description", content: "Choose the new password of your account." },
  { name: "robots", content: "noindex" },
];

export default function ResetPasswordLink() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const linkProblem =
    (actionData && "linkProblem" in actionData ? actionData.linkProblem : null) ??
    loaderData.linkProblem;

  if (linkProblem) {
    return (
      <FormCard title="This link cannot be used">
        <p role="alert" className="text-slate-800">
          {linkProblem}
        </p>
        <Link to="/forgot-password" className="btn-primary mt-6 w-full">
          Ask for a new link
        </Link>
      </FormCard>
    );
  }
  return (
    <FormCard title="Choose a new password">
      <p className="mb-4 text-sm text-slate-700">
        Type your new password twice. You will then be signed out everywhere and can login with it.
      </p>
      <NewPasswordForm submitLabel="Set new password" />
    </FormCard>
  );
}
