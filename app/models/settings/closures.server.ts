import type { Prisma } from "@prisma/client";
import { recordAudit } from "~/models/audit/trail.server";
import type { AuditActor } from "~/models/audit/entry.server";
import { formatDateRange } from "~/utils/clinic-format";
import { addDays, clinicNow, clinicTimeToUtc } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { fail, invalid, ok, type Result } from "~/utils/result";
import { CLOSURE_REASON_LIMIT, parseClosure, refuse } from "~/validation/clinic-settings";
import { acceptedDateRange } from "~/validation/dates";
import { ACTIVE_STATUSES } from "~/models/booking/appointment-status";
import { clockOf, getClinicSettings } from "./clinic-settings.server";
import { limitStaffWrite } from "~/infra/rate-limit.server";
import type { StaffActor } from "~/models/roles";
import { changeStatus } from "~/models/booking/status.server";

/** The admin's closures and holidays (/staff/closures): whole days the clinic is shut. */

type Actor = Extract<AuditActor, { id: string }>;

export const CLOSURE_GONE_MESSAGE = "That closure no longer exists.";
export const PAST_CLOSURE_MESSAGE =
  "A closure that has ended stays on record and cannot be removed.";
/** Past closures the screen lists (the most recent). */
const PAST_SHOWN = 20;

export type ClosureRow = {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  /** Active visits booked on its days (upcoming closures only). */
  visits: number;
};

/** The active visits on a closure's days (within the accepted dates), optionally only those ahead. */
function coveredWhere(
  closure: { startDate: string; endDate: string },
  timeZone: string,
  after?: Date,
): Prisma.AppointmentWhereInput | null {
  // No visit lies outside the accepted dates; a closure stored before that rule may.
  const { from, to } = acceptedDateRange();
  const [first, last] = [
    closure.startDate > from ? closure.startDate : from,
    closure.endDate < to ? closure.endDate : to,
  ];
  if (first > last) return null;
  const dayStart = clinicTimeToUtc(first, "00:00", timeZone);
  return {
    status: { in: ACTIVE_STATUSES },
    startsAt: {
      gte: after && after > dayStart ? after : dayStart,
      lt: clinicTimeToUtc(addDays(last, 1), "00:00", timeZone),
    },
  };
}

async function visitsCovered(closure: { startDate: string; endDate: string }, timeZone: string) {
  const where = coveredWhere(closure, timeZone);
  return where ? prisma.appointment.count({ where }) : 0;
}

/** Upcoming (and current) closures soonest first with the visits they cover, and the latest past ones. */
export async function listClosures(now: Date = new Date()) {
  const { timeZone } = await getClinicSettings();
  const today = clinicNow(now, timeZone).date;
  const [upcoming, past] = await Promise.all([
    prisma.clinicClosure.findMany({
      where: { endDate: { gte: today } },
      orderBy: [{ startDate: "asc" }, { id: "asc" }],
    }),
    prisma.clinicClosure.findMany({
      where: { endDate: { lt: today } },
      orderBy: [{ startDate: "desc" }, { id: "asc" }],
      take: PAST_SHOWN,
    }),
  ]);
  const counted: ClosureRow[] = await Promise.all(
    upcoming.map(async (closure) => ({
      ...pick(closure),
      visits: await visitsCovered(closure, timeZone),
    })),
  );
  return {
    today,
    upcoming: counted,
    past: past.map((closure) => ({ ...pick(closure), visits: 0 })),
  };
}

function pick(closure: { id: string; name: string; startDate: string; endDate: string }) {
  return {
    id: closure.id,
    name: closure.name,
    startDate: closure.startDate,
    endDate: closure.endDate,
  };
}

/**
 * Adds a closure (name, first and last day, not in the past, not overlapping another).
 * Booked visits on those days are not touched: the answer counts them, and the diary
 * lists them under "Needs attention".
 */
export async function createClosure(
  form: Record<string, unknown>,
  actor: Actor,
  now: Date = new Date(),
): Promise<Result<{ closure: ClosureRow }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const settings = await getClinicSettings();
  const { timeZone } = settings;
  const clock = clockOf(settings);
  const parsed = parseClosure(form, clinicNow(now, timeZone).date);
  if (!parsed.ok) return parsed;
  const input = parsed.closure;
  const result = await prisma.$transaction(async () => {
    const overlapping = await prisma.clinicClosure.findFirst({
      where: { startDate: { lte: input.endDate }, endDate: { gte: input.startDate } },
    });
    if (overlapping) {
      return refuse(
        "startDate",
        `Those days overlap the closure ${overlapping.name} (${formatDateRange(overlapping.startDate, overlapping.endDate, clock)}).`,
      );
    }
    const created = await prisma.clinicClosure.create({ data: input });
    await recordAudit({
      actor,
      action: "closure.add",
      entityType: "ClinicClosure",
      entityId: created.id,
      summary: `Closed the clinic for ${created.name} (${formatDateRange(created.startDate, created.endDate, clock)})`,
      after: pick(created),
    });
    return ok({ created });
  });
  if (!result.ok) return result;
  return ok({
    closure: { ...pick(result.created), visits: await visitsCovered(result.created, timeZone) },
  });
}

/** Removes an upcoming or current closure; the clinic opens on its days again at once. */
export async function removeClosure(
  form: Record<string, unknown>,
  actor: Actor,
  now: Date = new Date(),
): Promise<Result<{ closure: ClosureRow }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const id = typeof form.closureId === "string" ? form.closureId.trim() : "";
  if (!id || id.length > 64) return invalid("Please choose a closure to remove.");
  const settings = await getClinicSettings();
  const today = clinicNow(now, settings.timeZone).date;
  return prisma.$transaction(async () => {
    const closure = await prisma.clinicClosure.findUnique({ where: { id } });
    if (!closure) return fail(404, CLOSURE_GONE_MESSAGE);
    if (closure.endDate < today) return fail(409, PAST_CLOSURE_MESSAGE);
    await prisma.clinicClosure.delete({ where: { id } });
    await recordAudit({
      actor,
      action: "closure.remove",
      entityType: "ClinicClosure",
      entityId: closure.id,
      summary: `Removed the closure ${closure.name} (${formatDateRange(closure.startDate, closure.endDate, clockOf(settings))})`,
      before: pick(closure),
    });
    return ok({ closure: { ...pick(closure), visits: 0 } });
  });
}

/** The closure a removal asks to confirm, if it can still be removed. */
export async function closureToRemove(id: string | null, now: Date = new Date()) {
  if (!id || id.length > 64) return null;
  const { timeZone } = await getClinicSettings();
  const closure = await prisma.clinicClosure.findUnique({ where: { id } });
  if (!closure || closure.endDate < clinicNow(now, timeZone).date) return null;
  return pick(closure);
}

export const CLOSURE_REASON_MESSAGE = "Please give the reason the patients are told.";

/** An upcoming closure with booked visits, for the screen's "cancel them all" step. */
export async function closureToEmpty(id: string | null, now: Date = new Date()) {
  const closure = await closureToRemove(id, now);
  if (!closure) return null;
  const { timeZone } = await getClinicSettings();
  const where = coveredWhere(closure, timeZone, now);
  const visits = where ? await prisma.appointment.count({ where }) : 0;
  return visits > 0 ? { ...closure, visits } : null;
}

/**
 * Cancels every visit still ahead on a closure's days and tells each patient, with the one
 * reason given: each through the booking core's cancel (status history, freed holds, the
 * patient's cancellation mail with the reason through the outbox, the visit's audit entry).
 * The closure exists already, so the booking rules see the day closed and the freed times
 * are not offered to the waiting list. A visit someone changed meanwhile is left as it is
 * and counted as skipped.
 */
export async function cancelClosureVisits(
  form: Record<string, unknown>,
  actor: StaffActor,
  now: Date = new Date(),
): Promise<Result<{ closure: ClosureRow; cancelled: number; skipped: number }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const id = typeof form.closureId === "string" ? form.closureId.trim() : "";
  if (!id || id.length > 64) return invalid("Please choose a closure.");
  const reason = typeof form.reason === "string" ? form.reason.trim() : "";
  if (!reason) return { ...invalid(CLOSURE_REASON_MESSAGE), field: "reason" };
  if (reason.length > CLOSURE_REASON_LIMIT) {
    return {
      ...invalid(`Please keep the reason under ${CLOSURE_REASON_LIMIT} characters.`),
      field: "reason",
    };
  }
  const settings = await getClinicSettings();
  const closure = await prisma.clinicClosure.findUnique({ where: { id } });
  if (!closure) return fail(404, CLOSURE_GONE_MESSAGE);
  if (closure.endDate < clinicNow(now, settings.timeZone).date) {
    return fail(409, PAST_CLOSURE_MESSAGE);
  }
  const where = coveredWhere(closure, settings.timeZone, now);
  const visits = where
    ? await prisma.appointment.findMany({
        where,
        select: { id: true },
        orderBy: [{ startsAt: "asc" }, { id: "asc" }],
      })
    : [];
  let cancelled = 0;
  for (const visit of visits) {
    const result = await changeStatus(
      visit.id,
      "cancelled",
      { kind: "staff", ...actor },
      { now, reason, tellPatient: true, note: `The clinic is closed: ${closure.name}` },
    );
    if (result.ok) cancelled += 1;
  }
  const days = formatDateRange(closure.startDate, closure.endDate, clockOf(settings));
  await recordAudit({
    actor,
    action: "closure.cancel_visits",
    entityType: "ClinicClosure",
    entityId: closure.id,
    summary: `Cancelled ${cancelled} ${cancelled === 1 ? "visit" : "visits"} on the closure ${closure.name} (${days}) and told the patients: ${reason}`,
    after: { ...pick(closure), reason, cancelled },
  });
  return ok({
    closure: { ...pick(closure), visits: await visitsCovered(closure, settings.timeZone) },
    cancelled,
    skipped: visits.length - cancelled,
  });
}
