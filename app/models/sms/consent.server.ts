import { prisma } from "~/infra/db.server";
import type { AuditActor } from "~/models/audit/entry.server";
import { recordAudit } from "~/models/audit/trail.server";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { fail, invalid, ok, type Result } from "~/utils/result";
import {
  CONSENT_MESSAGES,
  consentRefusal,
  isSmsConsent,
  type ConsentSource,
  type SmsConsent,
} from "./consent-rules";
import { clinicCountry, parseMobile } from "./phone";
import { DROP_REASONS } from "./send-rules";

/**
 * A patient's mobile number and agreement to texts (docs/decisions/052-text-messages.md),
 * changed with its audit entry in one transaction: call it inside the caller's transaction
 * or on its own. A "no" drops every text still queued for the number.
 */

export type ConsentBy =
  | { source: "patient"; userId: string }
  | { source: "text" }
  | { source: "staff"; actor: Extract<AuditActor, { id: string }> };

function recordedBy(by: ConsentBy): string {
  return by.source === "staff" ? `staff:${by.actor.id}` : by.source;
}

function actorOf(by: ConsentBy): AuditActor {
  if (by.source === "staff") return by.actor;
  if (by.source === "patient") return { id: by.userId, role: "patient" };
  return { id: null, role: "system" };
}

/** Parses a number typed on a form in the clinic's country: E.164 or the clear refusal. */
export async function mobileFromInput(raw: string): Promise<Result<{ e164: string }>> {
  const settings = await getClinicSettings();
  const parsed = parseMobile(raw, clinicCountry(settings.locale));
  return parsed.ok ? ok({ e164: parsed.e164 }) : invalid(parsed.message);
}

export async function changeSmsConsent(
  userId: string,
  change: { consent?: SmsConsent; mobile?: string },
  by: ConsentBy,
  now: Date = new Date(),
): Promise<Result<{ consent: SmsConsent; mobile: string; changed: boolean }>> {
  const work = async () => {
    const user = await prisma.user.findUnique({
      where: { id: userId, role: "patient" },
      select: { mobile: true, smsConsent: true },
    });
    if (!user) return fail(404, "There is no such patient.");
    const current = isSmsConsent(user.smsConsent) ? user.smsConsent : "unasked";
    const next = change.consent ?? current;
    const mobile = change.mobile ?? user.mobile;
    const refusal = consentRefusal(current, next, by.source as ConsentSource);
    if (refusal) return invalid(refusal);
    // A number that replied STOP said no, whoever's record it was not on yet.
    if (by.source === "staff" && next === "yes" && mobile && (await numberStopped(mobile))) {
      return invalid(CONSENT_MESSAGES.staffCannotReopen);
    }
    if (next === "yes" && !mobile) return invalid(CONSENT_MESSAGES.noMobile);
    if (next === current && mobile === user.mobile) {
      return ok({ consent: current, mobile, changed: false });
    }
    await prisma.user.update({
      where: { id: userId },
      data: {
        mobile,
        ...(next === current
          ? {}
          : { smsConsent: next, smsConsentAt: now, smsConsentBy: recordedBy(by) }),
      },
    });
    await recordAudit({
      actor: actorOf(by),
      action: "patient.sms_consent",
      entityType: "User",
      entityId: userId,
      patientId: userId,
      summary:
        next === current
          ? "Changed a patient's mobile number"
          : `Recorded a patient's answer on texts: ${next}${by.source === "text" ? " (by text)" : ""}`,
      before: { mobile: user.mobile, smsConsent: current },
      after: { mobile, smsConsent: next },
    });
    if (next === "no" || mobile !== user.mobile) {
      // Nothing queued for the old number, or for a number that said no, leaves.
      await dropQueuedTexts(user.mobile, DROP_REASONS.optedOut);
    }
    return ok({ consent: next, mobile, changed: true });
  };
  return prisma.$transaction(work);
}

/** Drops the texts still queued to `number` (a STOP, a changed number). */
export async function dropQueuedTexts(number: string, reason: string): Promise<number> {
  if (!number) return 0;
  const { count } = await prisma.outboxMessage.updateMany({
    where: { channel: "sms", toAddress: number, status: "pending" },
    data: { status: "dropped", lastError: reason },
  });
  return count;
}

/** True when the number's last STOP or START (by text) was a STOP. */
export async function numberStopped(number: string): Promise<boolean> {
  const last = await prisma.smsInbound.findFirst({
    where: { fromNumber: number, keyword: { in: ["STOP", "START"] } },
    orderBy: { receivedAt: "desc" },
    select: { keyword: true },
  });
  return last?.keyword === "STOP";
}
