/**
 * One audit entry, written through the client it is given. The staff command's own process
 * (app/ops/staff-cli.server.ts), which must not load the app's database client, writes its
 * entries with its client through this module; the app writes through `recordAudit`
 * (./trail.server), which is this with `prisma`.
 */
import type { Prisma } from "@prisma/client";
import type { Role } from "~/models/roles";

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

/** One row of the audit trail through `db`, inside the transaction of the change it records. */
export async function writeAuditEntry(db: Writer, entry: AuditEntryInput) {
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
