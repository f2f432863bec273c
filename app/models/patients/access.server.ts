/**
 * Need-to-know for staff (docs/decisions/043-need-to-know-for-staff.md): whose contact
 * details (e-mail, phone, address), medical alerts, notes and messages a staff member may
 * see, the hourly bound on how many patients' they read, and the audit entry of each read.
 * Every staff page and `/api/staff/*` read that shows them goes through `readPatients`.
 */
import { Prisma } from "@prisma/client";
import { prisma } from "~/infra/db.server";
import { scopeOf } from "~/models/permissions";
import { rateLimits } from "~/infra/rate-limit.server";
import type { Failure } from "~/utils/result";
import type { StaffActor } from "~/models/roles";
import { recordAudit } from "~/models/audit/trail.server";

/**
 * The visits that make a patient a dentist's own: any visit with them that was not
 * cancelled, past or upcoming (a booking cancelled before it happened made no patient).
 */
export function ownVisitsOf(actor: StaffActor): Prisma.AppointmentWhereInput {
  return { status: { not: "cancelled" }, dentist: { userId: actor.id } };
}

/**
 * The patients a search may find for this staff member: everyone for the front desk, a
 * dentist's own patients for a dentist (a search by phone digits is itself a read of the
 * number), nobody for a role without the permission.
 */
export function patientsInReachWhere(actor: StaffActor): Prisma.UserWhereInput {
  const scope = scopeOf(actor, "patients.contact");
  if (scope === "all") return {};
  if (scope === "own") return { appointments: { some: ownVisitsOf(actor) } };
  return { id: { in: [] } };
}

/**
 * `patientsInReachWhere` as SQL for a raw statement: a condition (starting with AND) on the
 * patient id `patient`, nothing for everyone, or null when the staff member may see nobody.
 * The own visits are `ownVisitsOf`'s: not cancelled, with one of the dentist's visits.
 */
export function patientsInReachSql(actor: StaffActor, patient: Prisma.Sql): Prisma.Sql | null {
  const scope = scopeOf(actor, "patients.contact");
  if (scope === "all") return Prisma.empty;
  if (scope !== "own") return null;
  return Prisma.sql`AND EXISTS (SELECT 1 FROM "Appointment" o JOIN "Dentist" d ON d."id" = o."dentistId"
    WHERE o."userId" = ${patient} AND o."status" <> 'cancelled' AND d."userId" = ${actor.id})`;
}

/** Which of `patientIds` this staff member may see the contact details of. */
export async function patientsInReach(
  actor: StaffActor,
  patientIds: readonly (string | null)[],
): Promise<Set<string>> {
  const ids = [...new Set(patientIds.filter((id): id is string => id !== null))];
  const scope = scopeOf(actor, "patients.contact");
  if (scope === "all") return new Set(ids);
  if (scope !== "own" || ids.length === 0) return new Set();
  const rows = await prisma.appointment.findMany({
    where: { userId: { in: ids }, ...ownVisitsOf(actor) },
    select: { userId: true },
    distinct: ["userId"],
  });
  return new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])));
}

export type PatientRead = {
  /** The patients whose contact details or messages the answer shows. */
  patientIds: readonly string[];
  /** Audit action: 'patient.view', 'patient.list', 'appointment.view'. */
  action: string;
  entityType: string;
  entityId?: string | null;
  /** The patient the read is about, when it is about one (shown or not). */
  patientId?: string | null;
  /** What was read, in staff words ("Searched the patients"). */
  summary: string;
};

/**
 * A read that shows patients' contact details or messages: takes them from the staff
 * member's hourly bound (the same patient again in the hour is not counted again) and
 * records one audit entry with the count. Answers the 429 to give instead when the bound
 * is reached; the first refusal of the hour is logged and lands in the trail.
 */
export async function readPatients(actor: StaffActor, read: PatientRead): Promise<Failure | null> {
  const bucket = rateLimits().patientReads;
  const refused = await bucket.take(actor.id, read.patientIds);
  if (refused) {
    if (refused.firstOfWindow) {
      console.warn(
        `Patient reads: staff account ${actor.id} (${actor.role}) reached the bound of ${bucket.points} patients an hour`,
      );
      await recordAudit({
        actor,
        action: "patient.read_limit",
        entityType: "patient",
        summary: `Reached the bound of ${bucket.points} patients' records read in an hour`,
        after: { count: refused.count },
      });
    }
    return refused.failure;
  }
  const single = read.patientId ?? (read.patientIds.length === 1 ? read.patientIds[0] : null);
  // A list that showed nobody's details read nothing (a card read is always recorded).
  if (read.patientIds.length === 0 && !single) return null;
  await recordAudit({
    actor,
    action: read.action,
    entityType: read.entityType,
    entityId: read.entityId ?? single ?? null,
    patientId: single,
    summary: read.summary,
    after: { count: read.patientIds.length },
  });
  return null;
}
