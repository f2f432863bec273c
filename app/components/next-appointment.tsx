import type { NextAppointment } from "~/models/self-service/next-appointment.server";
import { Link } from "@remix-run/react";
import { formatDateTime, formatZone } from "~/utils/clinic-format";

/** What a signed-in patient sees first on the home page: the visit they booked. */
export function NextAppointmentPanel({
  appointment,
  clock,
  mailedTo,
  phoneOnly,
  moved,
}: NextAppointment) {
  return (
    <section
      aria-labelledby="next-appointment-heading"
      className="mt-6 rounded-xl border border-brand-100 bg-brand-50 p-5"
      data-testid="next-appointment"
    >
      <h2 id="next-appointment-heading" className="text-lg font-semibold text-slate-900">
        Your next appointment
      </h2>
      {moved ? <MovedNote message={moved} /> : null}
      <p className="mt-2 text-slate-800">
        <strong>{appointment.service.name}</strong> with {appointment.dentist.name},{" "}
        {formatDateTime(appointment.date, appointment.time, clock)} ({formatZone(clock)}).
      </p>
      {mailedTo ? (
        <p className="mt-1 text-sm text-slate-700">
          We sent the confirmation to <span className="font-medium">{mailedTo}</span>.
        </p>
      ) : null}
      {phoneOnly ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="phone-only">
          Changes by phone only: it starts soon, so please call us to move or cancel it
          {phoneOnly.tel ? (
            <>
              {" "}
              on{" "}
              <a href={phoneOnly.tel} className="font-medium text-brand-700 underline">
                {phoneOnly.phone}
              </a>
            </>
          ) : null}
          .
        </p>
      ) : null}
      <Link
        to="/user/appointments"
        className="mt-3 inline-block text-sm font-semibold text-brand-700 underline hover:text-brand-800"
      >
        My appointments
      </Link>
    </section>
  );
}

/** A visit's own word that it just moved, beside it (not a toast that may sit off screen). */
export function MovedNote({ message }: { message: string }) {
  return (
    <p
      role="status"
      className="mt-2 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900"
      data-testid="moved-note"
    >
      {message}
    </p>
  );
}
