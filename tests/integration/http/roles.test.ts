// Staff roles on the server: pages refuse visitors (the guard, 401) and patients (403),
// the JSON API the same with { success: false, message }.
import { describe, expect, it } from "vitest";
import { apiRoute, apiJson } from "~/http/api.server";
import { requireStaffPage, roleOf } from "~/http/roles.server";
import { STAFF_ONLY_MESSAGE } from "~/models/roles";
import { createUser, sessionFor } from "../../support/factories";
import { get, jsonRequest, loaderArgs, settle } from "../../support/auth-helpers";

const moderatorsOnly = apiRoute({
  method: "GET",
  auth: true,
  permission: "moderation.manage",
  handler: ({ user }) => apiJson({ success: true, role: user.role }),
});

describe("requireStaffPage", () => {
  it("shows a signed-out visitor the guard (401), never the page", async () => {
    const result = await settle(() => requireStaffPage(get("/staff"), "moderation.manage"));
    expect(result.status).toBe(401);
    expect(result.body).toEqual({ signInRequired: true, redirectTo: "/staff" });
  });

  it("refuses a patient with 403 and the staff-only message", async () => {
    const patient = await createUser();
    const { cookie } = await sessionFor(patient);
    const result = await settle(() => requireStaffPage(get("/staff", cookie), "moderation.manage"));
    expect(result.status).toBe(403);
    expect(result.body).toEqual({ staffOnly: true, message: STAFF_ONLY_MESSAGE });
  });

  it("refuses a staff member whose role does not have the permission", async () => {
    const dentist = await createUser({ role: "dentist" });
    const { cookie } = await sessionFor(dentist);
    const result = await settle(() => requireStaffPage(get("/staff", cookie), "settings.manage"));
    expect(result.status).toBe(403);
  });

  it("lets a role with the permission through with the user", async () => {
    const reception = await createUser({ role: "reception" });
    const { cookie } = await sessionFor(reception);
    const user = await requireStaffPage(get("/staff", cookie), "moderation.manage");
    expect(user.id).toBe(reception.id);
  });
});

describe("apiRoute with a permission", () => {
  it("answers 401 without a token, 403 for a patient, 200 for an allowed role", async () => {
    const patient = await createUser();
    const reception = await createUser({ role: "reception" });
    const patientToken = (await sessionFor(patient)).token;
    const receptionToken = (await sessionFor(reception)).token;
    const call = (token?: string) =>
      moderatorsOnly.loader(
        loaderArgs(
          jsonRequest("/api/staff/x", "GET", undefined, token ? { authorization: token } : {}),
        ),
      );

    const anonymous = await call();
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ success: false });

    const refused = await call(patientToken);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ success: false, message: STAFF_ONLY_MESSAGE });

    const allowed = await call(receptionToken);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ success: true, role: "reception" });
  });
});

describe("roleOf", () => {
  it("treats anything but a known staff role as a patient", () => {
    expect(roleOf({ role: "admin" })).toBe("admin");
    expect(roleOf({ role: "reception" })).toBe("reception");
    expect(roleOf({ role: "dentist" })).toBe("dentist");
    expect(roleOf({ role: "patient" })).toBe("patient");
    expect(roleOf({ role: "superuser" })).toBe("patient");
    expect(roleOf({ role: "" })).toBe("patient");
  });
});
