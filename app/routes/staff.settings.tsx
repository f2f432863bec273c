import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-pages";
import {
  labelClass,
  RefusalSummary,
  type SectionRefusal,
  SettingCheckbox,
  SettingField,
  SettingsSection,
  useSectionValue,
} from "~/components/staff/setting-field";
import { StaffScreenHeader } from "~/components/staff-kit";
import { getClinicSettings } from "~/models/clinic-settings.server";
import { saveClinicSettings } from "~/models/settings-admin.server";
import { formAction, formPageHeaders } from "~/utils/form-action.server";
import type { StaffHandle } from "~/utils/permissions";
import { requireStaffPage } from "~/utils/roles.server";
import { redirectWithToast } from "~/utils/toast.server";
import { DAY_LABELS, formatBreaks, WEEK_ORDER } from "~/utils/plan-text";
import { hoursField, LIMITS, REMINDER_SLOTS, reminderField } from "~/validation/clinic-settings";
import type { Weekday } from "~/validation/schedule";

const PATH = "/staff/settings";
export const handle: StaffHandle = { permission: "settings.manage" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaffPage(request, handle.permission);
  const settings = await getClinicSettings();
  const hours = Object.fromEntries(
    WEEK_ORDER.map((day) => {
      const plan = settings.weeklyHours[day];
      return [
        day,
        {
          closed: plan === null,
          opens: plan?.start ?? "",
          closes: plan?.end ?? "",
          breaks: plan ? formatBreaks(plan.breaks) : "",
        },
      ];
    }),
  ) as Record<Weekday, { closed: boolean; opens: string; closes: string; breaks: string }>;
  return {
    hours,
    gridMinutes: settings.gridMinutes,
    minNoticeMinutes: settings.minNoticeMinutes,
    horizonDays: settings.horizonDays,
    cancellationCutoffHours: settings.cancellationCutoffHours,
    maxUpcomingPerPatient: settings.maxUpcomingPerPatient,
    reminders: settings.reminderRules.map((rule) => rule.hoursBefore).sort((a, b) => b - a),
    quietHoursStart: settings.quietHoursStart,
    quietHoursEnd: settings.quietHoursEnd,
    waitlistOfferHours: settings.waitlistOfferHours,
    serviceApprovalRequired: settings.serviceApprovalRequired,
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

function refusalFor(
  actionData: { error: string; field: string | null; values: Record<string, string> } | undefined,
  intent: string,
): SectionRefusal {
  if (!actionData) return null;
  return (actionData.values.intent ?? "") === intent ? actionData : null;
}

function DayRow({
  day,
  stored,
}: {
  day: Weekday;
  stored: { closed: boolean; opens: string; closes: string; breaks: string };
}) {
  const label = DAY_LABELS[day];
  const closed = useSectionValue(hoursField(day, "closed"), stored.closed ? "on" : "");
  return (
    <fieldset className="grid gap-3 border-t border-slate-200 pt-3 sm:grid-cols-[7rem_9rem_9rem_1fr] sm:items-end">
      <legend className="sr-only">{label}</legend>
      <div>
        <p className={labelClass} aria-hidden="true">
          {label}
        </p>
        <label className="inline-flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            id={hoursField(day, "closed")}
            name={hoursField(day, "closed")}
            value="on"
            defaultChecked={Boolean(closed)}
            className="h-5 w-5"
          />
          Closed<span className="sr-only"> on {label}</span>
        </label>
      </div>
      <SettingField
        name={hoursField(day, "opens")}
        label="Opens"
        aria-label={`${label} opens`}
        type="time"
        stored={stored.opens}
      />
      <SettingField
        name={hoursField(day, "closes")}
        label="Closes"
        aria-label={`${label} closes`}
        type="time"
        stored={stored.closes}
      />
      <SettingField
        name={hoursField(day, "breaks")}
        label="Breaks"
        aria-label={`${label} breaks`}
        placeholder="12:00-13:00, 15:00-15:15"
        stored={stored.breaks}
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
          Times are on the diary&apos;s {settings.gridMinutes}-minute grid. Write breaks as
          12:00-13:00, separated by commas. Patients can only book inside these hours, and inside
          each dentist&apos;s own plan.
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
          <SettingField
            name="minNoticeMinutes"
            label="Minimum notice (minutes)"
            type="number"
            inputMode="numeric"
            min={LIMITS.minNoticeMinutes.min}
            max={LIMITS.minNoticeMinutes.max}
            stored={number(settings.minNoticeMinutes)}
            help="Patients cannot book a time that starts sooner than this from now."
          />
          <SettingField
            name="horizonDays"
            label="Booking horizon (days)"
            type="number"
            inputMode="numeric"
            min={LIMITS.horizonDays.min}
            max={LIMITS.horizonDays.max}
            stored={number(settings.horizonDays)}
            help="Patients can book at most this many days ahead."
          />
          <SettingField
            name="cancellationCutoffHours"
            label="Cancellation cutoff (hours)"
            type="number"
            inputMode="numeric"
            min={LIMITS.cancellationCutoffHours.min}
            max={LIMITS.cancellationCutoffHours.max}
            stored={number(settings.cancellationCutoffHours)}
            help="Closer to the visit than this, patients must call to cancel or reschedule."
          />
          <SettingField
            name="maxUpcomingPerPatient"
            label="Most upcoming bookings per patient"
            type="number"
            inputMode="numeric"
            min={LIMITS.maxUpcomingPerPatient.min}
            max={LIMITS.maxUpcomingPerPatient.max}
            stored={number(settings.maxUpcomingPerPatient)}
            help="A patient with this many upcoming visits must cancel one to book another."
          />
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
                label={`Reminder ${k + 1}`}
                type="number"
                inputMode="numeric"
                min={LIMITS.reminderHours.min}
                max={LIMITS.reminderHours.max}
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
            label="Quiet hours start"
            type="time"
            stored={settings.quietHoursStart}
          />
          <SettingField
            name="quietHoursEnd"
            label="Quiet hours end"
            type="time"
            stored={settings.quietHoursEnd}
            help="No reminder is sent in the quiet hours; it waits until they end."
          />
          <SettingField
            name="waitlistOfferHours"
            label="Waitlist offer open for (hours)"
            type="number"
            inputMode="numeric"
            min={LIMITS.waitlistOfferHours.min}
            max={LIMITS.waitlistOfferHours.max}
            stored={number(settings.waitlistOfferHours)}
            help="A patient offered a freed time has this long to take it."
          />
        </div>
      </SettingsSection>

      <SettingsSection
        id="approval"
        title="Patient-added services"
        intent="approval"
        refusal={refusalFor(actionData, "approval")}
        submitLabel="Save approval setting"
      >
        <SettingCheckbox
          name="serviceApprovalRequired"
          label="Patient-added services need approval"
          stored={settings.serviceApprovalRequired}
          help="When ticked, a service a patient adds appears on the site only after staff approve it in Moderation."
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
          <SettingField
            name="clinicName"
            label="Clinic name"
            autoComplete="organization"
            stored={settings.contact.clinicName}
          />
          <SettingField
            name="phone"
            label="Phone"
            type="tel"
            autoComplete="tel"
            stored={settings.contact.phone}
          />
          <SettingField
            name="email"
            label="E-mail"
            type="email"
            autoComplete="email"
            stored={settings.contact.email}
          />
          <SettingField
            name="street"
            label="Street"
            autoComplete="address-line1"
            stored={settings.contact.street}
          />
          <SettingField
            name="city"
            label="City"
            autoComplete="address-level2"
            stored={settings.contact.city}
          />
          <SettingField
            name="region"
            label="State or region"
            autoComplete="address-level1"
            stored={settings.contact.region}
          />
          <SettingField
            name="postalCode"
            label="Postal code"
            autoComplete="postal-code"
            stored={settings.contact.postalCode}
          />
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
