import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { PageLinks, StaffScreenHeader, Timestamp, ColumnHeadings } from "~/components/staff-kit";
import { searchAuditTrail } from "~/models/audit/trail.server";
import { type AuditView, viewAuditEntries } from "~/models/audit/view.server";
import { getClinicClock } from "~/models/settings/clinic-settings.server";
import { requireStaffPage } from "~/http/roles.server";
import type { StaffHandle } from "~/models/permissions";

// Read-only on purpose: no action, nothing here changes an entry.
const PATH = "/staff/audit";
export const handle: StaffHandle = { permission: "audit.view" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaffPage(request, handle.permission);
  const url = new URL(request.url);
  const patient = (url.searchParams.get("patient") ?? "").slice(0, 200);
  const staff = (url.searchParams.get("staff") ?? "").slice(0, 200);
  const [{ entries: rows, next }, clock] = await Promise.all([
    searchAuditTrail({ patient, staff, cursor: url.searchParams.get("before") }),
    getClinicClock(),
  ]);
  const entries = await viewAuditEntries(rows, clock);
  const link = (before?: string) => {
    const params = new URLSearchParams();
    if (patient) params.set("patient", patient);
    if (staff) params.set("staff", staff);
    if (before) params.set("before", before);
    const search = params.toString();
    return search ? `${PATH}?${search}` : PATH;
  };
  return {
    patient,
    staff,
    entries,
    older: next ? link(next) : null,
    first: url.searchParams.has("before") ? link() : null,
  };
}

export const meta: MetaFunction = () => [
  { title: "Audit trail | Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

/** "Reception" for `reception`; entries written by the server itself say "System". */
function roleLabel(role: string) {
  return role ? role[0]!.toUpperCase() + role.slice(1) : role;
}

function Person({
  name,
  email,
  fallback,
}: {
  name: string | null;
  email: string | null;
  fallback: string;
}) {
  if (!name) return <span className="text-slate-700">{fallback}</span>;
  return (
    <>
      <span className="font-medium text-slate-900">{name}</span>
      {email ? <span className="block text-xs break-all text-slate-700">{email}</span> : null}
    </>
  );
}

function Changes({ entry }: { entry: AuditView }) {
  if (entry.changes.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-slate-800" aria-label="Changes">
      {entry.changes.map((change) => (
        <li key={change.field} className="break-words" data-testid="audit-change">
          <span className="font-semibold">{change.field}</span>:{" "}
          {change.before !== null && change.after !== null
            ? `was ${change.before}, now ${change.after}`
            : (change.after ?? `${change.before} (removed)`)}
        </li>
      ))}
    </ul>
  );
}

function Subject({ subject }: { subject: AuditView["subject"] }) {
  if (!subject) return null;
  return (
    <span className="block text-xs text-slate-700">
      {subject.href ? (
        <Link to={subject.href} className="text-brand-700 underline">
          {subject.label}
        </Link>
      ) : (
        subject.label
      )}
    </span>
  );
}

export default function AuditTrail() {
  const { patient, staff, entries, older, first } = useLoaderData<typeof loader>();
  return (
    <section>
      <StaffScreenHeader title="Audit trail">
        Every staff change and every staff read of a patient&apos;s record, newest first. Entries
        cannot be changed.
      </StaffScreenHeader>
      <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end" role="search">
        <div className="flex-1">
          <label htmlFor="audit-patient" className="field-label">
            Patient (e-mail or name)
          </label>
          <input
            id="audit-patient"
            name="patient"
            defaultValue={patient}
            maxLength={200}
            className="field-input"
          />
        </div>
        <div className="flex-1">
          <label htmlFor="audit-staff" className="field-label">
            Staff member (e-mail or name)
          </label>
          <input
            id="audit-staff"
            name="staff"
            defaultValue={staff}
            maxLength={200}
            className="field-input"
          />
        </div>
        <button type="submit" className="btn-primary">
          Search
        </button>
      </Form>
      {entries.length > 0 ? (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Audit entries, newest first</caption>
            <ColumnHeadings
              className="border-b border-slate-300 text-slate-900"
              cellClassName="py-2 pr-3"
              columns={["When", "Who", "What", "Patient"]}
            />
            <tbody>
              {entries.map((entry) => (
                <tr
                  key={entry.id}
                  className="border-b border-slate-200 align-top"
                  data-testid="audit-entry"
                >
                  <td className="py-2 pr-3 whitespace-nowrap">
                    <Timestamp iso={entry.at} />
                  </td>
                  <td className="py-2 pr-3">
                    <Person
                      name={entry.actor.name}
                      email={entry.actor.email}
                      fallback={entry.actor.id ? "Deleted account" : "System"}
                    />
                    <span className="block text-xs text-slate-700">
                      {roleLabel(entry.actor.role)}
                    </span>
                  </td>
                  <td className="py-2 pr-3">
                    <span className="block font-medium text-slate-900">{entry.actionLabel}</span>
                    <Subject subject={entry.subject} />
                    <span className="block break-words text-slate-800">{entry.summary}</span>
                    <Changes entry={entry} />
                  </td>
                  <td className="py-2 pr-3">
                    {entry.patient ? (
                      <Person
                        name={entry.patient.name}
                        email={entry.patient.email}
                        fallback="Deleted account"
                      />
                    ) : (
                      <span className="text-slate-700">None</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-6 text-slate-700">
          {patient || staff ? "No entries match this search." : "The audit trail is empty."}
        </p>
      )}
      <PageLinks first={first} older={older} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
