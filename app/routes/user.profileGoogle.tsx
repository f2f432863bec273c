import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AccountLinks } from "~/components/account-links";
import { FormCard } from "~/components/form-kit";
import { SignedInDevices } from "~/components/signed-in-devices";
import { devicesSection } from "~/http/devices.server";
import { requirePageUser } from "~/http/auth.server";
import { toPublicUser } from "~/models/accounts/public-user";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  // Own-account users have an editable profile.
  if (user.provider !== "google") throw redirect("/user/profile");
  return { user: toPublicUser(user), ...(await devicesSection(request, user)) };
}

export const meta: MetaFunction = () => [
  { title: "User Profile | Dental Clinic" },
  { name: "description", content: "Your profile, as shared by your Google account." },
];

export default function GoogleProfile() {
  const { user, devices, clock } = useLoaderData<typeof loader>();
  const initial = user.name.trim().charAt(0).toUpperCase() || "?";
  return (
    <FormCard title="User Profile">
      <div className="flex flex-col items-center gap-4 text-center">
        {user.userImage ? (
          <img
            src={user.userImage}
            alt={user.name}
            width={96}
            height={96}
            referrerPolicy="no-referrer"
            className="h-24 w-24 rounded-full border border-slate-200 object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-24 w-24 items-center justify-center rounded-full bg-brand-700 text-3xl font-bold text-white"
          >
            {initial}
          </span>
        )}
        <dl className="space-y-2">
          <div>
            <dt className="text-sm text-slate-600">Name</dt>
            <dd className="text-lg font-semibold text-slate-900">{user.name}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Email</dt>
            <dd className="text-slate-900">{user.email}</dd>
          </div>
        </dl>
        <p className="text-sm text-slate-600">
          Your name, picture and e-mail come from your Google account.
        </p>
      </div>
      <AccountLinks />
      <SignedInDevices devices={devices} clock={clock} action="/user/sessions" />
    </FormCard>
  );
}
