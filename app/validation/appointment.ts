import { z } from "./zod";
import { normalizeTime } from "~/utils/clinic-time";
import { dateField } from "./dates";
import {
  emailField,
  messageField,
  nameField,
  phoneField,
  REQUIRED_MESSAGES,
  requiredText,
} from "./fields";

export const PHONE_FORMAT_MESSAGE = "Please enter a valid phone number";
export { DATE_FORMAT_MESSAGE } from "./dates";
export const TIME_FORMAT_MESSAGE = "Please enter the time as HH:MM";
export const SERVICE_REQUIRED_MESSAGE = "Please choose a service";
export const DENTIST_CHOICE_MESSAGE = "Please choose one of our dentists, or Any dentist.";

/**
 * A booking as the form and the API send it. Keys are in the spec's message order, so
 * the first issue is the first problem in that order; the service comes last because
 * the spec does not check it (the server still needs a real one).
 */
export const appointmentSchema = z.object({
  name: nameField(),
  email: emailField(),
  phone: phoneField(PHONE_FORMAT_MESSAGE),
  date: dateField(REQUIRED_MESSAGES.date),
  time: requiredText(REQUIRED_MESSAGES.time, 12)
    .transform((value) => normalizeTime(value) ?? "")
    .refine((value) => value !== "", TIME_FORMAT_MESSAGE),
  message: messageField(),
  service: requiredText(SERVICE_REQUIRED_MESSAGE, 100),
  /** A dentist's id or slug; absent, "" or "any" for any dentist. */
  dentist: z.string({ error: DENTIST_CHOICE_MESSAGE }).max(100, DENTIST_CHOICE_MESSAGE).nullish(),
});

export type AppointmentInput = z.output<typeof appointmentSchema>;
