import { z } from "./zod";
import { isIsoDate } from "~/utils/clinic-time";
import { checkbox, isEmailAddress, isPhoneNumber, trimmedText } from "./fields";
import { EARLIEST_BIRTH_DATE } from "./patient";
import { FAMILY_LIMITS, FAMILY_MESSAGES, isRelationship } from "./family-fields";

/**
 * The family forms (/user/family, the booking form's "someone new", `POST /api/me/family`)
 * and their messages (docs/decisions/049-families.md). Shared by the browser's check and
 * the server.
 */

/** A family member to add; `today` bounds the date of birth. */
export function familyMemberSchema(today: string) {
  return z.object({
    name: trimmedText()
      .transform((name) => name.replace(/\s+/g, " "))
      .pipe(z.string().min(2, FAMILY_MESSAGES.name).max(FAMILY_LIMITS.name, FAMILY_MESSAGES.name)),
    dateOfBirth: trimmedText().refine(
      (date) => isIsoDate(date) && date >= EARLIEST_BIRTH_DATE && date <= today,
      FAMILY_MESSAGES.dateOfBirth,
    ),
    relationship: trimmedText().refine(isRelationship, FAMILY_MESSAGES.relationship),
    phone: trimmedText().refine(
      (phone) => phone === "" || isPhoneNumber(phone),
      FAMILY_MESSAGES.phone,
    ),
    allergies: trimmedText().pipe(z.string().max(FAMILY_LIMITS.alerts, FAMILY_MESSAGES.allergies)),
    conditions: trimmedText().pipe(
      z.string().max(FAMILY_LIMITS.alerts, FAMILY_MESSAGES.conditions),
    ),
  });
}

export type FamilyMemberInput = z.output<ReturnType<typeof familyMemberSchema>>;

/** The permission boxes of a form: `book`, `messages`, `forms`, `visits` ticked or not. */
export const permissionsSchema = z.object({
  book: checkbox,
  messages: checkbox,
  forms: checkbox,
  visits: checkbox,
});

/** The young person's own address, to which the link that makes their account goes. */
export const ownAccountSchema = z.object({
  email: trimmedText()
    .refine(isEmailAddress, FAMILY_MESSAGES.email)
    .transform((email) => email.toLowerCase()),
});
