import type { ActionFunctionArgs } from "@remix-run/node";
import { APPOINTMENT_BOOKED, bookAppointment } from "~/models/appointment.server";
import { apiError, apiJson, readBody, requireApiUser, requireMethod } from "~/utils/api.server";

export function loader() {
  return apiError(405, "Method not allowed: use POST");
}

/** `POST /api/create-appointment` {service, name, email, phone, date, time, message}. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const result = await bookAppointment(await readBody(request), user.id);
  if (!result.ok) return apiError(result.status, result.message);
  return apiJson(
    { success: true, message: APPOINTMENT_BOOKED, appointment: result.appointment },
    201,
  );
}
