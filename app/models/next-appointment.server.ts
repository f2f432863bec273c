import type { NextAppointment } from "~/components/next-appointment";
import { getUser } from "~/utils/auth.server";
import { prisma } from "~/utils/db.server";
import { keptUntilWrite } from "~/utils/write-kept.server";
import { mailRecipient } from "./appointment-mail.server";
import { nextAppointment } from "./appointment.server";
import { getClinicClock } from "./clinic-settings.server";
import { justMovedVisits } from "./moved-visit.server";
import { movedMessage } from "./self-service.server";

/**
 * The signed-in patient's next visit, what the home page's panel shows: kept until the
 * database is written (a booking, a move, a cancellation) or the visit ends
 * (docs/decisions/025-session-lookup-cache.md). Module state, so it lives here and not in
 * the route module, whose top level also runs in the browser.
 */
const nextVisits = keptUntilWrite<NextAppointment | null>(5_000);

export async function nextAppointmentPanel(request: Request): Promise<NextAppointment | null> {
  const user = await getUser(request);
  if (!user) return null;
  return nextVisits(user.id, async () => {
    const appointment = await nextAppointment(user.id);
    if (!appointment) return { value: null, keepUntil: Number.POSITIVE_INFINITY };
    const [clock, mailedTo, moved] = await Promise.all([
      getClinicClock(),
      mailRecipient(prisma, user.id),
      justMovedVisits(user.id),
    ]);
    const movedNoteEnds = moved.get(appointment._id);
    return {
      value: {
        appointment,
        clock,
        mailedTo,
        moved: movedNoteEnds ? movedMessage(appointment, clock) : null,
      },
      // Until the visit ends, or its "moved" note does.
      keepUntil: Math.min(Date.parse(appointment.endsAt), movedNoteEnds?.getTime() ?? Infinity),
    };
  });
}
