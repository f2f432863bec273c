import type { ClinicClosure, ClinicSettings } from "@prisma/client";
import type { ClinicClock } from "~/utils/clinic-format";
import { prisma } from "~/utils/db.server";
import { cachedRead, invalidateReadCache } from "~/utils/read-cache.server";
import {
  parseJsonColumn,
  reminderRulesSchema,
  type ReminderRule,
  type WeeklyPlan,
  weeklyPlanSchema,
} from "~/validation/schedule";

/** The settings row with its JSON columns parsed and checked. */
export type Settings = Omit<ClinicSettings, "weeklyHours" | "reminderRules"> & {
  weeklyHours: WeeklyPlan;
  reminderRules: ReminderRule[];
};

/** The clinic's settings (one row, made by the migration), cached until the next write. */
export function getClinicSettings(): Promise<Settings> {
  return cachedRead("clinic-settings", async () => {
    const row = await prisma.clinicSettings.findUniqueOrThrow({ where: { id: 1 } });
    return {
      ...row,
      weeklyHours: parseJsonColumn(weeklyPlanSchema, row.weeklyHours, "The clinic's hours"),
      reminderRules: parseJsonColumn(reminderRulesSchema, row.reminderRules, "Reminder rules"),
    };
  });
}

/** What the one formatter (~/utils/clinic-format) needs. */
export async function getClinicClock(): Promise<ClinicClock> {
  const { timeZone, locale } = await getClinicSettings();
  return { timeZone, locale };
}

export type SettingsChange = Partial<
  Omit<Settings, "id" | "updatedAt" | "weeklyHours" | "reminderRules">
> & { weeklyHours?: WeeklyPlan; reminderRules?: ReminderRule[] };

/** Writes settings (JSON columns checked by their schemas) and drops every cached read. */
export async function updateClinicSettings(change: SettingsChange): Promise<Settings> {
  const { weeklyHours, reminderRules, ...plain } = change;
  await prisma.clinicSettings.update({
    where: { id: 1 },
    data: {
      ...plain,
      ...(weeklyHours ? { weeklyHours: JSON.stringify(weeklyPlanSchema.parse(weeklyHours)) } : {}),
      ...(reminderRules
        ? { reminderRules: JSON.stringify(reminderRulesSchema.parse(reminderRules)) }
        : {}),
    },
  });
  invalidateReadCache();
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
  const created = await prisma.clinicClosure.create({ data: closure });
  invalidateReadCache();
  return created;
}
