import type { ClinicClock } from "~/utils/clinic-format";
import { confirmationSentTo, telLink } from "~/models/mail/appointment-mail.server";
import type { AppointmentJson } from "~/models/booking/visit";
import { nextAppointment } from "./own-visits.server";
import { isInsideCutoff } from "~/models/booking/cancellation-policy.server";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { justMovedVisits } from "./moved-visit.server";
import { movedMessage } from "./changes.server";

export type NextAppointment = {
  appointment: AppointmentJson;
  clock: ClinicClock;
  /** Where the confirmation went; null when none was mailed. */
  mailedTo: string | null;
  /** Inside the cancellation cutoff: the clinic's phone, the only way to change it now. */
  phoneOnly: { phone: string; tel: string | null } | null;
  /** "Your appointment has moved to ..." for a visit moved a moment ago, else null. */
  moved: string | null;
};

/** The signed-in patient's next visit, what the home page's panel shows. */
export async function nextAppointmentPanel(userId: string | null): Promise<NextAppointment | null> {
  if (!userId) return null;
  const appointment = await nextAppointment(userId);
  if (!appointment) return null;
  const [settings, mailedTo, moved] = await Promise.all([
    getClinicSettings(),
    confirmationSentTo(appointment._id),
    justMovedVisits(userId),
  ]);
  const clock = { timeZone: settings.timeZone, locale: settings.locale };
  // Inside the cancellation cutoff only the clinic changes the visit: the panel says so.
  const phoneOnly = isInsideCutoff(new Date(appointment.startsAt), settings, new Date())
    ? { phone: settings.phone, tel: telLink(settings.phone) }
    : null;
  return {
    appointment,
    clock,
    mailedTo,
    phoneOnly,
    moved: moved.has(appointment._id) ? movedMessage(appointment, clock) : null,
  };
}
