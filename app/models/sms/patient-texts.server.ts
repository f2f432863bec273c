import { prisma } from "~/infra/db.server";
import { messageAccounts } from "~/models/family/recipient.server";
import { mailKindLabel } from "~/models/mail/problems";
import { hasPermission } from "~/models/permissions";
import type { StaffRole } from "~/models/roles";
import { fail, invalid, ok, type Result } from "~/utils/result";
import { changeSmsConsent, mobileFromInput } from "./consent.server";
import { CONSENT_LABELS, CONSENT_MESSAGES, isSmsConsent, type SmsConsent } from "./consent-rules";

/**
 * What the staff screens show of a patient's messages (docs/decisions/052-text-messages.md):
 * every mail and text written for them or their visit, by which channel, and whether it
 * arrived; and the desk's record of a caller's mobile and spoken answer on texts.
 */

export type SentLine = {
  id: string;
  channel: "email" | "sms";
  kind: string;
  to: string;
  /** "Queued", "Sent", "Delivered", "Not delivered", "Not sent: ..." */
  state: string;
  at: string;
};

function stateOf(row: {
  status: string;
  deliveryStatus: string | null;
  lastError: string | null;
}): string {
  if (row.status === "dropped") return row.lastError ?? "Not sent";
  if (row.status === "failed") return `Failed: ${row.lastError ?? "not delivered"}`;
  if (row.status !== "sent") return "Queued";
  if (row.deliveryStatus === "delivered") return "Delivered";
  return "Sent";
}

export async function sentMessages(
  where: { userId: string } | { appointmentId: string },
  take = 30,
): Promise<SentLine[]> {
  const rows = await prisma.outboxMessage.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: {
      id: true,
      channel: true,
      kind: true,
      toAddress: true,
      status: true,
      deliveryStatus: true,
      lastError: true,
      createdAt: true,
    },
  });
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel === "sms" ? "sms" : "email",
    kind: mailKindLabel(row.kind),
    to: row.toAddress,
    state: stateOf(row),
    at: row.createdAt.toISOString(),
  }));
}

export type TextConsentView = {
  mobile: string;
  consent: SmsConsent;
  label: string;
  recordedAt: string | null;
  recordedBy: string;
  /**
   * For a family member whose messages go to a guardian (docs/decisions/049-families.md):
   * the guardians whose mobile their texts would use, in the order tried, each with their
   * own answer on texts. Null when the patient's texts are their own.
   */
  sentThrough: { name: string; mobile: string; label: string }[] | null;
};

/** The guardians a family member's texts go through (outbound.server's order), or null. */
async function guardiansTexted(userId: string): Promise<TextConsentView["sentThrough"]> {
  const accounts = await messageAccounts(userId);
  if (accounts.includes(userId)) return null;
  const rows = await prisma.user.findMany({
    where: { id: { in: accounts } },
    select: { id: true, name: true, mobile: true, smsConsent: true },
  });
  return accounts.flatMap((id) => {
    const row = rows.find((user) => user.id === id);
    if (!row) return [];
    const consent = isSmsConsent(row.smsConsent) ? row.smsConsent : "unasked";
    return [{ name: row.name, mobile: row.mobile, label: CONSENT_LABELS[consent] }];
  });
}

export async function textConsentOf(userId: string): Promise<TextConsentView | null> {
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: { mobile: true, smsConsent: true, smsConsentAt: true, smsConsentBy: true },
  });
  if (!user) return null;
  const consent = isSmsConsent(user.smsConsent) ? user.smsConsent : "unasked";
  let recordedBy = "";
  if (user.smsConsentBy === "patient") recordedBy = "the patient";
  else if (user.smsConsentBy === "text") recordedBy = "the patient, by text";
  else if (user.smsConsentBy.startsWith("staff:")) {
    const staff = await prisma.user.findUnique({
      where: { id: user.smsConsentBy.slice(6) },
      select: { name: true },
    });
    recordedBy = staff?.name ?? "a staff member";
  }
  return {
    mobile: user.mobile,
    consent,
    label: CONSENT_LABELS[consent],
    recordedAt: user.smsConsentAt?.toISOString() ?? null,
    recordedBy,
    sentThrough: await guardiansTexted(userId),
  };
}

/** The desk records a caller's mobile number and spoken answer (patients.edit). */
export async function recordDeskConsent(
  actor: { id: string; role: StaffRole },
  userId: string,
  form: Record<string, string>,
  now: Date = new Date(),
): Promise<Result<{ message: string }>> {
  if (!hasPermission(actor, "patients.edit")) {
    return fail(403, "Only reception and admins change a patient's details.");
  }
  const rawMobile = (form.mobile ?? "").trim();
  const choice = form.smsConsent ?? "";
  if (choice !== "" && !isSmsConsent(choice)) return invalid(CONSENT_MESSAGES.unknownChoice);
  let mobile: string | undefined;
  if (rawMobile) {
    const parsed = await mobileFromInput(rawMobile);
    if (!parsed.ok) return { ...parsed, field: "mobile" };
    mobile = parsed.e164;
  }
  const result = await changeSmsConsent(
    userId,
    { mobile, consent: choice === "" ? undefined : (choice as SmsConsent) },
    { source: "staff", actor },
    now,
  );
  if (!result.ok) return result;
  return ok({ message: result.changed ? "The texts settings are saved." : "Nothing was changed." });
}
