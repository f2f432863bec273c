import { freeDaysFor } from "~/models/booking/next-free-times.server";
import { apiJson, apiRoute } from "~/http/api.server";

/**
 * `GET /resources/free-days?service=<id>&dentist=<id|any>&from=YYYY-MM-DD`: the booking
 * page's strip of first free times, the next days with a free start for the service.
 * Never cached: a time can go at any moment.
 */
export const { loader, action } = apiRoute({
  method: "GET",
  async handler({ request }) {
    const query = new URL(request.url).searchParams;
    const result = await freeDaysFor({
      service: query.get("service"),
      dentist: query.get("dentist"),
      from: query.get("from"),
    });
    if (!result.ok) return result;
    const { ok: _ok, ...strip } = result;
    return apiJson({ success: true, ...strip }, 200, { "cache-control": "no-store" });
  },
});
