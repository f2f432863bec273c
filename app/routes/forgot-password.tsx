import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { CheckedForm, FormCard, TextField, useCheckedForm } from "~/components/form-kit";
import { PasswordInput } from "~/components/password-input";
import { requestPasswordReset } from "~/models/password-reset.server";
import { formRefusal, unexpectedFailure } from "~/utils/form-action.server";
import { ACCOUNT_RESULTS } from "~/models/user.server";
import { redirectWithToast } from "~/utils/toast.server";
import { RESET_FIELDS, resetRequestSchema } from "~/validation/account";
import { formToObject } from "~/validation/form";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = formToObject(await request.formData());
  const values = { email: form.email ?? "" };
  try {
    const result = await requestPasswordReset(form, { clientIp: context.clientIp });
    if (!result.ok) {
      return formRefusal(result, values);
    }
    return redirectWithToast("/login", { type: "success", message: result.message });
  } catch (error) {
    return unexpectedFailure(
      "Password reset request",
      error,
      values,
      ACCOUNT_RESULTS.somethingWentWrong,
    );
  }
}

export const meta: MetaFunction = () => [
  { title: "Reset password | Dental Clinic" },
  { name: "description", content: "Choose a new password; we e-mail you a link to confirm it." },
];

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const form = useCheckedForm(resetRequestSchema, RESET_FIELDS);

  return (
    <FormCard title="Reset password" privacy>
      <p className="mb-4 text-sm text-slate-700">
        Enter your email and the new password you want. We will e-mail you a link: the new password
        takes effect when you open it (within one hour).
      </p>
      <CheckedForm form={form} className="space-y-4">
        <TextField
          name="email"
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
