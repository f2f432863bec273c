// How the permission table is asked (app/models/permissions.ts): a role reaches a screen or
// an API with any scope, acts on a thing with "all", or with "own" only when it is theirs;
// a role the app does not know is a patient. Which roles get into which staff route is
// guarded by hand in tests/integration/http/staff-routes.test.ts.
import { describe, expect, it } from "vitest";
import {
  hasPermission,
  headerLinksFor,
  may,
  PERMISSIONS,
  scopeOf,
  STAFF_SCREENS,
  type StaffScreen,
  staffRolesWith,
  staffScreensFor,
} from "~/models/permissions";

const dentist = { role: "dentist" };
const reception = { role: "reception" };
const patient = { role: "patient" };

describe("the permission table", () => {
  it("lets an own scope through the gate, and act only on what is the user's own", () => {
    expect(scopeOf(dentist, "appointments.changeStatus")).toBe("own");
    expect(hasPermission(dentist, "appointments.changeStatus")).toBe(true);
    expect(may(dentist, "appointments.changeStatus", { own: true })).toBe(true);
    expect(may(dentist, "appointments.changeStatus", { own: false })).toBe(false);
    expect(may(dentist, "appointments.changeStatus")).toBe(false);
  });

  it("lets an all scope act on anything, and no scope on nothing", () => {
    expect(may(reception, "appointments.changeStatus", { own: false })).toBe(true);
    expect(may(reception, "appointments.changeStatus")).toBe(true);
    expect(scopeOf(dentist, "appointments.cancel")).toBeNull();
    expect(hasPermission(dentist, "appointments.cancel")).toBe(false);
    expect(may(dentist, "appointments.cancel", { own: true })).toBe(false);
  });

  it("counts a role it does not know as a patient: no staff area, only a patient's own things", () => {
    const stranger = { role: "superuser" };
    expect(hasPermission(stranger, "staff.area")).toBe(false);
    expect(may(stranger, "services.viewUnlisted", { own: true })).toBe(true);
    expect(may(stranger, "services.viewUnlisted", { own: false })).toBe(false);
    expect(staffScreensFor(stranger)).toEqual([]);
    expect(staffScreensFor(patient)).toEqual([]);
  });

  it("lists a role's screens in navigation order, and the staff roles of a permission in role order", () => {
    expect(staffScreensFor(dentist).map((screen) => screen.label)).toEqual([
      "Diary",
      "Patients",
      "Histories to review",
      "Reports",
      "My account",
    ]);
    // Every screen but the ones reached from another screen (the new-service form).
    expect(staffScreensFor({ role: "admin" })).toEqual(
      STAFF_SCREENS.filter((screen: StaffScreen) => screen.inNavigation !== false),
    );
    expect(staffScreensFor(reception).map((screen) => screen.label)).toContain("Failed mail");
    expect(headerLinksFor(dentist)).toEqual([
      { path: "/staff", label: "Clinic" },
      { path: "/staff/patients", label: "Patients" },
    ]);
    expect(headerLinksFor(patient)).toEqual([]);
    expect(staffRolesWith("appointments.changeStatus")).toEqual(["reception", "dentist", "admin"]);
    expect(staffRolesWith("services.viewUnlisted")).toEqual(["reception", "dentist", "admin"]);
  });

  it("gives every permission to at least one role", () => {
    for (const [permission, grants] of Object.entries(PERMISSIONS)) {
      expect(Object.keys(grants).length, permission).toBeGreaterThan(0);
    }
  });
});
