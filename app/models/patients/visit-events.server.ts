/**
 * The number given at a booking is the patient's newest: the desk finds them by it. A
 * handler of the booking core's `booked` event, in the booking's transaction.
 */
import type { EventHandler, EventOf } from "~/models/booking/events.server";
import { keepPatientPhone } from "./search.server";

export const patientPhone: EventHandler<EventOf<"booked">> = {
  name: "patient's phone",
  async run({ visit }) {
    if (visit.userId && visit.phone) await keepPatientPhone(visit.userId, visit.phone);
  },
};
