/**
 * Medical alerts (allergies, conditions) for the screens that show a visit: the visit page
 * and the diary's cards. Only for staff with the need to know (./access.server.ts); the
 * caller records the read with the rest of what its answer shows (`readPatients`).
 */
import { Prisma } from "@prisma/client";
import { prisma, readCommitted } from "~/infra/db.server";
import type { StaffActor } from "~/models/roles";
import { patientsInReach, patientsInReachSql } from "./access.server";

/**
 * A patient's record as the desk reads and edits it: details, alerts, the clinic's note,
 * and whether they sign in online (a password or Google).
 */
export const RECORD_FIELDS = {
  name: true,
  email: true,
  phone: true,
  address: true,
  dateOfBirth: true,
  allergies: true,
  conditions: true,
  staffNote: true,
  passwordHash: true,
  googleId: true,
} as const;

export type PatientAlerts = { allergies: string; conditions: string };

/**
 * The alerts of those of `patientIds` this staff member may see and that have any, by
 * patient id. One query for a whole diary day.
 */
export async function alertsForPatients(
  actor: StaffActor,
  patientIds: readonly (string | null)[],
): Promise<Map<string, PatientAlerts>> {
  const reach = await patientsInReach(actor, patientIds);
  if (reach.size === 0) return new Map();
  const rows = await prisma.user.findMany({
    where: {
      id: { in: [...reach] },
      OR: WITH_ALERTS,
    },
    select: { id: true, allergies: true, conditions: true },
  });
  return new Map(
    rows.map((row) => [row.id, { allergies: row.allergies, conditions: row.conditions }]),
  );
}

const WITH_ALERTS = [{ allergies: { not: "" } }, { conditions: { not: "" } }];

/**
 * The alerts of the patients visiting between two instants (a diary day's), those this
 * staff member may see and that have any: read from the visits (their `startsAt` index) to
 * their patients, not by a list of every patient's id. One raw statement of what is
 * committed (`readCommitted`): through Prisma the relation filter was two, and its query
 * compiler, or its handling of a raw query, cost more than the read on every diary.
 */
export async function alertsOfVisitsBetween(
  actor: StaffActor,
  from: Date,
  to: Date,
): Promise<Map<string, PatientAlerts>> {
  const reach = patientsInReachSql(actor, Prisma.sql`u."id"`);
  if (!reach) return new Map();
  const rows = await readCommitted<{ id: string } & PatientAlerts>(Prisma.sql`
    SELECT DISTINCT u."id", u."allergies", u."conditions"
    FROM "Appointment" a JOIN "User" u ON u."id" = a."userId"
    WHERE a."startsAt" >= ${from} AND a."startsAt" < ${to}
      AND (u."allergies" <> '' OR u."conditions" <> '') ${reach}`);
  return new Map(
    rows.map((row) => [row.id, { allergies: row.allergies, conditions: row.conditions }]),
  );
}

export function hasAlerts(alerts: PatientAlerts | null | undefined): alerts is PatientAlerts {
  return Boolean(alerts && (alerts.allergies || alerts.conditions));
}
