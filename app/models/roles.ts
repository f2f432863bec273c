/** Who a user is at the clinic. Shared by the server checks and the pages that show links. */
export const STAFF_ROLES = ["reception", "dentist", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export type Role = "patient" | StaffRole;

/** The user's role as the app knows it; anything unexpected in the column counts as patient. */
export function roleOf(user: { role: string }): Role {
  return (STAFF_ROLES as readonly string[]).includes(user.role)
    ? (user.role as StaffRole)
    : "patient";
}

export const STAFF_ONLY_MESSAGE = "This part of the site is for the clinic's staff only.";

/** What a staff page throws (403) for a signed-in user without the role: ~/http/roles.server. */
export type StaffOnly = { staffOnly: true; message: string };

export function isStaffOnly(value: unknown): value is StaffOnly {
  return (
    typeof value === "object" &&
    value !== null &&
    "staffOnly" in value &&
    value.staffOnly === true &&
    "message" in value &&
    typeof value.message === "string"
  );
}

/** Who made a staff change, for the audit trail: a user the staff pages let through. */
export type StaffActor = { id: string; role: StaffRole };

export function staffActor(user: { id: string; role: string }): StaffActor {
  const role = roleOf(user);
  if (role === "patient") throw new Error("staffActor needs a staff user");
  return { id: user.id, role };
}
