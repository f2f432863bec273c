import { staffAppointmentsOn } from "~/models/front-desk.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { dateRefusal } from "~/validation/dates";

/** `GET /api/staff/appointments?date=YYYY-MM-DD[&dentist=]` -> {success, appointments}. */
export const { loader, action } = apiRoute({
  method: "GET",
  auth: true,
  roles: ["reception", "dentist", "admin"],
  handler: async ({ request }) => {
    const url = new URL(request.url);
    const refusedDate = dateRefusal(url.searchParams.get("date")?.trim() ?? "");
    if (refusedDate) return refusedDate;
    const result = await staffAppointmentsOn({
      date: url.searchParams.get("date"),
      dentist: url.searchParams.get("dentist"),
    });
    if (!result.ok) return result;
    return apiJson({ success: true, appointments: result.appointments });
  },
});
