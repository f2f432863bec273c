import type { Prisma } from "@prisma/client";
import { recordAudit } from "~/models/audit/trail.server";
import type { AuditActor } from "~/models/audit/entry.server";
import { formatDateTime } from "~/utils/clinic-format";
import { addDays, clinicNow } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { invalid, ok, type Result } from "~/utils/result";
import {
  daysOffGrid,
  parseApproval,
  parseBookingRules,
  parseContact,
  parseReminderSettings,
  parseWeeklyHours,
  refuse,
} from "~/validation/clinic-settings";
import { parseJsonColumn, reminderRulesSchema, weeklyPlanSchema } from "~/validation/schedule";
import { ACTIVE_STATUSES } from "~/models/booking/appointment-status";
import { appointmentsNeedingAttention } from "~/models/booking/attention.server";
import { getClinicSettings } from "./clinic-settings.server";
import { limitStaffWrite } from "~/infra/rate-limit.server";
import { parseTextSettings } from "~/models/sms/text-settings";

/**
 * The admin's changes to the clinic's settings row (/staff/settings), one section at a
 * time. Each section is validated, written with its audit entry (the section's fields
 * before and after) in one transaction, and then every cached read is dropped, so the
 * patient-facing picker uses the new rules on its next request.
 */

export const SETTINGS_SECTIONS = [
  "hours",
  "booking",
  "reminders",
  "texts",
  "approval",
  "contact",
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const CHOOSE_SECTION_MESSAGE = "Please choose which settings to save.";

type Actor = Extract<AuditActor, { id: string }>;
type Row = Prisma.ClinicSettingsGetPayload<object>;

const SAVED: Record<SettingsSection, string> = {
  hours: "The opening hours are saved.",
  booking: "The booking rules are saved.",
  reminders: "The reminder settings are saved.",
  texts: "The text message settings are saved.",
  approval: "The approval settings are saved.",
  contact: "The contact details are saved.",
};

const FIELDS = {
  hours: ["weeklyHours"],
  booking: [
    "gridMinutes",
    "minNoticeMinutes",
    "horizonDays",
    "cancellationCutoffHours",
    "maxUpcomingPerPatient",
    "maxVisitsPerDentistPerDay",
    "ownAccountAge",
  ],
  reminders: ["reminderRules", "quietHoursStart", "quietHoursEnd", "waitlistOfferHours"],
  texts: ["messageChannels", "smsMonthlyCap"],
  approval: ["serviceApprovalRequired", "reviewApprovalRequired"],
  contact: ["clinicName", "phone", "email", "street", "city", "region", "postalCode"],
} as const satisfies Record<SettingsSection, readonly (keyof Row)[]>;

/** A section's fields as the audit trail shows them (JSON columns parsed). */
function sectionState(row: Row, section: SettingsSection): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  for (const field of FIELDS[section]) {
    state[field] =
      field === "weeklyHours"
        ? parseJsonColumn(weeklyPlanSchema, row.weeklyHours, "The clinic's hours")
        : field === "reminderRules"
          ? parseJsonColumn(reminderRulesSchema, row.reminderRules, "Reminder rules")
          : row[field];
  }
  return state;
}

/**
 * Saves one section of the settings form (`intent` names it). Answers the toast to show,
 * or the refusal with the field it is about; nothing is written on a refusal.
 */
export async function saveClinicSettings(
  form: Record<string, unknown>,
  actor: Actor,
  now: Date = new Date(),
): Promise<Result<{ message: string; changed: boolean }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const intent = typeof form.intent === "string" ? form.intent : "";
  if (!(SETTINGS_SECTIONS as readonly string[]).includes(intent)) {
    return invalid(CHOOSE_SECTION_MESSAGE);
  }
  const section = intent as SettingsSection;
  const result = await prisma.$transaction(async () => {
    const row = await prisma.clinicSettings.findUniqueOrThrow({ where: { id: 1 } });
    const data = await sectionData(row, section, form, now);
    if (!data.ok) return data;
    const updated = await prisma.clinicSettings.update({ where: { id: 1 }, data: data.data });
    const before = sectionState(row, section);
    const after = sectionState(updated, section);
    const changed = JSON.stringify(before) !== JSON.stringify(after);
    if (changed) {
      await recordAudit({
        actor,
        action: `settings.${section}`,
        entityType: "ClinicSettings",
        entityId: "1",
        summary: `Changed the clinic's ${SUMMARY[section]}`,
        before,
        after,
      });
    }
    return ok({ message: changed ? SAVED[section] : "Nothing changed.", changed });
  });
  if (!result.ok || !result.changed) return result;
  if (section !== "hours") return result;
  return ok({ ...result, message: `${result.message}${await unfittingVisitsNote(now)}` });
}

/** What the admin should know after new hours: the upcoming visits that no longer fit. */
async function unfittingVisitsNote(now: Date) {
  const { timeZone, horizonDays } = await getClinicSettings();
  const today = clinicNow(now, timeZone).date;
  const count = (
    await appointmentsNeedingAttention({ from: today, to: addDays(today, horizonDays) })
  ).length;
  if (count === 0) return "";
  return ` ${count} upcoming ${count === 1 ? "visit no longer fits" : "visits no longer fit"} the diary: see Needs attention in the diary.`;
}

const SUMMARY: Record<SettingsSection, string> = {
  hours: "opening hours",
  booking: "booking rules",
  reminders: "reminder settings",
  texts: "text message settings",
  approval: "approval of patient-added services and reviews",
  contact: "contact details",
};

async function sectionData(
  row: Row,
  section: SettingsSection,
  form: Record<string, unknown>,
  now: Date,
): Promise<Result<{ data: Prisma.ClinicSettingsUpdateInput }>> {
  switch (section) {
    case "hours": {
      const clock = { timeZone: row.timeZone, locale: row.locale };
      const parsed = parseWeeklyHours(form, row.gridMinutes, clock);
      if (!parsed.ok) return parsed;
      return ok({ data: { weeklyHours: JSON.stringify(weeklyPlanSchema.parse(parsed.hours)) } });
    }
    case "booking": {
      const parsed = parseBookingRules(form);
      if (!parsed.ok) return parsed;
      if (parsed.rules.gridMinutes !== row.gridMinutes) {
        const refused = await changeGrid(row, parsed.rules.gridMinutes, now);
        if (refused) return refused;
      }
      return ok({ data: parsed.rules });
    }
    case "reminders": {
      const parsed = parseReminderSettings(form);
      if (!parsed.ok) return parsed;
      const { reminderRules, ...rest } = parsed.settings;
      return ok({
        data: { ...rest, reminderRules: JSON.stringify(reminderRulesSchema.parse(reminderRules)) },
      });
    }
    case "texts": {
      const parsed = parseTextSettings(form);
      if (!parsed.ok) return refuse(parsed.field, parsed.message);
      return ok({ data: parsed.settings });
    }
    case "approval":
      return ok({ data: parseApproval(form) });
    case "contact": {
      const parsed = parseContact(form);
      if (!parsed.ok) return parsed;
      return ok({ data: parsed.contact });
    }
  }
}

/**
 * A new grid step (docs/decisions/021-clinic-settings-screens.md): refused while a
 * service's length or the opening hours do not fit it, or an upcoming visit starts off
 * it. Booked visits keep their holds: a hold is a 15-minute step, which every grid divides
 * (docs/decisions/027-one-booking-core.md), so nothing about them is rewritten.
 */
async function changeGrid(row: Row, grid: number, now: Date) {
  const services = await prisma.service.findMany({
    select: { name: true, durationMinutes: true },
    orderBy: { name: "asc" },
  });
  const misfits = services.filter((service) => service.durationMinutes % grid !== 0);
  if (misfits.length > 0) {
    const names = misfits
      .slice(0, 5)
      .map((service) => `${service.name} (${service.durationMinutes} minutes)`)
      .join(", ");
    const more = misfits.length > 5 ? ` and ${misfits.length - 5} more` : "";
    return refuse(
      "gridMinutes",
      `A ${grid}-minute grid does not fit the length of ${names}${more}. Change their lengths first.`,
    );
  }
  const hours = parseJsonColumn(weeklyPlanSchema, row.weeklyHours, "The clinic's hours");
  const offDays = daysOffGrid(hours, grid);
  if (offDays.length > 0) {
    return refuse(
      "gridMinutes",
      `The opening hours of ${offDays.join(", ")} are not on a ${grid}-minute grid. Change them first.`,
    );
  }
  const offGrid = (
    await prisma.appointment.findMany({
      where: { status: { in: ACTIVE_STATUSES }, endsAt: { gt: now } },
      select: { date: true, time: true, startsAt: true },
      orderBy: { startsAt: "asc" },
    })
  ).filter((visit) => (visit.startsAt.getTime() / 60_000) % grid !== 0);
  if (offGrid.length > 0) {
    const first = offGrid[0]!;
    return refuse(
      "gridMinutes",
      `${offGrid.length} upcoming ${offGrid.length === 1 ? "visit starts" : "visits start"} off a ${grid}-minute grid (the first on ${formatDateTime(first.date, first.time, { timeZone: row.timeZone, locale: row.locale })}). Move ${offGrid.length === 1 ? "it" : "them"} first.`,
    );
  }
  return null;
}
