import { Form } from "@remix-run/react";
import { useCheckedForm } from "~/components/form-kit";
import { FormError } from "~/components/form-error";
import { PasswordInput } from "~/components/password-input";
import { NEW_PASSWORD_FIELDS } from "~/validation/form-fields";

/**
 * The password a mailed link's page asks its owner to type twice (a reset link, a link
 * that claims a record the clinic made): checked before sending with JavaScript, by the
 * server's answer without.
 */
export function NewPasswordForm({
  submitLabel,
  next,
}: {
  submitLabel: string;
  /** Where the page's owner goes afterwards, posted back with the form. */
  next?: string | null;
}) {
  const { error, onFocus, onSubmit, submitting } = useCheckedForm(
    () => import("~/validation/account").then((m) => m.newPasswordSchema),
    NEW_PASSWORD_FIELDS,
  );
  return (
    <Form method="post" noValidate onFocus={onFocus} onSubmit={onSubmit} className="space-y-4">
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <PasswordInput
        id="field-password"
        name="password"
        label="New password"
        autoComplete="new-password"
      />
      <PasswordInput
        id="field-confirmPassword"
        name="confirmPassword"
        label="Repeat the new password"
        autoComplete="new-password"
      />
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        {submitting ? "Saving..." : submitLabel}
      </button>
      <FormError message={error} />
    </Form>
  );
}
