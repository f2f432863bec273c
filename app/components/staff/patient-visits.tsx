import { Link } from "@remix-run/react";
import { StatusBadge } from "~/components/staff/status-badge";
import type { AppointmentStatus } from "~/models/booking/appointment-status";
import { type ClinicClock, formatDateTime } from "~/utils/clinic-format";

/** One list of a patient's visits on their card (upcoming, cancelled ahead, past). */
export type PatientVisitLine = {
  id: string;
  date: string;
  time: string;
  service: string;
  dentist: string;
  status: AppointmentStatus;
};

export function PatientVisits({
  title,
  visits,
  clock,
  labels,
}: {
  title: string;
  visits: PatientVisitLine[];
  clock: ClinicClock;
  labels: Record<AppointmentStatus, string>;
}) {
  const id = `visits-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {visits.length === 0 ? (
        <p className="text-slate-700">None.</p>
      ) : (
        <ul className="mt-2 space-y-1">
          {visits.map((visit) => (
            <li key={visit.id}>
              <Link to={`/staff/appointments/${visit.id}`} className="text-brand-700 underline">
                {formatDateTime(visit.date, visit.time, clock)}
              </Link>{" "}
              {visit.service} with {visit.dentist}{" "}
              <StatusBadge status={visit.status} labels={labels} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
