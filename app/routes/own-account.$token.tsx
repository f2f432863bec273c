import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormCard } from "~/components/form-kit";
import { NewPasswordForm } from "~/components/new-password-form";
import {
  applyEmailVerification,
  checkVerificationLink,
  VERIFY_MESSAGES,
} from "~/models/accounts/email-verification.server";
import { ACCOUNT_RESULTS } from "~/models/accounts/user.server";
import { formAction, tokenPageHeaders } from "~/http/form-action.server";
import { loginPathFor } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/http/toast.server";

const STATUS_CODE = { valid: 200, invalid: 404, expired: 410, used: 410 } as const;
/** Where the young person decides what their family may still see, once signed in. */
const FAMILY = "/user/family";

/**
 * The link a family member gets for an account of their own (docs/decisions/049-families.md):
 * the e-mail verification's one-time claim link, with this page's words. Opening it changes
 * nothing; the password typed twice sets it, verifies the address and ends the record's
 * sessions.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const { status, claim } = await checkVerificationLink(params.token ?? "");
  const usable = status === "valid" && claim;
  const message = usable ? null : VERIFY_MESSAGES[status === "valid" ? "invalid" : status];
  return data(
    { message },
    { status: usable ? 200 : STATUS_CODE[status === "valid" ? "invalid" : status] },
  );
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "anyone",
    task: "Setting up an account of one's own",
    unexpectedMessage: ACCOUNT_RESULTS.somethingWentWrong,
    refusal: (failure) => {
      const instead = failure.status === 404 || failure.status === 410 || failure.status >= 500;
      return {
        message: instead ? failure.message : null,
        error: instead ? null : failure.message,
        field: instead ? null : (failure.field ?? null),
      };
    },
    handler: async ({ params, form, context }) => {
      const result = await applyEmailVerification(params.token ?? "", form, {
        clientIp: context.clientIp,
      });
      if (!result.ok) return result;
      return redirectWithToast(loginPathFor(FAMILY), { type: "success", message: result.message });
    },
  });

// The address is a key: nothing may keep this page.
export const headers = tokenPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Your own account | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function OwnAccountLink() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const message = actionData?.message ?? loaderData.message;
  if (message) {
    return (
      <FormCard title="This link cannot be used">
        <p role="alert" className="text-slate-800">
          {message}
        </p>
        <Link to="/login" className="btn-primary mt-6 w-full">
          Login
        </Link>
      </FormCard>
    );
  }
  return (
    <FormCard title="Your own account">
      <p className="mb-4 text-sm text-slate-700">
        Until now your family looked after your visits at the clinic. Choose your password (twice)
        to have an account of your own: your e-mail about your visits comes to you, and after you
        login you decide what your family may still see and do for you.
      </p>
      <NewPasswordForm submitLabel="Set my password" next={FAMILY} />
    </FormCard>
  );
}
