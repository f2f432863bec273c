import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { CLINIC_TIME_ZONE } from "~/utils/clinic-time";

// Small pieces the staff screens share.

const STAMP = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: CLINIC_TIME_ZONE,
});

/** A moment, in clinic time (the same on the server and in the browser). */
export function Timestamp({ iso }: { iso: string }) {
  return <time dateTime={iso}>{STAMP.format(new Date(iso))}</time>;
}

/** A staff screen's heading and introduction. */
export function StaffScreenHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {children ? <p className="mt-2 text-slate-700">{children}</p> : null}
    </header>
  );
}

/** "Newer / Older" links of a keyset-paged list; `older` is the next page's URL, if any. */
export function PageLinks({ first, older }: { first: string | null; older: string | null }) {
  if (!first && !older) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex gap-3">
      {first ? (
        <Link to={first} className="btn-secondary">
          Back to the newest
        </Link>
      ) : null}
      {older ? (
        <Link to={older} className="btn-secondary">
          Older
        </Link>
      ) : null}
    </nav>
  );
}
