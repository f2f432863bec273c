import { z } from "./zod";
import { isIsoDate } from "~/utils/clinic-time";
import {
  isEmailAddress,
  isOneLineName,
  isPhoneNumber,
  isReservedAddress,
  NAME_CHARACTERS_MESSAGE,
  RESERVED_EMAIL_MESSAGE,
  trimmedText,
} from "./fields";

/**
 * A patient record the front desk makes for a caller (/staff/bookings/new), and the
 * details staff keep on a patient (/staff/patients/<id>). A caller may have no e-mail
 * address: the record is kept without one and nothing is mailed
 * (docs/decisions/042-patient-records-and-merges.md).
 */

export const CALLER_MESSAGES = {
  name: "Please enter the caller's name.",
  email: "Please enter the caller's e-mail address, e.g. name@example.com.",
  phone: "Please enter the caller's phone number, e.g. +1 555 0100.",
  dateOfBirth: "Please enter the caller's date of birth as a date in the past, or leave it empty.",
} as const;

/** The earliest date of birth the record takes (a typo such as 0198 is refused). */
export const EARLIEST_BIRTH_DATE = "1900-01-01";

/** A date of birth or nothing; the model refuses one after today (the clinic's). */
const birthDate = (message: string) =>
  trimmedText().refine(
    (date) => date === "" || (isIsoDate(date) && date >= EARLIEST_BIRTH_DATE),
    message,
  );

export const callerRecordSchema = z.object({
  name: trimmedText()
    .pipe(z.string().min(2, CALLER_MESSAGES.name).max(100, CALLER_MESSAGES.name))
    .refine(isOneLineName, NAME_CHARACTERS_MESSAGE),
  email: trimmedText()
    .refine((email) => email === "" || isEmailAddress(email), CALLER_MESSAGES.email)
    .refine((email) => !isReservedAddress(email), RESERVED_EMAIL_MESSAGE)
    .transform((email) => email.toLowerCase()),
  phone: trimmedText().refine(isPhoneNumber, CALLER_MESSAGES.phone),
  // Optional: with the name, it tells a caller from a patient already on file.
  dateOfBirth: birthDate(CALLER_MESSAGES.dateOfBirth),
});

export const PATIENT_LIMITS = {
  address: 300,
  allergies: 1000,
  conditions: 1000,
  staffNote: 2000,
} as const;

export const PATIENT_MESSAGES = {
  name: "Please enter the patient's name (2 to 100 characters).",
  email: "Please enter an e-mail address such as name@example.com, or leave it empty.",
  phone: "Please enter a phone number such as +1 555 0100, or leave it empty.",
  dateOfBirth: "Please enter the date of birth as a date in the past, or leave it empty.",
  address: `Please keep the address under ${PATIENT_LIMITS.address} characters.`,
  allergies: `Please keep the allergies under ${PATIENT_LIMITS.allergies} characters.`,
  conditions: `Please keep the conditions under ${PATIENT_LIMITS.conditions} characters.`,
  staffNote: `Please keep the note under ${PATIENT_LIMITS.staffNote} characters.`,
} as const;

const limited = (max: number, message: string) => trimmedText().pipe(z.string().max(max, message));

/** The details staff edit on a patient's card; `today` bounds the date of birth. */
export function patientDetailsSchema(today: string) {
  return z.object({
    name: trimmedText()
      .pipe(z.string().min(2, PATIENT_MESSAGES.name).max(100, PATIENT_MESSAGES.name))
      .refine(isOneLineName, NAME_CHARACTERS_MESSAGE),
    email: trimmedText()
      .refine((email) => email === "" || isEmailAddress(email), PATIENT_MESSAGES.email)
      .refine((email) => !isReservedAddress(email), RESERVED_EMAIL_MESSAGE)
      .transform((email) => email.toLowerCase()),
    phone: trimmedText().refine(
      (phone) => phone === "" || isPhoneNumber(phone),
      PATIENT_MESSAGES.phone,
    ),
    dateOfBirth: trimmedText().refine(
      (date) => date === "" || (isIsoDate(date) && date >= EARLIEST_BIRTH_DATE && date <= today),
      PATIENT_MESSAGES.dateOfBirth,
    ),
    address: limited(PATIENT_LIMITS.address, PATIENT_MESSAGES.address),
    allergies: limited(PATIENT_LIMITS.allergies, PATIENT_MESSAGES.allergies),
    conditions: limited(PATIENT_LIMITS.conditions, PATIENT_MESSAGES.conditions),
    staffNote: limited(PATIENT_LIMITS.staffNote, PATIENT_MESSAGES.staffNote),
  });
}

export type PatientDetails = z.output<ReturnType<typeof patientDetailsSchema>>;
