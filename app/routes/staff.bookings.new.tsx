import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  data,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { FormError } from "~/components/form-error";
import { StackedField } from "~/components/form-kit";
import {
  BookAtTime,
  BookChosenAtTime,
  type PickedTime,
  PickedTimeLine,
} from "~/components/staff/book-at-time";
import { CreateCaller, FindCaller } from "~/components/staff/caller-search";
import { FreeTimeRadios } from "~/components/staff/free-time-radios";
import { mailRecipient } from "~/models/mail/appointment-mail.server";
import { getClinicClock } from "~/models/settings/clinic-settings.server";
import { bookingChoices } from "~/models/team/dentists.server";
import { bookAtDesk } from "~/models/front-desk/booking.server";
import { createCallerRecord } from "~/models/patients/edit.server";
import { staffFreeTimes } from "~/models/booking/free-times.server";
import { findPatient, findPatientsFor } from "~/models/patients/search.server";
import { readPatients } from "~/models/patients/access.server";
import { formatDate, formatDuration } from "~/utils/clinic-format";
import { clinicNow, normalizeTime } from "~/utils/clinic-time";
import { activeChairs } from "~/models/front-desk/diary.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { badRequest, tooManyReads } from "~/http/http.server";
import type { StaffHandle } from "~/models/permissions";
import { invalid, ok } from "~/utils/result";
import { requireStaffPage, staffActor } from "~/http/roles.server";
import { redirectWithToast } from "~/http/toast.server";
import { dateParam } from "~/validation/dates";

const PATH = "/staff/bookings/new";
export const handle: StaffHandle = { permission: "appointments.book" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaffPage(request, handle.permission);
  const url = new URL(request.url);
  const param = (name: string) => url.searchParams.get(name)?.trim().slice(0, 100) ?? "";
  const query = param("q");
  const patientId = param("patient");
  const actor = staffActor(user);
  const [clock, choices, patient, found] = await Promise.all([
    getClinicClock(),
    bookingChoices(),
    patientId ? findPatient(patientId) : null,
    patientId ? ok({ patients: [] }) : findPatientsFor(actor, query),
  ]);
  // The caller's contact details are shown: the read is audited and bounded (ADR 043).
  const refused = found.ok
    ? patient
      ? await readPatients(actor, {
          patientIds: [patient.id],
          action: "patient.view",
          entityType: "patient",
          summary: "Opened the patient for a booking",
        })
      : null
    : found;
  if (refused) throw tooManyReads(refused);
  const matches = found.ok ? found.patients : [];
  const requested = dateParam(url.searchParams, "date");
  if (requested.refusal) throw badRequest(requested.refusal.message);
  const date = requested.date ?? clinicNow(new Date(), clock.timeZone).date;
  const service = choices.services.find((entry) => entry.value === param("service")) ?? null;
  const dentist = param("dentist") || "any";
  const times =
    patient && service
      ? await staffFreeTimes(actor, {
          date,
          serviceId: service.value,
          dentistId: dentist === "any" ? undefined : dentist,
        })
      : [];
  const mailTo = patient ? await mailRecipient(patient.id) : null;
  const at = await pickedTime(param("time"), date, dentist, param("chair"), choices.dentists);
  // Booking a patient from the waiting list ("book now"): the booking closes their entry.
  const waitlist = patient ? param("waitlist") : "";
  return {
    clock,
    choices,
    patient,
    mailTo,
    matches,
    query,
    date,
    service,
    dentist,
    times,
    at,
    waitlist,
  };
}

/** A time picked in the diary (its free cell's link): the day, time, dentist and chair. */
async function pickedTime(
  rawTime: string,
  date: string,
  dentist: string,
  chairId: string,
  dentists: { value: string; label: string }[],
): Promise<PickedTime | null> {
  const time = normalizeTime(rawTime);
  if (!time) return null;
  const chosen = dentists.find((entry) => entry.value === dentist);
  const chair = chairId
    ? ((await activeChairs()).find((chair) => chair.id === chairId) ?? null)
    : null;
  return {
    date,
    time,
    dentist: chosen ? { id: chosen.value, name: chosen.label } : null,
    chair,
  };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    keep: ["name", "email", "phone", "dateOfBirth", "reason", "time", "note"],
    task: "A booking by the clinic",
    handler: async ({ form, actor }) => {
      const field = (name: string) => form[name] ?? "";
      const intent = field("intent");
      if (intent === "create-patient") {
        const created = await createCallerRecord(actor, form);
        if (!created.ok && "duplicates" in created) {
          // Records that look like this caller: shown with "use this record" and "create anyway".
          const values = Object.fromEntries(
            ["name", "email", "phone", "dateOfBirth", "reason", "time", "note"].map((name) => [
              name,
              field(name),
            ]),
          );
          return data(
            { error: created.message, field: null, values, duplicates: created.duplicates },
            { status: created.status },
          );
        }
        if (!created.ok) return created;
        // A time picked in the diary stays picked.
        const picked = ["date", "time", "dentist", "chair"].flatMap((name) =>
          field(name) ? [[name, field(name)]] : [],
        );
        const params = new URLSearchParams([["patient", created.patientId], ...picked]);
        return redirect(`${PATH}?${params}`);
      }
      if (intent !== "book" && intent !== "book-anyway") {
        return invalid("Please find the patient, then choose a time.");
      }
      const result = await bookAtDesk(actor, {
        patientId: field("patientId"),
        service: field("service"),
        dentist: field("dentist"),
        chair: field("chair"),
        date: field("date"),
        time: field("time"),
        note: field("note"),
        override: intent === "book-anyway" ? "yes" : "",
        reason: field("reason"),
        waitlistEntry: field("waitlistEntry"),
      });
      if (!result.ok) return result;
      return redirectWithToast(`/staff/appointments/${result.appointment._id}`, {
        type: result.mailedTo ? "success" : "info",
        message: result.message,
      });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "New booking | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

const input = "rounded-md border border-slate-400 px-2 py-1.5";
const button =
  "inline-flex min-h-6 items-center rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60";

export default function NewBooking() {
  const {
    clock,
    choices,
    patient,
    mailTo,
    date,
    service,
    dentist,
    times,
    at,
    query,
    matches,
    waitlist,
  } = useLoaderData<typeof loader>();
  const fromWaitlist = waitlist ? (
    <input type="hidden" name="waitlistEntry" value={waitlist} />
  ) : null;
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">New booking for a caller</h1>
      <FormError message={actionData?.error} />
      {at && !patient ? <PickedTimeLine at={at} clock={clock} /> : null}
      {!patient ? (
        <>
          {at ? (
            <BookAtTime
              at={at}
              services={choices.services}
              query={query}
              matches={matches}
              busy={busy}
            />
          ) : (
            <FindCaller query={query} matches={matches} />
          )}
          <CreateCaller
            values={actionData?.values}
            at={at}
            duplicates={actionData && "duplicates" in actionData ? actionData.duplicates : null}
          />
        </>
      ) : at ? (
        <>
          <p>
            Booking for <span className="font-semibold">{patient.name}</span> ({patient.email},{" "}
            {patient.phone || "no phone"}).
          </p>
          <PickedTimeLine at={at} clock={clock} />
          <BookChosenAtTime
            at={at}
            services={choices.services}
            patientId={patient.id}
            service={service?.value ?? ""}
            waitlistEntry={waitlist}
            busy={busy}
          />
        </>
      ) : (
        <>
          <p>
            Booking for <span className="font-semibold">{patient.name}</span> ({patient.email},{" "}
            {patient.phone || "no phone"}).{" "}
            <Link to={PATH} className="text-brand-700 underline">
              Choose another caller
            </Link>
          </p>
          <p className="text-sm text-slate-700" data-testid="confirmation-recipient">
            {mailTo
              ? `The confirmation, with the calendar file and the links to confirm, move or cancel, goes to ${mailTo}.`
              : `No confirmation will be mailed: ${patient.name} has no e-mail address the clinic may write to yet.`}
          </p>
          <section aria-labelledby="when-heading" className="space-y-2">
            <h2 id="when-heading" className="text-lg font-semibold">
              2. Service, dentist and day
            </h2>
            <Form method="get" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="patient" value={patient.id} />
              {waitlist ? <input type="hidden" name="waitlist" value={waitlist} /> : null}
              <StackedField htmlFor="booking-service" label="Service" need="required">
                <select
                  id="booking-service"
                  name="service"
                  required
                  defaultValue={service?.value ?? ""}
                  className={input}
                >
                  <option value="" disabled>
                    Choose a service
                  </option>
                  {choices.services.map((entry) => (
                    <option key={entry.value} value={entry.value}>
                      {entry.label} ({formatDuration(entry.durationMinutes)})
                    </option>
                  ))}
                </select>
              </StackedField>
              <StackedField htmlFor="booking-dentist" label="Dentist" need="optional">
                <select
                  id="booking-dentist"
                  name="dentist"
                  defaultValue={dentist}
                  className={input}
                >
                  <option value="any">Any dentist</option>
                  {choices.dentists.map((entry) => (
                    <option key={entry.value} value={entry.value}>
                      {entry.label}
                    </option>
                  ))}
                </select>
              </StackedField>
              <StackedField htmlFor="booking-date" label="Date" need="required">
                <input
                  id="booking-date"
                  type="date"
                  name="date"
                  required
                  defaultValue={date}
                  className={input}
                />
              </StackedField>
              <button type="submit" className={button}>
                Show free times
              </button>
            </Form>
          </section>
          {service ? (
            <section aria-labelledby="time-heading" className="space-y-4">
              <h2 id="time-heading" className="text-lg font-semibold">
                3. A free time on {formatDate(date, clock)}
              </h2>
              {times.length === 0 ? (
                <p className="text-slate-700">Nothing is free for {service.label} on this day.</p>
              ) : (
                <Form method="post" className="space-y-2">
                  <input type="hidden" name="patientId" value={patient.id} />
                  <input type="hidden" name="service" value={service.value} />
                  <input type="hidden" name="dentist" value={dentist} />
                  <input type="hidden" name="date" value={date} />
                  {fromWaitlist}
                  <FreeTimeRadios legend="Free times" times={times} clock={clock} />
                  <StackedField
                    htmlFor="booking-note"
                    label="Note for the visit (staff only)"
                    need="optional"
                  >
                    <input
                      id="booking-note"
                      name="note"
                      maxLength={1000}
                      defaultValue={actionData?.values.note}
                      className={`${input} w-96 max-w-full`}
                    />
                  </StackedField>
                  <button
                    type="submit"
                    name="intent"
                    value="book"
                    className="btn-primary"
                    disabled={busy}
                  >
                    Book
                  </button>
                </Form>
              )}
              <details className="rounded-md border border-slate-300 p-3">
                <summary className="cursor-pointer font-medium">
                  Book anyway (double booking)
                </summary>
                <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                  <input type="hidden" name="patientId" value={patient.id} />
                  <input type="hidden" name="service" value={service.value} />
                  <input type="hidden" name="dentist" value={dentist} />
                  <input type="hidden" name="date" value={date} />
                  {fromWaitlist}
                  <StackedField htmlFor="anyway-time" label="Time" need="required">
                    <input
                      id="anyway-time"
                      type="time"
                      name="time"
                      required
                      defaultValue={actionData?.values.time}
                      className={input}
                    />
                  </StackedField>
                  <StackedField
                    htmlFor="anyway-reason"
                    label="Reason (recorded with your name)"
                    need="required"
                  >
                    <input
                      id="anyway-reason"
                      name="reason"
                      required
                      maxLength={500}
                      defaultValue={actionData?.values.reason}
                      className={`${input} w-72`}
                    />
                  </StackedField>
                  <button
                    type="submit"
                    name="intent"
                    value="book-anyway"
                    className={button}
                    disabled={busy}
                  >
                    Book anyway
                  </button>
                </Form>
              </details>
            </section>
          ) : null}
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
