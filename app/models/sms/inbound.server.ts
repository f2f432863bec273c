import { membersMessagedThrough } from "~/models/family/recipient.server";
import { prisma } from "~/infra/db.server";
import { rateLimits } from "~/infra/rate-limit.server";
import { changeStatus } from "~/models/booking/status.server";
import { getClinicSettings, type Settings } from "~/models/settings/clinic-settings.server";
import { ok, type Result } from "~/utils/result";
import { changeSmsConsent, dropQueuedTexts, numberStopped } from "./consent.server";
import { keywordOf, type Keyword } from "./keywords";
import { DROP_REASONS } from "./send-rules";
import { shortWhen } from "./texts";

/**
 * A text sent to the clinic's number (POST /webhooks/sms, signature already checked;
 * docs/decisions/052-text-messages.md): STOP and its synonyms, START, HELP, C (confirm the
 * next visit, as the mail's confirm link does) and R (call me back) are acted on and
 * answered; anything else waits in the staff's messages inbox. A webhook delivered twice
 * (one MessageSid) is acted on once.
 */

export type InboundText = { from: string; to: string; body: string; messageSid: string };

const MAX_BODY = 1600;

export function inboundOf(params: URLSearchParams): InboundText | null {
  const from = params.get("From")?.trim() ?? "";
  const messageSid = params.get("MessageSid")?.trim() ?? "";
  if (!/^\+?[0-9A-Za-z:._-]{3,40}$/.test(from) || !/^[A-Za-z0-9]{10,64}$/.test(messageSid)) {
    return null;
  }
  return {
    from,
    to: (params.get("To") ?? "").slice(0, 40),
    body: (params.get("Body") ?? "").slice(0, MAX_BODY),
    messageSid,
  };
}

export const REPLIES = {
  stopped: (clinic: string) =>
    `${clinic}: you will get no more texts. Reply START to get them again.`,
  started: (clinic: string) => `${clinic}: texts are on again. Reply STOP to opt out.`,
  help: (settings: Settings) =>
    `${settings.clinicName}: call us${settings.phone ? ` on ${settings.phone}` : ""}${addressOf(settings) ? `, ${addressOf(settings)}` : ""}. Reply STOP to opt out.`,
  confirmed: (clinic: string, when: string) =>
    `${clinic}: thank you, your appointment on ${when} is confirmed.`,
  callBack: (clinic: string) => `${clinic}: thank you, we will call you back.`,
} as const;

function addressOf(settings: Settings): string {
  return [settings.street, settings.city, settings.postalCode].filter(Boolean).join(", ");
}

/** What the webhook answers: the reply to send back (TwiML), or none. */
export async function receiveText(
  text: InboundText,
  now: Date = new Date(),
): Promise<Result<{ reply: string | null }>> {
  const limited = await rateLimits().smsInbound.take(`sms:${text.from}`);
  if (limited) return limited;
  const seen = await prisma.smsInbound.findUnique({ where: { messageSid: text.messageSid } });
  if (seen) return ok({ reply: null });
  const settings = await getClinicSettings();
  const patients = await prisma.user.findMany({
    where: { mobile: text.from },
    select: { id: true, smsConsent: true },
    orderBy: { createdAt: "asc" },
  });
  const keyword = keywordOf(text.body);
  const acted = keyword ? await act(keyword, text, patients, settings, now) : null;
  try {
    await prisma.smsInbound.create({
      data: {
        messageSid: text.messageSid,
        fromNumber: text.from,
        toNumber: text.to,
        body: text.body,
        keyword: acted?.keyword ?? null,
        userId: patients[0]?.id ?? null,
        appointmentId: acted?.appointmentId ?? null,
        receivedAt: now,
        // Keywords are done with; R waits for the desk's call, the rest for an answer.
        handledAt: acted && acted.keyword !== "R" ? now : null,
      },
    });
  } catch (error) {
    // The same webhook twice at once: the other request stored it.
    if ((error as { code?: string }).code === "P2002") return ok({ reply: null });
    throw error;
  }
  return ok({ reply: acted?.reply ?? null });
}

type Acted = { keyword: string; reply: string | null; appointmentId?: string };

async function act(
  keyword: Keyword,
  text: InboundText,
  patients: { id: string; smsConsent: string }[],
  settings: Settings,
  now: Date,
): Promise<Acted | null> {
  const clinic = settings.clinicName;
  switch (keyword) {
    case "stop": {
      let changed = false;
      for (const patient of patients) {
        const result = await changeSmsConsent(
          patient.id,
          { consent: "no" },
          { source: "text" },
          now,
        );
        changed ||= result.ok && result.changed;
      }
      await dropQueuedTexts(text.from, DROP_REASONS.optedOut);
      // Answered once: a second STOP changes nothing and gets no answer (an unknown number's
      // too: its last keyword says whether it stopped already).
      const answer = changed || (patients.length === 0 && !(await numberStopped(text.from)));
      return { keyword: "STOP", reply: answer ? REPLIES.stopped(clinic) : null };
    }
    case "start": {
      let changed = false;
      for (const patient of patients) {
        const result = await changeSmsConsent(
          patient.id,
          { consent: "yes" },
          { source: "text" },
          now,
        );
        changed ||= result.ok && result.changed;
      }
      return { keyword: "START", reply: changed ? REPLIES.started(clinic) : null };
    }
    case "help":
      return { keyword: "HELP", reply: REPLIES.help(settings) };
    case "confirm":
    case "callback": {
      // The number's own patients and the family members whose texts go to them.
      const own = patients.map((patient) => patient.id);
      const visit = await nextVisit([...own, ...(await membersMessagedThrough(own))], now);
      // Nobody to act for: a person reads it in the inbox.
      if (!visit) return null;
      const when = shortWhen(visit.startsAt, settings);
      if (keyword === "callback") {
        await prisma.appointment.update({ where: { id: visit.id }, data: { callBackAt: now } });
        return { keyword: "R", reply: REPLIES.callBack(clinic), appointmentId: visit.id };
      }
      if (visit.status !== "confirmed") {
        const result = await changeStatus(
          visit.id,
          "confirmed",
          { kind: "patient", userId: visit.userId },
          { now, note: "Confirmed by the patient by text (C)" },
        );
        if (!result.ok) return null;
      }
      return { keyword: "C", reply: REPLIES.confirmed(clinic, when), appointmentId: visit.id };
    }
  }
}

/** The earliest upcoming visit, booked or confirmed, of these patients. */
function nextVisit(userIds: string[], now: Date) {
  if (userIds.length === 0) return Promise.resolve(null);
  return prisma.appointment.findFirst({
    where: {
      userId: { in: userIds },
      status: { in: ["booked", "confirmed"] },
      startsAt: { gt: now },
    },
    orderBy: { startsAt: "asc" },
    select: { id: true, userId: true, startsAt: true, status: true },
  });
}

/** POST /webhooks/sms/status: a delivery receipt for a text the clinic sent. */
export async function receiveStatus(
  params: URLSearchParams,
  now: Date = new Date(),
): Promise<void> {
  const sid = params.get("MessageSid") ?? params.get("SmsSid") ?? "";
  const status = (params.get("MessageStatus") ?? params.get("SmsStatus") ?? "").toLowerCase();
  if (!/^[A-Za-z0-9]{10,64}$/.test(sid) || !/^[a-z_]{2,20}$/.test(status)) return;
  const failed = status === "undelivered" || status === "failed";
  const code = (params.get("ErrorCode") ?? "").replace(/[^0-9]/g, "").slice(0, 8);
  await prisma.outboxMessage.updateMany({
    where: { providerId: sid, channel: "sms" },
    data: {
      deliveryStatus: status,
      ...(status === "delivered" ? { deliveredAt: now } : {}),
      ...(failed
        ? {
            status: "failed",
            lastError: `The text could not be delivered (${status}${code ? `, error ${code}` : ""}).`,
          }
        : {}),
    },
  });
}
