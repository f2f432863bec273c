import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { CheckedForm, FormCard, TextField, useCheckedForm } from "~/components/form-kit";
import { FieldLabel, NeedMark, needAttributes } from "~/components/field-label";
import { SelectOptions } from "~/components/select-options";
import { VerifyEmailNotice } from "~/components/verify-email-notice";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { bookingChoices } from "~/models/team/dentists.server";
import { unverifiedRefusal } from "~/models/accounts/email-verification.server";
import { joinWaitlist, leaveWaitlist } from "~/models/waitlist/waitlist.server";
import { requirePageUser } from "~/http/auth.server";
import { addDays, clinicNow, isIsoDate } from "~/utils/clinic-time";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import { redirectWithToast } from "~/http/toast.server";
import {
  MAX_WAITLIST_DAYS,
  MAX_WAITLIST_ENTRIES,
  partOfDayLabel,
  PARTS_OF_DAY,
} from "~/models/waitlist/rules";
import { WAITLIST_REQUIRED_FIELDS } from "~/validation/form-fields";

const PATH = "/user/waitlist";
/** Where the list is shown, with "Leave the list" on each entry. */
const LIST = "/user/appointments";

/** The booking pages link here with ?service=&dentist=&date= of what they found full. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  const [{ services, dentists }, settings] = await Promise.all([
    bookingChoices(),
    getClinicSettings(),
  ]);
  const query = new URL(request.url).searchParams;
  const today = clinicNow(new Date(), settings.timeZone).date;
  const maxDate = addDays(today, settings.horizonDays);
  const wanted = query.get("date") ?? "";
  const fromDate = isIsoDate(wanted) && wanted >= today && wanted <= maxDate ? wanted : today;
  const service = query.get("service") ?? "";
  const dentist = query.get("dentist") ?? "";
  return {
    verifyFirst: unverifiedRefusal(user)?.message ?? null,
    services: services.map(({ value, label, dentistIds }) => ({ value, label, dentistIds })),
    dentists,
    selected: {
      service: services.some((s) => s.value === service) ? service : "",
      dentist: dentists.some((d) => d.value === dentist) ? dentist : "",
      fromDate,
      toDate: [addDays(fromDate, 13), maxDate].sort()[0]!,
      phone: user.phone,
    },
    minDate: today,
    maxDate,
    clock: { timeZone: settings.timeZone, locale: settings.locale },
  };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: "signed in",
    keep: "all",
    task: "Joining or leaving the waiting list",
    handler: async ({ form, user }) => {
      const result =
        form.intent === "leave"
          ? await leaveWaitlist(user.id, form.entryId)
          : await joinWaitlist(user.id, form);
      if (!result.ok) return result;
      return redirectWithToast(LIST, { type: "success", message: result.message });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Join the waiting list | Dental Clinic" },
  {
    name: "description",
    content: "Ask to be told by e-mail when a time frees up for the service you need.",
  },
];

export default function JoinWaitlist() {
  const { verifyFirst, services, dentists, selected, minDate, maxDate, clock } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const values: Record<string, string> = actionData?.values ?? {};
  const [serviceId, setServiceId] = useState(values.service ?? selected.service);
  const chosen = services.find((service) => service.value === serviceId);
  const offered = chosen ? dentists.filter((d) => chosen.dentistIds.includes(d.value)) : dentists;
  const form = useCheckedForm(
    () => import("~/validation/waitlist").then((m) => m.waitlistJoinSchema),
    WAITLIST_REQUIRED_FIELDS,
  );

  if (verifyFirst) {
    return (
      <VerifyEmailNotice title="Join the waiting list" message={verifyFirst} redirectTo={PATH} />
    );
  }
  const partOfDay = values.partOfDay ?? "any";
  return (
    <FormCard title="Join the waiting list" privacy>
      <p className="mb-4 text-sm text-slate-700">
        No time that suits you? Tell us the days that would, and we e-mail you as soon as a time
        frees up. The first patient to accept gets it. You can wait for up to {MAX_WAITLIST_ENTRIES}{" "}
        services at once, for up to {MAX_WAITLIST_DAYS} days each.
      </p>
      <CheckedForm form={form} className="space-y-4">
        <input type="hidden" name="intent" value="join" />
        <div>
          <FieldLabel htmlFor="field-service" need="required">
            Service
          </FieldLabel>
          <select
            {...needAttributes("required")}
            id="field-service"
            name="service"
            value={serviceId}
            onChange={(event) => setServiceId(event.target.value)}
            aria-invalid={form.field === "service" || undefined}
            className="field-input"
          >
            <SelectOptions empty="Choose a service" options={services} />
          </select>
        </div>
        <div>
          <FieldLabel htmlFor="field-dentist" need="optional">
            Dentist
          </FieldLabel>
          <select
            id="field-dentist"
            name="dentist"
            defaultValue={values.dentist ?? selected.dentist}
            aria-invalid={form.field === "dentist" || undefined}
            className="field-input"
          >
            <SelectOptions empty="Any dentist" options={offered} />
          </select>
        </div>
        <TextField
          name="fromDate"
          need="required"
          label="First day that suits me"
          type="date"
          min={minDate}
          max={maxDate}
          defaultValue={values.fromDate ?? selected.fromDate}
        />
        <TextField
          name="toDate"
          need="required"
          label="Last day that suits me"
          type="date"
          min={minDate}
          max={maxDate}
          defaultValue={values.toDate ?? selected.toDate}
        />
        <fieldset>
          <legend className="field-label">
            Time of day <NeedMark need="optional" />
          </legend>
          <div className="flex flex-wrap gap-4">
            {PARTS_OF_DAY.map((part) => (
              <label key={part} className="flex items-center gap-2 text-slate-800">
                <input
                  type="radio"
                  name="partOfDay"
                  value={part}
                  defaultChecked={part === partOfDay}
                />
                {partOfDayLabel(part, clock)}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          name="phone"
          need="required"
          label="Phone"
          type="tel"
          autoComplete="tel"
          defaultValue={values.phone ?? selected.phone}
        />
        <button type="submit" className="btn-primary w-full" disabled={form.submitting}>
          {form.submitting ? "Saving..." : "Put me on the waiting list"}
        </button>
      </CheckedForm>
      <p className="mt-6">
        <Link to={LIST} className="text-brand-700 underline">
          Back to My appointments
        </Link>
      </p>
    </FormCard>
  );
}
