import { getFreeSlots } from "~/models/appointment.server";
import { apiJson, apiRoute } from "~/utils/api.server";

/**
 * `GET /resources/free-slots?date=YYYY-MM-DD`: the times still free that day, for the
 * booking form's time picker. Never cached: a slot can go at any moment.
 */
export const { loader, action } = apiRoute({
  method: "GET",
  async handler({ request }) {
    const result = await getFreeSlots(new URL(request.url).searchParams.get("date"));
    if (!result.ok) return result;
    return apiJson(
      { success: true, date: result.date, times: result.times, message: result.message },
      200,
      { "cache-control": "no-store" },
    );
  },
});
