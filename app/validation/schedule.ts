import { z } from "./zod";

/** Working plans: the clinic's hours and each dentist's week (docs/decisions/016-slot-holds.md). */

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const clock = z.string().regex(HH_MM, "Please enter times as HH:MM");

export const timeRangeSchema = z
  .object({ start: clock, end: clock })
  .refine((range) => range.start < range.end, "A period must end after it starts");

export const dayPlanSchema = z
  .object({ start: clock, end: clock, breaks: z.array(timeRangeSchema).max(10) })
  .refine((day) => day.start < day.end, "A working day must end after it starts")
  .refine(
    (day) => day.breaks.every((range) => range.start >= day.start && range.end <= day.end),
    "Breaks must lie inside the working hours",
  )
  .nullable();

export const WEEKDAYS = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const weeklyPlanSchema = z.object({
  monday: dayPlanSchema,
  tuesday: dayPlanSchema,
  wednesday: dayPlanSchema,
  thursday: dayPlanSchema,
  friday: dayPlanSchema,
  saturday: dayPlanSchema,
  sunday: dayPlanSchema,
});

export const reminderRulesSchema = z
  .array(
    z.object({
      hoursBefore: z
        .number()
        .int()
        .min(1)
        .max(24 * 14),
    }),
  )
  .max(5);

export type TimeRange = z.infer<typeof timeRangeSchema>;
export type DayPlan = z.infer<typeof dayPlanSchema>;
export type WeeklyPlan = z.infer<typeof weeklyPlanSchema>;
export type ReminderRule = z.infer<typeof reminderRulesSchema>[number];

/** A JSON column read back: a broken one is a bug or a manual edit, never patient input. */
export function parseJsonColumn<T>(schema: z.ZodType<T>, text: string, what: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${what} is not valid JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`${what} is not valid: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}
