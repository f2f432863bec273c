import { recordAudit } from "~/models/audit/trail.server";
import { prisma } from "~/infra/db.server";
import { addDays, clinicNow } from "~/utils/clinic-time";
import { limitStaffWrite } from "~/infra/rate-limit.server";
import { addMonths, recallStanding, type RecallStanding, stepDate } from "./rules";
import { fail, ok, type Result } from "~/utils/result";
import type { StaffRole } from "~/models/roles";
import {
  CALL_OUTCOMES,
  parseCallNote,
  parseRecallChange,
  RECALL_MESSAGES,
} from "~/validation/recall";
import { ACTIVE_STATUSES } from "~/models/booking/appointment-status";
import { getClinicSettings, type Settings } from "~/models/settings/clinic-settings.server";

/**
 * Patients' recalls (docs/decisions/035-recall.md): a completed visit of a service with a
 * recall type sets the patient's due date; the front desk's list and a recall's page,
 * where staff change the interval or due date and note phone calls (both audited).
 */

type StaffActor = { id: string; role: StaffRole };

/** The first invitation's day for a due date, or null when the patient asked for none. */
export function firstInvitationOn(dueDate: string, cadence: number[], optedOut: boolean) {
  return optedOut ? null : stepDate(dueDate, cadence, 0);
}

/**
 * When a visit is completed, inside that transaction: if its service has a recall type,
 * the patient's recall of that type is due the interval after the visit (their own interval
 * if staff set one), with the visit's service and dentist for the invitation's link. An
 * older visit completed late does not move a later due date back.
 */
export async function setRecallFromVisit(
  visit: { userId: string | null; date: string; service: { id: string }; dentist: { id: string } },
  settings: Settings,
  /** Set from this visit even if a later one set it (a later completion was taken back). */
  replacing = false,
): Promise<void> {
  if (!visit.userId) return;
  const service = await prisma.service.findUnique({
    where: { id: visit.service.id },
    select: { recallType: { select: { id: true, intervalMonths: true } } },
  });
  const type = service?.recallType;
  if (!type) return;
  const [current, optedOut] = await Promise.all([
    prisma.patientRecall.findUnique({
      where: { userId_recallTypeId: { userId: visit.userId, recallTypeId: type.id } },
    }),
    prisma.recallOptOut.findUnique({ where: { userId: visit.userId }, select: { userId: true } }),
  ]);
  if (!replacing && current?.lastVisitDate && current.lastVisitDate > visit.date) return;
  const dueDate = addMonths(visit.date, current?.intervalMonths ?? type.intervalMonths);
  const fields = {
    dueDate,
    lastVisitDate: visit.date,
    serviceId: visit.service.id,
    dentistId: visit.dentist.id,
    invitationsSent: 0,
    nextInvitationOn: firstInvitationOn(dueDate, settings.recallCadenceDays, Boolean(optedOut)),
  };
  await prisma.patientRecall.upsert({
    where: { userId_recallTypeId: { userId: visit.userId, recallTypeId: type.id } },
    create: { userId: visit.userId, recallTypeId: type.id, ...fields },
    update: fields,
  });
}

/**
 * A completion taken back (docs/decisions/039-diary-undo-and-outcomes.md): when the visit
 * set the patient's recall, it is set again from their latest other completed visit of the
 * type; with none, a recall this completion made (no invitation or call yet) goes.
 */
export async function withdrawRecallFromVisit(
  visit: { id: string; userId: string | null; date: string; service: { id: string } },
  settings: Settings,
): Promise<void> {
  if (!visit.userId) return;
  const service = await prisma.service.findUnique({
    where: { id: visit.service.id },
    select: { recallTypeId: true },
  });
  if (!service?.recallTypeId) return;
  const key = { userId: visit.userId, recallTypeId: service.recallTypeId };
  const current = await prisma.patientRecall.findUnique({
    where: { userId_recallTypeId: key },
    select: {
      id: true,
      lastVisitDate: true,
      _count: { select: { invitations: true, calls: true } },
    },
  });
  if (!current || current.lastVisitDate !== visit.date) return;
  const previous = await prisma.appointment.findFirst({
    where: {
      userId: visit.userId,
      status: "completed",
      id: { not: visit.id },
      service: { recallTypeId: service.recallTypeId },
    },
    orderBy: { startsAt: "desc" },
    select: {
      userId: true,
      date: true,
      service: { select: { id: true } },
      dentist: { select: { id: true } },
    },
  });
  if (previous) return setRecallFromVisit(previous, settings, true);
  if (current._count.invitations === 0 && current._count.calls === 0) {
    await prisma.patientRecall.delete({ where: { id: current.id } });
  }
}

/**
 * For each (patient, recall type): whether a visit of that type that still holds its time
 * starts after `now`. One query for a page of recalls, through (userId, startsAt).
 */
export async function bookedRecallKeys(
  userIds: string[],
  now: Date,
): Promise<Map<string, { date: string; time: string; appointmentId: string }>> {
  const booked = new Map<string, { date: string; time: string; appointmentId: string }>();
  for (let start = 0; start < userIds.length; start += 500) {
    const rows = await prisma.appointment.findMany({
      where: {
        userId: { in: userIds.slice(start, start + 500) },
        status: { in: ACTIVE_STATUSES },
        startsAt: { gt: now },
        service: { recallTypeId: { not: null } },
      },
      select: {
        id: true,
        userId: true,
        date: true,
        time: true,
        service: { select: { recallTypeId: true } },
      },
      orderBy: { startsAt: "asc" },
    });
    for (const row of rows) {
      const key = `${row.userId}|${row.service.recallTypeId}`;
      if (!booked.has(key))
        booked.set(key, { date: row.date, time: row.time, appointmentId: row.id });
    }
  }
  return booked;
}

/** How far back the list looks for overdue recalls, and how many rows it reads at most. */
export const OVERDUE_DAYS = 365;
export const LIST_LIMIT = 600;

export type RecallRow = {
  id: string;
  patient: { id: string; name: string; email: string; phone: string };
  type: { id: string; name: string };
  service: { id: string; name: string } | null;
  dentist: { id: string; name: string } | null;
  dueDate: string;
  standing: RecallStanding;
  bookedFor: { date: string; time: string } | null;
  invitationsSent: number;
  lastCall: { at: string; outcome: string } | null;
  optedOut: boolean;
};

/**
 * The front desk's list: recalls due by the end of this month (overdue ones from the last
 * year), by dentist and type, grouped into due this month, overdue and already booked.
 */
export async function recallList(
  filter: { dentistId?: string | null; typeId?: string | null },
  now: Date = new Date(),
) {
  const settings = await getClinicSettings();
  const today = clinicNow(now, settings.timeZone).date;
  const monthEnd = addDays(addMonths(`${today.slice(0, 7)}-01`, 1), -1);
  const rows = await prisma.patientRecall.findMany({
    where: {
      dueDate: { gte: addDays(today, -OVERDUE_DAYS), lte: monthEnd },
      ...(filter.dentistId ? { dentistId: filter.dentistId } : {}),
      ...(filter.typeId ? { recallTypeId: filter.typeId } : {}),
    },
    orderBy: [{ dueDate: "asc" }, { id: "asc" }],
    take: LIST_LIMIT + 1,
    include: {
      user: {
        select: { id: true, name: true, email: true, phone: true, recallOptOut: true },
      },
      recallType: { select: { id: true, name: true } },
      service: { select: { id: true, name: true } },
      dentist: { select: { id: true, name: true } },
      calls: { orderBy: { at: "desc" }, take: 1, select: { at: true, outcome: true } },
    },
  });
  const page = rows.slice(0, LIST_LIMIT);
  const booked = await bookedRecallKeys([...new Set(page.map((row) => row.userId))], now);
  const recalls: RecallRow[] = page.map((row) => {
    const visit = booked.get(`${row.userId}|${row.recallTypeId}`) ?? null;
    const call = row.calls[0];
    return {
      id: row.id,
      patient: {
        id: row.user.id,
        name: row.user.name,
        email: row.user.email,
        phone: row.user.phone,
      },
      type: row.recallType,
      service: row.service,
      dentist: row.dentist,
      dueDate: row.dueDate,
      standing: recallStanding({ dueDate: row.dueDate, booked: visit !== null }, today),
      bookedFor: visit ? { date: visit.date, time: visit.time } : null,
      invitationsSent: row.invitationsSent,
      lastCall: call
        ? {
            at: call.at.toISOString(),
            outcome: CALL_OUTCOMES[call.outcome as keyof typeof CALL_OUTCOMES] ?? call.outcome,
          }
        : null,
      optedOut: row.user.recallOptOut !== null,
    };
  });
  return { today, monthEnd, recalls, more: rows.length > LIST_LIMIT };
}

/** One recall with its invitations and calls, for its page. */
export async function getRecall(id: string, now: Date = new Date()) {
  const recall = await prisma.patientRecall.findUnique({
    where: { id },
    include: {
      user: {
        select: { id: true, name: true, email: true, phone: true, recallOptOut: true },
      },
      recallType: true,
      service: { select: { id: true, name: true } },
      dentist: { select: { id: true, name: true } },
      invitations: { orderBy: { sentAt: "desc" }, take: 20 },
      calls: { orderBy: { at: "desc" }, take: 20 },
    },
  });
  if (!recall) return null;
  const booked = await bookedRecallKeys([recall.userId], now);
  return { recall, bookedFor: booked.get(`${recall.userId}|${recall.recallTypeId}`) ?? null };
}

/**
 * Staff change a patient's interval (empty: the type's) or due date. A new interval alone
 * moves the due date to the last visit plus that interval; a new due date starts the
 * invitations over. One transaction with its audit entry.
 */
export async function changeRecall(
  id: string,
  form: Record<string, unknown>,
  actor: StaffActor,
): Promise<Result<{ dueDate: string }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const parsed = parseRecallChange(form);
  if (!parsed.ok) return parsed;
  const settings = await getClinicSettings();
  return prisma.$transaction(async () => {
    const recall = await prisma.patientRecall.findUnique({
      where: { id },
      include: { recallType: true, user: { select: { recallOptOut: true } } },
    });
    if (!recall) return fail(404, RECALL_MESSAGES.unknownRecall);
    const intervalChanged = parsed.intervalMonths !== recall.intervalMonths;
    let dueDate = parsed.dueDate;
    if (intervalChanged && dueDate === recall.dueDate && recall.lastVisitDate) {
      dueDate = addMonths(
        recall.lastVisitDate,
        parsed.intervalMonths ?? recall.recallType.intervalMonths,
      );
    }
    if (!intervalChanged && dueDate === recall.dueDate) {
      return { ...fail(400, RECALL_MESSAGES.nothingChanged), field: "dueDate" };
    }
    const restart = dueDate !== recall.dueDate;
    await prisma.patientRecall.update({
      where: { id },
      data: {
        intervalMonths: parsed.intervalMonths,
        dueDate,
        ...(restart
          ? {
              invitationsSent: 0,
              nextInvitationOn: firstInvitationOn(
                dueDate,
                settings.recallCadenceDays,
                recall.user.recallOptOut !== null,
              ),
            }
          : {}),
      },
    });
    await recordAudit({
      actor,
      action: "recall.change",
      entityType: "PatientRecall",
      entityId: id,
      patientId: recall.userId,
      summary: `${recall.recallType.name} recall: due ${dueDate}${parsed.intervalMonths === null ? "" : `, every ${parsed.intervalMonths} months`}`,
      before: { intervalMonths: recall.intervalMonths, dueDate: recall.dueDate },
      after: { intervalMonths: parsed.intervalMonths, dueDate },
    });
    return ok({ dueDate });
  });
}

/** The desk notes a phone call on a recall: how it went and a few words; audited. */
export async function noteRecallCall(
  id: string,
  form: Record<string, unknown>,
  actor: StaffActor,
  now: Date = new Date(),
): Promise<Result<{ outcome: string }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const parsed = parseCallNote(form);
  if (!parsed.ok) return parsed;
  return prisma.$transaction(async () => {
    const recall = await prisma.patientRecall.findUnique({
      where: { id },
      select: { userId: true, recallType: { select: { name: true } } },
    });
    if (!recall) return fail(404, RECALL_MESSAGES.unknownRecall);
    await prisma.recallCall.create({
      data: {
        recallId: id,
        at: now,
        byUserId: actor.id,
        outcome: parsed.outcome,
        note: parsed.note,
      },
    });
    await recordAudit({
      actor,
      action: "recall.call",
      entityType: "PatientRecall",
      entityId: id,
      patientId: recall.userId,
      summary: `${recall.recallType.name} recall call: ${CALL_OUTCOMES[parsed.outcome]}`,
      after: { outcome: parsed.outcome, note: parsed.note },
    });
    return ok({ outcome: CALL_OUTCOMES[parsed.outcome] });
  });
}
