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
import { SmsConsentCheckbox } from "~/components/sms-consent-checkbox";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  if (user.provider === "google") throw redirect("/user/profileGoogle");
  return {
    user: toPublicUser(user),
    texts: { mobile: user.mobile, agreed: user.smsConsent === "yes" },
    ...(await devicesSection(request, user)),
  };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "signed in",
    keep: ["name", "userImage", "address", "mobile"],
    // An unticked box says "no" only to someone who had said yes (a box left as it was
    // records nothing for a patient never asked).
    prepare: (form) => {
      const withAvatar = withChosenAvatar(form, "userImage");
      const { smsConsentWas, ...rest } = withAvatar;
      if (rest.smsConsent === "true") return rest;
      return smsConsentWas === "yes" ? { ...rest, smsConsent: "false" } : rest;
    },
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
  const { user, texts, devices, clock } = useLoaderData<typeof loader>();
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
        <TextField
          name="mobile"
          need="optional"
          label="Mobile number"
          type="tel"
          autoComplete="tel"
          defaultValue={actionData?.values?.mobile ?? texts.mobile}
        />
        <input type="hidden" name="smsConsentWas" value={texts.agreed ? "yes" : ""} />
        <SmsConsentCheckbox
          defaultChecked={texts.agreed}
          numberHint="We text the mobile number above."
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
