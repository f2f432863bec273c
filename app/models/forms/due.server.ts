/**
 * Which forms are due for which visits (docs/decisions/050-medical-history-and-consent-forms.md),
 * read for many visits at once: the patients' dates of birth, whether a visit is their first,
 * and what they signed of the forms' current versions, in three queries whatever the number
 * of visits. The patient's pages and API, the confirmation and first reminder, the visit page
 * and the diary's "history due" / "history to review" all ask here.
 */
import type { Prisma } from "@prisma/client";
import { prisma } from "~/infra/db.server";
import { ACTIVE_STATUSES } from "~/models/booking/appointment-status";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { clinicNow } from "~/utils/clinic-time";
import { formatDateTime } from "~/utils/clinic-format";
import { isDue, type SignedBefore } from "./due";
import { activeForms, type ActiveForm } from "./templates.server";

/** A visit as the due rules read it. */
export type VisitForForms = {
  id: string;
  userId: string | null;
  date: string;
  serviceId: string;
  startsAt: Date;
};

type Signed = SignedBefore & {
  id: string;
  templateId: string;
  versionId: string;
  submittedAt: Date;
  reviewed: boolean;
};

/** What the patients of `visits` signed, newest first, by patient. */
async function signedBy(patientIds: string[], forms: readonly ActiveForm[], timeZone: string) {
  const rows = await prisma.formSubmission.findMany({
    where: { patientId: { in: patientIds }, templateId: { in: forms.map((form) => form.id) } },
    select: {
      id: true,
      patientId: true,
      templateId: true,
      versionId: true,
      appointmentId: true,
      submittedAt: true,
      review: { select: { id: true } },
    },
    orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
  });
  const current = new Map(forms.map((form) => [form.version.id, form.version.number]));
  const byPatient = new Map<string, Signed[]>();
  for (const row of rows) {
    const list = byPatient.get(row.patientId!) ?? [];
    list.push({
      id: row.id,
      templateId: row.templateId,
      versionId: row.versionId,
      submittedAt: row.submittedAt,
      reviewed: row.review !== null,
      // Only the current version counts as signed (versions are never removed, so any other is older).
      version: current.get(row.versionId) ?? 0,
      date: clinicNow(row.submittedAt, timeZone).date,
      appointmentId: row.appointmentId,
    });
    byPatient.set(row.patientId!, list);
  }
  return byPatient;
}

export type VisitForms = {
  /** The forms due for the visit, in the clinic's order. */
  due: ActiveForm[];
  /** The patient's signed submissions of the active forms, newest first. */
  signed: Signed[];
};

/** For each of `visits` (by id), the forms due for it and what its patient signed. */
export async function formsForVisits(
  visits: readonly VisitForForms[],
  forms?: readonly ActiveForm[],
): Promise<Map<string, VisitForms>> {
  const result = new Map<string, VisitForms>();
  const withPatient = visits.filter((visit) => visit.userId !== null);
  const active = forms ?? (await activeForms());
  if (withPatient.length === 0 || active.length === 0) {
    for (const visit of visits) result.set(visit.id, { due: [], signed: [] });
    return result;
  }
  const settings = await getClinicSettings();
  const patientIds = [...new Set(withPatient.map((visit) => visit.userId!))];
  const asksNew = active.some((form) => form.rule.audience === "new");
  const [patients, firsts, signed] = await Promise.all([
    prisma.user.findMany({
      where: { id: { in: patientIds } },
      select: { id: true, dateOfBirth: true },
    }),
    asksNew
      ? prisma.appointment.groupBy({
          by: ["userId"],
          where: { userId: { in: patientIds }, status: "completed" },
          _min: { startsAt: true },
        })
      : Promise.resolve([]),
    signedBy(patientIds, active, settings.timeZone),
  ]);
  const birth = new Map(patients.map((patient) => [patient.id, patient.dateOfBirth]));
  const firstCompleted = new Map(firsts.map((row) => [row.userId, row._min.startsAt]));
  for (const visit of visits) {
    if (!visit.userId || !birth.has(visit.userId)) {
      result.set(visit.id, { due: [], signed: [] });
      continue;
    }
    const completed = firstCompleted.get(visit.userId);
    const patient = {
      dateOfBirth: birth.get(visit.userId)!,
      firstVisit: !completed || completed >= visit.startsAt,
    };
    const mine = signed.get(visit.userId) ?? [];
    const due = active.filter((form) =>
      isDue(
        form.rule,
        form.version.number,
        patient,
        visit,
        mine.filter((submission) => submission.templateId === form.id),
      ),
    );
    result.set(visit.id, { due, signed: mine });
  }
  return result;
}

const VISIT_FIELDS = {
  id: true,
  userId: true,
  date: true,
  time: true,
  serviceId: true,
  startsAt: true,
  service: { select: { name: true } },
} as const satisfies Prisma.AppointmentSelect;

export type DueForm = {
  form: ActiveForm;
  appointment: { id: string; date: string; time: string; service: string };
  patientId: string;
};

/**
 * The forms a patient must fill before their upcoming visits (booked, confirmed or checked
 * in, not over): each form once, for the first visit it is due for.
 */
export async function dueFormsOf(patientId: string, now: Date = new Date()): Promise<DueForm[]> {
  const visits = await prisma.appointment.findMany({
    where: { userId: patientId, status: { in: ACTIVE_STATUSES }, endsAt: { gt: now } },
    select: VISIT_FIELDS,
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
  });
  const byVisit = await formsForVisits(visits);
  const seen = new Set<string>();
  const due: DueForm[] = [];
  for (const visit of visits) {
    for (const form of byVisit.get(visit.id)?.due ?? []) {
      if (seen.has(form.id)) continue;
      seen.add(form.id);
      due.push({
        form,
        appointment: {
          id: visit.id,
          date: visit.date,
          time: visit.time,
          service: visit.service.name,
        },
        patientId,
      });
    }
  }
  return due.sort(
    (a, b) => a.form.sortOrder - b.form.sortOrder || a.form.id.localeCompare(b.form.id),
  );
}

/** The forms due before the patient's visits as their pages list them (My appointments, My forms). */
export async function dueFormItems(
  patientId: string,
  now: Date = new Date(),
  /** A family member's forms, listed to their guardian: whose visit it is. */
  member: { name: string } | null = null,
) {
  const [due, settings] = await Promise.all([dueFormsOf(patientId, now), getClinicSettings()]);
  const clock = { timeZone: settings.timeZone, locale: settings.locale };
  const whose = member ? `${member.name}'s` : "your";
  return due.map((entry) => ({
    id: entry.form.id,
    title: entry.form.version.title,
    when: `${whose} ${entry.appointment.service} on ${formatDateTime(entry.appointment.date, entry.appointment.time, clock)}`,
    href: `/user/forms/${encodeURIComponent(entry.form.id)}?${new URLSearchParams({
      visit: entry.appointment.id,
      ...(member ? { patient: patientId } : {}),
    })}`,
  }));
}

/** The forms due for one visit (inside a mail's transaction, read in it). */
export async function dueFormsForVisit(visit: VisitForForms): Promise<ActiveForm[]> {
  return (await formsForVisits([visit])).get(visit.id)?.due ?? [];
}

/** What a diary card says of the patient's medical history. */
export type HistoryState = "due" | "review";

/**
 * The medical history's state for each of a day's visits (by id): "due" when it must be
 * filled for the visit, else "review" when the patient's newest history waits for a
 * dentist's review, else nothing. Three queries for the whole day.
 */
export async function historyStates(
  visits: readonly VisitForForms[],
): Promise<Record<string, HistoryState>> {
  const histories = (await activeForms()).filter((form) => form.kind === "history");
  if (histories.length === 0) return {};
  const byVisit = await formsForVisits(visits, histories);
  const states: Record<string, HistoryState> = {};
  for (const [id, { due, signed }] of byVisit) {
    if (due.length > 0) states[id] = "due";
    else if (signed.length > 0 && !signed[0]!.reviewed) states[id] = "review";
  }
  return states;
}
