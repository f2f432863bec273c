import type { User } from "@prisma/client";
import { data } from "@remix-run/node";
import { requirePageUser } from "./auth.server";
import { fail, type Failure } from "./result";
import { type StaffRole, STAFF_ONLY_MESSAGE, type StaffOnly } from "./roles";

export { STAFF_ROLES, type Role, type StaffRole } from "./roles";

/** The user's role as the app knows it; anything unexpected in the column counts as patient. */
export function roleOf(user: Pick<User, "role">): "patient" | StaffRole {
  return user.role === "reception" || user.role === "dentist" || user.role === "admin"
    ? user.role
    : "patient";
}

export function hasRole(user: Pick<User, "role">, roles: readonly StaffRole[]): boolean {
  const role = roleOf(user);
  return role !== "patient" && roles.includes(role);
}

/**
 * For the loader and action of a staff page: the user when their role is one of `roles`.
 * A signed-out visitor gets the guard (401, as every protected page), a signed-in user
 * without the role a 403 page; neither ever sees the page's data.
 */
export async function requireStaffPage(
  request: Request,
  roles: readonly StaffRole[],
): Promise<User> {
  const user = await requirePageUser(request);
  if (hasRole(user, roles)) return user;
  const forbidden: StaffOnly = { staffOnly: true, message: STAFF_ONLY_MESSAGE };
  throw data(forbidden, { status: 403 });
}

/** For the JSON API: null when the user may go on, else the 403 refusal. */
export function staffRefusal(user: User, roles: readonly StaffRole[]): Failure | null {
  return hasRole(user, roles) ? null : fail(403, STAFF_ONLY_MESSAGE);
}

/**
 * Where a user goes once signed in: the page they were on (`redirectTo`, already made
 * safe), or, when they came to sign in with no page in mind (the home page), staff to
 * their diary and patients home.
 */
export function landingAfterSignIn(user: Pick<User, "role">, redirectTo: string): string {
  return redirectTo === "/" && roleOf(user) !== "patient" ? "/staff" : redirectTo;
}

/** Who made a staff change, for the audit trail: a user `requireStaffPage` let through. */
export function staffActor(user: Pick<User, "id" | "role">): { id: string; role: StaffRole } {
  const role = roleOf(user);
  if (role === "patient") throw new Error("staffActor needs a staff user");
  return { id: user.id, role };
}
