/**
 * Who hears the booking core's events (~/models/booking/events.server), per event in the
 * order their handlers run inside the change's transaction. The booking core imports none
 * of these features; this list, which imports them all, is called only where a process
 * starts: app/entry.server.tsx for the app, the tests' setup, the benchmarks that book.
 * A call, not an import for its side effect: package.json declares no side effects, so the
 * build drops a bare import.
 * A new consequence of a booking, a move or a status change is one handler here
 * (docs/decisions/047-feature-folders.md).
 */
import { visitAudit } from "~/models/audit/visit-events.server";
import { subscribeToVisitEvents } from "~/models/booking/events.server";
import { wakeOutbox } from "~/models/mail/outbox.server";
import { patientMail } from "~/models/mail/visit-events.server";
import { patientPhone } from "~/models/patients/visit-events.server";
import { recallConversion, recallDueDate } from "~/models/recall/visit-events.server";
import { reviewRequest } from "~/models/reviews/visit-events.server";
import { offerFreedTime } from "~/models/waitlist/visit-events.server";

export function hearVisitEvents(): void {
  subscribeToVisitEvents({
    handlers: {
      booked: [patientMail.booked, patientPhone, recallConversion, visitAudit.booked],
      moved: [patientMail.moved, offerFreedTime, visitAudit.moved],
      cancelled: [patientMail.cancelled, offerFreedTime, visitAudit.cancelled],
      "status-changed": [reviewRequest, recallDueDate, visitAudit.statusChanged],
    },
    afterCommit: [wakeOutbox],
  });
}
