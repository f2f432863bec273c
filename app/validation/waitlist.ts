import { z } from "./zod";
import { MAX_WAITLIST_DAYS, PARTS_OF_DAY } from "~/models/waitlist/rules";
import { appointmentSchema, SERVICE_REQUIRED_MESSAGE } from "./appointment";
import { requiredText } from "./fields";
import { dateField } from "./dates";

export const WAITLIST_FIELD_MESSAGES = {
  fromDate: "Please enter the first day that suits you",
  toDate: "Please enter the last day that suits you",
  partOfDay: "Please choose morning, afternoon or any time of day.",
  order: "The last day cannot be before the first day.",
  tooLong: `Please choose at most ${MAX_WAITLIST_DAYS} days between the first and the last day.`,
} as const;

/**
 * Joining the waiting list, as the form sends it. The dates' place against today and the
 * booking horizon needs the clinic's clock: ~/models/waitlist/waitlist.server checks those.
 */
export const waitlistJoinSchema = z.object({
  service: requiredText(SERVICE_REQUIRED_MESSAGE, 100),
  /** A dentist's id or slug; absent, "" or "any" for any dentist. */
  dentist: appointmentSchema.shape.dentist,
  fromDate: dateField(WAITLIST_FIELD_MESSAGES.fromDate),
  toDate: dateField(WAITLIST_FIELD_MESSAGES.toDate),
  /** Absent or "" is any time of day. */
  partOfDay: z.preprocess(
    (value) => (typeof value === "string" && value.trim() ? value.trim() : "any"),
    z.enum(PARTS_OF_DAY, { error: WAITLIST_FIELD_MESSAGES.partOfDay }),
  ),
  phone: appointmentSchema.shape.phone,
});

export type WaitlistJoinInput = z.output<typeof waitlistJoinSchema>;
