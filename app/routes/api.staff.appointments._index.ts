import { bookAtDesk, staffAppointmentsOn } from "~/models/front-desk.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { staffActor } from "~/utils/roles.server";

/** `GET /api/staff/appointments?date=YYYY-MM-DD[&dentist=]` -> {success, appointments}. */
const list = apiRoute({
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

/**
 * `POST /api/staff/appointments` {patient, service, dentist, date, time, phone?, note?,
 * override?, reason?} -> 201 {success, message, appointment}: the New booking screen's
 * booking, with its roles, limit, rules, mail and audit.
 */
const book = apiRoute({
  method: "POST",
  auth: true,
  permission: "appointments.book",
  handler: async ({ body, user }) => {
    const result = await bookAtDesk(staffActor(user), body);
    if (!result.ok) return result;
    return apiJson(
      { success: true, message: result.message, appointment: result.appointment },
      201,
    );
  },
});

export const loader = list.loader;
export const action = book.action;
