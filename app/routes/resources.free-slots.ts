import { getFreeSlots } from "~/models/booking/free-times.server";
import { apiJson, apiRoute } from "~/http/api.server";

/**
 * `GET /resources/free-slots?date=YYYY-MM-DD&service=<id>&dentist=<id|any>`: the start
 * times still free that day for the service's length, for the booking form's picker.
 * Never cached: a time can go at any moment.
 */
export const { loader, action } = apiRoute({
  method: "GET",
  async handler({ request }) {
    const query = new URL(request.url).searchParams;
    const result = await getFreeSlots({
      date: query.get("date"),
      service: query.get("service"),
      dentist: query.get("dentist"),
    });
    if (!result.ok) return result;
    const { ok: _ok, ...slots } = result;
    return apiJson({ success: true, ...slots }, 200, { "cache-control": "no-store" });
  },
});
