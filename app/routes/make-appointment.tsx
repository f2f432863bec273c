import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useRouteError,
} from "@remix-run/react";
import { useCallback, useState } from "react";
import { FirstFreeTimes, type StripChoice } from "~/components/first-free-times";
import { CheckedForm, FormCard, TextField, useCheckedForm } from "~/components/form-kit";
import { FieldLabel } from "~/components/field-label";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { isSignInRequired } from "~/utils/sign-in-required";
import { SearchableSelect } from "~/components/searchable-select";
import { TextAreaField } from "~/components/text-area-field";
import { TimeSlotPicker } from "~/components/time-slot-picker";
import { NewMemberFields, VisitFor } from "~/components/visit-for";
import { VerifyEmailNotice } from "~/components/verify-email-notice";
import { WaitlistLink } from "~/components/waitlist-link";
import { SmsConsentCheckbox } from "~/components/sms-consent-checkbox";
import { APPOINTMENT_BOOKED, bookAppointment } from "~/models/booking/book.server";
import { bookForNewMember } from "~/models/family/book-new.server";
import { bookingConsent } from "~/models/sms/patient-consent.server";
import { recallOfBookLink } from "~/models/recall/invitations.server";
import { requirePageUser } from "~/http/auth.server";
import { bookingPageData } from "~/http/booking-page.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { useHydrated } from "~/hooks/use-hydrated";
import { loginPathFor, registerPathFor } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/http/toast.server";
import { APPOINTMENT_REQUIRED_FIELDS } from "~/validation/form-fields";

const PATH = "/make-appointment";

export async function loader({ request }: LoaderFunctionArgs) {
  return bookingPageData(request, await requirePageUser(request));
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "signed in",
    keep: "all",
    task: "Booking",
    handler: async ({ form, user }) => {
      const recallId = recallOfBookLink(form.recall);
      const addOn = bookingConsent(user.id, form.smsConsent);
      if (form.patient === "new") {
        const result = await bookForNewMember(user, form, { recallId, addOn });
        if (result.ok) return booked(result.appointment._id, true);
        if (!result.member) return result;
        // The new member was added: the form now books them, not someone new again.
        const values = { ...form, patient: result.member.id };
        const refusal = { error: result.message, field: result.field ?? null, values };
        return data(refusal, { status: result.status });
      }
      const result = await bookAppointment(form, user.id, undefined, { recallId, addOn });
      if (!result.ok) return result;
      return booked(result.appointment._id, Boolean(form.patient || form.family));
    },
  });

/**
 * The spec's toast, on the home page; a family's on "Book another family member", which
 * offers the times next to this visit (docs/decisions/049-families.md).
 */
function booked(appointmentId: string, family: boolean) {
  const next = family ? `/make-appointment/another?after=${appointmentId}` : "/";
  return redirectWithToast(next, { type: "success", message: APPOINTMENT_BOOKED });
}

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Book an Appointment | Dental Clinic" },
  {
    name: "description",
    content: "Choose a service, a day and a free time, and book your visit to the clinic.",
  },
];

/** Already at the visit cap: said as the form opens, not after it was filled in. */
function AtTheCap({ message, children }: { message: string; children?: React.ReactNode }) {
  return (
    <FormCard title="Book an Appoinment">
      {children}
      <p role="status" className="text-slate-800" data-testid="visit-cap">
        {message}
      </p>
      <Link to="/user/appointments" className="btn-primary mt-6 w-full">
        My appointments
      </Link>
    </FormCard>
  );
}

export default function MakeAppointment() {
  const {
    user,
    verifyFirst,
    capped,
    services,
    dentists,
    selected,
    strip,
    recall,
    minDate,
    maxDate,
    gridMinutes,
    hours,
    zoneName,
    timeHint,
    family,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const values: Record<string, string> = actionData?.values ?? {};
  const [date, setDate] = useState(values.date ?? selected.date);
  const [time, setTime] = useState(values.time ?? selected.time);
  const [serviceId, setServiceId] = useState(values.service ?? selected.service);
  const [dentistId, setDentistId] = useState(values.dentist ?? selected.dentist);
  const onServiceChange = useCallback((value: string) => setServiceId(value), []);
  const chosen = services.find((service) => service.value === serviceId);
  const offered = chosen ? dentists.filter((d) => chosen.dentistIds.includes(d.value)) : dentists;
  const dentist = offered.some((d) => d.value === dentistId) ? dentistId : "";
  const form = useCheckedForm(
    () => import("~/validation/appointment").then((m) => m.appointmentSchema),
    APPOINTMENT_REQUIRED_FIELDS,
  );
  // A refusal without JavaScript reloads the page at its top, where the form's message must
  // be seen: the strip then follows the form.
  const hydrated = useHydrated();
  // A recall invitation's token rides along every reload of the page (the strip's links
  // and its query without JavaScript) until the booking is made.
  const recallToken = values.recall ?? recall;
  const refusedWithoutScript = form.fromServer && !hydrated;
  const patient = values.patient ?? family.patient;
  const visitFor = (
    <VisitFor
      members={family.members}
      patient={patient}
      hrefFor={(who) =>
        `${PATH}?${new URLSearchParams({
          ...(who ? { patient: who } : {}),
          ...(serviceId ? { service: serviceId } : {}),
          ...(dentist ? { dentist } : {}),
          ...(date ? { date } : {}),
          ...(time ? { time } : {}),
          ...(recallToken ? { recall: recallToken } : {}),
        })}`
      }
    />
  );

  if (verifyFirst) {
    return <VerifyEmailNotice title="Book an Appoinment" message={verifyFirst} />;
  }
  if (capped) return <AtTheCap message={capped}>{visitFor}</AtTheCap>;

  function choose(choice: StripChoice) {
    setDate(choice.date);
    setTime(choice.time);
  }
  const hrefFor = (query: Record<string, string>, hash: string) =>
    `${PATH}?${new URLSearchParams({ service: serviceId, ...(dentist ? { dentist } : {}), ...(recallToken ? { recall: recallToken } : {}), ...(patient ? { patient } : {}), ...query })}${hash}`;

  const firstFree = (
    <FirstFreeTimes
      initial={strip}
      service={serviceId}
      serviceName={chosen?.label ?? null}
      dentist={dentist}
      dentistName={offered.find((d) => d.value === dentist)?.label ?? null}
      today={minDate}
      chosen={{ date, time }}
      onChoose={choose}
      hrefFor={hrefFor}
    />
  );

  return (
    <FormCard title="Book an Appoinment" privacy>
      <p className="mb-4 text-sm text-slate-700">
        We are open {hours}. Times are {zoneName}.
      </p>
      {visitFor}
      {/* Keyed by whom it is for: the name the form starts with is theirs. */}
      <CheckedForm form={form} className="space-y-4" id="booking-form" key={patient}>
        {recallToken ? <input type="hidden" name="recall" value={recallToken} /> : null}
        {patient ? <input type="hidden" name="patient" value={patient} /> : null}
        {family.members.length > 0 ? <input type="hidden" name="family" value="yes" /> : null}
        {/* What the patient came for first, then its first free times (issue 31.13). */}
        <SearchableSelect
          name="service"
          need="required"
          label="Service"
          options={services}
          defaultValue={values.service ?? selected.service}
          placeholder="Choose a service"
          onValueChange={onServiceChange}
        />
        {chosen ? (
          <p className="text-sm text-slate-700" data-testid="service-summary">
            {chosen.label}: {chosen.duration}, {chosen.price}
          </p>
        ) : null}
        <div>
          <FieldLabel htmlFor="field-dentist" need="optional">
            Dentist
          </FieldLabel>
          <select
            id="field-dentist"
            name="dentist"
            value={dentist}
            onChange={(event) => setDentistId(event.target.value)}
            className="field-input"
          >
            <option value="">Any dentist</option>
            {offered.map((entry) => (
              <option key={entry.value} value={entry.value}>
                {entry.label}
              </option>
            ))}
          </select>
        </div>
        {hydrated ? null : (
          // Without JavaScript the strip follows a choice by reloading the page: a GET of
          // the chosen service and dentist (the loader keeps only those).
          <button
            type="submit"
            formMethod="get"
            formAction={`${PATH}#first-free`}
            formNoValidate
            className="btn-secondary w-full"
          >
            Show first free times
          </button>
        )}
        {refusedWithoutScript ? null : firstFree}
        <TextField
          name="name"
          need="required"
          label="Name"
          autoComplete={patient ? "off" : "name"}
          defaultValue={values.name ?? user.name}
        />
        {patient === "new" ? (
          <NewMemberFields values={values} today={minDate} invalid={form.field} />
        ) : null}
        <TextField
          name="email"
          need="required"
          label="Email"
          type="email"
          autoComplete="email"
          defaultValue={values.email ?? user.email}
        />
        <TextField
          name="phone"
          need="required"
          label="Phone"
          type="tel"
          autoComplete="tel"
          defaultValue={values.phone ?? user.phone}
        />
        <TextField
          name="date"
          need="required"
          label="Date"
          type="date"
          min={minDate}
          max={maxDate}
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
        <TimeSlotPicker
          date={date}
          service={serviceId}
          dentist={dentist}
          value={time}
          onChange={setTime}
          gridMinutes={gridMinutes}
          hint={timeHint}
        />
        <TextAreaField
          name="message"
          need="required"
          label="Message"
          defaultValue={values.message ?? ""}
        />
        <SmsConsentCheckbox numberHint="We text the number above; it must be a mobile." />
        <button type="submit" className="btn-primary w-full" disabled={form.submitting}>
          {form.submitting ? "Booking..." : "Add booking"}
        </button>
      </CheckedForm>
      {refusedWithoutScript ? firstFree : null}
      <WaitlistLink service={serviceId} dentist={dentist} date={date} />
    </FormCard>
  );
}

/** Signed out, booking has the spec's own prompt instead of the guard's countdown (401). */
export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || !isSignInRequired(error.data)) {
    return <GeneralErrorBoundary />;
  }
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Please Login To Book an Appoinment</h1>
      <p className="text-slate-700">
        Booking needs an account. After you login, or register as a new patient, you come straight
        back to the booking form.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={loginPathFor(error.data.redirectTo)} className="btn-primary">
          Goto Login
        </Link>
        <Link to={registerPathFor(error.data.redirectTo)} className="btn-secondary">
          Register
        </Link>
      </div>
    </section>
  );
}
