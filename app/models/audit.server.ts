import type { Prisma } from "@prisma/client";
import type { Role } from "~/utils/roles";

/** A client or an interactive transaction: the entry is written with the change it records. */
type Writer = Pick<Prisma.TransactionClient, "auditEntry">;

export type AuditActor = { id: string; role: Role } | { id: null; role: "system" };

export type AuditEntryInput = {
  actor: AuditActor;
  /** Dotted verb: 'patient.view', 'appointment.move', 'data.export', 'account.delete'... */
  action: string;
  entityType: string;
  entityId?: string | null;
  patientId?: string | null;
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

const SUMMARY_LIMIT = 500;

/**
 * Appends one row to the audit trail. Call it inside the transaction that makes the
 * change, so the trail never claims a change that was rolled back (or misses one that
 * was not). The trail is append-only: nothing in the app updates or deletes its rows,
 * except the anonymisation of a deleted patient's entries.
 */
export async function recordAudit(db: Writer, entry: AuditEntryInput) {
  return db.auditEntry.create({
    data: {
      actorId: entry.actor.id,
      actorRole: entry.actor.role,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      patientId: entry.patientId ?? null,
      summary: entry.summary.slice(0, SUMMARY_LIMIT),
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
    },
  });
}

/** The trail newest first, optionally about one patient; `take` bounds the page. */
export async function auditTrail(
  db: Pick<Prisma.TransactionClient, "auditEntry">,
  { patientId, take = 50, before }: { patientId?: string; take?: number; before?: Date } = {},
) {
  return db.auditEntry.findMany({
    where: { patientId, at: before ? { lt: before } : undefined },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(take, 1), 200),
  });
}
