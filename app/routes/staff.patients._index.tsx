import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { ReadLimitNotice } from "~/components/staff/read-limit-notice";
import { findPatientsFor, type PatientMatch } from "~/models/patients.server";
import { scopeOf, type StaffHandle } from "~/utils/permissions";
import { retryAfterHeaders } from "~/utils/result";
import { requireStaffPage, staffActor } from "~/utils/roles.server";

export const handle: StaffHandle = { permission: "patients.view" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaffPage(request, handle.permission);
  const query = new URL(request.url).searchParams.get("q")?.slice(0, 100) ?? "";
  const ownOnly = scopeOf(user, "patients.contact") === "own";
  const found = await findPatientsFor(staffActor(user), query);
  if (!found.ok) {
    return data(
      { query, ownOnly, patients: [] as PatientMatch[], refusal: found.message },
      { status: found.status, headers: retryAfterHeaders(found) },
    );
  }
  return { query, ownOnly, patients: found.patients, refusal: null };
}

export const meta: MetaFunction = () => [
  { title: "Patients | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function PatientSearch() {
  const { query, ownOnly, patients, refusal } = useLoaderData<typeof loader>();
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Patients</h1>
      {ownOnly ? (
        <p className="text-slate-700">You find the patients who have a visit with you.</p>
      ) : null}
      <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col text-sm font-medium text-slate-800">
          Name, e-mail, phone or date of birth
          <input
            type="search"
            name="q"
            defaultValue={query}
            minLength={2}
            maxLength={100}
            required
            className="w-72 rounded-md border border-slate-400 px-2 py-1.5"
          />
        </label>
        <button type="submit" className="btn-primary">
          Search
        </button>
      </Form>
      {refusal ? (
        <ReadLimitNotice message={refusal} />
      ) : query.trim().length >= 2 ? (
        patients.length === 0 ? (
          <p className="text-slate-700">No patient matches “{query}”.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {patients.map((patient) => (
              <li key={patient.id} className="p-3" data-testid="patient-match">
                <Link
                  to={`/staff/patients/${patient.id}`}
                  className="font-semibold text-brand-700 underline"
                >
                  {patient.name}
                </Link>
                <span className="block text-sm text-slate-700">
                  {patient.email || "no e-mail address"} · {patient.phone || "no phone"}
                  {patient.dateOfBirth ? ` · born ${patient.dateOfBirth}` : ""}
                  {patient.hasAccount ? "" : " · record without an account"}
                </span>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
