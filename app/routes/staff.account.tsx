import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { SignedInDevices } from "~/components/signed-in-devices";
import { StaffScreenHeader } from "~/components/staff-kit";
import { devicesFormAnswer, devicesSection } from "~/http/devices.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import type { StaffHandle } from "~/models/permissions";
import { requireStaffPage, roleOf } from "~/http/roles.server";

const PATH = "/staff/account";
// Every staff member's own account: who they are signed in as, and on which devices.
export const handle: StaffHandle = { permission: "staff.area" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaffPage(request, handle.permission);
  return {
    name: user.name,
    email: user.email,
    role: roleOf(user),
    ...(await devicesSection(request, user)),
  };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    task: "Signing a device out",
    handler: ({ request, form, user }) => devicesFormAnswer(request, user, form, PATH),
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "My account | Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function StaffAccount() {
  const { name, email, role, devices, clock } = useLoaderData<typeof loader>();
  return (
    <section className="max-w-2xl">
      <StaffScreenHeader title="My account">
        Signed in as {name} ({email}), <span className="capitalize">{role}</span>.
      </StaffScreenHeader>
      <SignedInDevices devices={devices} clock={clock} action={PATH} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
