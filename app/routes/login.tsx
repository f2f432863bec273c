import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CheckedForm, FormCard, TextField, useCheckedForm } from "~/components/form-kit";
import { GoogleButton } from "~/components/google-button";
import { PasswordInput } from "~/components/password-input";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { ACCOUNT_RESULTS, loginUser } from "~/models/accounts/user.server";
import { getUser, signIn } from "~/http/auth.server";
import { knownAccounts, rememberSignIn } from "~/http/device.server";
import { combineHeaders } from "~/http/http.server";
import { takeDraft } from "~/http/form-draft.server";
import { isGoogleEnabled } from "~/http/google.server";
import { landingAfterSignIn } from "~/http/roles.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/http/toast.server";
import { LOGIN_FIELDS } from "~/validation/form-fields";

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  const user = await getUser(request);
  if (user) throw redirect(landingAfterSignIn(user, redirectTo));
  // Just registered: the address they registered with (form-draft.server).
  const { draft, headers } = await takeDraft(request, "/login");
  return data(
    { redirectTo, googleEnabled: isGoogleEnabled(), email: draft?.email ?? "" },
    { headers: headers ?? undefined },
  );
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "anyone",
    keep: ["email"],
    task: "Login",
    unexpectedMessage: ACCOUNT_RESULTS.somethingWentWrong,
    handler: async ({ request, context, form }) => {
      const result = await loginUser(form, {
        clientIp: context.clientIp,
        knownAccounts: await knownAccounts(request),
      });
      if (!result.ok) return result;
      const { setCookie } = await signIn(request, result.user.id, context);
      return redirectWithToast(
        landingAfterSignIn(result.user, safeRedirect(form.redirectTo)),
        { type: "success", message: result.message },
        {
          headers: combineHeaders(
            { "set-cookie": setCookie },
            { "set-cookie": await rememberSignIn(request, result.user.email) },
          ),
        },
      );
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Login | Dental Clinic" },
  { name: "description", content: "Sign in to manage your profile and book appointments." },
];

export default function Login() {
  const { redirectTo, googleEnabled, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const form = useCheckedForm(
    () => import("~/validation/account").then((m) => m.loginSchema),
    LOGIN_FIELDS,
  );
  const registerPath =
    redirectTo === "/" ? "/register" : `/register?redirectTo=${encodeURIComponent(redirectTo)}`;

  return (
    <FormCard title="Login" privacy>
      <CheckedForm form={form} className="space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          name="email"
          need="required"
          label="Email"
          type="email"
          autoComplete="email"
          defaultValue={actionData?.values.email ?? email}
        />
        <PasswordInput
          id="field-password"
          name="password"
          label="Password"
          autoComplete="current-password"
        />
        <div className="text-right text-sm">
          <Link to="/forgot-password" className="text-brand-700 underline">
            Forgot Password?
          </Link>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={form.submitting}>
          {form.submitting ? "Logging in..." : "Login"}
        </button>
      </CheckedForm>
      <div className="my-4 text-center text-sm text-slate-600">or</div>
      <GoogleButton enabled={googleEnabled} redirectTo={redirectTo} />
      <p className="mt-6 text-center text-sm text-slate-700">
        New here?{" "}
        <Link to={registerPath} className="font-semibold text-brand-700 underline">
          Signup
        </Link>
      </p>
    </FormCard>
  );
}
