import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "./components/error-pages";
import { RouteFocus } from "./components/route-focus";
import { SiteFooter } from "./components/site-footer";
import { isStaffPage, SiteHeader } from "./components/site-header";
import { AppToaster, ServerToast } from "./components/toaster";
import stylesheet from "./styles/tailwind.css";
import { getClinicSettings } from "./models/settings/clinic-settings.server";
import { getUser } from "~/http/auth.server";
import { toPublicUser } from "~/models/accounts/public-user";
import { headerLinksFor } from "~/models/permissions";
import { useNonce } from "~/hooks/nonce-provider";
import { HydrationMark } from "~/hooks/use-hydrated";
import { getToast } from "~/http/toast.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Dental Clinic" },
  {
    name: "description",
    content: "High-quality dental care: services, reviews and online appointments.",
  },
];

/** Pages for a patient alone at the desk's tablet: no header, no footer, no session read. */
const isKiosk = (pathname: string) => pathname === "/kiosk" || pathname.startsWith("/kiosk/");

export async function loader({ request }: LoaderFunctionArgs) {
  const kiosk = isKiosk(new URL(request.url).pathname);
  const [user, { toast, headers }, clinicPhone] = await Promise.all([
    // The tablet may be a device staff once signed in on: it shows nobody's account.
    kiosk ? null : getUser(request),
    getToast(request),
    // The header's call link; a page whose database is down still renders, without it.
    getClinicSettings().then(
      (settings) => settings.phone || null,
      () => null,
    ),
  ]);
  return data(
    {
      user: user ? toPublicUser(user) : null,
      clinicPhone,
      // The header's staff links; every staff page checks its permission again on the server.
      staffLinks: user ? headerLinksFor(user) : [],
      toast,
    },
    { headers: headers ?? undefined },
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  // The desk's tablet (app/routes/kiosk.tsx): no way from it to the rest of the site.
  const kiosk = useMatches().some(
    (match) => (match.handle as { kiosk?: boolean } | undefined)?.kiosk === true,
  );
  // The staff screens are a work tool: a compact shell without the public site's footer.
  const staffPage = isStaffPage(useLocation().pathname);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        {kiosk ? null : (
          <SiteHeader
            user={rootData?.user ?? null}
            staffLinks={rootData?.staffLinks ?? []}
            clinicPhone={rootData?.clinicPhone ?? null}
          />
        )}
        <main id="main" className="flex-1">
          {children}
        </main>
        {kiosk || staffPage ? null : <SiteFooter />}
        <RouteFocus />
        <AppToaster />
        <ServerToast toast={rootData?.toast} />
        <HydrationMark />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
