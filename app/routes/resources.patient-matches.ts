import { likelyDuplicatesFor } from "~/models/patients/duplicates.server";
import { apiJson, apiRoute } from "~/http/api.server";
import { staffActor } from "~/http/roles.server";

/**
 * `GET /resources/patient-matches?name=&email=&phone=&dateOfBirth=` -> {success, matches}:
 * the patients a record the desk is about to make looks like (same phone, e-mail, or name
 * and date of birth), asked as the New booking screen's fields are filled. For those who
 * make records (reception, admin); the read is audited and bounded like the search.
 */
export const { loader, action } = apiRoute({
  method: "GET",
  auth: true,
  permission: "appointments.book",
  handler: async ({ request, user }) => {
    const query = new URL(request.url).searchParams;
    const found = await likelyDuplicatesFor(staffActor(user), {
      name: query.get("name") ?? "",
      email: query.get("email") ?? "",
      phone: query.get("phone") ?? "",
      dateOfBirth: query.get("dateOfBirth") ?? "",
    });
    if (!found.ok) return found;
    return apiJson({ success: true, matches: found.matches });
  },
});
