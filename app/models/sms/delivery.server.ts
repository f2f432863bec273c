import type { OutboxMessage } from "@prisma/client";
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

export async function textsSentSince(since: Date): Promise<number> {
  // A plain count: every staff page asks it for the cap's banner (as unhandledCount).
  const [row] = await prisma.$queryRaw<{ sent: number | bigint }[]>`
    SELECT COUNT(*) AS "sent" FROM "OutboxMessage"
    WHERE "channel" = 'sms' AND "status" = 'sent' AND "sentAt" >= ${since}`;
  return Number(row?.sent ?? 0);
}

/** True when this month's texts reached the cap: staff pages show a banner. */
export async function textCapReached(now: Date = new Date()): Promise<boolean> {
  const settings = await getClinicSettings();
  return (await textsSentSince(monthStart(now, settings.timeZone))) >= settings.smsMonthlyCap;
}
