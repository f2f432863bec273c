import { Link, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { telHref } from "~/data/clinic";
import { type ClinicClock, formatStamp } from "~/utils/clinic-format";
import { CLINIC_TIME_ZONE } from "~/utils/clinic-time";

// Small pieces the staff screens share.

const FALLBACK_CLOCK: ClinicClock = { timeZone: CLINIC_TIME_ZONE, locale: "en-US" };

/**
 * The clinic's zone and locale, as the staff area's frame (routes/staff.tsx) loaded them:
 * every staff screen writes dates and times in the one format.
 */
export function useStaffClock(): ClinicClock {
  const frame = useRouteLoaderData<{ clock?: ClinicClock }>("routes/staff");
  return frame?.clock ?? FALLBACK_CLOCK;
}

/** A moment, in the clinic's zone and locale (the same on the server and in the browser). */
export function Timestamp({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatStamp(iso, useStaffClock())}</time>;
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

/**
 * "Newer / Older" links of a keyset-paged list; `older` is the next page's URL, if any. A
 * list in another order names its links (`labels`).
 */
export function PageLinks({
  first,
  older,
  labels = { first: "Back to the newest", next: "Older" },
}: {
  first: string | null;
  older: string | null;
  labels?: { first: string; next: string };
}) {
  if (!first && !older) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex gap-3">
      {first ? (
        <Link to={first} className="btn-secondary">
          {labels.first}
        </Link>
      ) : null}
      {older ? (
        <Link to={older} className="btn-secondary">
          {labels.next}
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * A patient's phone number to call from the screen; without one (a caller who gave none),
 * plain words, never an empty `tel:` link.
 */
export function PhoneLink({ phone }: { phone: string | null | undefined }) {
  const number = phone?.trim() ?? "";
  if (!/\d/.test(number)) return <span className="text-slate-700">no phone number</span>;
  return (
    <a href={telHref(number)} className="text-brand-700 underline">
      {number}
    </a>
  );
}

/** A patient's e-mail address to write to; without one, plain words. */
export function EmailLink({ email }: { email: string | null | undefined }) {
  const address = email?.trim() ?? "";
  if (!address) return <span className="text-slate-700">no e-mail address</span>;
  return (
    <a href={`mailto:${address}`} className="break-all text-brand-700 underline">
      {address}
    </a>
  );
}

/**
 * A table's heading row, one column heading per entry: text, or a node for a heading that
 * only a screen reader reads (an actions column).
 */
export function ColumnHeadings({
  columns,
  className,
  cellClassName,
}: {
  columns: ReactNode[];
  className?: string;
  cellClassName: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column, index) => (
          <th key={index} scope="col" className={cellClassName}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
