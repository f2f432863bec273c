import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError } from "~/components/form-error";
import { PasswordInput } from "~/components/password-input";
import { confirmsWithGoogle } from "~/models/accounts/deletion.server";
import { deleteAccountWithFamily, membersToSettle } from "~/models/family/account.server";
import { choiceField, KEEP, REMOVE } from "~/models/family/rules";
import { requirePageUser } from "~/http/auth.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { isGoogleEnabled } from "~/http/google.server";
import { destroyTokenCookie } from "~/infra/session.server";
import { redirectWithToast } from "~/http/toast.server";

const PATH = "/user/delete-account";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  const family = await membersToSettle(user.id);
  return {
    email: user.email,
    withGoogle: confirmsWithGoogle(user),
    googleEnabled: isGoogleEnabled(),
    family: family.map((member) => ({ id: member.id, name: member.name })),
  };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "signed in",
    task: "Deleting an account",
    handler: async ({ request, form, user }) => {
      const result = await deleteAccountWithFamily(user, form, { request });
      if (!result.ok) return result;
      return redirectWithToast(
        "/",
        { type: "success", message: result.message },
        { headers: { "set-cookie": await destroyTokenCookie(request) } },
      );
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Delete my account | Dental Clinic" },
  { name: "description", content: "Delete your account at the clinic." },
];

export default function DeleteAccount() {
  const { email, withGoogle, googleEnabled, family } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formAction === PATH;

  return (
    <section className="mx-auto w-full max-w-xl px-4 py-12">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="mb-4 text-2xl font-bold text-slate-900">Delete my account</h1>
        <p className="text-slate-700">
          This deletes the account <span className="font-medium">{email}</span> for good:
        </p>
        <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-700">
          <li>
            your upcoming appointments are cancelled, and you get the cancellations by e-mail;
          </li>
          <li>your profile, sign-ins and any open verification or reset links are removed;</li>
          <li>
            past appointments and your reviews stay in the clinic&apos;s records as &quot;Former
            patient&quot;, without your name, e-mail or phone number.
          </li>
        </ul>
        <p className="mt-3 text-slate-700">
          You may want to{" "}
          <Link to="/user/data" className="text-brand-700 underline">
            download your data
          </Link>{" "}
          first. You can register again with the same address later, as a new account.
        </p>

        {withGoogle ? (
          <div className="mt-6 space-y-3">
            <p className="text-slate-700">
              Your account signs in with Google. To confirm it is you, sign in with Google again,
              then delete within 5 minutes.
            </p>
            {googleEnabled ? (
              <Form method="post" action="/auth/google" reloadDocument>
                <input type="hidden" name="redirectTo" value={PATH} />
                <button type="submit" className="btn-secondary">
                  Confirm with Google
                </button>
              </Form>
            ) : null}
          </div>
        ) : null}

        <Form method="post" className="mt-6 space-y-4">
          {family.map((member) => (
            <fieldset key={member.id} className="rounded-md border border-slate-300 p-3">
              <legend className="px-1 font-medium text-slate-900">
                What becomes of {member.name}&apos;s record?
              </legend>
              <label className="flex items-center gap-2 text-slate-800">
                <input type="radio" name={choiceField(member.id)} value={KEEP} required />
                The clinic keeps it (you are no longer linked)
              </label>
              <label className="flex items-center gap-2 text-slate-800">
                <input type="radio" name={choiceField(member.id)} value={REMOVE} />
                Remove it as my account is removed
              </label>
            </fieldset>
          ))}
          {withGoogle ? null : (
            <PasswordInput
              id="delete-password"
              name="password"
              label="Your password"
              autoComplete="current-password"
              required
            />
          )}
          <button
            type="submit"
            className="btn w-full bg-red-700 text-white hover:bg-red-800"
            disabled={deleting}
          >
            {deleting ? "Deleting..." : "Delete my account for good"}
          </button>
          <FormError message={actionData?.error} />
        </Form>
        <p className="mt-4 text-sm text-slate-700">
          <Link to="/user/data" className="text-brand-700 underline">
            Keep my account
          </Link>
        </p>
      </div>
    </section>
  );
}
