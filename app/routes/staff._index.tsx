import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { requireStaffPage, roleOf } from "~/utils/roles.server";
import { type StaffHandle, staffScreenRoles, staffScreensFor } from "~/utils/staff-screens";

const ROLES = staffScreenRoles("/staff");
export const handle: StaffHandle = { staffRoles: ROLES };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaffPage(request, ROLES);
  const role = roleOf(user);
  return {
    name: user.name,
    role,
    screens: staffScreensFor(role).filter((screen) => screen.path !== "/staff"),
  };
}

export const meta: MetaFunction = () => [
  { title: "Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function StaffHome() {
  const { name, role, screens } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">Welcome, {name}</h1>
      <p className="mt-2 text-slate-700">
        You are signed in as <span className="font-semibold">{role}</span>.
        {screens.length > 0
          ? " Your screens:"
          : " The clinic's screens for your role are on their way."}
      </p>
      {screens.length > 0 ? (
        <ul className="mt-4 space-y-2">
          {screens.map((screen) => (
            <li key={screen.path}>
              <Link to={screen.path} className="text-brand-700 underline">
                {screen.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
