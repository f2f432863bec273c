/**
 * The clinic's settings row with its JSON columns parsed and checked. Free of the app's
 * database client, so the data upgrade's own process (~/models/booking/upgrade.server)
 * reads the row the same way ~/models/settings/clinic-settings.server does.
 */
import type { ClinicSettings } from "@prisma/client";
import { recallCadenceSchema } from "~/validation/recall";
import {
  parseJsonColumn,
  reminderRulesSchema,
  type ReminderRule,
  type WeeklyPlan,
  weeklyPlanSchema,
} from "~/validation/schedule";

export type Settings = Omit<
  ClinicSettings,
  "weeklyHours" | "reminderRules" | "recallCadenceDays"
> & {
  weeklyHours: WeeklyPlan;
  reminderRules: ReminderRule[];
  /** Days from a recall's due date on which its invitations go out, ascending. */
  recallCadenceDays: number[];
};

export function parseSettingsRow(row: ClinicSettings): Settings {
  return {
    ...row,
    weeklyHours: parseJsonColumn(weeklyPlanSchema, row.weeklyHours, "The clinic's hours"),
    reminderRules: parseJsonColumn(reminderRulesSchema, row.reminderRules, "Reminder rules"),
    recallCadenceDays: parseJsonColumn(
      recallCadenceSchema,
      row.recallCadenceDays,
      "Recall cadence",
    ),
  };
}
