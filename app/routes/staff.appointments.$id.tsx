import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  data,
} from "@remix-run/node";
import { StackedField } from "~/components/field-label";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { FormError } from "~/components/form-error";
import { FreeTimeRadios } from "~/components/staff/free-time-radios";
import { EmailLink, PhoneLink } from "~/components/staff-kit";
import { SentMessages } from "~/components/staff/sent-messages";
import { sentMessages } from "~/models/sms/patient-texts.server";
import { PatientAlerts } from "~/components/staff/patient-alerts";
import { StatusBadge } from "~/components/staff/status-badge";
import { TRANSITIONS, MOVABLE, STATUS_LABELS } from "~/models/booking/appointment-status";
import { ACTION_LABELS, visitOffer } from "~/models/front-desk/visit-actions";
import { getClinicClock } from "~/models/settings/clinic-settings.server";
import {
  appointmentForStaff,
  staffChangeStatus,
  staffMove,
} from "~/models/front-desk/changes.server";
import { staffFreeTimes } from "~/models/booking/free-times.server";
import { visitPageFor } from "~/models/patients/visit-contacts.server";
import { CONTACT_HIDDEN_MESSAGE } from "~/models/patients/need-to-know";
import { activeChairs, activeDentists } from "~/models/front-desk/diary.server";
import { formatDate, formatDateTime, formatDuration, formatInstant } from "~/utils/clinic-format";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { badRequest, tooManyReads } from "~/http/http.server";
import { may, type StaffHandle } from "~/models/permissions";
import { invalid } from "~/utils/result";
import { requireStaffPage, staffActor } from "~/http/roles.server";
import { redirectWithToast } from "~/http/toast.server";
import { dateParam } from "~/validation/dates";
import { VisitForms } from "~/components/forms/visit-forms";
import { visitForms } from "~/models/forms/visit.server";
import { clinicNow } from "~/utils/clinic-time";

export const handle: StaffHandle = { permission: "appointments.view" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaffPage(request, handle.permission);
  const stored = await appointmentForStaff(params.id ?? "");
  if (!stored) throw data({ message: "There is no such appointment." }, { status: 404 });
  // Contact details, message and alerts only for staff with the need to know (ADR 043).
  const shared = await visitPageFor(staffActor(user), stored);
  if (!shared.ok) throw tooManyReads(shared);
  const { visit: found, contactShown, alerts } = shared;
  const url = new URL(request.url);
  const requested = dateParam(url.searchParams, "moveDate");
  if (requested.refusal) throw badRequest(requested.refusal.message);
  const moveDate = requested.date ?? found.appointment.date;
  const moveDentist = url.searchParams.get("moveDentist") ?? found.appointment.dentist._id;
  const [clock, dentists, chairs, freeTimes, sent, forms] = await Promise.all([
    getClinicClock(),
    activeDentists(),
    activeChairs(),
    (MOVABLE as string[]).includes(found.appointment.status)
      ? staffFreeTimes(staffActor(user), {
          date: moveDate,
          serviceId: found.appointment.service._id,
          dentistId: moveDentist === "any" ? undefined : moveDentist,
          appointmentId: found.appointment._id,
        })
      : [],
    contactShown ? sentMessages({ appointmentId: found.appointment._id }) : [],
    visitForms(user, found.appointment._id),
  ]);
  const own = { own: found.dentistUserId === user.id };
  const now = new Date();
  // What the diary's card offers, from the same rule (visitOffer).
  const offer = visitOffer(
    user,
    {
      status: found.appointment.status,
      date: found.appointment.date,
      startsAt: new Date(found.appointment.startsAt),
      endsAt: new Date(found.appointment.endsAt),
      dentistUserId: found.dentistUserId,
    },
    { now, today: clinicNow(now, clock.timeZone).date },
  );
  return {
    ...found,
    contactShown,
    alerts,
    sent,
    may: {
      changeStatus: may(user, "appointments.changeStatus", own),
      cancel: may(user, "appointments.cancel", own),
      move: may(user, "appointments.move", own),
    },
    clock,
    dentists,
    chairs,
    move: { date: moveDate, dentist: moveDentist, times: freeTimes },
    next: TRANSITIONS[found.appointment.status],
    labels: STATUS_LABELS,
    started: new Date(found.appointment.startsAt) <= now,
    offer,
    forms,
  };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    keep: ["reason"],
    task: "A staff change to an appointment",
    handler: async ({ params, form, actor }) => {
      const id = params.id ?? "";
      const field = (name: string) => form[name] ?? "";
      const intent = field("intent");
      const result =
        intent === "move"
          ? await staffMove(actor, id, {
              date: field("date"),
              time: field("time"),
              dentist: field("dentist"),
              chair: field("chair"),
            })
          : intent
            ? await staffChangeStatus(actor, id, intent, field("reason"))
            : invalid("Please choose what to do with this appointment.");
      if (!result.ok) return result;
      const clock = await getClinicClock();
      const { date, time, status } = result.appointment;
      return redirectWithToast(`/staff/appointments/${id}`, {
        type: "success",
        message:
          intent === "move"
            ? `Moved to ${formatDateTime(date, time, clock)}.`
            : `The appointment is now ${STATUS_LABELS[status].toLowerCase()}.`,
      });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Appointment | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

export default function StaffAppointment() {
  const loaded = useLoaderData<typeof loader>();
  const { appointment, patient, clock, labels, history, move } = loaded;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const statusActions = loaded.offer.actions;
  const movable = loaded.offer.move;
  const button =
    "inline-flex min-h-6 items-center rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60";
  return (
    <section className="space-y-6">
      <p>
        <Link to={`/staff?date=${appointment.date}`} className="text-brand-700 underline">
          Back to the diary of {formatDate(appointment.date, clock)}
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-slate-900">
        {appointment.name}: {formatDateTime(appointment.date, appointment.time, clock)}
      </h1>
      <FormError message={actionData?.error} />
      <PatientAlerts alerts={loaded.alerts} />
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-slate-800">
        <dt className="font-semibold">Status</dt>
        <dd>
          <StatusBadge status={appointment.status} labels={labels} />
        </dd>
        <dt className="font-semibold">Service</dt>
        <dd>
          {appointment.service.name} ({formatDuration(appointment.service.durationMinutes)})
        </dd>
        <dt className="font-semibold">Dentist</dt>
        <dd>{appointment.dentist.name}</dd>
        <dt className="font-semibold">Chair</dt>
        <dd>{appointment.chair.name}</dd>
        <dt className="font-semibold">Booked</dt>
        <dd>
          {loaded.source === "staff"
            ? `By the clinic${loaded.createdBy ? ` (${loaded.createdBy})` : ""}`
            : loaded.source === "waitlist"
              ? "Online, from the waiting list"
              : `Online${loaded.createdBy ? ` by ${loaded.createdBy} for the patient` : ""}`}
          {loaded.overrideReason ? `; booked anyway: ${loaded.overrideReason}` : ""}
        </dd>
        {loaded.cancelReason ? (
          <>
            <dt className="font-semibold">Cancelled because</dt>
            <dd>{loaded.cancelReason}</dd>
          </>
        ) : null}
        {loaded.contactShown ? (
          <>
            <dt className="font-semibold">Patient&apos;s message</dt>
            <dd>{appointment.message || "None"}</dd>
            <dt className="font-semibold">Staff note</dt>
            <dd>{appointment.staffNote || "None"}</dd>
            <dt className="font-semibold">Confirmation</dt>
            <dd>
              {loaded.mailedTo
                ? `Mailed to ${loaded.mailedTo}`
                : "None mailed: the patient has no e-mail address the clinic may write to."}
            </dd>
          </>
        ) : null}
      </dl>

      <section aria-labelledby="contact-heading">
        <h2 id="contact-heading" className="text-lg font-semibold text-slate-900">
          Patient contact
        </h2>
        <p>
          {patient ? (
            <Link to={`/staff/patients/${patient.id}`} className="text-brand-700 underline">
              {patient.name}
            </Link>
          ) : (
            appointment.name
          )}
          {loaded.contactShown ? (
            <>
              {" · "}
              <PhoneLink phone={appointment.phone} />
              {" · "}
              <EmailLink email={appointment.email} />
            </>
          ) : null}
        </p>
        {loaded.contactShown ? null : (
          <p className="text-sm text-slate-700" data-testid="contact-hidden">
            {CONTACT_HIDDEN_MESSAGE}
          </p>
        )}
      </section>
      {loaded.contactShown ? <SentMessages lines={loaded.sent} title="Messages sent" /> : null}
      <VisitForms forms={loaded.forms} appointmentId={appointment._id} />

      {statusActions.length > 0 ? (
        <section aria-labelledby="status-heading" className="space-y-2">
          <h2 id="status-heading" className="text-lg font-semibold text-slate-900">
            Update status
          </h2>
          <div className="flex flex-wrap gap-2">
            {statusActions.map((to) => (
              <Form method="post" key={to}>
                <button type="submit" name="intent" value={to} className={button} disabled={busy}>
                  {ACTION_LABELS[to] ?? labels[to]}
                </button>
              </Form>
            ))}
          </div>
          {!loaded.started && loaded.next.includes("no_show") ? (
            <p className="text-sm text-slate-700">
              Check-in is offered from the visit&apos;s day; no-show and complete once it has
              started.
            </p>
          ) : null}
        </section>
      ) : null}

      {loaded.offer.cancel ? (
        <section aria-labelledby="cancel-heading">
          <h2 id="cancel-heading" className="text-lg font-semibold text-slate-900">
            Cancel
          </h2>
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <StackedField
              htmlFor="cancel-reason"
              label="Reason (the patient is told)"
              need="required"
            >
              <input
                id="cancel-reason"
                name="reason"
                required
                maxLength={500}
                defaultValue={actionData?.values.reason}
                className="w-72 rounded-md border border-slate-400 px-2 py-1.5"
              />
            </StackedField>
            <button
              type="submit"
              name="intent"
              value="cancelled"
              className={button}
              disabled={busy}
            >
              Cancel appointment
            </button>
          </Form>
        </section>
      ) : null}

      {movable ? (
        <section aria-labelledby="move-heading" className="space-y-3">
          <h2 id="move-heading" className="text-lg font-semibold text-slate-900">
            Move
          </h2>
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <StackedField htmlFor="move-date" label="Date" need="required">
              <input
                id="move-date"
                type="date"
                name="moveDate"
                defaultValue={move.date}
                required
                className="rounded-md border border-slate-400 px-2 py-1.5"
              />
            </StackedField>
            <StackedField htmlFor="move-dentist" label="Dentist" need="optional">
              <select
                id="move-dentist"
                name="moveDentist"
                defaultValue={move.dentist}
                className="rounded-md border border-slate-400 px-2 py-1.5"
              >
                <option value="any">Any dentist</option>
                {loaded.dentists.map((dentist) => (
                  <option key={dentist.id} value={dentist.id}>
                    {dentist.name}
                  </option>
                ))}
              </select>
            </StackedField>
            <button type="submit" className={button}>
              Show free times
            </button>
          </Form>
          {move.times.length === 0 ? (
            <p className="text-slate-700">
              Nothing is free on {formatDate(move.date, clock)} for this visit. Try another day or
              dentist.
            </p>
          ) : (
            <Form method="post" className="space-y-2">
              <input type="hidden" name="date" value={move.date} />
              <input type="hidden" name="dentist" value={move.dentist} />
              <FreeTimeRadios
                legend={`Free times on ${formatDate(move.date, clock)}`}
                times={move.times}
                clock={clock}
              />
              <StackedField htmlFor="move-chair" label="Chair" need="optional">
                <select
                  id="move-chair"
                  name="chair"
                  className="w-52 rounded-md border border-slate-400 px-2 py-1.5"
                >
                  <option value="">Any free chair</option>
                  {loaded.chairs.map((chair) => (
                    <option key={chair.id} value={chair.id}>
                      {chair.name}
                    </option>
                  ))}
                </select>
              </StackedField>
              <button type="submit" name="intent" value="move" className={button} disabled={busy}>
                Move appointment
              </button>
            </Form>
          )}
        </section>
      ) : null}

      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
          Status history
        </h2>
        <ol className="mt-2 space-y-1 text-sm text-slate-800">
          {history.map((change) => (
            <li key={change.id}>
              {formatInstant(new Date(change.at), clock)}:{" "}
              {change.from && change.from !== change.to
                ? `${labels[change.from as keyof typeof labels] ?? change.from} → `
                : ""}
              {labels[change.to as keyof typeof labels] ?? change.to}
              {change.by ? ` by ${change.by}` : ""}
              {change.note ? ` (${change.note})` : ""}
            </li>
          ))}
        </ol>
      </section>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
