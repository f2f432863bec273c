/**
 * What a diary card shows of the patient beyond the name (docs/decisions/043-need-to-know-for-staff.md):
 * their medical alerts, to anyone with the need to know them, and the patient's message, on
 * a dentist's own visits. Whatever the cards show is one audited read of those patients,
 * counted against the staff member's hourly bound; past the bound the cards show neither,
 * and the diary says why, rather than the desk losing its day.
 */
import { alertsForPatients } from "~/models/patients/alerts.server";
import { patientsInReach, readPatients } from "~/models/patients/access.server";
import { staffActor } from "~/models/roles";
import type { DiaryRow, DiaryVisit } from "./diary-visits.server";

export type DiaryDetails = {
  visits: DiaryVisit[];
  /** Why the cards show no alerts or messages (the hourly bound), or null. */
  withheld: string | null;
};

export async function withPatientDetails(
  viewer: { id: string; role: string },
  visits: readonly { row: DiaryRow; visit: DiaryVisit }[],
): Promise<DiaryDetails> {
  const actor = staffActor(viewer);
  const reach = await patientsInReach(
    actor,
    visits.map(({ row }) => row.userId),
  );
  const alerts = await alertsForPatients(actor, [...reach]);
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
