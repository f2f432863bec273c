import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError } from "~/components/form-error";
import {
  type ClinicClock,
  formatDateRange,
  formatDateTime,
  formatDuration,
  formatZone,
} from "~/utils/clinic-format";
import type { AppointmentJson } from "~/models/booking/visit";
import { listAppointments } from "~/models/self-service/own-visits.server";
import { STATUS_LABELS } from "~/models/booking/appointment-status";
import { insideCutoffMessage, isInsideCutoff } from "~/models/booking/cancellation-policy.server";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { cancelOwnVisit, movedMessage } from "~/models/self-service/changes.server";
import { listWaitlist, type WaitlistEntryView } from "~/models/waitlist/waitlist.server";
import { partOfDayLabel } from "~/models/waitlist/rules";
import { MovedNote } from "~/components/next-appointment";
import { CallClinic } from "~/components/visit-actions";
import { justMovedVisits } from "~/models/self-service/moved-visit.server";
import { requirePageUser } from "~/http/auth.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { invalid } from "~/utils/result";
import { redirectWithToast } from "~/http/toast.server";
import { DueForms } from "~/components/forms/due-forms";
import { dueFormItems } from "~/models/forms/due.server";

const PATH = "/user/appointments";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  const now = new Date();
  const [list, settings, waitlist, moved, forms] = await Promise.all([
    listAppointments(user.id, now),
    getClinicSettings(),
    listWaitlist(user.id),
    justMovedVisits(user.id, now),
    dueFormItems(user.id, now),
  ]);
  const clock = { timeZone: settings.timeZone, locale: settings.locale };
  // Inside the cancellation cutoff only the clinic changes a visit (the server refuses too).
  const upcoming = list.upcoming.map((appointment) => ({
    ...appointment,
    changeable:
      appointment.mayChange && !isInsideCutoff(new Date(appointment.startsAt), settings, now),
    movedNote: moved.has(appointment._id) ? movedMessage(appointment, clock) : null,
  }));
  const past = list.past.map((appointment) => ({
    ...appointment,
    changeable: false,
    movedNote: null,
  }));
  return {
    upcoming,
    past,
    waitlist,
    clock,
    phone: settings.phone,
    cutoff: insideCutoffMessage(settings),
    forms,
  };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "signed in",
    task: "Cancelling an appointment",
    handler: async ({ form, user }) => {
      const id = form.appointmentId;
      if (form.intent !== "cancel" || !id)
        return invalid("Please choose an appointment to cancel.");
      const result = await cancelOwnVisit(id, user.id, form.reason);
      if (!result.ok) return result;
      return redirectWithToast(PATH, { type: "success", message: result.message });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "My appointments | Dental Clinic" },
  { name: "description", content: "Your upcoming and past appointments at the clinic." },
];

function AppointmentCard({
  appointment,
  upcoming,
  clock,
  phone,
  cutoff,
}: {
  appointment: AppointmentJson & {
    changeable: boolean;
    movedNote: string | null;
    forName: string | null;
    mayChange: boolean;
  };
  upcoming: boolean;
  clock: ClinicClock;
  phone: string;
  cutoff: string;
}) {
  const when = formatDateTime(appointment.date, appointment.time, clock);
  return (
    <li
      // A move comes back here (#visit-<id>), to the visit that says it moved.
      id={`visit-${appointment._id}`}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-start sm:justify-between"
      data-testid="appointment"
    >
      <div className="space-y-1">
        {appointment.movedNote ? <MovedNote message={appointment.movedNote} /> : null}
        {appointment.forName ? (
          <p className="text-sm font-semibold text-brand-700" data-testid="appointment-for">
            For {appointment.forName}
          </p>
        ) : null}
        <p className="font-semibold text-slate-900">{when}</p>
        <p className="text-slate-800">
          <Link to={`/product/${appointment.service.slug}`} className="text-brand-700 underline">
            {appointment.service.name}
          </Link>{" "}
          ({formatDuration(appointment.service.durationMinutes)}) with{" "}
          <Link to={`/team#${appointment.dentist.slug}`} className="text-brand-700 underline">
            {appointment.dentist.name}
          </Link>
        </p>
        <p className="text-sm text-slate-700">
          {appointment.name} · {appointment.phone}
        </p>
        <p className="text-sm text-slate-700">{appointment.message}</p>
        <p
          className={`text-sm font-semibold ${appointment.status === "cancelled" || appointment.status === "no_show" ? "text-red-700" : "text-slate-800"}`}
          data-testid="appointment-status"
        >
          {STATUS_LABELS[appointment.status]}
        </p>
      </div>
      {upcoming && appointment.changeable ? (
        <div className="flex flex-wrap gap-2">
          <Link
            to={`${PATH}/${appointment._id}/reschedule`}
            className="btn-secondary"
            aria-label={`Reschedule the appointment on ${when}`}
          >
            Reschedule
          </Link>
          <Link
            to={`${PATH}/${appointment._id}/cancel`}
            className="btn-secondary"
            aria-label={`Cancel the appointment on ${when}`}
          >
            Cancel
          </Link>
        </div>
      ) : upcoming && appointment.mayChange ? (
        <div className="max-w-xs text-sm">
          <CallClinic message={cutoff} phone={phone} />
        </div>
      ) : null}
    </li>
  );
}

/** A place on the waiting list, with its own form to leave it (posted to the list's page). */
function WaitlistCard({ entry, clock }: { entry: WaitlistEntryView; clock: ClinicClock }) {
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-start sm:justify-between"
      data-testid="waitlist-entry"
    >
      <div className="space-y-1">
        <p className="font-semibold text-slate-900">
          You are on the waiting list for {entry.serviceName}
        </p>
        <p className="text-slate-800">
          {formatDateRange(entry.fromDate, entry.toDate, clock)}, with{" "}
          {entry.dentistName ?? "any dentist"}
        </p>
        <p className="text-sm text-slate-700">{partOfDayLabel(entry.partOfDay, clock)}</p>
      </div>
      <Form method="post" action="/user/waitlist">
        <input type="hidden" name="intent" value="leave" />
        <input type="hidden" name="entryId" value={entry.id} />
        <button
          type="submit"
          className="btn-secondary"
          aria-label={`Leave the waiting list for ${entry.serviceName}`}
        >
          Leave the list
        </button>
      </Form>
    </li>
  );
}

export default function MyAppointments() {
  const { upcoming, past, waitlist, clock, phone, cutoff, forms } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">My appointments</h1>
        <Link to="/make-appointment" className="btn-primary">
          Book an appointment
        </Link>
      </div>
      <p className="mt-2 text-sm text-slate-700">Times are {formatZone(clock)}.</p>
      <FormError message={actionData?.error} />
      {forms.length > 0 ? (
        <div className="mt-6">
          <DueForms forms={forms} />
        </div>
      ) : null}

      <h2 className="mt-8 text-xl font-semibold text-slate-900">Upcoming</h2>
      {upcoming.length > 0 ? (
        <ul className="mt-4 space-y-3" aria-label="Upcoming appointments">
          {upcoming.map((appointment) => (
            <AppointmentCard
              key={appointment._id}
              appointment={appointment}
              upcoming
              clock={clock}
              phone={phone}
              cutoff={cutoff}
            />
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-slate-700">You have no upcoming appointments.</p>
      )}

      <h2 className="mt-10 text-xl font-semibold text-slate-900">Waiting list</h2>
      {waitlist.length > 0 ? (
        <ul className="mt-4 space-y-3" aria-label="Waiting list">
          {waitlist.map((entry) => (
            <WaitlistCard key={entry.id} entry={entry} clock={clock} />
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-slate-700">You are not waiting for a time.</p>
      )}
      <p className="mt-3">
        <Link to="/user/waitlist" className="text-brand-700 underline">
          Join the waiting list
        </Link>
      </p>

      <h2 className="mt-10 text-xl font-semibold text-slate-900">Past and cancelled</h2>
      {past.length > 0 ? (
        <ul className="mt-4 space-y-3" aria-label="Past and cancelled appointments">
          {past.map((appointment) => (
            <AppointmentCard
              key={appointment._id}
              appointment={appointment}
              upcoming={false}
              clock={clock}
              phone={phone}
              cutoff={cutoff}
            />
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-slate-700">Nothing here yet.</p>
      )}
    </section>
  );
}
