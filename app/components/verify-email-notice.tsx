import { Form, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { FormCard } from "./form-kit";
import { FormError } from "./form-error";

/** Posts to /verify-email, which mails a new link and comes back to `redirectTo`. */
export function ResendVerificationForm({ redirectTo }: { redirectTo: string }) {
  const navigation = useNavigation();
  const actionData = useActionData<{ error?: string | null }>();
  const sending = navigation.state === "submitting" && navigation.formAction === "/verify-email";
  return (
    <Form method="post" action="/verify-email" className="mt-6">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className="btn-primary w-full" disabled={sending}>
        {sending ? "Sending..." : "Send me a new link"}
      </button>
      <FormError message={actionData?.error} />
    </Form>
  );
}

/**
 * What a page that needs a verified address (booking, reviews, services) shows instead of
 * its form while the address is unverified: why, and a way to get a new link, which comes
 * back to `redirectTo` (by default this very page, its query included: the chosen service).
 */
export function VerifyEmailNotice({
  title,
  message,
  redirectTo,
}: {
  title: string;
  message: string;
  redirectTo?: string;
}) {
  const location = useLocation();
  redirectTo ??= location.pathname + location.search;
  return (
    <FormCard title={title}>
      <p role="status" className="text-slate-800" data-testid="verify-email-notice">
        {message}
      </p>
      <ResendVerificationForm redirectTo={redirectTo} />
    </FormCard>
  );
}
