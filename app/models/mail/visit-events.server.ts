/**
 * The patient's mail about a change to their visit (docs/decisions/010-clinic-mail.md,
 * 014-mail-outbox.md): written to the outbox in the change's transaction by these handlers
 * of the booking core's events, and sent once it commits.
 */
import type { EventHandler, EventOf } from "~/models/booking/events.server";
import { clockOf, getClinicSettings } from "~/models/settings/clinic-settings.server";
import { formatDateTime } from "~/utils/clinic-format";
import { enqueueAppointmentMail, planBookingMessages } from "./appointment-mail.server";

const name = "patient mail";

export const patientMail: {
  booked: EventHandler<EventOf<"booked">>;
  moved: EventHandler<EventOf<"moved">>;
  cancelled: EventHandler<EventOf<"cancelled">>;
} = {
  booked: {
    name,
    async prepare(draft) {
      const plan = await planBookingMessages(draft, await getClinicSettings());
      return async (event, context) => {
        context.outcome.mailedTo = await enqueueAppointmentMail(
          event.visit,
          "booked",
          context.settings,
          context.now,
          { plan },
        );
      };
    },
  },
  moved: {
    name,
    async run(event, context) {
      const previously = formatDateTime(
        event.before.date,
        event.before.time,
        clockOf(context.settings),
      );
      context.outcome.mailedTo = await enqueueAppointmentMail(
        event.visit,
        "moved",
        context.settings,
        context.now,
        { previously },
      );
    },
  },
  cancelled: {
    name,
    async run(event, context) {
      context.outcome.mailedTo = await enqueueAppointmentMail(
        event.visit,
        "cancelled",
        context.settings,
        context.now,
        { reason: event.tellPatient ? event.reason : null },
      );
    },
  },
};
