import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { telHref } from "~/data/clinic";
import type { PublicUser } from "~/models/accounts/public-user";
import type { HeaderLink } from "~/models/permissions";
import { Avatar } from "./avatar";

function navClass({ isActive }: { isActive: boolean }) {
  return `rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"
  }`;
}

const itemClass = "block rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100";

export function profilePathFor(user: Pick<PublicUser, "provider">) {
  return user.provider === "google" ? "/user/profileGoogle" : "/user/profile";
}

/**
 * A <details> menu (it opens without JavaScript) that behaves as a disclosure should
 * once JavaScript runs: Escape closes it and returns focus to its button; a click
 * elsewhere or tabbing out of it closes it, so it never covers what gets focus next; and
 * it closes after a client-side navigation (the header is not remounted).
 */
function useDisclosure() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape" || !details!.open) return;
      event.stopPropagation();
      details!.open = false;
      details!.querySelector("summary")?.focus();
    }
    function onFocusOut(event: FocusEvent) {
      const next = event.relatedTarget;
      if (next instanceof Node && !details!.contains(next)) details!.open = false;
    }
    function onPointerDown(event: PointerEvent) {
      if (event.target instanceof Node && !details!.contains(event.target)) details!.open = false;
    }
    details.addEventListener("keydown", onKeyDown);
    details.addEventListener("focusout", onFocusOut);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      details.removeEventListener("keydown", onKeyDown);
      details.removeEventListener("focusout", onFocusOut);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, []);
  return ref;
}

/** The header's height as a CSS variable: toasts sit below it, scrolling keeps focus clear of it. */
function useHeaderHeight() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty("--header-height", `${header.offsetHeight}px`);
    // Measured when the observer reports (at once, after the next layout), never in this
    // effect: reading it here forced a layout in the middle of hydration (Lighthouse's
    // forced-reflow insight, up to 450 ms on the booking page of a busy machine). The
    // stylesheet's value holds until then.
    const observer = new ResizeObserver(update);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return ref;
}

function AccountLinks({ user }: { user: PublicUser }) {
  return (
    <>
      <Link to={profilePathFor(user)} className={itemClass}>
        Profile
      </Link>
      <Link to="/user/appointments" className={itemClass}>
        My appointments
      </Link>
      <Link to="/user/forms" className={itemClass}>
        My forms
      </Link>
      <Link to="/user/family" className={itemClass}>
        My family
      </Link>
      <Link to="/user/data" className={itemClass}>
        My data
      </Link>
      <Form method="post" action="/logout">
        <button type="submit" className={`${itemClass} w-full`}>
          Logout
        </button>
      </Form>
    </>
  );
}

function UserMenu({ user }: { user: PublicUser }) {
  const menu = useDisclosure();
  return (
    <details ref={menu} className="relative">
      <summary
        className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100"
        data-testid="user-menu"
      >
        <Avatar name={user.name} src={user.userImage} />
        <span className="max-w-[10rem] truncate">{user.name}</span>
        <span aria-hidden="true">▾</span>
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-52 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
        <AccountLinks user={user} />
      </div>
    </details>
  );
}

/**
 * The header's links. Staff get their clinic's screens instead of the patient's "Add
 * Service" and "Add Reviews" (docs/decisions/038-staff-setup-and-shell.md).
 */
function NavLinks({ user, staffLinks }: { user: PublicUser | null; staffLinks: HeaderLink[] }) {
  return (
    <>
      <NavLink to="/" end className={navClass}>
        Home
      </NavLink>
      <NavLink to="/team" className={navClass}>
        Our team
      </NavLink>
      <NavLink to="/blog" className={navClass}>
        Blog
      </NavLink>
      {user && staffLinks.length > 0 ? (
        staffLinks.map((link) => (
          <NavLink key={link.path} to={link.path} end={link.path === "/staff"} className={navClass}>
            {link.label}
          </NavLink>
        ))
      ) : user ? (
        <>
          <NavLink to="/add-services" className={navClass}>
            Add Service
          </NavLink>
          <NavLink to="/add-review" className={navClass}>
            Add Reviews
          </NavLink>
        </>
      ) : (
        <>
          <NavLink to="/login" className={navClass}>
            Login
          </NavLink>
          <NavLink to="/register" className={navClass}>
            Signup
          </NavLink>
        </>
      )}
    </>
  );
}

/**
 * A patient's own appointments, in the header bar itself (not only behind the account
 * menu): what a signed-in patient most often comes back for.
 */
function MyAppointmentsLink() {
  return (
    <NavLink to="/user/appointments" end className={navClass}>
      My appointments
    </NavLink>
  );
}

/** The clinic's phone, one tap away on every page (emergencies). */
function CallLink({ phone }: { phone: string }) {
  return (
    <a
      href={telHref(phone)}
      className="inline-flex items-center gap-1 rounded-md px-2 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
      data-testid="header-phone"
    >
      <span aria-hidden="true">☎</span>
      <span className="hidden xl:inline">Emergencies: {phone}</span>
      <span className="xl:hidden">
        Call<span className="sr-only"> the clinic: {phone}</span>
      </span>
    </a>
  );
}

export function SiteHeader({
  user,
  staffLinks,
  clinicPhone,
}: {
  user: PublicUser | null;
  staffLinks: HeaderLink[];
  clinicPhone: string | null;
}) {
  const header = useHeaderHeight();
  const mobileMenu = useDisclosure();
  // The staff screens use the whole width and a compact bar (no emergency line: they are
  // the clinic); a patient has their appointments in the bar.
  const { pathname } = useLocation();
  const staffPage = isStaffPage(pathname);
  const patient = user !== null && staffLinks.length === 0;
  return (
    <header
      ref={header}
      className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden"
    >
      <div
        className={`mx-auto flex items-center justify-between gap-2 px-4 ${staffPage ? "h-12 lg:px-6" : "h-16 max-w-6xl"}`}
      >
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-800">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>Dental Clinic</span>
        </Link>
        <div className="flex items-center gap-1">
          {clinicPhone && !staffPage ? <CallLink phone={clinicPhone} /> : null}
          <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
            <NavLinks user={user} staffLinks={staffLinks} />
            {patient ? <MyAppointmentsLink /> : null}
            {user ? <UserMenu user={user} /> : null}
          </nav>
          <details ref={mobileMenu} className="relative lg:hidden">
            <summary className="btn-secondary list-none">Menu</summary>
            <nav
              aria-label="Mobile"
              className="absolute right-0 z-30 mt-2 flex w-60 flex-col gap-1 rounded-md border border-slate-200 bg-white p-2 shadow-lg"
            >
              <NavLinks user={user} staffLinks={staffLinks} />
              {user ? (
                <>
                  <p className="mt-1 flex items-center gap-2 border-t border-slate-200 px-3 pt-3 pb-1 text-sm font-medium text-slate-900">
                    <Avatar name={user.name} src={user.userImage} />
                    <span className="truncate">{user.name}</span>
                  </p>
                  <AccountLinks user={user} />
                </>
              ) : null}
            </nav>
          </details>
        </div>
      </div>
      {patient ? (
        <div className="border-t border-slate-200 px-2 py-1 lg:hidden">
          <MyAppointmentsLink />
        </div>
      ) : null}
    </header>
  );
}

/** The staff area's pages: the compact shell, without the public site's footer. */
export function isStaffPage(pathname: string): boolean {
  return pathname === "/staff" || pathname.startsWith("/staff/");
}
