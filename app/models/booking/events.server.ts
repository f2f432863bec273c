/**
 * What follows a change to a visit follows the event, not the caller: booking, moving,
 * cancelling and other status changes each raise one event inside their transaction, and
 * the handlers subscribed to it write their part there too (the patient's mail through the
 * outbox, the audit entry, offers of a freed time, a review request, the recall). Booking
 * knows none of them: each feature says what it does on an event in its own
 * `visit-events.server.ts`, and ~/models/visit-subscribers.server lists them per event in
 * the order they run. A new consequence is one handler there
 * (docs/decisions/027-one-booking-core.md, 047-feature-folders.md).
 */
import type { AppointmentStatus } from "~/models/booking/appointment-status";
import type { Settings } from "~/models/settings/clinic-settings.server";
import type { BookingActor } from "./policy";
import type { StoredVisit } from "./visit";

/** Where a moved visit was. */
export type FormerPlace = {
  date: string;
  time: string;
  startsAt: Date;
  dentistId: string;
  dentistName: string;
  chairName: string;
};

export type VisitEvent =
  | {
      type: "booked";
      visit: StoredVisit;
      actor: BookingActor;
      override: string | null;
      /** The recall whose invitation's link the booking came through (checked), or null. */
      recallId: string | null;
    }
  | { type: "moved"; visit: StoredVisit; actor: BookingActor; before: FormerPlace }
  | {
      type: "cancelled";
      visit: StoredVisit;
      actor: BookingActor;
      from: AppointmentStatus;
      /** The reason given; in the patient's mail only when `tellPatient`. */
      reason: string | null;
      tellPatient: boolean;
    }
  | {
      type: "status-changed";
      visit: StoredVisit;
      actor: BookingActor;
      from: AppointmentStatus;
      to: AppointmentStatus;
      /** The change from `from` was taken back (docs/decisions/039-diary-undo-and-outcomes.md). */
      undo?: boolean;
    };

export type VisitEventType = VisitEvent["type"];
export type EventOf<T extends VisitEventType> = Extract<VisitEvent, { type: T }>;

/** What the caller learns from the handlers (the confirmation's address, for the desk). */
export type EventOutcome = { mailedTo: string | null };

export type EventContext = { now: Date; settings: Settings; outcome: EventOutcome };

/** What is known of the visit before the transaction opens. */
export type EventDraft = { startsAt: Date; dentistId: string; userId: string | null };

/**
 * What is known of a new visit before it is written: its patient, service and time (its
 * dentist and chair may still be chosen by the rules). Its handlers' reads run before the
 * booking's transaction, or inside it after the steps that come before the placement (the
 * agreement to texts, which the messages must see); either way before the placement locks
 * its day (./place.server), so no other booking of the day waits for them.
 */
export type BookingDraft = {
  userId: string | null;
  serviceId: string;
  date: string;
  startsAt: Date;
};

/** The draft a handler's reads get: a new visit's, or the visit before the change (null for none). */
type DraftOf<E> = E extends { type: "booked" } ? BookingDraft : EventDraft | null;

export type HandlerStep<E> = (event: E, context: EventContext) => Promise<void>;

export type EventHandler<E> = {
  name: string;
  /**
   * Reads that must happen before the transaction (nothing but its own queries may run
   * while it is open), or for a new visit before its day is locked (`BookingDraft`); the
   * step it answers runs when the event is raised. Null: nothing to do.
   */
  prepare?: (draft: DraftOf<E>, now: Date) => Promise<HandlerStep<E> | null>;
  run?: HandlerStep<E>;
};

/** The handlers of each event, in the order they run, and what runs once a change committed. */
export type VisitSubscriptions = {
  handlers: { [T in VisitEventType]: readonly EventHandler<EventOf<T>>[] };
  /** After the change's transaction committed (the outbox is woken to send its mail now). */
  afterCommit: readonly (() => void)[];
};

let subscriptions: VisitSubscriptions | null = null;

/** Called once where the process starts, by hearVisitEvents() of ~/models/visit-subscribers.server. */
export function subscribeToVisitEvents(table: VisitSubscriptions): void {
  subscriptions = table;
}

function subscribed(): VisitSubscriptions {
  if (!subscriptions) {
    throw new Error(
      "Nothing hears visit events: call hearVisitEvents() of ~/models/visit-subscribers.server where the process starts",
    );
  }
  return subscriptions;
}

/** Tells the subscribers that a change whose event was raised has committed. */
export function visitEventsCommitted(): void {
  for (const hook of subscribed().afterCommit) hook();
}

/** Raises one event inside the transaction: every handler's step, in the list's order. */
export type RaiseEvent<T extends VisitEventType> = (
  event: EventOf<T>,
  context: Omit<EventContext, "outcome">,
) => Promise<EventOutcome>;

/**
 * Runs the handlers' reads for an event of `type` before its transaction opens, and
 * answers how to raise it inside.
 */
export async function prepareEvent<T extends VisitEventType>(
  type: T,
  /** The visit before the change (null for none), or the new visit as drafted. */
  draft: DraftOf<EventOf<T>>,
  now: Date,
): Promise<RaiseEvent<T>> {
  const handlers = subscribed().handlers[type] as readonly EventHandler<EventOf<T>>[];
  const steps: HandlerStep<EventOf<T>>[] = [];
  for (const handler of handlers) {
    if (handler.run) steps.push(handler.run);
    const prepared = handler.prepare ? await handler.prepare(draft, now) : null;
    if (prepared) steps.push(prepared);
  }
  return async (event, context) => {
    const full: EventContext = { ...context, outcome: { mailedTo: null } };
    for (const step of steps) await step(event, full);
    return full.outcome;
  };
}
