import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { type StaffHandle, staffScreensFor } from "~/utils/permissions";
import { requireStaffPage, roleOf } from "~/utils/roles.server";

// The staff area's frame: the screens the user's role may open. Each child screen checks
// its own permission in its loader and action; this check only guards the frame.
export const handle: StaffHandle = { permission: "staff.area" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaffPage(request, handle.permission);
  const screens = staffScreensFor(user).map(({ path, label }) => ({ path, label }));
  return { name: user.name, role: roleOf(user), screens };
}

export const meta: MetaFunction = () => [
  { title: "Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

function navClass({ isActive }: { isActive: boolean }) {
  return `block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"
  }`;
}

export default function StaffLayout() {
  const { name, role, screens } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 md:flex-row">
      <nav aria-label="Clinic" className="md:w-52 md:shrink-0">
        <p className="px-3 text-sm text-slate-700">
          {name} · <span className="capitalize">{role}</span>
        </p>
        <ul className="mt-2 flex gap-1 overflow-x-auto md:flex-col">
          {screens.map((screen) => (
            <li key={screen.path}>
              <NavLink to={screen.path} end={screen.path === "/staff"} className={navClass}>
                {screen.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
