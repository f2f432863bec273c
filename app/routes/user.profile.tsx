import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountLinks } from "~/components/account-links";
import { CheckedForm, FormCard, TextField, useCheckedForm } from "~/components/form-kit";
import { ImageLinkField } from "~/components/image-link-field";
import { SignedInDevices } from "~/components/signed-in-devices";
import { devicesSection } from "~/http/devices.server";
import { withChosenAvatar } from "~/data/avatars";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { ACCOUNT_RESULTS, updateProfile } from "~/models/accounts/user.server";
import { requirePageUser } from "~/http/auth.server";
import { toPublicUser } from "~/models/accounts/public-user";
import { redirectWithToast } from "~/http/toast.server";
import { PROFILE_FIELDS } from "~/validation/form-fields";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  if (user.provider === "google") throw redirect("/user/profileGoogle");
  return { user: toPublicUser(user), ...(await devicesSection(request, user)) };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "signed in",
    keep: ["name", "userImage", "address"],
    prepare: (form) => withChosenAvatar(form, "userImage"),
    task: "Profile update",
    unexpectedMessage: ACCOUNT_RESULTS.somethingWentWrong,
    handler: async ({ form, user }) => {
      const result = await updateProfile(user, form);
      if (!result.ok) return result;
      return redirectWithToast("/", { type: "success", message: result.message });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Update Profile | Dental Clinic" },
  { name: "description", content: "Update your name, picture and address." },
];

export default function Profile() {
  const { user, devices, clock } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const form = useCheckedForm(
    () => import("~/validation/account").then((m) => m.profileSchema),
    PROFILE_FIELDS,
  );
  const values = actionData?.values ?? user;

  return (
    <FormCard title="Update Profile" privacy>
      <p className="mb-4 text-sm text-slate-700">
        Signed in as <span className="font-medium">{user.email}</span>
      </p>
      <CheckedForm form={form} className="space-y-4">
        <TextField
          name="name"
          need="required"
          label="Name"
          autoComplete="name"
          defaultValue={values.name}
        />
        <ImageLinkField
          name="userImage"
          need="optional"
          label="Image link"
          defaultValue={values.userImage}
        />
        <TextField
          name="address"
          need="optional"
          label="Address"
          autoComplete="street-address"
          defaultValue={values.address}
        />
        <button type="submit" className="btn-primary w-full" disabled={form.submitting}>
          {form.submitting ? "Updating..." : "Update"}
        </button>
      </CheckedForm>
      <AccountLinks />
      <SignedInDevices devices={devices} clock={clock} action="/user/sessions" />
    </FormCard>
  );
}
