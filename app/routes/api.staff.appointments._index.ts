import { bookAtDesk, staffAppointmentsOn } from "~/models/front-desk.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { limitStaffWrite } from "~/utils/rate-limit.server";
import { staffActor } from "~/utils/roles.server";
import { staffScreenRoles } from "~/utils/staff-screens";

/** `GET /api/staff/appointments?date=YYYY-MM-DD[&dentist=]` -> {success, appointments}. */
const list = apiRoute({
  method: "GET",
  auth: true,
  roles: staffScreenRoles("/staff"),
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
  roles: staffScreenRoles("/staff/bookings/new"),
  handler: async ({ body, user }) => {
    const limited = await limitStaffWrite(user.id);
    if (limited) return limited;
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
