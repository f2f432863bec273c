/**
 * Medical alerts (allergies, conditions) for the screens that show a visit: the visit page
 * and the diary's cards. Only for staff with the need to know (./access.server.ts); the
 * caller records the read with the rest of what its answer shows (`readPatients`).
 */
import type { Prisma } from "@prisma/client";
import { prisma } from "~/infra/db.server";
import type { StaffActor } from "~/models/roles";
import { patientsInReach, patientsInReachWhere } from "./access.server";

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
 * The alerts of the patients of some visits (a diary day's), those this staff member may
 * see and that have any: read from the visits (their index) to their patients, not by a
 * list of every patient's id.
 */
export async function alertsOfVisits(
  actor: StaffActor,
  visits: Prisma.AppointmentWhereInput,
): Promise<Map<string, PatientAlerts>> {
  const rows = await prisma.appointment.findMany({
    where: { AND: [visits, { user: { AND: [patientsInReachWhere(actor), { OR: WITH_ALERTS }] } }] },
    select: { user: { select: { id: true, allergies: true, conditions: true } } },
  });
  return new Map(
    rows.flatMap(({ user }) =>
      user ? [[user.id, { allergies: user.allergies, conditions: user.conditions }]] : [],
    ),
  );
}

export function hasAlerts(alerts: PatientAlerts | null | undefined): alerts is PatientAlerts {
  return Boolean(alerts && (alerts.allergies || alerts.conditions));
}
