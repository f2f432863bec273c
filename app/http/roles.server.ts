import type { User } from "@prisma/client";
import { data } from "@remix-run/node";
import { getUser, requirePageUser } from "~/http/auth.server";
import { PRIVATE_NO_STORE } from "~/http/page-headers.server";
import { hasPermission, type Permission } from "~/models/permissions";
import { fail, type Failure } from "~/utils/result";
import { roleOf, STAFF_ONLY_MESSAGE, type StaffOnly } from "~/models/roles";

export {
  roleOf,
  STAFF_ROLES,
  staffActor,
  type Role,
  type StaffActor,
  type StaffRole,
} from "~/models/roles";

/**
 * For the loader and action of a staff page: the user when their role has `permission`
 * (docs/decisions/031-form-routes-and-permissions.md). A signed-out visitor gets the
 * guard (401, as every protected page), a signed-in user without it a 403 page; neither
 * ever sees the page's data.
 */
export async function requireStaffPage(request: Request, permission: Permission): Promise<User> {
  const user = await requirePageUser(request);
  if (hasPermission(user, permission)) return user;
  const forbidden: StaffOnly = { staffOnly: true, message: STAFF_ONLY_MESSAGE };
  throw data(forbidden, { status: 403 });
}

/**
 * For a staff resource route (a download): as `requireStaffPage`, but the refusals are
 * plain-text responses, since a resource route has no error boundary to render the guard
 * or the 403 page (a thrown `data` there reaches the visitor as "Unexpected Server Error").
 */
export async function requireStaffResource(
  request: Request,
  permission: Permission,
): Promise<User> {
  const user = await getUser(request);
  if (!user) throw plainRefusal(401, SIGN_IN_FIRST_MESSAGE);
  if (!hasPermission(user, permission)) throw plainRefusal(403, STAFF_ONLY_MESSAGE);
  return user;
}

export const SIGN_IN_FIRST_MESSAGE = "Please sign in first.";

/** A refusal as plain text, never stored by a cache. */
export function plainRefusal(status: number, message: string): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": PRIVATE_NO_STORE },
  });
}

/** For the JSON API: null when the user may go on, else the 403 refusal. */
export function staffRefusal(user: User, permission: Permission): Failure | null {
  return hasPermission(user, permission) ? null : fail(403, STAFF_ONLY_MESSAGE);
}

/**
 * Where a user goes once signed in: the page they were on (`redirectTo`, already made
 * safe), or, when they came to sign in with no page in mind (the home page), staff to
 * their diary and patients home.
 */
export function landingAfterSignIn(user: Pick<User, "role">, redirectTo: string): string {
  return redirectTo === "/" && roleOf(user) !== "patient" ? "/staff" : redirectTo;
}
