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

export function textsSentSince(since: Date): Promise<number> {
  return prisma.outboxMessage.count({
    where: { channel: "sms", status: "sent", sentAt: { gte: since } },
  });
}

/** True when this month's texts reached the cap: staff pages show a banner. */
export async function textCapReached(now: Date = new Date()): Promise<boolean> {
  const settings = await getClinicSettings();
  return (await textsSentSince(monthStart(now, settings.timeZone))) >= settings.smsMonthlyCap;
}
