import { staffAppointmentsOn } from "~/models/front-desk.server";
import { apiJson, apiRoute } from "~/utils/api.server";

/** `GET /api/staff/appointments?date=YYYY-MM-DD[&dentist=]` -> {success, appointments}. */
export const { loader, action } = apiRoute({
  method: "GET",
  auth: true,
  permission: "diary.view",
  handler: async ({ request }) => {
    const url = new URL(request.url);
    const result = await staffAppointmentsOn({
      date: url.searchParams.get("date"),
      dentist: url.searchParams.get("dentist"),
    });
    if (!result.ok) return result;
    return apiJson({ success: true, appointments: result.appointments });
  },
});
