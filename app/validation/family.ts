import { z } from "./zod";
import { isIsoDate } from "~/utils/clinic-time";
import { checkbox, isEmailAddress, isPhoneNumber, trimmedText } from "./fields";
import { EARLIEST_BIRTH_DATE, PATIENT_LIMITS } from "./patient";

/**
 * The family forms (/user/family, the booking form's "someone new", `POST /api/me/family`)
 * and their messages (docs/decisions/046-families.md). Shared by the browser's check and
 * the server.
 */

export const RELATIONSHIPS = ["child", "partner", "parent", "relative", "other"] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

/** What the forms call each relationship: from the account holder's side ("my child"). */
export const RELATIONSHIP_LABELS: Record<Relationship, string> = {
  child: "My child",
  partner: "My partner",
  parent: "My parent",
  relative: "Another relative",
  other: "Someone I care for",
};

export function isRelationship(value: unknown): value is Relationship {
  return typeof value === "string" && (RELATIONSHIPS as readonly string[]).includes(value);
}

/** What a guardian may do for a family member: one column of GuardianLink each. */
export const FAMILY_PERMISSIONS = ["book", "messages", "forms", "visits"] as const;
export type FamilyPermission = (typeof FAMILY_PERMISSIONS)[number];

export const PERMISSION_LABELS: Record<FamilyPermission, string> = {
  book: "Book and cancel their visits",
  messages: "Receive their confirmations and reminders",
  forms: "Fill in their forms",
  visits: "See their visits",
};

export const FAMILY_LIMITS = { name: 100, alerts: PATIENT_LIMITS.allergies } as const;

export const FAMILY_MESSAGES = {
  name: "Please enter their name (2 to 100 characters).",
  dateOfBirth: "Please enter their date of birth as a date in the past (YYYY-MM-DD).",
  relationship: "Please choose how they are related to you.",
  phone: "Please enter a phone number such as +1 555 0100, or leave it empty.",
  allergies: `Please keep the allergies under ${PATIENT_LIMITS.allergies} characters.`,
  conditions: `Please keep the conditions under ${PATIENT_LIMITS.conditions} characters.`,
  email: "Please enter their own e-mail address, such as name@example.com.",
} as const;

/** The fields of a new family member, in the order their problems are reported. */
export const FAMILY_MEMBER_FIELDS = ["name", "dateOfBirth", "relationship"] as const;

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

export type FamilyPermissions = z.output<typeof permissionsSchema>;

/** The young person's own address, to which the link that makes their account goes. */
export const ownAccountSchema = z.object({
  email: trimmedText()
    .refine(isEmailAddress, FAMILY_MESSAGES.email)
    .transform((email) => email.toLowerCase()),
});
