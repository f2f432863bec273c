import { z } from "zod";
import { isEmailAddress, isPhoneNumber, trimmedText } from "./fields";

/** A patient record the front desk makes for a caller (/staff/bookings/new). */

export const CALLER_MESSAGES = {
  name: "Please enter the caller's name.",
  email: "Please enter the caller's e-mail address, e.g. name@example.com.",
  phone: "Please enter the caller's phone number, e.g. +1 555 0100.",
} as const;

export const callerRecordSchema = z.object({
  name: trimmedText().pipe(z.string().min(2, CALLER_MESSAGES.name).max(100, CALLER_MESSAGES.name)),
  email: trimmedText()
    .refine(isEmailAddress, CALLER_MESSAGES.email)
    .transform((email) => email.toLowerCase()),
  phone: trimmedText().refine(isPhoneNumber, CALLER_MESSAGES.phone),
});
