/**
 * Staff changes to a visit go to the audit trail, in the change's transaction (ADR 017):
 * handlers of the booking core's events. A patient's own changes are not audited.
 */
import type { StoredVisit } from "~/models/booking/visit";
import { STATUS_LABELS } from "~/models/booking/appointment-status";
import type { EventHandler, EventOf } from "~/models/booking/events.server";
import type { BookingActor } from "~/models/booking/policy";
import { clockOf } from "~/models/settings/clinic-settings.server";
import { formatDateTime } from "~/utils/clinic-format";
import { recordAudit } from "./trail.server";

const snapshot = (visit: StoredVisit) => ({
  status: visit.status,
  date: visit.date,
  time: visit.time,
  dentist: visit.dentist.name,
  chair: visit.chair.name,
});

function staffActor(actor: BookingActor) {
  return actor.kind === "staff" ? { id: actor.id, role: actor.role } : null;
}

const name = "audit";

export const visitAudit: {
  booked: EventHandler<EventOf<"booked">>;
  moved: EventHandler<EventOf<"moved">>;
  cancelled: EventHandler<EventOf<"cancelled">>;
  statusChanged: EventHandler<EventOf<"status-changed">>;
} = {
  booked: {
    name,
    async run({ visit, actor, override }) {
      const staff = staffActor(actor);
      if (!staff) return;
      await recordAudit({
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
  moved: {
    name,
    async run({ visit, actor, before }, { settings }) {
      const staff = staffActor(actor);
      if (!staff) return;
      const clock = clockOf(settings);
      await recordAudit({
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
  cancelled: {
    name,
    async run({ visit, actor, from, reason }) {
      const staff = staffActor(actor);
      if (!staff) return;
      await recordAudit({
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
  statusChanged: {
    name,
    async run({ visit, actor, from, to, undo }) {
      const staff = staffActor(actor);
      if (!staff) return;
      await recordAudit({
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
};
