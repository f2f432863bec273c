import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useRouteError,
} from "@remix-run/react";
import { useCallback, useState } from "react";
import { CheckedForm, FormCard, TextField, useCheckedForm } from "~/components/form-kit";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { isSignInRequired } from "~/components/login-guard";
import { SearchableSelect } from "~/components/searchable-select";
import { TextAreaField } from "~/components/text-area-field";
import { TimeSlotPicker } from "~/components/time-slot-picker";
import { VerifyEmailNotice } from "~/components/verify-email-notice";
import { WaitlistLink } from "~/components/waitlist-link";
import { addDays, clinicNow } from "~/utils/clinic-time";
import { formatDuration, formatTime } from "~/utils/clinic-format";
import { formatPrice } from "~/utils/format";
import { APPOINTMENT_BOOKED, bookAppointment } from "~/models/appointment.server";
import { recordRecallBooking } from "~/models/recall-invitations.server";
import { getClinicSettings, getPublicClinic } from "~/models/clinic-settings.server";
import { bookingChoices } from "~/models/dentist.server";
import { unverifiedRefusal } from "~/models/email-verification.server";
import { requirePageUser } from "~/utils/auth.server";
import { formAction, formPageHeaders } from "~/utils/form-action.server";
import { loginPathFor } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";
import { APPOINTMENT_REQUIRED_FIELDS, appointmentSchema } from "~/validation/appointment";

const PATH = "/make-appointment";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  const [{ services, dentists }, settings, clinic] = await Promise.all([
    bookingChoices(),
    getClinicSettings(),
    getPublicClinic(),
  ]);
  // The service page links here with ?service=<id>; a recall invitation's link also with
  // ?dentist=<id>&recall=<token> (docs/decisions/035-recall.md).
  const search = new URL(request.url).searchParams;
  const requested = search.get("service");
  const requestedDentist = search.get("dentist");
  const today = clinicNow(new Date(), settings.timeZone).date;
  const clock = { timeZone: settings.timeZone, locale: settings.locale };
  return {
    user: { name: user.name, email: user.email },
    verifyFirst: unverifiedRefusal(user)?.message ?? null,
    services: services.map((service) => ({
      ...service,
      duration: formatDuration(service.durationMinutes),
      price: formatPrice(service.priceCents),
    })),
    dentists,
    selectedService: services.some((service) => service.value === requested) ? requested! : "",
    selectedDentist: dentists.some((dentist) => dentist.value === requestedDentist)
      ? requestedDentist!
      : "",
    recall: search.get("recall")?.slice(0, 100) ?? "",
    minDate: today,
    maxDate: addDays(today, settings.horizonDays),
    gridMinutes: settings.gridMinutes,
    hours: clinic.hours.map((row) => `${row.days}: ${row.text}`).join("; "),
    zoneName: clinic.zoneName,
    timeHint: `Appointments start every ${settings.gridMinutes} minutes, for example ${formatTime("09:00", clock)} or ${formatTime("09:30", clock)}; the visit must end by closing time.`,
  };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "signed in",
    keep: "all",
    task: "Booking",
    handler: async ({ form, user }) => {
      const result = await bookAppointment(form, user.id);
      if (!result.ok) return result;
      await recordRecallBooking(form.recall, user.id, result.appointment);
      return redirectWithToast("/", { type: "success", message: APPOINTMENT_BOOKED });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Book an Appointment | Dental Clinic" },
  {
    name: "description",
    content: "Choose a service, a day and a free time, and book your visit to the clinic.",
  },
];

export default function MakeAppointment() {
  const {
    user,
    verifyFirst,
    services,
    dentists,
    selectedService,
    selectedDentist,
    recall,
    minDate,
    maxDate,
    gridMinutes,
    hours,
    zoneName,
    timeHint,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const values: Record<string, string> = actionData?.values ?? {};
  const [date, setDate] = useState(values.date ?? "");
  const [serviceId, setServiceId] = useState(values.service ?? selectedService);
  const [dentistId, setDentistId] = useState(values.dentist ?? selectedDentist);
  const onServiceChange = useCallback((value: string) => setServiceId(value), []);
  const chosen = services.find((service) => service.value === serviceId);
  const offered = chosen ? dentists.filter((d) => chosen.dentistIds.includes(d.value)) : dentists;
  const form = useCheckedForm(appointmentSchema, APPOINTMENT_REQUIRED_FIELDS);

  if (verifyFirst) {
    return <VerifyEmailNotice title="Book an Appoinment" message={verifyFirst} redirectTo={PATH} />;
  }
  return (
    <FormCard title="Book an Appoinment" privacy>
      <p className="mb-4 text-sm text-slate-700">
        We are open {hours}. Times are {zoneName}.
      </p>
      <CheckedForm form={form} className="space-y-4">
        {recall || values.recall ? (
          <input type="hidden" name="recall" value={values.recall ?? recall} />
        ) : null}
        <TextField
          name="name"
          label="Name"
          autoComplete="name"
          defaultValue={values.name ?? user.name}
        />
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          defaultValue={values.email ?? user.email}
        />
        <TextField
          name="phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          defaultValue={values.phone ?? ""}
        />
        <TextField
          name="date"
          label="Date"
          type="date"
          min={minDate}
          max={maxDate}
          defaultValue={values.date ?? ""}
          onChange={(event) => setDate(event.target.value)}
        />
        <TimeSlotPicker
          date={date}
          service={serviceId}
          dentist={offered.some((d) => d.value === dentistId) ? dentistId : ""}
          defaultValue={values.time ?? ""}
          gridMinutes={gridMinutes}
          hint={timeHint}
        />
        <SearchableSelect
          name="service"
          label="Service"
          options={services}
          defaultValue={values.service ?? selectedService}
          placeholder="Choose a service"
          onValueChange={onServiceChange}
        />
        {chosen ? (
          <p className="text-sm text-slate-700" data-testid="service-summary">
            {chosen.label}: {chosen.duration}, {chosen.price}
          </p>
        ) : null}
        <div>
          <label htmlFor="field-dentist" className="field-label">
            Dentist
          </label>
          <select
            id="field-dentist"
            name="dentist"
            value={offered.some((d) => d.value === dentistId) ? dentistId : ""}
            onChange={(event) => setDentistId(event.target.value)}
            className="field-input"
          >
            <option value="">Any dentist</option>
            {offered.map((dentist) => (
              <option key={dentist.value} value={dentist.value}>
                {dentist.label}
              </option>
            ))}
          </select>
        </div>
        <TextAreaField name="message" label="Message" defaultValue={values.message ?? ""} />
        <button type="submit" className="btn-primary w-full" disabled={form.submitting}>
          {form.submitting ? "Booking..." : "Add booking"}
        </button>
      </CheckedForm>
      <WaitlistLink service={serviceId} dentist={dentistId} date={date} />
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
        Booking needs an account. After you login you come straight back to the booking form.
      </p>
      <Link to={loginPathFor(error.data.redirectTo)} className="btn-primary">
        Goto Login
      </Link>
    </section>
  );
}
