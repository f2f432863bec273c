// What the family forms need besides their schemas (./family), without zod, so pages and
// the pure rules name them without shipping it (docs/decisions/044-form-schemas-load-with-the-form.md).

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
export type FamilyPermissions = Record<FamilyPermission, boolean>;

export const PERMISSION_LABELS: Record<FamilyPermission, string> = {
  book: "Book and cancel their visits",
  messages: "Receive their confirmations and reminders",
  forms: "Fill in their forms",
  visits: "See their visits",
};

export const FAMILY_LIMITS = { name: 100, alerts: 1000 } as const;

export const FAMILY_MESSAGES = {
  name: "Please enter their name (2 to 100 characters).",
  dateOfBirth: "Please enter their date of birth as a date in the past (YYYY-MM-DD).",
  relationship: "Please choose how they are related to you.",
  phone: "Please enter a phone number such as +1 555 0100, or leave it empty.",
  allergies: `Please keep the allergies under ${FAMILY_LIMITS.alerts} characters.`,
  conditions: `Please keep the conditions under ${FAMILY_LIMITS.alerts} characters.`,
  email: "Please enter their own e-mail address, such as name@example.com.",
} as const;

/** The fields of a new family member whose all being blank is 'Fill All Details'. */
export const FAMILY_MEMBER_FIELDS = ["name", "dateOfBirth", "relationship"] as const;
