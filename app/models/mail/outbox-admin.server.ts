import { Prisma } from "@prisma/client";
import { recordAudit } from "~/models/audit/trail.server";
import type { AuditActor } from "~/models/audit/entry.server";
import { OUTBOX_STATUSES, type OutboxStatus, wakeOutbox } from "./outbox.server";
import { prisma } from "~/infra/db.server";
import { decodeCursor, olderThan, pageOf } from "~/utils/keyset";
import { describeMailProblem, mailKindLabel } from "./problems";
import { limitStaffWrite } from "~/infra/rate-limit.server";
import { fail, ok, type Result } from "~/utils/result";

/**
 * The staff's side of the mail outbox (docs/decisions/014-mail-outbox.md): the failed-mail
 * screen and `/api/admin/outbox`, for reception and admins. Messages that failed or are
 * stuck, why in plain words, the visit they are about, and sending them again (audited).
 */

export const OUTBOX_MESSAGES = {
  badStatus: `Status must be one of: ${OUTBOX_STATUSES.join(", ")}.`,
  notFound: "There is no such message in the outbox.",
  notFailed: "Only a failed message can be retried.",
  choose: "Please choose a message to send again.",
} as const;

/** What staff see of a message: never its text, which may carry a one-time link. */
const SUMMARY = {
  id: true,
  kind: true,
  toAddress: true,
  subject: true,
  status: true,
  attempts: true,
  lastError: true,
  nextAttemptAt: true,
  sentAt: true,
  createdAt: true,
  userId: true,
  appointmentId: true,
} as const;

export type OutboxSummary = Prisma.OutboxMessageGetPayload<{ select: typeof SUMMARY }>;

const isOutboxStatus = (value: string): value is OutboxStatus =>
  (OUTBOX_STATUSES as readonly string[]).includes(value);

/**
 * Messages of one status (failed by default), newest first, at most `limit`, each with its
 * last error in plain words (`problem`).
 */
export async function listOutbox({
  status = "failed",
  limit = 100,
}: {
  status?: string | null;
  limit?: number;
} = {}): Promise<Result<{ messages: (OutboxSummary & { problem: string | null })[] }>> {
  const wanted = status ?? "failed";
  if (!isOutboxStatus(wanted)) return fail(400, OUTBOX_MESSAGES.badStatus);
  const rows = await prisma.outboxMessage.findMany({
    where: { status: wanted },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: SUMMARY,
  });
  return ok({
    messages: rows.map((row) => ({ ...row, problem: describeMailProblem(row.lastError) })),
  });
}

/** One staff member's retry, as the audit trail records it. */
type RetryActor = Extract<AuditActor, { id: string }>;

/**
 * Puts a failed message back in line, due now, with a fresh count of attempts; the change
 * and its audit entry are one transaction.
 */
export async function retryFailedMessage(
  id: string,
  actor: RetryActor,
  now: Date = new Date(),
): Promise<Result<{ message: OutboxSummary }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const result = await prisma.$transaction(async () => {
    const before = await prisma.outboxMessage.findUnique({ where: { id }, select: SUMMARY });
    if (!before) return fail(404, OUTBOX_MESSAGES.notFound);
    const { count } = await prisma.outboxMessage.updateMany({
      where: { id, status: "failed" },
      data: { status: "pending", attempts: 0, nextAttemptAt: now, lockedUntil: null },
    });
    if (count === 0) return fail(409, OUTBOX_MESSAGES.notFailed);
    await recordAudit({
      actor,
      action: "outbox.retry",
      entityType: "OutboxMessage",
      entityId: id,
      patientId: before.userId,
      summary: `Sent again: ${before.kind} mail "${before.subject}" to ${before.userId ? "the patient" : before.toAddress}`,
      before: { status: before.status, attempts: before.attempts, lastError: before.lastError },
      after: { status: "pending", attempts: 0 },
    });
    const message = await prisma.outboxMessage.findUniqueOrThrow({
      where: { id },
      select: SUMMARY,
    });
    return ok({ message });
  });
  if (result.ok) wakeOutbox();
  return result;
}

/** Puts every failed message back in line at once; one audit entry says how many. */
export async function retryAllFailedMessages(
  actor: RetryActor,
  now: Date = new Date(),
): Promise<Result<{ count: number }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const count = await prisma.$transaction(async () => {
    const { count } = await prisma.outboxMessage.updateMany({
      where: { status: "failed" },
      data: { status: "pending", attempts: 0, nextAttemptAt: now, lockedUntil: null },
    });
    if (count > 0) {
      await recordAudit({
        actor,
        action: "outbox.retry_all",
        entityType: "OutboxMessage",
        summary: `Sent ${count} failed ${count === 1 ? "message" : "messages"} again`,
        after: { retried: count },
      });
    }
    return count;
  });
  if (count > 0) wakeOutbox();
  return ok({ count });
}

/**
 * How many messages have failed (the staff navigation's badge, on every staff page of those
 * who may send them again); read through the status index. Raw SQL: Prisma's query compiler
 * cost more than twice the count itself, on every such page (docs/performance.md, "The diary").
 * The staff navigation reads it with its other counts in one statement (`staffCounts`).
 */
export const FAILED_MESSAGES_COUNT = Prisma.sql`
  SELECT COUNT(*) FROM "OutboxMessage" WHERE "status" = 'failed'`;

export async function countFailedMessages(): Promise<number> {
  const [row] = await prisma.$queryRaw<{ failed: number | bigint }[]>`
    SELECT (${FAILED_MESSAGES_COUNT}) AS "failed"`;
  return Number(row?.failed ?? 0);
}

/** Messages per page of the failed-mail screen. */
export const UNDELIVERED_PAGE_SIZE = 25;

export type UndeliveredMessage = {
  id: string;
  kind: string;
  /** The kind in words: "Booking confirmation". */
  kindLabel: string;
  toAddress: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  /** `lastError` in plain words: "The mail server refused the connection." */
  problem: string | null;
  createdAt: string;
  /** Claimed by a worker whose claim ran out (at `lockedUntil`): the next pass takes it again. */
  stuck: boolean;
  lockedUntil: string | null;
  /** The visit the message is about, if any and if it still exists. */
  appointment: { id: string; date: string; time: string; patient: string; service: string } | null;
  /** The patient account it was written to, if any: reading the address is a read of theirs. */
  patientId: string | null;
};

/**
 * The failed-mail screen: failed messages and those stuck in sending past their claim,
 * newest first, one page after `cursor` (see ~/utils/keyset), and how many have failed.
 */
export async function listUndeliveredMessages({
  cursor,
  now = new Date(),
  take = UNDELIVERED_PAGE_SIZE,
}: { cursor?: string | null; now?: Date; take?: number } = {}) {
  const where = {
    OR: [{ status: "failed" }, { status: "sending", lockedUntil: { lte: now } }],
  };
  const [rows, failed] = await Promise.all([
    prisma.outboxMessage.findMany({
      where: { AND: [where, olderThan("createdAt", decodeCursor(cursor))] },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: take + 1,
      select: { ...SUMMARY, lockedUntil: true },
    }),
    countFailedMessages(),
  ]);
  const page = pageOf(rows, take, (row) => row.createdAt);
  const appointmentIds = [...new Set(page.rows.flatMap((row) => row.appointmentId ?? []))];
  const appointments = new Map(
    (
      await prisma.appointment.findMany({
        where: { id: { in: appointmentIds } },
        select: {
          id: true,
          date: true,
          time: true,
          name: true,
          service: { select: { name: true } },
        },
      })
    ).map((visit) => [
      visit.id,
      {
        id: visit.id,
        date: visit.date,
        time: visit.time,
        patient: visit.name,
        service: visit.service.name,
      },
    ]),
  );
  const messages: UndeliveredMessage[] = page.rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    kindLabel: mailKindLabel(row.kind),
    toAddress: row.toAddress,
    subject: row.subject,
    attempts: row.attempts,
    lastError: row.lastError,
    problem: describeMailProblem(row.lastError),
    patientId: row.userId,
    createdAt: row.createdAt.toISOString(),
    stuck: row.status === "sending",
    lockedUntil: row.lockedUntil?.toISOString() ?? null,
    appointment: (row.appointmentId && appointments.get(row.appointmentId)) || null,
  }));
  return { messages, next: page.next, failed };
}
