import type { Prisma } from "@prisma/client";
import { recordAudit } from "~/models/audit/trail.server";
import type { AuditActor } from "~/models/audit/entry.server";
import { prisma } from "~/infra/db.server";
import { fail, invalid, ok, type Result } from "~/utils/result";
import { parseChairName, refuse } from "~/validation/clinic-settings";
import { ACTIVE_STATUSES } from "~/models/booking/appointment-status";
import { limitStaffWrite } from "~/infra/rate-limit.server";

/**
 * The clinic's chairs (/staff/chairs): add, rename, reorder, deactivate and reactivate.
 * Chairs are never deleted: past visits keep theirs. Each change is one transaction with
 * its audit entry, and drops the cached reads so the booking side sees it at once.
 */

type Actor = Extract<AuditActor, { id: string }>;

export const CHAIR_INTENTS = ["add", "rename", "up", "down", "deactivate", "reactivate"] as const;
export type ChairIntent = (typeof CHAIR_INTENTS)[number];

export const CHAIR_GONE_MESSAGE = "That chair no longer exists.";
export const LAST_CHAIR_MESSAGE = "At least one chair must stay active, or nobody could book.";

export type ChairRow = {
  id: string;
  name: string;
  active: boolean;
  /** Booked, confirmed or checked-in visits that have not ended. */
  upcomingVisits: number;
};

const ORDER = [
  { sortOrder: "asc" },
  { id: "asc" },
] satisfies Prisma.ChairOrderByWithRelationInput[];

export async function listChairs(now: Date = new Date()): Promise<ChairRow[]> {
  const [chairs, counts] = await Promise.all([
    prisma.chair.findMany({ orderBy: ORDER, select: { id: true, name: true, active: true } }),
    prisma.appointment.groupBy({
      by: ["chairId"],
      where: { status: { in: ACTIVE_STATUSES }, endsAt: { gt: now } },
      _count: { _all: true },
    }),
  ]);
  const countOf = new Map(counts.map((row) => [row.chairId, row._count._all]));
  return chairs.map((chair) => ({ ...chair, upcomingVisits: countOf.get(chair.id) ?? 0 }));
}

function upcomingVisitsOf(chairId: string, now: Date) {
  return prisma.appointment.count({
    where: { chairId, status: { in: ACTIVE_STATUSES }, endsAt: { gt: now } },
  });
}

async function nameTaken(name: string, exceptId?: string) {
  const chairs = await prisma.chair.findMany({ select: { id: true, name: true } });
  return chairs.some(
    (chair) => chair.id !== exceptId && chair.name.toLowerCase() === name.toLowerCase(),
  );
}

const takenMessage = (name: string) => `There is already a chair called ${name}.`;

/** One change to the chairs, as the screen's forms send it (`intent`, `chairId`, `name`). */
export async function changeChairs(
  form: Record<string, unknown>,
  actor: Actor,
  now: Date = new Date(),
): Promise<Result<{ message: string }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const intent = typeof form.intent === "string" ? form.intent : "";
  if (!(CHAIR_INTENTS as readonly string[]).includes(intent)) {
    return invalid("Please choose what to do with the chairs.");
  }
  const chosen = intent as ChairIntent;
  return chosen === "add" ? addChair(form, actor) : changeChair(chosen, form, actor, now);
}

async function addChair(form: Record<string, unknown>, actor: Actor) {
  const parsed = parseChairName(form);
  if (!parsed.ok) return parsed;
  const { name } = parsed;
  return prisma.$transaction(async (): Promise<Result<{ message: string }>> => {
    if (await nameTaken(name)) return refuse("name", takenMessage(name));
    const last = await prisma.chair.aggregate({ _max: { sortOrder: true } });
    const chair = await prisma.chair.create({
      data: { name, sortOrder: (last._max.sortOrder ?? -1) + 1 },
    });
    await recordAudit({
      actor,
      action: "chair.add",
      entityType: "Chair",
      entityId: chair.id,
      summary: `Added the chair ${name}`,
      after: { name, active: true },
    });
    return ok({ message: `${name} is added.` });
  });
}

async function changeChair(
  intent: Exclude<ChairIntent, "add">,
  form: Record<string, unknown>,
  actor: Actor,
  now: Date,
): Promise<Result<{ message: string }>> {
  const chairId = typeof form.chairId === "string" ? form.chairId.trim() : "";
  if (!chairId || chairId.length > 64) return invalid("Please choose a chair.");
  const name = intent === "rename" ? parseChairName(form) : null;
  if (name && !name.ok) return name;
  return prisma.$transaction(async (): Promise<Result<{ message: string }>> => {
    const chair = await prisma.chair.findUnique({ where: { id: chairId } });
    if (!chair) return fail(404, CHAIR_GONE_MESSAGE);
    const audit = (action: string, summary: string, before: object, after: object) =>
      recordAudit({
        actor,
        action,
        entityType: "Chair",
        entityId: chair.id,
        summary,
        before: { ...before },
        after: { ...after },
      });
    switch (intent) {
      case "rename": {
        const newName = name!.name;
        if (newName === chair.name) return ok({ message: "Nothing changed." });
        if (await nameTaken(newName, chair.id)) return refuse("name", takenMessage(newName));
        await prisma.chair.update({ where: { id: chair.id }, data: { name: newName } });
        await audit(
          "chair.rename",
          `Renamed the chair ${chair.name} to ${newName}`,
          { name: chair.name },
          { name: newName },
        );
        return ok({ message: `${chair.name} is now called ${newName}.` });
      }
      case "up":
      case "down": {
        const chairs = await prisma.chair.findMany({
          orderBy: ORDER,
          select: { id: true, name: true },
        });
        const from = chairs.findIndex((entry) => entry.id === chair.id);
        const to = intent === "up" ? from - 1 : from + 1;
        if (to < 0 || to >= chairs.length) {
          return ok({ message: `${chair.name} is already ${intent === "up" ? "first" : "last"}.` });
        }
        const before = chairs.map((entry) => entry.name);
        [chairs[from], chairs[to]] = [chairs[to]!, chairs[from]!];
        for (const [sortOrder, entry] of chairs.entries()) {
          await prisma.chair.update({ where: { id: entry.id }, data: { sortOrder } });
        }
        await audit(
          "chair.reorder",
          `Moved the chair ${chair.name} ${intent}`,
          { order: before },
          { order: chairs.map((entry) => entry.name) },
        );
        return ok({ message: `${chair.name} moved ${intent}.` });
      }
      case "deactivate": {
        if (!chair.active) return ok({ message: `${chair.name} is already inactive.` });
        const visits = await upcomingVisitsOf(chair.id, now);
        if (visits > 0) {
          return fail(
            409,
            `${chair.name} has ${visits} upcoming ${visits === 1 ? "visit" : "visits"}. Move ${visits === 1 ? "it" : "them"} to another chair in the diary first.`,
          );
        }
        const others = await prisma.chair.count({ where: { active: true, id: { not: chair.id } } });
        if (others === 0) return fail(409, LAST_CHAIR_MESSAGE);
        await prisma.chair.update({ where: { id: chair.id }, data: { active: false } });
        await audit(
          "chair.deactivate",
          `Deactivated the chair ${chair.name}`,
          { active: true },
          { active: false },
        );
        return ok({ message: `${chair.name} is no longer used for bookings.` });
      }
      case "reactivate": {
        if (chair.active) return ok({ message: `${chair.name} is already active.` });
        await prisma.chair.update({ where: { id: chair.id }, data: { active: true } });
        await audit(
          "chair.reactivate",
          `Reactivated the chair ${chair.name}`,
          { active: false },
          { active: true },
        );
        return ok({ message: `${chair.name} is used for bookings again.` });
      }
    }
  });
}
