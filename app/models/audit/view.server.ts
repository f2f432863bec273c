import { prisma } from "~/infra/db.server";
import type { AuditRow } from "./trail.server";
import { type AuditChange, auditActionLabel, auditNamedIds, describeAuditChanges } from "./labels";
import { type ClinicClock, formatDateTime } from "~/utils/clinic-format";

/**
 * The audit screen's reading of a page of entries: what each did in words, what it was
 * done to by name (with a link to its screen), and its changes by label. Entries keep
 * the ids they were written with; names are looked up once per page, by kind.
 */

/** What an entry was done to, as staff know it, and where to see it now. */
export type AuditSubject = { label: string; href: string | null };

/** An entry as the screen shows it: its stored before and after only as labelled changes. */
export type AuditView = Omit<AuditRow, "before" | "after"> & {
  actionLabel: string;
  subject: AuditSubject | null;
  changes: AuditChange[];
};

function idsOf(rows: readonly AuditRow[], ...types: string[]): string[] {
  return [
    ...new Set(
      rows.flatMap((row) => (types.includes(row.entityType) && row.entityId ? [row.entityId] : [])),
    ),
  ];
}

function storedName(row: AuditRow): string | null {
  for (const json of [row.after, row.before]) {
    if (!json) continue;
    try {
      const value = (JSON.parse(json) as { name?: unknown }).name;
      if (typeof value === "string" && value) return value;
    } catch {
      // An entry written by hand: no name in it.
    }
  }
  return null;
}

async function namesById(rows: readonly AuditRow[], clock: ClinicClock) {
  const [services, dentists, chairs, closures, visits, users, reviews, messages, types, recalls] =
    await Promise.all([
      prisma.service.findMany({
        where: { id: { in: idsOf(rows, "Service") } },
        select: { id: true, name: true },
      }),
      prisma.dentist.findMany({
        where: { id: { in: idsOf(rows, "Dentist") } },
        select: { id: true, name: true },
      }),
      prisma.chair.findMany({
        where: { id: { in: idsOf(rows, "Chair") } },
        select: { id: true, name: true },
      }),
      prisma.clinicClosure.findMany({
        where: { id: { in: idsOf(rows, "ClinicClosure") } },
        select: { id: true, name: true },
      }),
      prisma.appointment.findMany({
        where: { id: { in: idsOf(rows, "appointment", "Appointment") } },
        select: { id: true, name: true, date: true, time: true },
      }),
      prisma.user.findMany({
        where: { id: { in: idsOf(rows, "User", "patient") } },
        select: { id: true, name: true },
      }),
      prisma.review.findMany({
        where: { id: { in: idsOf(rows, "Review") } },
        select: { id: true, name: true },
      }),
      prisma.outboxMessage.findMany({
        where: { id: { in: idsOf(rows, "OutboxMessage") } },
        select: { id: true, subject: true },
      }),
      prisma.recallType.findMany({
        where: { id: { in: idsOf(rows, "RecallType") } },
        select: { id: true, name: true },
      }),
      prisma.patientRecall.findMany({
        where: { id: { in: idsOf(rows, "PatientRecall") } },
        select: {
          id: true,
          user: { select: { name: true } },
          recallType: { select: { name: true } },
        },
      }),
    ]);
  const map = new Map<string, string>();
  for (const row of [...services, ...dentists, ...chairs, ...closures, ...users, ...types]) {
    map.set(row.id, row.name);
  }
  for (const visit of visits) {
    map.set(visit.id, `${visit.name}, ${formatDateTime(visit.date, visit.time, clock)}`);
  }
  for (const review of reviews) map.set(review.id, `The review by ${review.name}`);
  for (const message of messages) map.set(message.id, `"${message.subject}"`);
  for (const recall of recalls) {
    map.set(recall.id, `${recall.user.name}'s ${recall.recallType.name} recall`);
  }
  return map;
}

const WHERE: Record<string, { path: (id: string) => string; gone: string }> = {
  Service: { path: (id) => `/staff/services/${id}`, gone: "A service" },
  Dentist: { path: (id) => `/staff/dentists/${id}`, gone: "A team member" },
  Chair: { path: () => "/staff/chairs", gone: "A chair" },
  ClinicClosure: { path: () => "/staff/closures", gone: "A closure" },
  appointment: { path: (id) => `/staff/appointments/${id}`, gone: "A visit" },
  Appointment: { path: (id) => `/staff/appointments/${id}`, gone: "A visit" },
  patient: { path: (id) => `/staff/patients/${id}`, gone: "A deleted patient" },
  User: { path: (id) => `/staff/patients/${id}`, gone: "A deleted account" },
  Review: { path: () => "/staff/moderation?show=hidden", gone: "A review" },
  OutboxMessage: { path: () => "/staff/outbox", gone: "A message" },
  RecallType: { path: () => "/staff/recall-types", gone: "A recall type" },
  PatientRecall: { path: (id) => `/staff/recall/${id}`, gone: "A patient's recall" },
};

function subjectOf(row: AuditRow, names: ReadonlyMap<string, string>): AuditSubject | null {
  if (row.entityType === "ClinicSettings")
    return { label: "Clinic settings", href: "/staff/settings" };
  const where = WHERE[row.entityType];
  if (!row.entityId) return null;
  const known = names.get(row.entityId);
  if (!where) return known ? { label: known, href: null } : null;
  if (known) return { label: known, href: where.path(row.entityId) };
  // Deleted since (a closure removed, an account deleted): the name it had, without a link.
  const kept = row.entityType === "ClinicClosure" ? storedName(row) : null;
  return { label: kept ?? where.gone, href: null };
}

/** A page of the trail as the audit screen shows it. */
export async function viewAuditEntries(
  rows: readonly AuditRow[],
  clock: ClinicClock,
): Promise<AuditView[]> {
  const named = rows.map(auditNamedIds);
  const people = [...new Set(named.flatMap((ids) => ids.people))];
  const recallTypes = [...new Set(named.flatMap((ids) => ids.recallTypes))];
  const [names, staff, types] = await Promise.all([
    namesById(rows, clock),
    prisma.user.findMany({ where: { id: { in: people } }, select: { id: true, name: true } }),
    prisma.recallType.findMany({
      where: { id: { in: recallTypes } },
      select: { id: true, name: true },
    }),
  ]);
  const valueNames = new Map([...staff, ...types].map((row) => [row.id, row.name]));
  return rows.map((row) => {
    const { before: _before, after: _after, ...shown } = row;
    return {
      ...shown,
      actionLabel: auditActionLabel(row.action),
      subject: subjectOf(row, names),
      changes: describeAuditChanges(row, clock, valueNames),
    };
  });
}
