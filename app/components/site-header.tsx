import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { PublicUser } from "~/utils/auth.server";

function navClass({ isActive }: { isActive: boolean }) {
  return `rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"
  }`;
}

export function profilePathFor(user: Pick<PublicUser, "provider">) {
  return user.provider === "google" ? "/user/profileGoogle" : "/user/profile";
}

function Avatar({ user }: { user: PublicUser }) {
  const initial = user.name.trim().charAt(0).toUpperCase() || "?";
  return user.userImage ? (
    <img
      src={user.userImage}
      alt=""
      width={32}
      height={32}
      className="h-8 w-8 rounded-full border border-slate-200 object-cover"
    />
  ) : (
    <span
      aria-hidden="true"
      className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
    >
      {initial}
    </span>
  );
}

/** A details menu stays open across client-side navigations (the header is not remounted). */
function useClosedOnNavigation() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  return ref;
}

function UserMenu({ user }: { user: PublicUser }) {
  const menu = useClosedOnNavigation();
  // details/summary opens without JavaScript.
  return (
    <details ref={menu} className="group relative">
      <summary
        className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100"
        data-testid="user-menu"
      >
        <Avatar user={user} />
        <span className="max-w-[10rem] truncate">{user.name}</span>
        <span aria-hidden="true">▾</span>
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-48 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
        <Link
          to={profilePathFor(user)}
          className="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-100"
        >
          Profile
        </Link>
        <Link
          to="/user/appointments"
          className="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-100"
        >
          My appointments
        </Link>
        <Form method="post" action="/logout">
          <button
            type="submit"
            className="block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100"
          >
            Logout
          </button>
        </Form>
      </div>
    </details>
  );
}

function NavLinks({ user, staff }: { user: PublicUser | null; staff: boolean }) {
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
      {user && staff ? (
        <NavLink to="/staff" className={navClass}>
          Clinic
        </NavLink>
      ) : null}
      {user ? (
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

export function SiteHeader({ user, staff }: { user: PublicUser | null; staff: boolean }) {
  const mobileMenu = useClosedOnNavigation();
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-800">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>Dental Clinic</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <NavLinks user={user} staff={staff} />
          {user ? <UserMenu user={user} /> : null}
        </nav>
        <details ref={mobileMenu} className="relative md:hidden">
          <summary className="btn-secondary list-none" aria-label="Open menu">
            Menu
          </summary>
          <nav
            aria-label="Mobile"
            className="absolute right-0 z-30 mt-2 flex w-56 flex-col gap-1 rounded-md border border-slate-200 bg-white p-2 shadow-lg"
          >
            <NavLinks user={user} staff={staff} />
            {user ? <UserMenu user={user} /> : null}
          </nav>
        </details>
      </div>
    </header>
  );
}
