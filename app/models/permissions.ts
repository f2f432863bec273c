import { roleOf, STAFF_ROLES, type Role, type StaffRole } from "~/models/roles";

/**
 * How far a role's permission reaches: everything, or only what is its own (a dentist's
 * own visits, a patient's own service).
 */
export type Scope = "all" | "own";

/**
 * Who may do what: the one table that the staff screens, the `/api/*` routes, the models
 * and the pages ask (docs/decisions/031-form-routes-and-permissions.md). A role not named
 * on a line may not do it. A new permission, or a new screen's, is one line here.
 */
export const PERMISSIONS = {
  // The staff area: the header's Clinic link and the frame around every staff screen.
  "staff.area": { reception: "all", dentist: "all", admin: "all" },
  "diary.view": { reception: "all", dentist: "all", admin: "all" },
  "patients.view": { reception: "all", dentist: "all", admin: "all" },
  // A patient's e-mail, phone, address, medical alerts, notes and messages: a dentist only
  // their own patients' (docs/decisions/043-need-to-know-for-staff.md).
  "patients.contact": { reception: "all", dentist: "own", admin: "all" },
  // A patient's details, alerts and the clinic's note on them.
  "patients.edit": { reception: "all", admin: "all" },
  // Two records of one person made one (docs/decisions/042-patient-records-and-merges.md).
  "patients.merge": { admin: "all" },
  "appointments.view": { reception: "all", dentist: "all", admin: "all" },
  // Confirm, check in, complete, no-show: a dentist only on visits with them.
  "appointments.changeStatus": { reception: "all", dentist: "own", admin: "all" },
  "appointments.cancel": { reception: "all", admin: "all" },
  // A check-in taken back to booked (a mistake at the desk), while the visit has not ended.
  "appointments.undoCheckIn": { reception: "all", admin: "all" },
  "appointments.move": { reception: "all", admin: "all" },
  "appointments.book": { reception: "all", admin: "all" },
  // The waiting list at the desk: who waits for what, a freed time offered by hand.
  "waitlist.manage": { reception: "all", admin: "all" },
  // Hide or restore reviews; approve or reject the services patients add.
  "moderation.manage": { reception: "all", admin: "all" },
  // The recall list, a recall's page: book, note a call, change its interval or due date.
  "recall.manage": { reception: "all", admin: "all" },
  // The recall types, which service sets which, the invitations' cadence and cap.
  "recallTypes.manage": { admin: "all" },
  // The figures and their CSV: a dentist only their own, an admin the clinic's.
  "reports.view": { dentist: "own", admin: "all" },
  "services.manage": { admin: "all" },
  // A service not on the site yet (awaiting review, rejected, hidden): its author sees it.
  "services.viewUnlisted": { patient: "own", reception: "all", dentist: "all", admin: "all" },
  "team.manage": { admin: "all" },
  "chairs.manage": { admin: "all" },
  "closures.manage": { admin: "all" },
  "settings.manage": { admin: "all" },
  // Failed mail: reception sees and resends it too, as the desk answers the patient.
  "outbox.manage": { reception: "all", admin: "all" },
  // Texts patients sent the clinic: read, answer, mark handled (docs/decisions/052-text-messages.md).
  "messages.manage": { reception: "all", admin: "all" },
  "audit.view": { admin: "all" },
  // The forms patients fill (medical history, consents): what they ask, who fills them, how
  // often, how long a deleted account's signed forms are kept
  // (docs/decisions/050-medical-history-and-consent-forms.md).
  "forms.manage": { admin: "all" },
  // Sign a medical history's review and accept its alerts: the patient's own dentists (a
  // visit with them) and administrators. Reading a signed form is "patients.contact".
  "forms.review": { dentist: "own", admin: "all" },
  // "Fill at the desk": hand the patient the tablet for their forms.
  "forms.desk": { reception: "all", admin: "all" },
} as const satisfies Record<string, Partial<Record<Role, Scope>>>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * A screen of the staff area: where it is, what the navigation calls it, who opens it.
 * `header` is the screen's label in the site's header, for the few screens staff reach
 * from any page; a screen reached from another screen (a form behind a button) says
 * `inNavigation: false`.
 */
export type StaffScreen = {
  path: string;
  label: string;
  permission: Permission;
  header?: string;
  inNavigation?: false;
};

/**
 * Every staff screen the navigation links to, in its order; each is shown to the roles
 * its permission names (tests/integration/http/staff-routes.test.ts fails for a staff page
 * route missing here, and for an entry without a route).
 */
export const STAFF_SCREENS = [
  { path: "/staff", label: "Diary", permission: "diary.view", header: "Clinic" },
  { path: "/staff/patients", label: "Patients", permission: "patients.view", header: "Patients" },
  {
    path: "/staff/bookings/new",
    label: "New booking",
    permission: "appointments.book",
    header: "New booking",
  },
  { path: "/staff/messages", label: "Messages", permission: "messages.manage" },
  { path: "/staff/waitlist", label: "Waiting list", permission: "waitlist.manage" },
  { path: "/staff/recall", label: "Recall", permission: "recall.manage" },
  { path: "/staff/forms/reviews", label: "Histories to review", permission: "forms.review" },
  {
    path: "/staff/forms/desk",
    label: "Fill at the desk",
    permission: "forms.desk",
    inNavigation: false,
  },
  { path: "/staff/reports", label: "Reports", permission: "reports.view" },
  { path: "/staff/moderation", label: "Moderation", permission: "moderation.manage" },
  { path: "/staff/services", label: "Services", permission: "services.manage" },
  {
    path: "/staff/services/new",
    label: "New service",
    permission: "services.manage",
    inNavigation: false,
  },
  { path: "/staff/dentists", label: "Dentists", permission: "team.manage" },
  { path: "/staff/chairs", label: "Chairs", permission: "chairs.manage" },
  { path: "/staff/closures", label: "Closures", permission: "closures.manage" },
  { path: "/staff/settings", label: "Clinic settings", permission: "settings.manage" },
  { path: "/staff/recall-types", label: "Recall types", permission: "recallTypes.manage" },
  { path: "/staff/forms", label: "Forms", permission: "forms.manage" },
  { path: "/staff/outbox", label: "Failed mail", permission: "outbox.manage" },
  { path: "/staff/audit", label: "Audit trail", permission: "audit.view" },
  // One's own account: the devices signed in, each to sign out (issue 31 item 6).
  { path: "/staff/account", label: "My account", permission: "staff.area" },
] as const satisfies readonly StaffScreen[];

type Someone = { role: string };

/** How far `permission` reaches for this user's role, or null when it does not. */
export function scopeOf(who: Someone, permission: Permission): Scope | null {
  const grants: Partial<Record<Role, Scope>> = PERMISSIONS[permission];
  return grants[roleOf(who)] ?? null;
}

/**
 * The gate of a screen or an API route: the role has the permission in some scope. What
 * an "own" scope covers is the model's question (`may` with the thing in hand).
 */
export function hasPermission(who: Someone, permission: Permission): boolean {
  return scopeOf(who, permission) !== null;
}

/** May this user do it to this thing: always with "all", with "own" only when it is theirs. */
export function may(who: Someone, permission: Permission, target?: { own: boolean }): boolean {
  const scope = scopeOf(who, permission);
  return scope === "all" || (scope === "own" && target?.own === true);
}

/** The staff roles that have `permission` in some scope, in STAFF_ROLES order. */
export function staffRolesWith(permission: Permission): StaffRole[] {
  return STAFF_ROLES.filter((role) => hasPermission({ role }, permission));
}

/** The screens of the navigation this user may open, in its order. */
export function staffScreensFor(who: Someone): StaffScreen[] {
  return STAFF_SCREENS.filter(
    (screen: StaffScreen) => screen.inNavigation !== false && hasPermission(who, screen.permission),
  );
}

/** A link of the site's header. */
export type HeaderLink = { path: string; label: string };

/** The staff links of the site's header for this user: none for a patient. */
export function headerLinksFor(who: Someone): HeaderLink[] {
  return staffScreensFor(who).flatMap((screen) =>
    screen.header ? [{ path: screen.path, label: screen.header }] : [],
  );
}

/**
 * What a staff route module exports as `handle`: the permission its loader and action
 * ask, so the role tests can find every staff route and what it needs.
 */
export type StaffHandle = { permission: Permission };
