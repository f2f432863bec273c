import { type OutboxMessage, Prisma } from "@prisma/client";
import { prisma } from "~/infra/db.server";
import { LOCKS, lockUntilCommit } from "~/infra/sql-dialect.server";
import { sendSms, type SmsSent } from "~/infra/sms.server";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { gateText, monthStart } from "./send-rules";

/**
 * One claimed text, at `now`: sent through the provider, or put back until the quiet
 * hours end, or dropped with its reason (./send-rules). The outbox records the outcome.
 *
 * The month's cap is checked and the text's place under it taken in one transaction,
 * under one lock for all texts (on PostgreSQL, where several instances send at once; on
 * SQLite the transaction's write lock is enough): the claimed row's `sentAt` set while it
 * is still `sending` reserves the place, and texts reserved by other claims still held count
 * as sent. The provider is called after the commit, so no lock waits on its answer; a send
 * that fails gives the place back (the outbox clears `sentAt` with the failure), and a
 * reservation of an instance that died ends with its claim.
 */
export async function deliverText(
  message: OutboxMessage,
  now: Date,
): Promise<SmsSent | { wait: Date } | { drop: string }> {
  const settings = await getClinicSettings();
  const gate = await prisma.$transaction(async () => {
    await lockUntilCommit([LOCKS.textsCap]);
    const sentThisMonth = await textsCountedSince(monthStart(now, settings.timeZone), now, message);
    const gate = gateText({
      now,
      expiresAt: message.expiresAt,
      quiet: {
        start: settings.quietHoursStart,
        end: settings.quietHoursEnd,
        timeZone: settings.timeZone,
      },
      sentThisMonth,
      monthlyCap: settings.smsMonthlyCap,
    });
    if ("send" in gate) {
      await prisma.$executeRaw`UPDATE "OutboxMessage" SET "sentAt" = ${now}
        WHERE "id" = ${message.id} AND "status" = 'sending' AND "lockedUntil" = ${message.lockedUntil}`;
    }
    return gate;
  });
  if (!("send" in gate)) return gate;
  return sendSms({ to: message.toAddress, body: message.text, outboxId: message.id });
}

/** Texts sent since `since`, and those other claims reserved and still hold at `now`. */
async function textsCountedSince(since: Date, now: Date, message: OutboxMessage) {
  const [row] = await prisma.$queryRaw<{ sent: number | bigint }[]>`
    SELECT COUNT(*) AS "sent" FROM "OutboxMessage"
    WHERE "channel" = 'sms' AND "sentAt" >= ${since} AND ("status" = 'sent'
      OR ("status" = 'sending' AND "lockedUntil" > ${now} AND "id" <> ${message.id}))`;
  return Number(row?.sent ?? 0);
}

/** The texts sent since an instant, as SQL: a plain count (every staff page asks it). */
export function textsSentSinceCount(since: Date) {
  return Prisma.sql`SELECT COUNT(*) FROM "OutboxMessage"
    WHERE "channel" = 'sms' AND "status" = 'sent' AND "sentAt" >= ${since}`;
}

export async function textsSentSince(since: Date): Promise<number> {
  const [row] = await prisma.$queryRaw<{ sent: number | bigint }[]>`
    SELECT (${textsSentSinceCount(since)}) AS "sent"`;
  return Number(row?.sent ?? 0);
}

/** Since when this month's texts count against the cap, and the cap. */
export async function textCap(now: Date) {
  const settings = await getClinicSettings();
  return { since: monthStart(now, settings.timeZone), cap: settings.smsMonthlyCap };
}

/** True when this month's texts reached the cap: staff pages show a banner. */
export async function textCapReached(now: Date = new Date()): Promise<boolean> {
  const { since, cap } = await textCap(now);
  return (await textsSentSince(since)) >= cap;
}
