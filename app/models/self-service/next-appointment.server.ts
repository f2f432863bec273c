import type { ClinicClock } from "~/utils/clinic-format";
import { keptUntilWrite } from "~/infra/write-kept.server";
import { confirmationSentTo, telLink } from "~/models/mail/appointment-mail.server";
import type { AppointmentJson } from "~/models/booking/visit";
import { nextAppointment } from "./own-visits.server";
import { cutoffStart, isInsideCutoff } from "~/models/booking/cancellation-policy.server";
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

/**
 * The signed-in patient's next visit, what the home page's panel shows: kept until the
 * database is written (a booking, a move, a cancellation), the visit ends or enters the
 * cancellation cutoff (docs/decisions/025-session-lookup-cache.md). Module state, so it lives here and not in
 * the route module, whose top level also runs in the browser.
 */
const nextVisits = keptUntilWrite<NextAppointment | null>(5_000);

export async function nextAppointmentPanel(userId: string | null): Promise<NextAppointment | null> {
  if (!userId) return null;
  return nextVisits(userId, async () => {
    const appointment = await nextAppointment(userId);
    if (!appointment) return { value: null, keepUntil: Number.POSITIVE_INFINITY };
    const [settings, mailedTo, moved] = await Promise.all([
      getClinicSettings(),
      confirmationSentTo(appointment._id),
      justMovedVisits(userId),
    ]);
    const clock = { timeZone: settings.timeZone, locale: settings.locale };
    // Inside the cancellation cutoff only the clinic changes the visit: the panel says so.
    const startsAt = new Date(appointment.startsAt);
    const phoneOnly = isInsideCutoff(startsAt, settings, new Date())
      ? { phone: settings.phone, tel: telLink(settings.phone) }
      : null;
    const phoneOnlyFrom = phoneOnly ? Infinity : cutoffStart(startsAt, settings).getTime() + 1;
    const movedNoteEnds = moved.get(appointment._id);
    return {
      value: {
        appointment,
        clock,
        mailedTo,
        phoneOnly,
        moved: movedNoteEnds ? movedMessage(appointment, clock) : null,
      },
      // Until the visit ends, it enters the cutoff, or its "moved" note ends.
      keepUntil: Math.min(
        Date.parse(appointment.endsAt),
        phoneOnlyFrom,
        movedNoteEnds?.getTime() ?? Infinity,
      ),
    };
  });
}
