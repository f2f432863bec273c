/**
 * Visits as a list answers them to staff (the diary, `GET /api/staff/appointments`): each
 * visit's contact copy (e-mail, phone), the patient's message and the clinic's note on the
 * visit only where the staff member has the need to know, the read counted and audited once
 * for the list.
 */
import { prisma } from "~/infra/db.server";
import { shownEmail } from "./no-email";
import { scopeOf } from "~/models/permissions";
import { ok, type Result } from "~/utils/result";
import type { StaffActor } from "~/models/roles";
import { patientsInReach, readPatients } from "./access.server";
import { alertsForPatients, type PatientAlerts } from "./alerts.server";

type VisitWithContact = {
  _id: string;
  email: string;
  phone: string;
  message: string;
  /** The clinic's note on the visit, where the answer carries it (the API, the visit page). */
  staffNote?: string;
};

/**
 * The visit with its contact copy, message and the clinic's note emptied (a dentist, not
 * their patient): the note is about the patient as much as the message is (issue 31 item 3).
 */
function withoutContact<V extends VisitWithContact>(visit: V): V {
  return {
    ...visit,
    email: "",
    phone: "",
    message: "",
    ...(visit.staffNote === undefined ? {} : { staffNote: "" }),
  };
}

/** Applied to every copy of a visit an answer holds: the visit as the reader may see it. */
export type ContactRedaction = <V extends VisitWithContact>(visit: V) => V;

/**
 * For an answer that holds `visits` (the diary holds each in its column, its list and its
 * "needs attention"): counts the read against `actor`'s hourly bound and records it in the
 * trail once (`summary` says what was read), and answers the function that leaves out the
 * contact copy and message of each visit whose patient `actor` has no need to know; the 429
 * when the bound is reached. A visit without a patient account (a deleted patient's) has no
 * contact left.
 */
export async function contactRedaction(
  actor: StaffActor,
  visits: readonly { _id: string }[],
  summary: string,
): Promise<Result<{ redact: ContactRedaction }>> {
  const owners =
    visits.length === 0
      ? []
      : await prisma.appointment.findMany({
          where: { id: { in: visits.map((visit) => visit._id) } },
          select: { id: true, userId: true },
        });
  const ownerOf = new Map(owners.map((row) => [row.id, row.userId]));
  const reach = await patientsInReach(actor, [...ownerOf.values()]);
  const read = [...reach];
  if (read.length > 0) {
    const refused = await readPatients(actor, {
      patientIds: read,
      action: "patient.list",
      entityType: "appointment",
      summary: `${summary}: contact details of ${read.length} ${read.length === 1 ? "patient" : "patients"}`,
    });
    if (refused) return refused;
  }
  const redact: ContactRedaction = (visit) => {
    const owner = ownerOf.get(visit._id) ?? null;
    return owner && reach.has(owner)
      ? { ...visit, email: shownEmail(visit.email) }
      : withoutContact(visit);
  };
  return ok({ redact });
}

/** `visits` as `actor` may see them (a flat list: `GET /api/staff/appointments`). */
export async function visitsForStaff<V extends VisitWithContact>(
  actor: StaffActor,
  visits: readonly V[],
  summary: string,
): Promise<Result<{ visits: V[] }>> {
  const redaction = await contactRedaction(actor, visits, summary);
  if (!redaction.ok) return redaction;
  return ok({ visits: visits.map(redaction.redact) });
}

type OneVisit = {
  appointment: VisitWithContact;
  patient: { id: string; name: string; email: string; phone: string } | null;
  mailedTo: string | null;
};

/**
 * One visit as the visit page shows it to `actor`: with the patient's contact details,
 * message, medical alerts and where the confirmation went when they have the need to know
 * (the read counted and audited), without them otherwise (`contactShown` false). The 429
 * when the hourly bound is reached.
 */
export async function visitPageFor<V extends OneVisit>(
  actor: StaffActor,
  found: V,
): Promise<Result<{ visit: V; contactShown: boolean; alerts: PatientAlerts | null }>> {
  const patientId = found.patient?.id ?? null;
  // A deleted patient's visit keeps no contact to read: the desk sees it as it is.
  if (patientId === null && scopeOf(actor, "patients.contact") === "all") {
    return ok({ visit: found, contactShown: true, alerts: null });
  }
  const shown = patientId !== null && (await patientsInReach(actor, [patientId])).size > 0;
  if (!shown) {
    return ok({
      visit: {
        ...found,
        appointment: withoutContact(found.appointment),
        patient: found.patient ? { ...found.patient, email: "", phone: "" } : null,
        mailedTo: null,
      },
      contactShown: false,
      alerts: null,
    });
  }
  const refused = await readPatients(actor, {
    patientIds: [patientId],
    action: "appointment.view",
    entityType: "appointment",
    entityId: found.appointment._id,
    patientId,
    summary: "Viewed a visit with the patient's contact details",
  });
  if (refused) return refused;
  const alerts = (await alertsForPatients(actor, [patientId])).get(patientId) ?? null;
  return ok({
    visit: {
      ...found,
      appointment: { ...found.appointment, email: shownEmail(found.appointment.email) },
      patient: found.patient ? { ...found.patient, email: shownEmail(found.patient.email) } : null,
    },
    contactShown: true,
    alerts,
  });
}
