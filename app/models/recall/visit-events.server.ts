/**
 * What recall does when a visit changes (docs/decisions/035-recall.md): handlers of the
 * booking core's events, in the change's transaction.
 */
import type { EventHandler, EventOf } from "~/models/booking/events.server";
import { convertRecallInvitation } from "./invitations.server";
import { setRecallFromVisit, withdrawRecallFromVisit } from "./patient-recalls.server";

/** Booked through a recall invitation's link: the invitation counts as converted. */
export const recallConversion: EventHandler<EventOf<"booked">> = {
  name: "recall conversion",
  async run({ visit, recallId }, { now }) {
    if (recallId && visit.userId) {
      await convertRecallInvitation(recallId, { id: visit.id, userId: visit.userId }, now);
    }
  },
};

/** A completed visit sets its recall's due date; undoing the completion takes it back. */
export const recallDueDate: EventHandler<EventOf<"status-changed">> = {
  name: "recall due date",
  async run({ visit, from, to, undo }, { settings }) {
    if (to === "completed") await setRecallFromVisit(visit, settings);
    if (undo && from === "completed") await withdrawRecallFromVisit(visit, settings);
  },
};
