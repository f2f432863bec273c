/**
 * The staff navigation's counts, on every staff page: failed mail (for those who may send
 * it again), texts waiting (for those who answer them) and whether this month's texts
 * reached the cap. One raw statement of the three counts, each written once beside its
 * rule (../mail/outbox-admin.server, ../sms/inbox.server, ../sms/delivery.server): three
 * statements through Prisma cost a staff page about three times one. It goes straight to
 * what is committed (`readCommitted`): Prisma's handling of a raw query cost more than it.
 */
import { Prisma } from "@prisma/client";
import { readCommitted } from "~/infra/db.server";
import { FAILED_MESSAGES_COUNT } from "~/models/mail/outbox-admin.server";
import { textCap, textsSentSinceCount } from "~/models/sms/delivery.server";
import { UNHANDLED_TEXTS_COUNT } from "~/models/sms/inbox.server";

export type NavigationCounts = { failedMail: number; waitingTexts: number; capReached: boolean };

export async function navigationCounts(
  wanted: { failedMail: boolean; waitingTexts: boolean },
  now: Date = new Date(),
): Promise<NavigationCounts> {
  const { since, cap } = await textCap(now);
  const [row] = await readCommitted<{
    failed: number | bigint | string;
    waiting: number | bigint | string;
    sent: number | bigint | string;
  }>(Prisma.sql`SELECT (${wanted.failedMail ? FAILED_MESSAGES_COUNT : Prisma.sql`SELECT 0`}) AS "failed",
      (${wanted.waitingTexts ? UNHANDLED_TEXTS_COUNT : Prisma.sql`SELECT 0`}) AS "waiting",
      (${textsSentSinceCount(since)}) AS "sent"`);
  return {
    failedMail: Number(row?.failed ?? 0),
    waitingTexts: Number(row?.waiting ?? 0),
    capReached: Number(row?.sent ?? 0) >= cap,
  };
}
