import { APPOINTMENT_BOOKED, bookAppointment } from "~/models/booking/book.server";
import { bookingConsent } from "~/models/sms/patient-consent.server";
import { apiJson, apiRoute } from "~/http/api.server";

/**
 * `POST /api/create-appointment` {service, name, email, phone, date, time, message} and an
 * optional `dentist` (id or slug; absent or "any" for any dentist) and `patient` (a family
 * member's id, from `GET /api/me/family`: the visit is theirs; docs/decisions/049-families.md).
 */
export const { loader, action } = apiRoute({
  method: "POST",
  auth: true,
  async handler({ body, user }) {
    const result = await bookAppointment(body, user.id, undefined, {
      addOn: bookingConsent(user.id, body.smsConsent),
    });
    if (!result.ok) return result;
    return apiJson(
      { success: true, message: APPOINTMENT_BOOKED, appointment: result.appointment },
      201,
    );
  },
});
