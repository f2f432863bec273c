import { searchPatients } from "~/models/front-desk.server";
import { apiJson, apiRoute } from "~/utils/api.server";

/**
 * `GET /api/staff/patients?q=` -> {success, patients: [{id, name, email, phone}]}: the
 * Patients screen's search (name words in any order, e-mail, phone by its digits).
 */
export const { loader, action } = apiRoute({
  method: "GET",
  // Checked on the server before the handler runs: a visitor gets 401, and any role
  // the permission table leaves out of patients.view (a patient) gets 403.
  auth: true,
  permission: "patients.view",
  handler: async ({ request }) => {
    const query = new URL(request.url).searchParams.get("q") ?? "";
    const patients = await searchPatients(query);
    return apiJson({
      success: true,
      patients: patients.map(({ id, name, email, phone }) => ({ id, name, email, phone })),
    });
  },
});
