import { type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PatientSearchForm } from "~/components/staff/patient-search-form";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { ReadLimitNotice } from "~/components/staff/read-limit-notice";
import { findPatientsFor, type PatientMatch } from "~/models/patients/search.server";
import { scopeOf, type StaffHandle } from "~/models/permissions";
import { retryAfterHeaders } from "~/utils/result";
import { requireStaffPage, staffActor } from "~/http/roles.server";

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
      <PatientSearchForm label="Name, e-mail, phone or date of birth" query={query} />
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
