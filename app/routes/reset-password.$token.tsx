import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormCard } from "~/components/form-kit";
import { applyPasswordReset, checkResetLink, RESET_MESSAGES } from "~/models/password-reset.server";
import { ACCOUNT_RESULTS } from "~/models/user.server";
import { retryAfterHeaders, unexpectedError } from "~/utils/result";
import { redirectWithToast } from "~/utils/toast.server";

const STATUS_CODE = { valid: 200, invalid: 404, expired: 410, used: 410 } as const;

export async function loader({ params }: LoaderFunctionArgs) {
  const status = await checkResetLink(params.token ?? "");
  const message = status === "valid" ? null : RESET_MESSAGES[status];
  return data({ message }, { status: STATUS_CODE[status] });
}

/**
 * The change happens on a button press, not on opening the link: mail scanners open
 * links by themselves, and must not confirm a change the owner never asked for.
 */
export async function action({ params }: ActionFunctionArgs) {
  try {
    const result = await applyPasswordReset(params.token ?? "");
    if (!result.ok) return data({ message: result.message }, { status: result.status });
    return redirectWithToast("/login", { type: "success", message: result.message });
  } catch (error) {
    const failure = unexpectedError(
      "Applying a password reset",
      error,
      ACCOUNT_RESULTS.somethingWentWrong,
    );
    return data(
      { message: failure.message },
      { status: failure.status, headers: retryAfterHeaders(failure) },
    );
  }
}

export const meta: MetaFunction = () => [
  { title: "Confirm your new password | Dental Clinic" },
  { name: "description", content: "Confirm the new password you asked for." },
  { name: "robots", content: "noindex" },
];

export default function ResetPasswordLink() {
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
        <Link to="/forgot-password" className="btn-primary mt-6 w-full">
          Ask for a new link
        </Link>
      </FormCard>
    );
  }
  return (
    <FormCard title="Confirm your new password">
      <p className="text-slate-700">
        You asked to change your password. Confirm it here; you will then be signed out everywhere
        and can login with the new password.
      </p>
      <Form method="post" className="mt-6">
        <button type="submit" className="btn-primary w-full" disabled={navigation.state !== "idle"}>
          Confirm new password
        </button>
      </Form>
    </FormCard>
  );
}
