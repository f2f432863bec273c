/**
 * What a diary card shows of the patient beyond the name (docs/decisions/043-need-to-know-for-staff.md):
 * their medical alerts, to anyone with the need to know them, and the patient's message, on
 * a dentist's own visits. Whatever the cards show is one audited read of those patients,
 * counted against the staff member's hourly bound; past the bound the cards show neither,
 * and the diary says why, rather than the desk losing its day.
 */
import { alertsOfVisitsBetween, type PatientAlerts } from "~/models/patients/alerts.server";
import { patientsInReach, readPatients } from "~/models/patients/access.server";
import { staffActor } from "~/models/roles";
import type { DiaryRow, DiaryVisit } from "./diary-visits.server";

export type DiaryDetails = {
  visits: DiaryVisit[];
  /** Why the cards show no alerts or messages (the hourly bound), or null. */
  withheld: string | null;
};

/**
 * `day` is the visits' day (from one instant to another): their patients' alerts are read
 * by it, not by a list of every patient's id. Messages are read on the viewer's own visits only.
 */
export async function withPatientDetails(
  viewer: { id: string; role: string },
  visits: readonly { row: DiaryRow; visit: DiaryVisit }[],
  day: { from: Date; to: Date },
): Promise<DiaryDetails> {
  const actor = staffActor(viewer);
  const ownMessages = visits.filter(({ row }) => row.message && row.dentist.userId === viewer.id);
  const [reach, alerts] = await Promise.all([
    patientsInReach(
      actor,
      ownMessages.map(({ row }) => row.userId),
    ),
    visits.length > 0
      ? alertsOfVisitsBetween(actor, day.from, day.to)
      : new Map<string, PatientAlerts>(),
  ]);
  const inReach = (row: DiaryRow) => row.userId !== null && reach.has(row.userId);
  const detailed = visits.map(({ row, visit }) => {
    const message = inReach(row) && row.dentist.userId === viewer.id ? row.message : "";
    const found = row.userId ? alerts.get(row.userId) : undefined;
    return message || found
      ? { ...visit, ...(message ? { message } : {}), ...(found ? { alerts: found } : {}) }
      : visit;
  });
  const read = new Set(
    detailed.flatMap((visit, index) => {
      const patient = visits[index]!.row.userId;
      return patient && (visit.message || visit.alerts) ? [patient] : [];
    }),
  );
  if (read.size > 0) {
    const refused = await readPatients(actor, {
      patientIds: [...read],
      action: "patient.list",
      entityType: "appointment",
      summary: `Opened the diary: alerts or messages of ${read.size} ${read.size === 1 ? "patient" : "patients"}`,
    });
    if (refused) {
      return {
        visits: detailed.map(({ message: _message, alerts: _alerts, ...visit }) => visit),
        withheld: refused.message,
      };
    }
  }
  return { visits: detailed, withheld: null };
}
