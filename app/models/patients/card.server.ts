/**
 * A patient's card as staff see it: who they are, their contact details, medical alerts
 * and the clinic's note (only for staff with the need to know), and their visits in three
 * lists: upcoming, cancelled before they happened, and past. Every read is audited.
 */
import {
  ACTIVE_STATUSES,
  type AppointmentStatus,
  parseStatus,
} from "~/models/booking/appointment-status";
import { prisma } from "~/infra/db.server";
import { may } from "~/models/permissions";
import { isNoEmailAddress } from "./no-email";
import type { Failure } from "~/utils/result";
import type { StaffActor } from "~/models/roles";
import { patientsInReach, readPatients } from "./access.server";
import { RECORD_FIELDS } from "./alerts.server";

/** One visit on the card: when, what, with whom, and how it stands. */
export type VisitLine = {
  id: string;
  date: string;
  time: string;
  service: string;
  dentist: string;
  status: AppointmentStatus;
};

/** What only staff with the need to know see (docs/decisions/043-need-to-know-for-staff.md). */
export type PatientPrivate = {
  /** "" for a record without e-mail. */
  email: string;
  phone: string;
  address: string;
  dateOfBirth: string;
  allergies: string;
  conditions: string;
  staffNote: string;
};

export type PatientCard = {
  patient: { id: string; name: string; hasAccount: boolean; noEmail: boolean; createdAt: string };
  /** Null when this staff member may not see them (a dentist, another dentist's patient). */
  details: PatientPrivate | null;
  upcoming: VisitLine[];
  /** Visits still ahead that were cancelled: neither upcoming nor past. */
  cancelled: VisitLine[];
  past: VisitLine[];
  may: { edit: boolean; merge: boolean };
};

const ACTIVE = new Set<string>(ACTIVE_STATUSES);

/** Splits visits (soonest first) into upcoming, cancelled-ahead and past (newest first). */
export function splitVisits<V extends { status: string; startsAt: Date; endsAt: Date }>(
  visits: readonly V[],
  now: Date,
): { upcoming: V[]; cancelled: V[]; past: V[] } {
  const upcoming: V[] = [];
  const cancelled: V[] = [];
  const past: V[] = [];
  for (const visit of visits) {
    if (ACTIVE.has(visit.status) && visit.endsAt > now) upcoming.push(visit);
    else if (!ACTIVE.has(visit.status) && visit.startsAt > now) cancelled.push(visit);
    else past.push(visit);
  }
  return { upcoming, cancelled, past: past.reverse() };
}

/**
 * The card of patient `patientId` for `actor`, or null when there is no such patient; a
 * Failure (429) when the staff member's hourly bound of patients read is reached.
 */
export async function patientCard(
  actor: StaffActor,
  patientId: string,
  now: Date = new Date(),
): Promise<PatientCard | Failure | null> {
  if (!patientId || patientId.length > 64) return null;
  const patient = await prisma.user.findFirst({
    where: { id: patientId, role: "patient" },
    select: { id: true, createdAt: true, ...RECORD_FIELDS },
  });
  if (!patient) return null;
  const inReach = (await patientsInReach(actor, [patientId])).has(patientId);
  const refused = await readPatients(actor, {
    patientIds: inReach ? [patientId] : [],
    patientId,
    action: "patient.view",
    entityType: "patient",
    summary: inReach
      ? "Viewed the patient's card"
      : "Viewed the patient's card (no contact details: not their patient)",
  });
  if (refused) return refused;
  const rows = await prisma.appointment.findMany({
    where: { userId: patientId },
    select: {
      id: true,
      date: true,
      time: true,
      startsAt: true,
      endsAt: true,
      status: true,
      service: { select: { name: true } },
      dentist: { select: { name: true } },
    },
    orderBy: [{ startsAt: "asc" }, { createdAt: "asc" }],
  });
  const { upcoming, cancelled, past } = splitVisits(rows, now);
  const line = (row: (typeof rows)[number]): VisitLine => ({
    id: row.id,
    date: row.date,
    time: row.time,
    service: row.service.name,
    dentist: row.dentist.name,
    status: parseStatus(row.status),
  });
  const noEmail = isNoEmailAddress(patient.email);
  return {
    patient: {
      id: patient.id,
      name: patient.name,
      hasAccount: patient.passwordHash !== null || patient.googleId !== null,
      noEmail,
      createdAt: patient.createdAt.toISOString(),
    },
    details: inReach
      ? {
          email: noEmail ? "" : patient.email,
          phone: patient.phone,
          address: patient.address,
          dateOfBirth: patient.dateOfBirth,
          allergies: patient.allergies,
          conditions: patient.conditions,
          staffNote: patient.staffNote,
        }
      : null,
    upcoming: upcoming.map(line),
    cancelled: cancelled.map(line),
    past: past.map(line),
    may: { edit: may(actor, "patients.edit"), merge: may(actor, "patients.merge") },
  };
}
