import { type OutboxMessage, Prisma } from "@prisma/client";
import { prisma } from "~/infra/db.server";
import { sendSms, type SmsSent } from "~/infra/sms.server";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { gateText, monthStart } from "./send-rules";

/**
 * One claimed text, at `now`: sent through the provider, or put back until the quiet
 * hours end, or dropped with its reason (./send-rules). The outbox records the outcome.
 */
export async function deliverText(
  message: OutboxMessage,
  now: Date,
): Promise<SmsSent | { wait: Date } | { drop: string }> {
  const settings = await getClinicSettings();
  const sentThisMonth = await textsSentSince(monthStart(now, settings.timeZone));
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
  if (!("send" in gate)) return gate;
  return sendSms({ to: message.toAddress, body: message.text, outboxId: message.id });
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
