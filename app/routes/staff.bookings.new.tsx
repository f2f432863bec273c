import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  data,
  redirect,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { textRecipient } from "~/models/sms/outbound.server";
import { NO_TEXTS_NOTE } from "~/models/sms/consent-rules";
import { FormError } from "~/components/form-error";
import {
  BookAtTime,
  BookChosenAtTime,
  type PickedTime,
  PickedTimeLine,
} from "~/components/staff/book-at-time";
import { CreateCaller, FindCaller } from "~/components/staff/caller-search";
import { DeskBookAnyway } from "~/components/staff/desk-book-anyway";
import { DeskBookForm, DeskFreeDays, DeskServiceForm } from "~/components/staff/desk-free-days";
import { mailRecipient } from "~/models/mail/appointment-mail.server";
import { getClinicClock } from "~/models/settings/clinic-settings.server";
import { bookingChoices } from "~/models/team/dentists.server";
import { bookAtDesk } from "~/models/front-desk/booking.server";
import { deskFreeDays } from "~/models/front-desk/free-days.server";
import { activeChairs } from "~/models/front-desk/diary.server";
import { createCallerRecord } from "~/models/patients/edit.server";
import { findPatient, findPatientsFor } from "~/models/patients/search.server";
import { readPatients } from "~/models/patients/access.server";
import { clinicNow, normalizeTime } from "~/utils/clinic-time";
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
  const from = dateParam(url.searchParams, "from");
  if (from.refusal) throw badRequest(from.refusal.message);
  const day = dateParam(url.searchParams, "day");
  if (day.refusal) throw badRequest(day.refusal.message);
  const today = clinicNow(new Date(), clock.timeZone).date;
  const date = requested.date ?? today;
  const service = choices.services.find((entry) => entry.value === param("service")) ?? null;
  const dentist = param("dentist") || "any";
  // The first free times from the day typed (today), and the day a link chose to book.
  const free =
    patient && service
      ? await deskFreeDays(actor, {
          service: service.value,
          dentist,
          from: from.date ?? requested.date,
          day: day.date,
        })
      : null;
  const mailTo = patient ? await mailRecipient(patient.id) : null;
  const textTo = patient ? ((await textRecipient(patient.id))?.to ?? null) : null;
  const at = await pickedTime(param("time"), date, dentist, param("chair"), choices.dentists);
  const start = normalizeTime(param("start")) ?? "";
  // Booking a patient from the waiting list ("book now"): the booking closes their entry.
  const waitlist = patient ? param("waitlist") : "";
  return {
    clock,
    choices,
    patient,
    mailTo,
    textTo,
    matches,
    query,
    today,
    date: requested.date ?? "",
    service,
    dentist,
    free: free?.ok ? free : null,
    refusal: free && !free.ok ? free.message : null,
    start,
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

export default function NewBooking() {
  const { clock, choices, patient, mailTo, textTo, at, query, matches, service, waitlist } =
    useLoaderData<typeof loader>();
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
          <p className="text-sm text-slate-700" data-testid="text-recipient">
            {textTo
              ? `Texts go to ${textTo} as the clinic settings choose.`
              : `${NO_TEXTS_NOTE[0]!.toUpperCase()}${NO_TEXTS_NOTE.slice(1)}.`}
          </p>
          <DeskBooking patientId={patient.id} busy={busy} values={actionData?.values} />
        </>
      )}
    </section>
  );
}

/** For a chosen caller: service and dentist, their first free times, and the booking. */
function DeskBooking({
  patientId,
  busy,
  values,
}: {
  patientId: string;
  busy: boolean;
  values: Record<string, string> | undefined;
}) {
  const { clock, choices, today, date, service, dentist, free, refusal, start, waitlist } =
    useLoaderData<typeof loader>();
  const base = {
    patient: patientId,
    service: service?.value ?? "",
    dentist,
    ...(waitlist ? { waitlist } : {}),
  };
  const chosenTime = values?.time ?? start;
  return (
    <>
      <DeskServiceForm
        patientId={patientId}
        services={choices.services}
        dentists={choices.dentists}
        service={service}
        dentist={dentist}
        date={date}
        waitlistEntry={waitlist}
      />
      {refusal ? (
        <p role="alert" className="text-red-800">
          {refusal}
        </p>
      ) : null}
      {free ? (
        <>
          <DeskFreeDays strip={free} base={base} chosenTime={chosenTime} today={today} />
          <DeskBookForm
            strip={free}
            patientId={patientId}
            dentist={dentist}
            chosenTime={chosenTime}
            note={values?.note}
            clock={clock}
            waitlistEntry={waitlist}
            busy={busy}
          />
          <DeskBookAnyway
            patientId={patientId}
            serviceId={free.service.id}
            dentist={dentist}
            date={free.chosen?.date || date || today}
            values={values}
            waitlistEntry={waitlist}
            busy={busy}
          />
        </>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
