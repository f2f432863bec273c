/**
 * A completed visit marks the patient's reviews of the service verified and asks for a
 * review; undoing the completion withdraws a request still waiting
 * (docs/decisions/039-diary-undo-and-outcomes.md): a handler of the booking core's events.
 */
import type { EventHandler, EventOf } from "~/models/booking/events.server";
import { afterVisitCompleted, withdrawReviewRequest } from "./request.server";

export const reviewRequest: EventHandler<EventOf<"status-changed">> = {
  name: "review request",
  async run({ visit, from, to, undo }, { settings, now }) {
    if (to === "completed") await afterVisitCompleted(visit, settings, now);
    if (undo && from === "completed") await withdrawReviewRequest(visit.id);
  },
};
