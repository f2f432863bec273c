import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { StatusBadge } from "~/components/staff/status-badge";
import type { AppointmentJson } from "~/models/appointment.server";
import { STATUS_LABELS } from "~/utils/appointment-status";
import { getClinicClock } from "~/models/clinic-settings.server";
import { patientCard } from "~/models/front-desk.server";
import { type ClinicClock, formatDateTime } from "~/utils/clinic-format";
import { requireStaffPage, staffActor } from "~/utils/roles.server";
import type { StaffHandle } from "~/utils/permissions";

export const handle: StaffHandle = { permission: "patients.view" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaffPage(request, handle.permission);
  const card = await patientCard(staffActor(user), params.id ?? "");
  if (!card) throw data({ message: "There is no such patient." }, { status: 404 });
  return { ...card, clock: await getClinicClock(), labels: STATUS_LABELS };
}

export const meta: MetaFunction = () => [
  { title: "Patient | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

function Visits({
  title,
  visits,
  clock,
  labels,
}: {
  title: string;
  visits: AppointmentJson[];
  clock: ClinicClock;
  labels: typeof STATUS_LABELS;
}) {
  return (
    <section>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {visits.length === 0 ? (
        <p className="text-slate-700">None.</p>
      ) : (
        <ul className="mt-2 space-y-1">
          {visits.map((visit) => (
            <li key={visit._id}>
              <Link to={`/staff/appointments/${visit._id}`} className="text-brand-700 underline">
                {formatDateTime(visit.date, visit.time, clock)}
              </Link>{" "}
              {visit.service.name} with {visit.dentist.name}{" "}
              <StatusBadge status={visit.status} labels={labels} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function PatientCard() {
  const { patient, upcoming, past, clock, labels } = useLoaderData<typeof loader>();
  return (
    <section className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">{patient.name}</h1>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-slate-800">
        <dt className="font-semibold">E-mail</dt>
        <dd>
          <a href={`mailto:${patient.email}`} className="text-brand-700 underline">
            {patient.email}
          </a>
        </dd>
        <dt className="font-semibold">Phone</dt>
        <dd>
          {patient.phone ? (
            <a href={`tel:${patient.phone}`} className="text-brand-700 underline">
              {patient.phone}
            </a>
          ) : (
            "Not given"
          )}
        </dd>
        <dt className="font-semibold">Address</dt>
        <dd>{patient.address || "Not given"}</dd>
        <dt className="font-semibold">Account</dt>
        <dd>
          {patient.hasAccount ? "Signs in online" : "Record made by the clinic (no password yet)"}
        </dd>
      </dl>
      <p>
        <Link to={`/staff/bookings/new?patient=${patient.id}`} className="btn-primary">
          Book for {patient.name}
        </Link>
      </p>
      <Visits title="Upcoming visits" visits={upcoming} clock={clock} labels={labels} />
      <Visits title="Past visits" visits={past} clock={clock} labels={labels} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
