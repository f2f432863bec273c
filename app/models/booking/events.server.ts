/**
 * What follows a change to a visit follows the event, not the caller: booking, moving,
 * cancelling and other status changes each raise one event inside their transaction, and
 * the handlers listed for it write their part there too (the patient's mail through the
 * outbox, the audit entry, offers of a freed time, a review request). A new consequence is
 * one handler in EVENT_HANDLERS (docs/decisions/027-one-booking-core.md).
 */
import type { Prisma } from "@prisma/client";
import { type ClinicClock, formatDateTime } from "~/utils/clinic-format";
import { type AppointmentStatus, STATUS_LABELS } from "~/models/booking/appointment-status";
import { enqueueAppointmentMail } from "~/models/mail/appointment-mail.server";
import { recordAudit } from "~/models/audit/trail.server";
import type { Settings } from "~/models/settings/clinic-settings.server";
import { keepPatientPhone } from "~/models/patients/search.server";
import { convertRecallInvitation } from "~/models/recall/invitations.server";
import {
  setRecallFromVisit,
  withdrawRecallFromVisit,
} from "~/models/recall/patient-recalls.server";
import { afterVisitCompleted, withdrawReviewRequest } from "~/models/reviews/request.server";
import { prepareWaitlistOffers } from "~/models/waitlist/offers.server";
import type { BookingActor } from "./policy";
import type { StoredVisit } from "./visit";

type Tx = Prisma.TransactionClient;

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
type EventOf<T extends VisitEventType> = Extract<VisitEvent, { type: T }>;

/** What the caller learns from the handlers (the confirmation's address, for the desk). */
export type EventOutcome = { mailedTo: string | null };

export type EventContext = { now: Date; settings: Settings; outcome: EventOutcome };

/** What is known of the visit before the transaction opens. */
export type EventDraft = { startsAt: Date; dentistId: string; userId: string | null };

export type HandlerStep<E> = (tx: Tx, event: E, context: EventContext) => Promise<void>;

export type EventHandler<E> = {
  name: string;
  /**
   * Reads that must happen before the transaction (nothing but its own queries may run
   * while it is open); the step it answers runs inside it. Null: nothing to do.
   */
  prepare?: (draft: EventDraft | null, now: Date) => Promise<HandlerStep<E> | null>;
  run?: HandlerStep<E>;
};

const clockOf = (settings: Settings): ClinicClock => ({
  timeZone: settings.timeZone,
  locale: settings.locale,
});

const snapshot = (visit: StoredVisit) => ({
  status: visit.status,
  date: visit.date,
  time: visit.time,
  dentist: visit.dentist.name,
  chair: visit.chair.name,
});

/** Staff changes go to the audit trail, in the change's transaction (ADR 017). */
function staffActor(actor: BookingActor) {
  return actor.kind === "staff" ? { id: actor.id, role: actor.role } : null;
}

const mail = {
  name: "patient mail",
  booked: async (tx: Tx, event: EventOf<"booked">, context: EventContext) => {
    context.outcome.mailedTo = await enqueueAppointmentMail(
      tx,
      event.visit,
      "booked",
      context.settings,
      context.now,
    );
  },
  moved: async (tx: Tx, event: EventOf<"moved">, context: EventContext) => {
    const previously = formatDateTime(
      event.before.date,
      event.before.time,
      clockOf(context.settings),
    );
    context.outcome.mailedTo = await enqueueAppointmentMail(
      tx,
      event.visit,
      "moved",
      context.settings,
      context.now,
      { previously },
    );
  },
  cancelled: async (tx: Tx, event: EventOf<"cancelled">, context: EventContext) => {
    context.outcome.mailedTo = await enqueueAppointmentMail(
      tx,
      event.visit,
      "cancelled",
      context.settings,
      context.now,
      { reason: event.tellPatient ? event.reason : null },
    );
  },
};

/** The freed time goes to the waiting list (docs/decisions/024-waitlist.md). */
const offerFreedTime: EventHandler<EventOf<"moved"> | EventOf<"cancelled">> = {
  name: "waiting-list offers",
  async prepare(draft, now) {
    if (!draft || draft.startsAt <= now) return null;
    const step = await prepareWaitlistOffers(
      { startsAt: draft.startsAt, dentistId: draft.dentistId, excludeUserId: draft.userId },
      now,
    );
    return step ? async (tx) => void (await step(tx)) : null;
  },
};

export const EVENT_HANDLERS: { [T in VisitEventType]: readonly EventHandler<EventOf<T>>[] } = {
  booked: [
    { name: mail.name, run: mail.booked },
    {
      // The number given at a booking is the patient's newest: the desk finds them by it.
      name: "patient's phone",
      async run(tx, { visit }) {
        if (visit.userId && visit.phone) await keepPatientPhone(tx, visit.userId, visit.phone);
      },
    },
    {
      // Booked through a recall invitation's link: the invitation counts as converted
      // (docs/decisions/035-recall.md).
      name: "recall conversion",
      async run(tx, { visit, recallId }, { now }) {
        if (recallId && visit.userId) {
          await convertRecallInvitation(tx, recallId, { id: visit.id, userId: visit.userId }, now);
        }
      },
    },
    {
      name: "audit",
      async run(tx, { visit, actor, override }) {
        const staff = staffActor(actor);
        if (!staff) return;
        await recordAudit(tx, {
          actor: staff,
          action: override ? "appointment.book_override" : "appointment.book",
          entityType: "appointment",
          entityId: visit.id,
          patientId: visit.userId,
          summary: `Booked ${visit.service.name} for the patient${override ? ` anyway: ${override}` : ""}`,
          after: { ...snapshot(visit), ...(override ? { overrideReason: override } : {}) },
        });
      },
    },
  ],
  moved: [
    { name: mail.name, run: mail.moved },
    offerFreedTime,
    {
      name: "audit",
      async run(tx, { visit, actor, before }, { settings }) {
        const staff = staffActor(actor);
        if (!staff) return;
        const clock = clockOf(settings);
        await recordAudit(tx, {
          actor: staff,
          action: "appointment.move",
          entityType: "appointment",
          entityId: visit.id,
          patientId: visit.userId,
          summary: `Moved from ${formatDateTime(before.date, before.time, clock)} (${before.dentistName}) to ${formatDateTime(visit.date, visit.time, clock)} (${visit.dentist.name})`,
          before: {
            ...snapshot(visit),
            date: before.date,
            time: before.time,
            dentist: before.dentistName,
            chair: before.chairName,
          },
          after: snapshot(visit),
        });
      },
    },
  ],
  cancelled: [
    { name: mail.name, run: mail.cancelled },
    offerFreedTime,
    {
      name: "audit",
      async run(tx, { visit, actor, from, reason }) {
        const staff = staffActor(actor);
        if (!staff) return;
        await recordAudit(tx, {
          actor: staff,
          action: "appointment.cancel",
          entityType: "appointment",
          entityId: visit.id,
          patientId: visit.userId,
          summary: `${STATUS_LABELS[from]} -> ${STATUS_LABELS.cancelled}${reason ? `: ${reason}` : ""}`,
          before: { ...snapshot(visit), status: from },
          after: { ...snapshot(visit), ...(reason ? { reason } : {}) },
        });
      },
    },
  ],
  "status-changed": [
    {
      name: "review request",
      async run(tx, { visit, from, to, undo }, { settings, now }) {
        if (to === "completed") await afterVisitCompleted(tx, visit, settings, now);
        if (undo && from === "completed") await withdrawReviewRequest(tx, visit.id);
      },
    },
    {
      // A completed visit sets its recall's due date (docs/decisions/035-recall.md).
      name: "recall due date",
      async run(tx, { visit, from, to, undo }, { settings }) {
        if (to === "completed") await setRecallFromVisit(tx, visit, settings);
        if (undo && from === "completed") await withdrawRecallFromVisit(tx, visit, settings);
      },
    },
    {
      name: "audit",
      async run(tx, { visit, actor, from, to, undo }) {
        const staff = staffActor(actor);
        if (!staff) return;
        await recordAudit(tx, {
          actor: staff,
          action: "appointment.status",
          entityType: "appointment",
          entityId: visit.id,
          patientId: visit.userId,
          summary: `${undo ? "Undone: " : ""}${STATUS_LABELS[from]} -> ${STATUS_LABELS[to]}`,
          before: { ...snapshot(visit), status: from },
          after: snapshot(visit),
        });
      },
    },
  ],
};

/** Raises one event inside the transaction: every handler's step, in the list's order. */
export type RaiseEvent<T extends VisitEventType> = (
  tx: Tx,
  event: EventOf<T>,
  context: Omit<EventContext, "outcome">,
) => Promise<EventOutcome>;

/**
 * Runs the handlers' reads for an event of `type` before its transaction opens, and
 * answers how to raise it inside.
 */
export async function prepareEvent<T extends VisitEventType>(
  type: T,
  /** The visit before the change; null for a new one. */
  draft: EventDraft | null,
  now: Date,
): Promise<RaiseEvent<T>> {
  const handlers = EVENT_HANDLERS[type] as readonly EventHandler<EventOf<T>>[];
  const steps: HandlerStep<EventOf<T>>[] = [];
  for (const handler of handlers) {
    if (handler.run) steps.push(handler.run);
    const prepared = handler.prepare ? await handler.prepare(draft, now) : null;
    if (prepared) steps.push(prepared);
  }
  return async (tx, event, context) => {
    const full: EventContext = { ...context, outcome: { mailedTo: null } };
    for (const step of steps) await step(tx, event, full);
    return full.outcome;
  };
}
