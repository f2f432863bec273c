import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { CheckedForm, FormCard, TextField, useCheckedForm } from "~/components/form-kit";
import { PasswordInput } from "~/components/password-input";
import { requestPasswordReset } from "~/models/accounts/password-reset.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { ACCOUNT_RESULTS } from "~/models/accounts/user.server";
import { redirectWithToast } from "~/http/toast.server";
import { RESET_FIELDS } from "~/validation/form-fields";

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "anyone",
    keep: ["email"],
    task: "Password reset request",
    unexpectedMessage: ACCOUNT_RESULTS.somethingWentWrong,
    handler: async ({ context, form }) => {
      const result = await requestPasswordReset(form, { clientIp: context.clientIp });
      if (!result.ok) return result;
      return redirectWithToast("/login", { type: "success", message: result.message });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Reset password | Dental Clinic" },
  { name: "description", content: "Reset your password through a link we e-mail you." },
];

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const form = useCheckedForm(
    () => import("~/validation/account").then((m) => m.resetRequestSchema),
    RESET_FIELDS,
  );

  return (
    <FormCard title="Reset password" privacy>
      <p className="mb-4 text-sm text-slate-700">
        Enter your email and we will e-mail you a link (it works once, within one hour). You choose
        your new password on the page it opens: what you type under New password here is only
        checked, never used, so that nobody but you can choose it.
      </p>
      <CheckedForm form={form} className="space-y-4">
        <TextField
          name="email"
          need="required"
          label="Email"
          type="email"
          autoComplete="email"
          defaultValue={actionData?.values.email}
        />
        <PasswordInput
          id="field-newPassword"
          name="newPassword"
          label="New password"
          autoComplete="new-password"
        />
        <button type="submit" className="btn-primary w-full" disabled={form.submitting}>
          {form.submitting ? "Sending..." : "RESET"}
        </button>
      </CheckedForm>
      <p className="mt-6 text-center text-sm text-slate-700">
        Remembered it?{" "}
        <Link to="/login" className="font-semibold text-brand-700 underline">
          Login
        </Link>
      </p>
    </FormCard>
  );
}
