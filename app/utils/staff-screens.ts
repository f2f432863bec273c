import type { StaffRole } from "./roles";

/**
 * A screen of the clinic's staff area, and who may open it. `header` is the screen's label
 * in the site's header, for the few screens staff reach from any page; a screen reached
 * from another screen (a form behind a button) says `inNavigation: false`.
 */
export type StaffScreen = {
  path: string;
  label: string;
  roles: readonly StaffRole[];
  header?: string;
  inNavigation?: false;
};

/**
 * Every staff screen the navigation links to, in its order. The one list: the layout
 * shows each user the screens of their role, and each screen's loader and action check
 * the same roles (`staffScreenRoles`). A new screen is one line here, once its route
 * exists (tests/integration/staff-routes.test.ts fails for a staff page route that is
 * missing from this list, and for an entry without a route).
 */
export const STAFF_SCREENS = [
  { path: "/staff", label: "Diary", roles: ["reception", "dentist", "admin"], header: "Clinic" },
  {
    path: "/staff/patients",
    label: "Patients",
    roles: ["reception", "dentist", "admin"],
    header: "Patients",
  },
  {
    path: "/staff/bookings/new",
    label: "New booking",
    roles: ["reception", "admin"],
    header: "New booking",
  },
  { path: "/staff/recall", label: "Recall", roles: ["reception", "admin"] },
  { path: "/staff/reports", label: "Reports", roles: ["dentist", "admin"] },
  { path: "/staff/moderation", label: "Moderation", roles: ["reception", "admin"] },
  { path: "/staff/services", label: "Services", roles: ["admin"] },
  { path: "/staff/services/new", label: "New service", roles: ["admin"], inNavigation: false },
  { path: "/staff/dentists", label: "Dentists", roles: ["admin"] },
  { path: "/staff/chairs", label: "Chairs", roles: ["admin"] },
  { path: "/staff/closures", label: "Closures", roles: ["admin"] },
  { path: "/staff/settings", label: "Clinic settings", roles: ["admin"] },
  { path: "/staff/recall-types", label: "Recall types", roles: ["admin"] },
  { path: "/staff/outbox", label: "Failed mail", roles: ["reception", "admin"] },
  { path: "/staff/audit", label: "Audit trail", roles: ["admin"] },
] as const satisfies readonly StaffScreen[];

export type StaffScreenPath = (typeof STAFF_SCREENS)[number]["path"];

/** The roles that may open the screen at `path`. */
export function staffScreenRoles(path: StaffScreenPath): readonly StaffRole[] {
  const screen = STAFF_SCREENS.find((entry) => entry.path === path);
  if (!screen) throw new Error(`No staff screen at ${path}`);
  return screen.roles;
}

/** The screens of the navigation a user with `role` may open, in its order. */
export function staffScreensFor(role: string): StaffScreen[] {
  return STAFF_SCREENS.filter(
    (screen: StaffScreen) =>
      screen.inNavigation !== false && (screen.roles as readonly string[]).includes(role),
  );
}

/**
 * What a staff route module exports as `handle`: the roles its loader and action let
 * through, so the role tests can check every staff route without a list of their own.
 */
export type StaffHandle = { staffRoles: readonly StaffRole[] };

/** A link of the site's header. */
export type HeaderLink = { path: string; label: string };

/** The staff links of the site's header for `role`: none for a patient. */
export function headerLinksFor(role: string): HeaderLink[] {
  return staffScreensFor(role).flatMap((screen) =>
    screen.header ? [{ path: screen.path, label: screen.header }] : [],
  );
}
