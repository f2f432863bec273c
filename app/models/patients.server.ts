/**
 * Patients as the staff find, read and keep them, for the staff pages and `/api/staff/*`
 * alike (docs/decisions/042-patient-records-and-merges.md, 043-need-to-know-for-staff.md):
 * the search (./patients/search), the card (./patients/card), records and edits
 * (./patients/edit), merges (./patients/merge), medical alerts (./patients/alerts) and who
 * may see what, audited and bounded (./patients/access, ./patients/visit-contacts). Here:
 * the phone a booking leaves on the patient, and the desk's lookup of one patient.
 */
import type { Prisma, PrismaClient } from "@prisma/client";
import { prisma } from "~/infra/db.server";
import { shownEmail } from "~/models/patient-email";
import type { StaffActor } from "~/models/roles";
import { phoneDigitsOf } from "./patients/search.server";

type Db = PrismaClient | Prisma.TransactionClient;
export type { StaffActor };

/**
 * The number given at a booking or on the waiting list becomes the patient's: the desk
 * finds them by it.
 */
export async function keepPatientPhone(db: Db, userId: string, phone: string) {
  if (!phone.trim()) return;
  await db.user.updateMany({
    where: { id: userId, phone: { not: phone } },
    data: { phone, phoneDigits: phoneDigitsOf(phone) },
  });
}

/**
 * A patient named by id or e-mail (the desk's API), or null; `email` is "" for a record
 * without an address, so a booking copies none onto the visit.
 */
export async function findPatient(idOrEmail: string) {
  const wanted = idOrEmail.trim();
  if (!wanted || wanted.length > 254) return null;
  const patient = await prisma.user.findFirst({
    where: { role: "patient", OR: [{ id: wanted }, { email: wanted.toLowerCase() }] },
    select: { id: true, name: true, email: true, phone: true },
  });
  return patient ? { ...patient, email: shownEmail(patient.email) } : null;
}

export { patientsInReach, readPatients } from "./patients/access.server";
export { alertsForPatients, hasAlerts, type PatientAlerts } from "./patients/alerts.server";
export { type PatientCard, patientCard, splitVisits, type VisitLine } from "./patients/card.server";
export {
  createCallerRecord,
  DETAIL_LABELS,
  NO_SUCH_PATIENT_MESSAGE,
  updatePatientDetails,
} from "./patients/edit.server";
export {
  MERGE_MESSAGES,
  type MergeCounts,
  mergePatients,
  mergePreview,
} from "./patients/merge.server";
export {
  dateOfBirthQuery,
  findPatientsFor,
  type PatientMatch,
  phoneDigitsOf,
  phoneKey,
  searchPatients,
} from "./patients/search.server";
export {
  type ContactRedaction,
  contactRedaction,
  visitPageFor,
  visitsForStaff,
} from "./patients/visit-contacts.server";
