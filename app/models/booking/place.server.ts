/**
 * The one writer of a visit's time: a new booking (online, at the desk, from the waiting
 * list), a move, and the data upgrade all place a visit here, inside the caller's
 * transaction. Transactions take SQLite's write lock as they begin
 * (docs/decisions/026-transactions-begin-immediate.md); on PostgreSQL, where several
 * transactions (and instances) write at once, the placement first locks the patient and the
 * day (~/infra/sql-dialect.server, docs/decisions/051-postgresql.md). Either way the day's
 * holds and counts read here are the truth until the commit: the rules decide, and the
 * visit, its holds and its history are written with the event's consequences. The unique
 * hold index stays the guard behind them (docs/decisions/016-slot-holds.md,
 * 027-one-booking-core.md).
 */
import { type Appointment, Prisma } from "@prisma/client";
import { prisma } from "~/infra/db.server";
import { ACTIVE_STATUSES } from "~/models/booking/appointment-status";
import { formatDate, formatDateTime, formatTimes } from "~/utils/clinic-format";
import { type Failure, fail, isUniqueViolation, ok, type Success } from "~/utils/result";
import { LOCKS, lockUntilCommit } from "~/infra/sql-dialect.server";
import { chairResource, dentistResource, holdSteps } from "~/models/booking/slot-engine";
import type { DayPlans } from "./availability.server";
import { readHolds } from "./holds.server";
import { evaluate, proposalAt, type Verdict } from "./evaluate";
import { freeStartsOn } from "./free-starts";
import type { EventOutcome, RaiseEvent } from "./events.server";
import { actorUserId, type BookingPolicy } from "./policy";
import { type AgeRange, type RuleDay, type RuleId, SLOT_TAKEN_MESSAGE } from "./rules";
import type { StoredVisit } from "./visit";

export const CHANGED_MEANWHILE_MESSAGE =
  "This appointment has just been changed by someone else. Please reload.";
export const OVERRIDE_HINT = "Or book it anyway with a reason.";

/** What placing a visit needs that is read before its transaction opens. */
export type PlaceDraft = {
  /** The day's plans for the visit's service (~/models/booking/availability.server). */
  plans: DayPlans;
  date: string;
  time: string;
  /** Chosen ones; any dentist who performs the service and the first free chair otherwise. */
  dentistId?: string;
  chairId?: string;
  /** Asked first when none is chosen (a moved visit keeps its dentist and chair if it can). */
  preferred?: { dentistId: string; chairId: string };
  /** The visit's length and buffer: the service's when new, the stored visit's when moved. */
  visit: { name: string; durationMinutes: number; bufferMinutes: number; ages?: AgeRange };
};

export type NewVisit = {
  kind: "new";
  serviceId: string;
  userId: string | null;
  contact: { name: string; email: string; phone: string; message: string };
  staffNote: string;
  /** The recall whose invitation's link it was booked through (its `booked` handler). */
  recallId?: string | null;
  raise: RaiseEvent<"booked">;
};

export type MovedVisit = { kind: "move"; current: StoredVisit; raise: RaiseEvent<"moved"> };

/** A visit placed again where it is (the data upgrade): only its holds are written. */
export type KeptVisit = {
  kind: "keep";
  current: Pick<
    StoredVisit,
    "id" | "startsAt" | "endsAt" | "bufferMinutes" | "dentistId" | "chairId"
  >;
};

export type Placement = NewVisit | MovedVisit | KeptVisit;

export type Placed = { appointment: StoredVisit | null; outcome: EventOutcome };

/** A refusal names the rule that refused (the waiting list tells "taken" from the rest). */
export type PlaceRefusal = Failure & { rule?: RuleId };
export type PlaceResult = Success<Placed> | PlaceRefusal;

/**
 * Places a visit inside the caller's transaction: reads the day's holds and the
 * counts the rules need, asks the rules with the policy, and writes the visit, its holds
 * (on the next free layer when the policy overrides a taken time) and its history, then
 * raises its event. A refusal writes nothing and names the first rule that refused.
 */
export async function placeVisit(
  draft: PlaceDraft,
  placement: Placement,
  policy: BookingPolicy,
  now: Date,
): Promise<PlaceResult> {
  const { settings } = draft.plans;
  await lockUntilCommit(placementLocks(draft, placement));
  const ownId = placement.kind === "new" ? undefined : placement.current.id;
  const day: RuleDay = {
    ...draft.plans,
    ...(await readHolds(draft.date, settings.timeZone, ownId)),
  };
  const userId = placement.kind === "new" ? placement.userId : null;
  const patientUpcoming =
    userId && !policy.waives.includes("patient-cap") ? await upcomingVisits(userId, now) : null;
  // Read only for a service with an age range: the rule "patient-age" asks it.
  const patientBirthDate = userId && draft.visit.ages ? await birthDateOf(userId) : null;
  const proposal =
    placement.kind === "keep"
      ? {
          ...proposalAt(draft.date, draft.time, settings.timeZone, draft.visit),
          ...exactly(placement.current),
        }
      : proposalAt(draft.date, draft.time, settings.timeZone, draft.visit);
  const verdict = evaluate({
    day,
    proposal,
    now,
    policy,
    dentistId: draft.dentistId,
    chairId: draft.chairId,
    preferred: draft.preferred,
    patientUpcoming,
    patientBirthDate,
  });
  if (!verdict.ok) return refusal(verdict, day, draft, policy, now);
  if (!verdict.chair) return fail(409, "The clinic has no chair to book. Please add one first.");

  const resources = [dentistResource(verdict.dentist.id), chairResource(verdict.chair.id)];
  const overbooked = verdict.overridden.some(
    (rule) => rule === "dentist-free" || rule === "chair-free",
  );
  const layer = overbooked ? await nextFreeLayer(resources, proposal.steps) : 0;
  const holds = proposal.steps.flatMap((startsAt) =>
    resources.map((resource) => ({ resource, startsAt, layer })),
  );
  const place = {
    date: draft.date,
    time: draft.time,
    startsAt: proposal.startsAt,
    endsAt: proposal.endsAt,
    dentistId: verdict.dentist.id,
    chairId: verdict.chair.id,
    bufferMinutes: draft.visit.bufferMinutes,
  };
  const override =
    overbooked || verdict.overridden.length > 0 ? (policy.override?.reason ?? null) : null;
  const byUserId = actorUserId(policy.actor);
  const context = { now, settings };

  if (placement.kind === "keep") {
    await prisma.slotHold.deleteMany({ where: { appointmentId: placement.current.id } });
    await prisma.slotHold.createMany({
      data: holds.map((hold) => ({ ...hold, appointmentId: placement.current.id })),
    });
    return ok({ appointment: null, outcome: { mailedTo: null } });
  }

  if (placement.kind === "new") {
    // Three inserts and one read of the names, where a nested create with its details
    // read the visit back and each of the three relations on its own (docs/performance.md).
    const row = await prisma.appointment.create({
      data: {
        ...placement.contact,
        ...place,
        userId: placement.userId,
        serviceId: placement.serviceId,
        staffNote: placement.staffNote,
        source: policy.source,
        // Staff, or a guardian booking for a family member (the visit page names them).
        createdById: byUserId !== placement.userId ? byUserId : null,
        overrideReason: override,
      },
    });
    await prisma.slotHold.createMany({
      data: holds.map((hold) => ({ ...hold, appointmentId: row.id })),
    });
    await prisma.appointmentStatusChange.createMany({
      data: {
        appointmentId: row.id,
        from: null,
        to: "booked",
        at: now,
        byUserId,
        note: override
          ? `Booked anyway: ${override}`
          : policy.actor.kind === "staff"
            ? "Booked by the clinic"
            : "",
      },
    });
    const appointment = await withDetails(row);
    const outcome = await placement.raise(
      {
        type: "booked",
        visit: appointment,
        actor: policy.actor,
        override,
        recallId: placement.recallId ?? null,
      },
      context,
    );
    return ok({ appointment, outcome });
  }

  const { current } = placement;
  const { count } = await prisma.appointment.updateMany({
    where: { id: current.id, status: current.status, sequence: current.sequence },
    data: { ...place, sequence: { increment: 1 }, rescheduledAt: now },
  });
  if (count === 0) return fail(409, CHANGED_MEANWHILE_MESSAGE);
  await prisma.slotHold.deleteMany({ where: { appointmentId: current.id } });
  await prisma.slotHold.createMany({
    data: holds.map((hold) => ({ ...hold, appointmentId: current.id })),
  });
  const clock = { timeZone: settings.timeZone, locale: settings.locale };
  await prisma.appointmentStatusChange.create({
    data: {
      appointmentId: current.id,
      from: current.status,
      to: current.status,
      at: now,
      byUserId,
      note: `moved from ${formatDateTime(current.date, current.time, clock)} with ${current.dentist.name}`,
    },
  });
  const appointment = await withDetails(
    await prisma.appointment.findUniqueOrThrow({ where: { id: current.id } }),
  );
  const before = {
    date: current.date,
    time: current.time,
    startsAt: current.startsAt,
    dentistId: current.dentistId,
    dentistName: current.dentist.name,
    chairName: current.chair.name,
  };
  const outcome = await placement.raise(
    { type: "moved", visit: appointment, actor: policy.actor, before },
    context,
  );
  return ok({ appointment, outcome });
}

/**
 * What a placement must hold alone until its commit: the patient (the cap on visits to
 * come counts them, then adds one) and each day it reads and writes holds on (the free
 * times, the dentists' daily caps, the chairs and the next free layer are all a day's; a
 * booking with no dentist or chair chosen reads every one of them, so the day is the unit).
 */
function placementLocks(draft: PlaceDraft, placement: Placement): string[] {
  const locks = [LOCKS.day(draft.date)];
  if (placement.kind === "new" && placement.userId) locks.push(LOCKS.patient(placement.userId));
  if (placement.kind === "move") locks.push(LOCKS.day(placement.current.date));
  return locks;
}

/**
 * The stored visit with its service, dentist and chair as `WITH_DETAILS` (./visit) names
 * them, read in one statement (an `include` reads each relation on its own).
 */
async function withDetails(row: Appointment): Promise<StoredVisit> {
  const [names] = await prisma.$queryRaw<VisitNames[]>`
    SELECT p."slug" AS "serviceSlug", p."name" AS "serviceName",
      p."durationMinutes" AS "serviceMinutes", d."slug" AS "dentistSlug",
      d."name" AS "dentistName", c."name" AS "chairName"
    FROM "Product" p, "Dentist" d, "Chair" c
    WHERE p."id" = ${row.serviceId} AND d."id" = ${row.dentistId} AND c."id" = ${row.chairId}`;
  if (!names) throw new Error(`The visit ${row.id} names a service, dentist or chair not found`);
  return {
    ...row,
    service: {
      id: row.serviceId,
      slug: names.serviceSlug,
      name: names.serviceName,
      durationMinutes: Number(names.serviceMinutes),
    },
    dentist: { id: row.dentistId, slug: names.dentistSlug, name: names.dentistName },
    chair: { id: row.chairId, name: names.chairName },
  };
}

type VisitNames = {
  serviceSlug: string;
  serviceName: string;
  serviceMinutes: number | bigint;
  dentistSlug: string;
  dentistName: string;
  chairName: string;
};

/**
 * The patient's active visits still to come, for the patient cap. Raw SQL: Prisma's query
 * compiler cost three times the count itself (docs/performance.md, "Reads beside bookings").
 */
async function upcomingVisits(userId: string, now: Date): Promise<number> {
  const [row] = await prisma.$queryRaw<{ visits: number | bigint }[]>`
    SELECT COUNT(*) AS "visits" FROM "Appointment"
    WHERE "userId" = ${userId} AND "status" IN (${Prisma.join(ACTIVE_STATUSES)})
      AND "startsAt" > ${now}`;
  return Number(row?.visits ?? 0);
}

/** The patient's date of birth, or null when the clinic does not know it. */
async function birthDateOf(userId: string): Promise<string | null> {
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: { dateOfBirth: true },
  });
  return user?.dateOfBirth || null;
}

/** A kept visit holds exactly its stored time. */
function exactly(visit: KeptVisit["current"]) {
  return { startsAt: visit.startsAt, endsAt: visit.endsAt, steps: holdSteps(visit) };
}

/**
 * The lowest hold layer none of the visit's steps uses yet on its resources: a deliberate
 * double booking is still guarded by the unique index on its own layer.
 */
async function nextFreeLayer(resources: string[], steps: Date[]): Promise<number> {
  const used = await prisma.slotHold.aggregate({
    where: { resource: { in: resources }, startsAt: { in: steps } },
    _max: { layer: true },
  });
  return (used._max.layer ?? -1) + 1;
}

/** "Still free on Tuesday, ... with Dr. Patel: 9:00 AM, ..." from the day as read. */
export function freeTimesSentence(
  day: RuleDay,
  visit: PlaceDraft["visit"],
  policy: BookingPolicy,
  dentistId: string | undefined,
  now: Date,
): string {
  const clock = { timeZone: day.settings.timeZone, locale: day.settings.locale };
  const times = freeStartsOn({ day, visit, policy, dentistId, now });
  const name = dentistId ? day.dentists.find((dentist) => dentist.id === dentistId)?.name : null;
  const who = dentistId ? ` with ${name ?? "that dentist"}` : "";
  return times.length > 0
    ? `Still free on ${formatDate(day.date, clock)}${who}: ${formatTimes(times, clock)}.`
    : `Nothing is free on ${formatDate(day.date, clock)}${who} any more. Please choose another day.`;
}

function refusal(
  verdict: Verdict & { ok: false },
  day: RuleDay,
  draft: PlaceDraft,
  policy: BookingPolicy,
  now: Date,
) {
  const parts = [verdict.refusal.message, verdict.refusal.advice ?? ""];
  if (verdict.suggestsFreeTimes) {
    parts.push(freeTimesSentence(day, draft.visit, policy, draft.dentistId, now));
  }
  if (verdict.overridable) parts.push(OVERRIDE_HINT);
  const failure: PlaceRefusal = {
    ...fail(verdict.refusal.status, parts.filter(Boolean).join(" ")),
    rule: verdict.refusal.rule,
  };
  return failure;
}

/** A unique-index refusal inside the placement: a time taken behind the rules' back. */
export function takenMeanwhile(error: unknown): PlaceRefusal {
  if (!isUniqueViolation(error)) throw error;
  return { ...fail(409, SLOT_TAKEN_MESSAGE), rule: "dentist-free" };
}
