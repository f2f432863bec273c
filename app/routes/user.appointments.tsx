import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError } from "~/components/form-error";
import {
  type ClinicClock,
  formatDateTime,
  formatDuration,
  formatZone,
} from "~/utils/clinic-format";
import {
  type AppointmentJson,
  cancelAppointment,
  listAppointments,
} from "~/models/appointment.server";
import { STATUS_LABELS } from "~/utils/appointment-status";
import { getClinicClock } from "~/models/clinic-settings.server";
import { requirePageUser, requireUser } from "~/utils/auth.server";
import { formRefusal, unexpectedFailure } from "~/utils/form-action.server";
import { invalid } from "~/utils/result";
import { redirectWithToast } from "~/utils/toast.server";

const PATH = "/user/appointments";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  const [list, clock] = await Promise.all([listAppointments(user.id), getClinicClock()]);
  return { ...list, clock };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { redirectTo: PATH });
  const form = await request.formData();
  const id = form.get("appointmentId");
  if (form.get("intent") !== "cancel" || typeof id !== "string" || !id) {
    return formRefusal(invalid("Please choose an appointment to cancel."), {});
  }
  try {
    const result = await cancelAppointment(id, user.id);
    if (!result.ok) return formRefusal(result, {});
    const { date, time } = result.appointment;
    const clock = await getClinicClock();
    return redirectWithToast(PATH, {
      type: "success",
      message: `Your appointment on ${formatDateTime(date, time, clock)} is cancelled.`,
    });
  } catch (error) {
    return unexpectedFailure("Cancelling an appointment", error, {});
  }
}

export const meta: MetaFunction = () => [
  { title: "My appointments | Dental Clinic" },
  { name: "description", content: "Your upcoming and past appointments at the clinic." },
];

function AppointmentCard({
  appointment,
  cancellable,
  clock,
}: {
  appointment: AppointmentJson;
  cancellable: boolean;
  clock: ClinicClock;
}) {
  const navigation = useNavigation();
  const cancelling =
    navigation.state === "submitting" &&
    navigation.formData?.get("appointmentId") === appointment._id;
  const when = formatDateTime(appointment.date, appointment.time, clock);
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-start sm:justify-between"
      data-testid="appointment"
    >
      <div className="space-y-1">
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
      {cancellable ? (
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="appointmentId" value={appointment._id} />
          <button
            type="submit"
            className="btn-secondary"
            aria-label={`Cancel the appointment on ${when}`}
            disabled={cancelling}
          >
            {cancelling ? "Cancelling..." : "Cancel"}
          </button>
        </Form>
      ) : null}
    </li>
  );
}

export default function MyAppointments() {
  const { upcoming, past, clock } = useLoaderData<typeof loader>();
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

      <h2 className="mt-8 text-xl font-semibold text-slate-900">Upcoming</h2>
      {upcoming.length > 0 ? (
        <ul className="mt-4 space-y-3" aria-label="Upcoming appointments">
          {upcoming.map((appointment) => (
            <AppointmentCard
              key={appointment._id}
              appointment={appointment}
              cancellable
              clock={clock}
            />
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-slate-700">You have no upcoming appointments.</p>
      )}

      <h2 className="mt-10 text-xl font-semibold text-slate-900">Past and cancelled</h2>
      {past.length > 0 ? (
        <ul className="mt-4 space-y-3" aria-label="Past and cancelled appointments">
          {past.map((appointment) => (
            <AppointmentCard
              key={appointment._id}
              appointment={appointment}
              cancellable={false}
              clock={clock}
            />
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-slate-700">Nothing here yet.</p>
      )}
    </section>
  );
}
