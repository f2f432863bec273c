/**
 * A visit's time freed by a move or a cancellation goes to the waiting list
 * (docs/decisions/024-waitlist.md): a handler of the booking core's events, whose reads
 * run before the change's transaction and whose offers are written inside it.
 */
import type { EventHandler, EventOf } from "~/models/booking/events.server";
import { prepareWaitlistOffers } from "./offers.server";

export const offerFreedTime: EventHandler<EventOf<"moved"> | EventOf<"cancelled">> = {
  name: "waiting-list offers",
  async prepare(draft, now) {
    if (!draft || draft.startsAt <= now) return null;
    const step = await prepareWaitlistOffers(
      { startsAt: draft.startsAt, dentistId: draft.dentistId, excludeUserId: draft.userId },
      now,
    );
    return step ? async () => void (await step()) : null;
  },
};
