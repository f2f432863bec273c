import { Cron } from "croner";
import { Prisma, type OutboxMessage } from "@prisma/client";
import { prisma } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { perDialect } from "~/infra/sql-dialect.server";
import { closeMailTransports, sendMail, type Mail } from "~/infra/mail.server";
import { afterFailure, type OutboxPolicy } from "./outbox-rules";
import { deliverText } from "~/models/sms/delivery.server";
import type { BackgroundJob } from "~/infra/sweep.server";

/**
 * The durable mail outbox: every message the clinic sends is a row written in the same
 * transaction as the change that causes it, and the worker below delivers due rows over
 * SMTP, one at a time, retrying with exponential backoff. The guarantee (SIGKILL loses
 * nothing; at most the one message in flight is sent twice) is docs/decisions/014-mail-outbox.md.
 */

export type OutboxKind =
  | "verification"
  | "reset"
  | "booking"
  | "change"
  | "cancellation"
  | "reminder"
  | "waitlist_offer"
  | "review_request"
  | "recall_invitation"
  | "sms_reply";

/** 'dropped': a text not sent on purpose (quiet hours until too late, the cap, STOP). */
export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed", "dropped"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export type NewOutboxMessage = {
  /** One message per cause, e.g. `reset:<reset id>`; a repeated enqueue does nothing. */
  dedupeKey: string;
  kind: OutboxKind;
  to: string;
  subject: string;
  text: string;
  html?: string;
  calendar?: { method: "REQUEST" | "CANCEL"; content: string };
  userId?: string;
  appointmentId?: string;
  /** Not sent before this instant (a reminder's time); now by default. */
  notBefore?: Date;
  /** 'sms': `to` is an E.164 number and `text` the text (docs/decisions/052-text-messages.md). */
  channel?: "email" | "sms";
  /** A text not worth sending after this instant. */
  expiresAt?: Date;
};

/**
 * Writes a message to the outbox, as one step of the caller's transaction: `await` it
 * inside `prisma.$transaction(async () => ...)`, or put it in the list of a batch
 * `prisma.$transaction([...])`. The message exists exactly
 * when the change that causes it does. Call `wakeOutbox()` once the transaction committed.
 */
export function enqueueMail(
  message: NewOutboxMessage,
  now: Date = new Date(),
): Prisma.PrismaPromise<OutboxMessage> {
  return prisma.outboxMessage.upsert({
    where: { dedupeKey: message.dedupeKey },
    create: {
      dedupeKey: message.dedupeKey,
      kind: message.kind,
      toAddress: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      calendar: message.calendar?.content ?? null,
      calendarMethod: message.calendar?.method ?? null,
      userId: message.userId ?? null,
      appointmentId: message.appointmentId ?? null,
      nextAttemptAt: message.notBefore ?? now,
      createdAt: now,
      channel: message.channel ?? "email",
      expiresAt: message.expiresAt ?? null,
    },
    // Naming the key again (which changes nothing) lets Prisma write one statement, an
    // INSERT ... ON CONFLICT DO UPDATE; with nothing to update it reads, inserts and reads
    // the row again.
    update: { dedupeKey: message.dedupeKey },
  });
}

export function outboxPolicy(env = getEnv()): OutboxPolicy {
  return {
    maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
    lockMs: env.OUTBOX_LOCK_SECONDS * 1000,
    baseDelayMs: 60_000,
    maxDelayMs: 6 * 60 * 60 * 1000,
  };
}

function describeError(error: unknown): string {
  const text =
    error instanceof Error
      ? [(error as { code?: unknown }).code, error.message].filter(Boolean).join(": ")
      : String(error);
  return text.slice(0, 500);
}

// --- Claiming and delivering ---

/**
 * Claims the next due message for this worker: the oldest `sending` one whose claim has
 * expired (its worker died), else the oldest `pending` one that is due. The claim is one
 * statement (pick and mark together): of two workers (or processes, or instances) reaching
 * for one row, one gets it. On SQLite the write lock makes it so; on PostgreSQL the pick
 * locks its row and skips rows another claim holds (`FOR UPDATE SKIP LOCKED`), and the
 * update checks the status again on the row as it is then, so a row claimed and committed
 * by another worker meanwhile is not claimed twice. Both picks go through an index on
 * (status, time), never the whole table.
 */
export async function claimNext(
  now: Date,
  policy: OutboxPolicy = outboxPolicy(),
): Promise<OutboxMessage | null> {
  const lockedUntil = new Date(now.getTime() + policy.lockMs);
  const pick = perDialect({ sqlite: Prisma.empty, postgresql: Prisma.sql`FOR UPDATE SKIP LOCKED` });
  const stillDue = perDialect({
    sqlite: Prisma.empty,
    postgresql: Prisma.sql`AND (("status" = 'sending' AND "lockedUntil" <= ${now})
      OR ("status" = 'pending' AND "nextAttemptAt" <= ${now}))`,
  });
  const [claimed] = await prisma.$queryRaw<OutboxMessage[]>`
    UPDATE "OutboxMessage"
    SET "status" = 'sending', "lockedUntil" = ${lockedUntil}, "attempts" = "attempts" + 1
    WHERE "id" = COALESCE(
      (SELECT "id" FROM "OutboxMessage" WHERE "status" = 'sending' AND "lockedUntil" <= ${now}
        ORDER BY "lockedUntil" ASC LIMIT 1 ${pick}),
      (SELECT "id" FROM "OutboxMessage" WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now}
        ORDER BY "nextAttemptAt" ASC LIMIT 1 ${pick}))
    ${stillDue}
    RETURNING *`;
  return claimed ?? null;
}

/**
 * Kinds whose text carries a link that acts for the patient (one-time links, and the
 * appointment links of docs/decisions/019-appointment-links.md): erased once delivered, so
 * no copy in the database outlives the mail.
 */
const ONE_TIME_LINK_KINDS: ReadonlySet<string> = new Set([
  "verification",
  "reset",
  "booking",
  "change",
  "reminder",
  "waitlist_offer",
  "recall_invitation",
]);
const ERASED = "(removed after delivery: this message carried a one-time link)";

function messageIdFor(message: OutboxMessage): string {
  const host = new URL(getEnv().APP_URL).hostname || "dental-clinic.local";
  return `<outbox-${message.id}@${host}>`;
}

export function mailOf(message: OutboxMessage): Mail {
  return {
    to: message.toAddress,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.calendar
      ? { calendar: { method: message.calendarMethod ?? "REQUEST", content: message.calendar } }
      : {}),
    messageId: messageIdFor(message),
  };
}

type Outcome = "sent" | "retrying" | "failed" | "lost" | "held";

/** Sends one claimed message and records the outcome, if the claim is still its own. */
async function deliverClaimed(
  message: OutboxMessage,
  now: Date,
  policy: OutboxPolicy,
): Promise<Outcome> {
  const claim = { id: message.id, status: "sending", lockedUntil: message.lockedUntil };
  let providerId: string | null = null;
  try {
    if (message.channel === "sms") {
      const text = await deliverText(message, now);
      if ("wait" in text || "drop" in text) {
        // Not an attempt: back in the queue for the end of the quiet hours, or dropped.
        const { count } = await prisma.outboxMessage.updateMany({
          where: claim,
          data:
            "wait" in text
              ? {
                  status: "pending",
                  nextAttemptAt: text.wait,
                  lockedUntil: null,
                  attempts: { decrement: 1 },
                }
              : { status: "dropped", lockedUntil: null, lastError: text.drop },
        });
        return count === 1 ? "held" : "lost";
      }
      providerId = text.providerId;
    } else {
      await sendMail(mailOf(message));
    }
  } catch (error) {
    const next = afterFailure(message.attempts, error, now, policy);
    console.warn(
      `[outbox] attempt ${message.attempts} of "${message.subject}" (${message.id}) failed: ${describeError(error)}; ${next.status === "failed" ? "marked failed" : `next at ${next.nextAttemptAt.toISOString()}`}`,
    );
    // A text's reservation of its place under the month's cap (~/models/sms/delivery.server) ends.
    const { count } = await prisma.outboxMessage.updateMany({
      where: claim,
      data: { ...next, lockedUntil: null, sentAt: null, lastError: describeError(error) },
    });
    return count === 1 ? (next.status === "failed" ? "failed" : "retrying") : "lost";
  }
  const erase = ONE_TIME_LINK_KINDS.has(message.kind)
    ? Prisma.sql`, "text" = ${ERASED}, "html" = NULL`
    : Prisma.empty;
  // A crash (or a database error) right here leaves the row claimed: it is sent again once
  // the claim expires. That is the one duplicate the design allows. One statement, where
  // Prisma's updateMany opens a transaction around its UPDATE.
  const count = await prisma.$executeRaw`
    UPDATE "OutboxMessage" SET "status" = 'sent', "sentAt" = ${now}, "lockedUntil" = NULL,
      "providerId" = ${providerId} ${erase}
    WHERE "id" = ${claim.id} AND "status" = 'sending' AND "lockedUntil" = ${claim.lockedUntil}`;
  return count === 1 ? "sent" : "lost";
}

export type DeliverySummary = {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  /** Texts put back for the quiet hours' end, or dropped. */
  held: number;
};

/**
 * One delivery pass: claims and sends due messages one at a time (so at most one is ever in
 * flight), up to `limit`, or until `shouldStop()` says the server is stopping. `now` is the
 * pass's clock, asked at each claim: a pass that takes longer than a claim lasts (a busy
 * machine, a slow mail server) must not hand out claims that have already run out, which
 * another instance would take and send again. A Date holds the clock still (tests).
 */
export async function deliverDue(
  now: Date | (() => Date) = () => new Date(),
  {
    limit = 50,
    policy = outboxPolicy(),
    shouldStop = () => false,
  }: { limit?: number; policy?: OutboxPolicy; shouldStop?: () => boolean } = {},
): Promise<DeliverySummary> {
  const summary: DeliverySummary = { claimed: 0, sent: 0, retrying: 0, failed: 0, held: 0 };
  const clock = typeof now === "function" ? now : () => now;
  while (summary.claimed < limit && !shouldStop()) {
    const claimedAt = clock();
    const message = await claimNext(claimedAt, policy);
    if (!message) break;
    summary.claimed += 1;
    const outcome = await deliverClaimed(message, claimedAt, policy);
    if (outcome !== "lost") summary[outcome] += 1;
  }
  return summary;
}

// --- The worker ---

export type OutboxWorker = BackgroundJob;

let wakeRunning: (() => void) | null = null;

/** Asks the running worker (if this process has one) for a pass now: call after a commit. */
export function wakeOutbox(): void {
  wakeRunning?.();
}

/**
 * Starts the worker of this process: a pass every `pollSeconds` (croner) and whenever
 * `wakeOutbox()` is called; each pass delivers in batches on the real clock, until nothing
 * is due. Never two passes at once.
 */
export function startOutboxWorker({
  pollSeconds = getEnv().OUTBOX_POLL_SECONDS,
  batchSize = 50,
}: { pollSeconds?: number; batchSize?: number } = {}): OutboxWorker {
  let stopping = false;
  let running: Promise<void> | null = null;
  let again = false;

  async function pass() {
    do {
      again = false;
      for (;;) {
        const batch = await deliverDue(() => new Date(), {
          limit: batchSize,
          shouldStop: () => stopping,
        });
        if (batch.claimed < batchSize || stopping) break;
      }
    } while (again && !stopping);
  }

  function run() {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error: unknown) => console.error("[outbox] delivery pass failed", error))
      .finally(() => {
        running = null;
      });
  }

  const job = new Cron("* * * * * *", { interval: pollSeconds, unref: true }, run);
  wakeRunning = () => setImmediate(run);
  run();
  return {
    async stop() {
      stopping = true;
      job.stop();
      wakeRunning = null;
      await running;
      closeMailTransports();
    },
  };
}
