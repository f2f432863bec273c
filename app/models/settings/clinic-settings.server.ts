import type { ClinicClosure } from "@prisma/client";
import { type ClinicClock, formatTime, formatZone } from "~/utils/clinic-format";
import { prisma } from "~/infra/db.server";
import { cachedRead, type Generations } from "~/infra/read-cache.server";
import { recallCadenceSchema } from "~/validation/recall";
import {
  reminderRulesSchema,
  type ReminderRule,
  type WeeklyPlan,
  weeklyPlanSchema,
} from "~/validation/schedule";
import { parseSettingsRow, type Settings } from "./row";

export type { Settings };

/**
 * The clinic's settings (one row, made by the migration), cached until the next write;
 * `generations`: those its request's loader already read (~/infra/read-cache.server).
 */
export function getClinicSettings(generations?: Generations): Promise<Settings> {
  return cachedRead(
    ["settings"],
    "clinic-settings",
    async () =>
      parseSettingsRow(await prisma.clinicSettings.findUniqueOrThrow({ where: { id: 1 } })),
    { generations },
  );
}

/** What the one formatter (~/utils/clinic-format) needs, from settings already read. */
export function clockOf(settings: Pick<Settings, "timeZone" | "locale">): ClinicClock {
  return { timeZone: settings.timeZone, locale: settings.locale };
}

/** What the one formatter (~/utils/clinic-format) needs. */
export async function getClinicClock(): Promise<ClinicClock> {
  return clockOf(await getClinicSettings());
}

export type SettingsChange = Partial<
  Omit<Settings, "id" | "updatedAt" | "weeklyHours" | "reminderRules" | "recallCadenceDays">
> & { weeklyHours?: WeeklyPlan; reminderRules?: ReminderRule[]; recallCadenceDays?: number[] };

/** Writes settings (JSON columns checked by their schemas) and drops every cached read. */
export async function updateClinicSettings(change: SettingsChange): Promise<Settings> {
  const { weeklyHours, reminderRules, recallCadenceDays, ...plain } = change;
  await prisma.clinicSettings.update({
    where: { id: 1 },
    data: {
      ...plain,
      ...(weeklyHours ? { weeklyHours: JSON.stringify(weeklyPlanSchema.parse(weeklyHours)) } : {}),
      ...(reminderRules
        ? { reminderRules: JSON.stringify(reminderRulesSchema.parse(reminderRules)) }
        : {}),
      ...(recallCadenceDays
        ? { recallCadenceDays: JSON.stringify(recallCadenceSchema.parse(recallCadenceDays)) }
        : {}),
    },
  });
  return getClinicSettings();
}

/** Closures overlapping the local dates `from`..`to` (inclusive). */
export function closuresBetween(from: string, to: string): Promise<ClinicClosure[]> {
  return prisma.clinicClosure.findMany({
    where: { startDate: { lte: to }, endDate: { gte: from } },
    orderBy: { startDate: "asc" },
  });
}

export async function addClosure(closure: { name: string; startDate: string; endDate: string }) {
  return prisma.clinicClosure.create({ data: closure });
}

const SCHEMA_DAYS: Record<string, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

/** What the public pages show of the clinic: contact, hours, booking rules. */
export type PublicClinic = {
  name: string;
  phone: string;
  email: string;
  address: { street: string; city: string; region: string; postalCode: string };
  addressLine: string;
  /** Rows of the opening-hours table: days with the same hours together. */
  hours: { days: string; text: string }[];
  gridMinutes: number;
  horizonDays: number;
  zoneName: string;
  /** schema.org `Dentist` for the home page. */
  structuredData: Record<string, unknown>;
};

/**
 * Made once per settings row read (the read cache hands out the same object until the
 * next write), not per page view: the hours are formatted with Intl, which is not cheap.
 */
const publicClinics = new WeakMap<Settings, PublicClinic>();

export async function getPublicClinic(): Promise<PublicClinic> {
  const settings = await getClinicSettings();
  let clinic = publicClinics.get(settings);
  if (!clinic) {
    clinic = describeClinic(settings);
    publicClinics.set(settings, clinic);
  }
  return clinic;
}

function describeClinic(settings: Settings): PublicClinic {
  const clock = { timeZone: settings.timeZone, locale: settings.locale };
  const order = [
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
  ] as const;
  const describe = (day: WeeklyPlan[(typeof order)[number]]) =>
    day
      ? [
          `${formatTime(day.start, clock)} to ${formatTime(day.end, clock)}`,
          ...day.breaks.map(
            (gap) => `closed ${formatTime(gap.start, clock)} to ${formatTime(gap.end, clock)}`,
          ),
        ].join(", ")
      : "Closed";
  const hours: { days: string[]; text: string }[] = [];
  for (const key of order) {
    const text = describe(settings.weeklyHours[key]);
    const last = hours[hours.length - 1];
    if (last && last.text === text) last.days.push(SCHEMA_DAYS[key]!);
    else hours.push({ days: [SCHEMA_DAYS[key]!], text });
  }
  const address = {
    street: settings.street,
    city: settings.city,
    region: settings.region,
    postalCode: settings.postalCode,
  };
  return {
    name: settings.clinicName,
    phone: settings.phone,
    email: settings.email,
    address,
    addressLine: `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`,
    hours: hours.map((row) => ({
      days:
        row.days.length > 2
          ? `${row.days[0]} to ${row.days[row.days.length - 1]}`
          : row.days.join(" and "),
      text: row.text,
    })),
    gridMinutes: settings.gridMinutes,
    horizonDays: settings.horizonDays,
    zoneName: formatZone(clock),
    structuredData: {
      "@context": "https://schema.org",
      "@type": "Dentist",
      name: settings.clinicName,
      telephone: settings.phone,
      email: settings.email,
      address: {
        "@type": "PostalAddress",
        streetAddress: address.street,
        addressLocality: address.city,
        addressRegion: address.region,
        postalCode: address.postalCode,
        addressCountry: "US",
      },
      openingHoursSpecification: order.flatMap((key) => {
        const day = settings.weeklyHours[key];
        if (!day) return [];
        // Breaks split the day into the periods the clinic is actually open.
        const periods: { start: string; end: string }[] = [];
        let from = day.start;
        for (const gap of [...day.breaks].sort((a, b) => (a.start < b.start ? -1 : 1))) {
          periods.push({ start: from, end: gap.start });
          from = gap.end;
        }
        periods.push({ start: from, end: day.end });
        return periods.map((period) => ({
          "@type": "OpeningHoursSpecification",
          dayOfWeek: `https://schema.org/${SCHEMA_DAYS[key]}`,
          opens: period.start,
          closes: period.end,
        }));
      }),
    },
  };
}
