import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CheckedForm, FormCard, TextField, useCheckedForm } from "~/components/form-kit";
import { GoogleButton } from "~/components/google-button";
import { ImageLinkField } from "~/components/image-link-field";
import { PasswordInput } from "~/components/password-input";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { ACCOUNT_RESULTS, registerUser } from "~/models/accounts/user.server";
import { getUser } from "~/http/auth.server";
import { DEFAULT_AVATAR, withChosenAvatar } from "~/data/avatars";
import { landingAfterSignIn } from "~/http/roles.server";
import { draftHeaders } from "~/http/form-draft.server";
import { isGoogleEnabled } from "~/http/google.server";
import { loginPathFor, safeRedirect } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/http/toast.server";
import { REGISTER_FIELDS, REGISTER_PRESETS } from "~/validation/form-fields";

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  const user = await getUser(request);
  if (user) throw redirect(landingAfterSignIn(user, redirectTo));
  return { redirectTo, googleEnabled: isGoogleEnabled() };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "anyone",
    keep: ["name", "email", "userImage"],
    prepare: (form) => withChosenAvatar(form, "userImage"),
    task: "Registration",
    unexpectedMessage: ACCOUNT_RESULTS.somethingWentWrong,
    handler: async ({ request, context, form }) => {
      const result = await registerUser(form, {
        clientIp: context.clientIp,
        returnTo: safeRedirect(form.redirectTo),
      });
      if (!result.ok) return result;
      // The spec sends a new patient to the login page; it still knows where they were going,
      // and has their address filled in (kept in a cookie: an address in the URL is logged).
      return redirectWithToast(
        loginPathFor(safeRedirect(form.redirectTo)),
        { type: "success", message: result.message },
        { headers: await draftHeaders(request, "/login", { email: result.email }, ["email"]) },
      );
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Register | Dental Clinic" },
  { name: "description", content: "Create a patient account to book appointments online." },
];

export default function Register() {
  const { redirectTo, googleEnabled } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const form = useCheckedForm(
    () => import("~/validation/account").then((m) => m.registerSchema),
    REGISTER_FIELDS,
    REGISTER_PRESETS,
  );

  return (
    <FormCard title="Register" privacy>
      <CheckedForm form={form} className="space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          name="name"
          need="required"
          label="Name"
          autoComplete="name"
          defaultValue={actionData?.values.name}
        />
        <TextField
          name="email"
          need="required"
          label="Email"
          type="email"
          autoComplete="email"
          defaultValue={actionData?.values.email}
        />
        <PasswordInput
          id="field-password"
          name="password"
          label="Password"
          autoComplete="new-password"
        />
        <ImageLinkField
          name="userImage"
          need="required"
          label="Image URL"
          // One of the site's pictures is chosen to start with, so the image is never the
          // first thing a new patient is asked for.
          defaultValue={actionData?.values.userImage ?? DEFAULT_AVATAR}
        />
        <button type="submit" className="btn-primary w-full" disabled={form.submitting}>
          {form.submitting ? "Signing up..." : "Sign up"}
        </button>
      </CheckedForm>
      <div className="my-4 text-center text-sm text-slate-600">or</div>
      <GoogleButton enabled={googleEnabled} redirectTo={redirectTo} />
      <p className="mt-6 text-center text-sm text-slate-700">
        Already have an account?{" "}
        <Link to={loginPathFor(redirectTo)} className="font-semibold text-brand-700 underline">
          Login
        </Link>
      </p>
    </FormCard>
  );
}
