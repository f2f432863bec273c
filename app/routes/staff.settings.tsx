import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import { DayHours } from "~/components/staff/day-hours";
import {
  labelClass,
  RefusalSummary,
  type SectionRefusal,
  SettingCheckbox,
  SettingField,
  SettingsSection,
  useSectionRefusal,
  useSectionValue,
} from "~/components/staff/setting-field";
import { StaffScreenHeader } from "~/components/staff-kit";
import { TextSettingsSection } from "~/components/staff/text-settings";
import { getEnv } from "~/infra/env.server";
import { textPreviews } from "~/models/sms/text-settings";
import { shortWhen } from "~/models/sms/texts";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { saveClinicSettings } from "~/models/settings/admin.server";
import { formAction, formPageHeaders } from "~/http/form-action.server";
import type { StaffHandle } from "~/models/permissions";
import { requireStaffPage } from "~/http/roles.server";
import { redirectWithToast } from "~/http/toast.server";
import { DAY_LABELS, dayRowOf, readDayRow, WEEK_ORDER } from "~/models/settings/plan-text";
import {
  clinicDayFields,
  LIMITS,
  REMINDER_SLOTS,
  reminderField,
} from "~/validation/clinic-settings";
import type { DayPlan, Weekday } from "~/validation/schedule";

const PATH = "/staff/settings";
export const handle: StaffHandle = { permission: "settings.manage" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaffPage(request, handle.permission);
  const settings = await getClinicSettings();
  return {
    hours: settings.weeklyHours,
    gridMinutes: settings.gridMinutes,
    minNoticeMinutes: settings.minNoticeMinutes,
    horizonDays: settings.horizonDays,
    cancellationCutoffHours: settings.cancellationCutoffHours,
    maxUpcomingPerPatient: settings.maxUpcomingPerPatient,
    maxVisitsPerDentistPerDay: settings.maxVisitsPerDentistPerDay,
    ownAccountAge: settings.ownAccountAge,
    reminders: settings.reminderRules.map((rule) => rule.hoursBefore).sort((a, b) => b - a),
    quietHoursStart: settings.quietHoursStart,
    quietHoursEnd: settings.quietHoursEnd,
    waitlistOfferHours: settings.waitlistOfferHours,
    serviceApprovalRequired: settings.serviceApprovalRequired,
    reviewApprovalRequired: settings.reviewApprovalRequired,
    smsMonthlyCap: settings.smsMonthlyCap,
    textPreviews: textPreviews({
      clinicName: settings.clinicName,
      messageChannels: settings.messageChannels,
      appUrl: getEnv().APP_URL,
      // A long date (Wednesday in December at 10:30): the preview's worst case.
      sampleWhen: shortWhen(new Date("2026-12-02T15:30:00Z"), settings),
    }),
    contact: {
      clinicName: settings.clinicName,
      phone: settings.phone,
      email: settings.email,
      street: settings.street,
      city: settings.city,
      region: settings.region,
      postalCode: settings.postalCode,
    },
  };
}

export const action = (args: ActionFunctionArgs) =>
  formAction(args, {
    access: handle.permission,
    keep: "all",
    task: "Saving the clinic's settings",
    handler: async ({ form, actor }) => {
      const result = await saveClinicSettings(form, actor);
      if (!result.ok) return result;
      return redirectWithToast(`${PATH}#${form.intent}-heading`, {
        type: "success",
        message: result.message,
      });
    },
  });

export const headers = formPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Clinic settings | Clinic | Dental Clinic" },
  { name: "robots", content: "noindex" },
];

/** The booking rules that are whole numbers, in the order the section shows them. */
const BOOKING_NUMBERS = [
  {
    name: "minNoticeMinutes",
    label: "Minimum notice (minutes)",
    help: "Patients cannot book a time that starts sooner than this from now.",
  },
  {
    name: "horizonDays",
    label: "Booking horizon (days)",
    help: "Patients can book at most this many days ahead.",
  },
  {
    name: "cancellationCutoffHours",
    label: "Cancellation cutoff (hours)",
    help: "Closer to the visit than this, patients must call to cancel or reschedule.",
  },
  {
    name: "maxUpcomingPerPatient",
    label: "Most upcoming bookings per patient",
    help: "A patient with this many upcoming visits must cancel one to book another.",
  },
  {
    name: "maxVisitsPerDentistPerDay",
    label: "Most visits per dentist per day",
    help: "0 for no limit. Reception can still book a dentist past it, with a reason.",
  },
  {
    name: "ownAccountAge",
    label: "Own account from age",
    help: "A family member someone books for may have an account of their own from this age.",
  },
] as const;

const CONTACT_FIELDS = [
  { name: "clinicName", label: "Clinic name", type: "text", autoComplete: "organization" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
  { name: "email", label: "E-mail", type: "email", autoComplete: "email" },
  { name: "street", label: "Street", type: "text", autoComplete: "address-line1" },
  { name: "city", label: "City", type: "text", autoComplete: "address-level2" },
  { name: "region", label: "State or region", type: "text", autoComplete: "address-level1" },
  { name: "postalCode", label: "Postal code", type: "text", autoComplete: "postal-code" },
] as const;

/** A whole-number field's input, bounded as its validation bounds it. */
const numberInput = (limit: keyof typeof LIMITS) => ({
  type: "number",
  inputMode: "numeric" as const,
  min: LIMITS[limit].min,
  max: LIMITS[limit].max,
});

function refusalFor(
  actionData: { error: string; field: string | null; values: Record<string, string> } | undefined,
  intent: string,
): SectionRefusal {
  if (!actionData) return null;
  return (actionData.values.intent ?? "") === intent ? actionData : null;
}

function DayRow({ day, stored }: { day: Weekday; stored: DayPlan }) {
  const { refusal, errorId } = useSectionRefusal();
  const fields = clinicDayFields(day);
  const row = refusal ? readDayRow(refusal.values, fields) : dayRowOf(stored);
  return (
    <fieldset className="min-w-0 border-t border-slate-200 pt-3">
      <legend className="sr-only">{DAY_LABELS[day]}</legend>
      {/* Shown apart from the legend: a legend on a top-bordered fieldset sits on the line. */}
      <p className="mb-2 font-semibold text-slate-900" aria-hidden="true">
        {DAY_LABELS[day]}
      </p>
      <DayHours
        day={DAY_LABELS[day]}
        fields={fields}
        row={row}
        words={{ start: "Opens", end: "Closes" }}
        invalidField={refusal?.field ?? null}
        errorId={errorId}
      />
    </fieldset>
  );
}

export default function ClinicSettings() {
  const settings = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const number = (value: number) => String(value);
  return (
    <div className="space-y-6">
      <StaffScreenHeader title="Clinic settings">
        Each section is saved on its own and takes effect at once for patients booking online.
      </StaffScreenHeader>
      <RefusalSummary refusal={actionData ?? null} />

      <SettingsSection
        id="hours"
        title="Opening hours and breaks"
        intent="hours"
        refusal={refusalFor(actionData, "hours")}
        submitLabel="Save opening hours"
      >
        <p className="text-sm text-slate-700">
          Times are on the diary&apos;s {settings.gridMinutes}-minute grid. A break is a time nobody
          can book; leave a break&apos;s times empty to remove it. Patients can only book inside
          these hours, and inside each dentist&apos;s own plan.
        </p>
        {WEEK_ORDER.map((day) => (
          <DayRow key={day} day={day} stored={settings.hours[day]} />
        ))}
      </SettingsSection>

      <SettingsSection
        id="booking"
        title="Booking rules"
        intent="booking"
        refusal={refusalFor(actionData, "booking")}
        submitLabel="Save booking rules"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <GridChoice stored={number(settings.gridMinutes)} />
          {BOOKING_NUMBERS.map(({ name, label, help }) => (
            <SettingField
              key={name}
              name={name}
              need="required"
              label={label}
              help={help}
              {...numberInput(name)}
              stored={number(settings[name])}
            />
          ))}
        </div>
      </SettingsSection>

      <SettingsSection
        id="reminders"
        title="Reminders and waitlist offers"
        intent="reminders"
        refusal={refusalFor(actionData, "reminders")}
        submitLabel="Save reminder settings"
      >
        <fieldset>
          <legend className={labelClass}>Reminders (hours before the visit, 1 to 3 of them)</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            {Array.from({ length: REMINDER_SLOTS }, (_, k) => (
              <SettingField
                key={k}
                name={reminderField(k + 1)}
                need={k === 0 ? "required" : "optional"}
                label={`Reminder ${k + 1}`}
                {...numberInput("reminderHours")}
                stored={settings.reminders[k] === undefined ? "" : number(settings.reminders[k]!)}
              />
            ))}
          </div>
          <p className="mt-1 text-sm text-slate-700">
            Patients get an e-mail this many hours before each visit; leave a box empty for fewer
            reminders.
          </p>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          <SettingField
            name="quietHoursStart"
            need="required"
            label="Quiet hours start"
            type="time"
            stored={settings.quietHoursStart}
          />
          <SettingField
            name="quietHoursEnd"
            need="required"
            label="Quiet hours end"
            type="time"
            stored={settings.quietHoursEnd}
            help="No reminder is sent in the quiet hours; it waits until they end."
          />
          <SettingField
            name="waitlistOfferHours"
            need="required"
            label="Waitlist offer open for (hours)"
            {...numberInput("waitlistOfferHours")}
            stored={number(settings.waitlistOfferHours)}
            help="A patient offered a freed time has this long to take it."
          />
        </div>
      </SettingsSection>

      <TextSettingsSection
        previews={settings.textPreviews}
        cap={settings.smsMonthlyCap}
        refusal={refusalFor(actionData, "texts")}
      />

      <SettingsSection
        id="approval"
        title="Approval of services and reviews"
        intent="approval"
        refusal={refusalFor(actionData, "approval")}
        submitLabel="Save approval settings"
      >
        <SettingCheckbox
          name="serviceApprovalRequired"
          label="Patient-added services need approval"
          stored={settings.serviceApprovalRequired}
          help="When ticked, a service a patient adds appears on the site only after staff approve it in Moderation."
        />
        <SettingCheckbox
          name="reviewApprovalRequired"
          label="Reviews without a completed visit need approval"
          stored={settings.reviewApprovalRequired}
          help="When ticked, a review from a patient with no completed visit of the service appears only after staff publish it in Moderation. A review with a link or a phone number always waits; one from a patient whose visit is completed appears at once."
        />
      </SettingsSection>

      <SettingsSection
        id="contact"
        title="Contact details"
        intent="contact"
        refusal={refusalFor(actionData, "contact")}
        submitLabel="Save contact details"
      >
        <p className="text-sm text-slate-700">
          Shown in the site&apos;s footer, the search engines&apos; clinic details and every e-mail.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {CONTACT_FIELDS.map(({ name, label, type, autoComplete }) => (
            <SettingField
              key={name}
              name={name}
              need="required"
              label={label}
              type={type}
              autoComplete={autoComplete}
              stored={settings.contact[name]}
            />
          ))}
        </div>
      </SettingsSection>
    </div>
  );
}

function GridChoice({ stored }: { stored: string }) {
  const value = useSectionValue("gridMinutes", stored);
  return (
    <fieldset>
      <legend className={labelClass}>Grid step</legend>
      <div className="flex gap-4">
        {["15", "30"].map((step) => (
          <label key={step} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              id={step === "15" ? "gridMinutes" : undefined}
              name="gridMinutes"
              value={step}
              defaultChecked={value === step}
              className="h-5 w-5"
              aria-describedby="gridMinutes-help"
            />
            {step} minutes
          </label>
        ))}
      </div>
      <p id="gridMinutes-help" className="mt-1 text-sm text-slate-700">
        Patients see start times every this many minutes; every service length must be a multiple of
        it.
      </p>
    </fieldset>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
