import { bookAtDesk } from "~/models/front-desk/booking.server";
import { staffAppointmentsOn } from "~/models/front-desk/day-list.server";
import { visitsForStaff } from "~/models/patients/visit-contacts.server";
import { apiJson, apiRoute } from "~/http/api.server";
import { staffActor } from "~/http/roles.server";

/**
 * `GET /api/staff/appointments?date=YYYY-MM-DD[&dentist=]` -> {success, appointments}; a
 * dentist gets e-mail, phone and message empty on visits of patients who are not theirs.
 */
const list = apiRoute({
  method: "GET",
  auth: true,
  permission: "diary.view",
  handler: async ({ request, user }) => {
    const url = new URL(request.url);
    const result = await staffAppointmentsOn({
      date: url.searchParams.get("date"),
      dentist: url.searchParams.get("dentist"),
    });
    if (!result.ok) return result;
    // Contact details and messages only where the caller has the need to know, the read
    // audited and bounded (docs/decisions/043-need-to-know-for-staff.md).
    const shared = await visitsForStaff(
      staffActor(user),
      result.appointments,
      "Listed a day's visits over the API",
    );
    if (!shared.ok) return shared;
    return apiJson({ success: true, appointments: shared.visits });
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
