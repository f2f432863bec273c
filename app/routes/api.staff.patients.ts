import { findPatientsFor } from "~/models/patients/search.server";
import { apiJson, apiRoute } from "~/http/api.server";
import { staffActor } from "~/http/roles.server";

/**
 * `GET /api/staff/patients?q=` -> {success, patients: [{id, name, email, phone}]}:
 * the Patients screen's search (name words in any order, e-mail, phone by its digits, date
 * of birth), a dentist's own patients only; audited with the count, 429 past the hourly
 * bound of patients read (docs/decisions/043-need-to-know-for-staff.md).
 */
export const { loader, action } = apiRoute({
  method: "GET",
  // Checked on the server before the handler runs: a visitor gets 401, and any role
  // the permission table leaves out of patients.view (a patient) gets 403.
  auth: true,
  permission: "patients.view",
  handler: async ({ request, user }) => {
    const query = new URL(request.url).searchParams.get("q") ?? "";
    const found = await findPatientsFor(staffActor(user), query);
    if (!found.ok) return found;
    return apiJson({
      success: true,
      patients: found.patients.map(({ id, name, email, phone }) => ({ id, name, email, phone })),
    });
  },
});
