import { Link } from "@remix-run/react";

/** Where a signed-in patient's profile page points: their data and the services they added. */
export function AccountLinks() {
  return (
    <>
      <p className="mt-6 text-sm text-slate-700">
        <Link to="/user/data" className="text-brand-700 underline">
          My data
        </Link>
        : download everything we store about you, or delete your account.
      </p>
      <p className="mt-2 text-sm text-slate-700">
        <Link to="/user/services" className="text-brand-700 underline">
          My services
        </Link>
        : the services you added and whether the clinic has published them.
      </p>
    </>
  );
}
