import type { Prisma } from "@prisma/client";
import { prisma } from "~/infra/db.server";
import { decodeCursor, olderThan, pageOf } from "~/utils/keyset";
import { anyCase } from "~/infra/sql-dialect.server";
import { type AuditEntryInput, writeAuditEntry } from "./entry.server";

/**
 * Appends one row to the audit trail. Call it inside the transaction that makes the
 * change, so the trail never claims a change that was rolled back (or misses one that
 * was not). The trail is append-only: nothing in the app updates or deletes its rows,
 * except the anonymisation of a deleted patient's entries.
 */
export function recordAudit(entry: AuditEntryInput) {
  return writeAuditEntry(prisma, entry);
}

/** The trail newest first, optionally about one patient; `take` bounds the page. */
export async function auditTrail({
  patientId,
  take = 50,
  before,
}: { patientId?: string; take?: number; before?: Date } = {}) {
  return prisma.auditEntry.findMany({
    where: { patientId, at: before ? { lt: before } : undefined },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(take, 1), 200),
  });
}

/** Entries per page of the audit-trail screen. */
export const AUDIT_PAGE_SIZE = 50;
/** How many people one name search may match (a name fragment that matches more is too vague). */
const PEOPLE_LIMIT = 50;

export type AuditSearch = {
  /** A patient's e-mail (exact) or part of their name. */
  patient?: string | null;
  /** A staff member's e-mail (exact) or part of their name. */
  staff?: string | null;
  /** The cursor of the page to show (~/utils/keyset); the newest page without it. */
  cursor?: string | null;
  take?: number;
};

export type AuditRow = {
  id: string;
  at: string;
  actor: { id: string | null; role: string; name: string | null; email: string | null };
  action: string;
  entityType: string;
  entityId: string | null;
  patient: { id: string; name: string | null; email: string | null } | null;
  summary: string;
  before: string | null;
  after: string | null;
};

type Person = { id: string; name: string; email: string };

/** The accounts a search term names: an exact address, or a part of a name. */
async function peopleMatching(term: string): Promise<Person[]> {
  const query = term.trim().slice(0, 200);
  return prisma.user.findMany({
    where: query.includes("@")
      ? { email: query.toLowerCase() }
      : { name: { contains: query, ...anyCase() } },
    select: { id: true, name: true, email: true },
    orderBy: { id: "asc" },
    take: PEOPLE_LIMIT,
  });
}

/**
 * The audit trail newest first, one keyset page on (at, id), narrowed to a patient and/or
 * a staff member named by e-mail or name. Entries of accounts deleted since are still
 * found by the ids they keep; their names show as unknown.
 */
export async function searchAuditTrail({
  patient,
  staff,
  cursor,
  take = AUDIT_PAGE_SIZE,
}: AuditSearch = {}) {
  const where: Prisma.AuditEntryWhereInput[] = [];
  for (const [term, field] of [
    [patient, "patientId"],
    [staff, "actorId"],
  ] as const) {
    if (!term?.trim()) continue;
    const ids = (await peopleMatching(term)).map((person) => person.id);
    if (ids.length === 0) return { entries: [] as AuditRow[], next: null };
    where.push({ [field]: ids.length === 1 ? ids[0] : { in: ids } });
  }
  const rows = await prisma.auditEntry.findMany({
    where: { AND: [...where, olderThan("at", decodeCursor(cursor))] },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(take, 1), 200) + 1,
  });
  const page = pageOf(rows, Math.min(Math.max(take, 1), 200), (row) => row.at);
  const ids = new Set(page.rows.flatMap((row) => [row.actorId ?? [], row.patientId ?? []].flat()));
  const people = new Map(
    (
      await prisma.user.findMany({
        where: { id: { in: [...ids] } },
        select: { id: true, name: true, email: true },
      })
    ).map((person) => [person.id, person]),
  );
  const entries: AuditRow[] = page.rows.map((row) => {
    const actor = row.actorId ? people.get(row.actorId) : undefined;
    const subject = row.patientId ? people.get(row.patientId) : undefined;
    return {
      id: row.id,
      at: row.at.toISOString(),
      actor: {
        id: row.actorId,
        role: row.actorRole,
        name: actor?.name ?? null,
        email: actor?.email ?? null,
      },
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      patient: row.patientId
        ? { id: row.patientId, name: subject?.name ?? null, email: subject?.email ?? null }
        : null,
      summary: row.summary,
      before: row.before,
      after: row.after,
    };
  });
  return { entries, next: page.next };
}
