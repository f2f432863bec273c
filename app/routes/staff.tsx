import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { getClinicClock } from "~/models/settings/clinic-settings.server";
import { getEnv } from "~/infra/env.server";
import { type StaffHandle, staffScreensFor } from "~/models/permissions";
import { requireStaffPage, roleOf } from "~/http/roles.server";
import { navigationCounts } from "~/models/staff-area/navigation-counts.server";
import { usePlainLinks } from "~/hooks/use-plain-links";

// The staff area's frame: the screens the user's role may open. Each child screen checks
// its own permission in its loader and action; this check only guards the frame.
export const handle: StaffHandle = { permission: "staff.area" };

const FAILED_MAIL = "/staff/outbox";
const MESSAGES = "/staff/messages";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaffPage(request, handle.permission);
  const screens = staffScreensFor(user).map(({ path, label }) => ({ path, label }));
  // The navigation counts failed mail for those who can send it again.
  const [{ failedMail, waitingTexts, capReached }, clock] = await Promise.all([
    navigationCounts({
      failedMail: screens.some((screen) => screen.path === FAILED_MAIL),
      waitingTexts: screens.some((screen) => screen.path === MESSAGES),
    }),
    getClinicClock(),
  ]);
  // The clinic's clock: every staff screen writes times in its locale (useStaffClock).
  // While the demo accounts (published passwords, admin among them) can sign in, every
  // staff page says so: such a server must never hold real patients.
  return {
    name: user.name,
    role: roleOf(user),
    screens,
    failedMail,
    waitingTexts,
    capReached,
    clock,
    demo: getEnv().DEMO_ACCOUNTS,
  };
}

export const meta: MetaFunction = () => [
  { title: "Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

function navClass(isActive: boolean) {
  return `block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"
  }`;
}

/** The screen a path belongs to, as NavLink tells it: the diary's only at /staff itself. */
function isActive(path: string, pathname: string) {
  if (pathname === path) return true;
  return path !== "/staff" && pathname.startsWith(path) && pathname.charAt(path.length) === "/";
}

/** A count beside a screen's name; read out as part of the link ("Failed mail (3 failed)"). */
function CountBadge({ count, what }: { count: number; what: string }) {
  if (count === 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className="ml-2 inline-block min-w-6 rounded-full bg-red-700 px-1.5 text-center text-xs leading-5 font-semibold text-white"
        data-testid="nav-badge"
      >
        {count > 99 ? "99+" : count}
      </span>
      <span className="sr-only">
        ({count} {what})
      </span>
    </>
  );
}

// The staff screens use the whole width of the screen: a diary of several dentists needs it.
export default function StaffLayout() {
  const { name, role, screens, failedMail, waitingTexts, capReached, demo } =
    useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  // Plain links (NavLink costs hooks each, on every staff page): one handler routes them.
  const onClick = usePlainLinks();
  return (
    <>
      {demo ? <DemoBanner /> : null}
      {capReached ? (
        <p
          role="note"
          data-testid="sms-cap-banner"
          className="border-b-2 border-amber-500 bg-amber-100 px-4 py-3 text-center text-sm font-medium text-amber-950"
        >
          This month&apos;s cap on texts is reached: no texts leave until next month or a higher cap
          in the clinic settings. Mail still goes.
        </p>
      ) : null}
      <div className="flex flex-col gap-4 px-4 py-4 md:flex-row lg:px-6">
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the links inside take the keys; this only routes what they do */}
        <nav aria-label="Clinic" className="md:w-52 md:shrink-0 print:hidden" onClick={onClick}>
          <p className="px-3 text-sm text-slate-700">
            {name} · <span className="capitalize">{role}</span>
          </p>
          <ul className="mt-2 flex gap-1 overflow-x-auto md:flex-col">
            {screens.map((screen) => {
              const active = isActive(screen.path, pathname);
              return (
                <li key={screen.path}>
                  <a
                    href={screen.path}
                    className={navClass(active)}
                    aria-current={active ? "page" : undefined}
                  >
                    {screen.label}
                    {screen.path === FAILED_MAIL ? (
                      <CountBadge count={failedMail} what="failed" />
                    ) : null}
                    {screen.path === MESSAGES ? (
                      <CountBadge count={waitingTexts} what="waiting" />
                    ) : null}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </>
  );
}

function DemoBanner() {
  return (
    <p
      role="note"
      data-testid="demo-banner"
      className="border-b-2 border-amber-500 bg-amber-100 px-4 py-3 text-center text-sm font-medium text-amber-950"
    >
      Demo: the demo accounts are on, and anyone can sign in to them, the clinic&apos;s admin
      included, with the passwords the README publishes. Never keep patients&apos; data on this
      server (DEMO_ACCOUNTS).
    </p>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
