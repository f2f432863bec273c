import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { getEnv, smsDelivery, type SmsDelivery } from "~/infra/env.server";

/**
 * Sends one text (docs/decisions/052-text-messages.md), beside the mailer: through Twilio's
 * REST API at TWILIO_API_BASE (a test's stand-in, or a Twilio-compatible gateway), or as a
 * file under SMS_DIR (development), or not at all (SMS_PROVIDER=none).
 */

export type Sms = {
  to: string;
  body: string;
  /** The outbox row, which names the file a text is written to. */
  outboxId: string;
};

/** What the provider answered: its id of the message, for the delivery receipts. */
export type SmsSent = { providerId: string | null };

/** A refusal the provider will repeat (a bad number, an opted-out number): no retry. */
export class PermanentSmsError extends Error {
  readonly permanent = true;
}

export function textsEnabled(delivery: SmsDelivery = smsDelivery()): boolean {
  return delivery.SMS_PROVIDER !== "none";
}

const TIMEOUT_MS = 30_000;

async function sendByTwilio(sms: Sms, delivery: SmsDelivery): Promise<SmsSent> {
  const base = delivery.TWILIO_API_BASE.replace(/\/+$/, "");
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(delivery.TWILIO_ACCOUNT_SID)}/Messages.json`;
  const from = delivery.TWILIO_FROM;
  const form = new URLSearchParams({
    To: sms.to,
    Body: sms.body,
    ...(from.startsWith("MG") ? { MessagingServiceSid: from } : { From: from }),
    StatusCallback: `${getEnv().APP_URL}/webhooks/sms/status`,
  });
  const auth = Buffer.from(`${delivery.TWILIO_ACCOUNT_SID}:${delivery.TWILIO_AUTH_TOKEN}`);
  const response = await fetch(url, {
    method: "POST",
    headers: {
      authorization: `Basic ${auth.toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: form,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => ({}))) as {
    sid?: unknown;
    code?: unknown;
    message?: unknown;
  };
  if (!response.ok) {
    const detail = `Twilio answered ${response.status}${answer.code ? ` (${String(answer.code)})` : ""}: ${typeof answer.message === "string" ? answer.message : "no message"}`;
    // 4xx but 429 (too many requests): the same request gets the same answer.
    if (response.status >= 400 && response.status < 500 && response.status !== 429) {
      throw new PermanentSmsError(detail);
    }
    throw new Error(detail);
  }
  return { providerId: typeof answer.sid === "string" ? answer.sid : null };
}

async function writeSmsFile(sms: Sms, delivery: SmsDelivery): Promise<SmsSent> {
  await mkdir(delivery.SMS_DIR, { recursive: true });
  const file = path.join(delivery.SMS_DIR, `${Date.now()}-outbox-${sms.outboxId}.txt`);
  await writeFile(file, `To: ${sms.to}\n\n${sms.body}\n`);
  const body = getEnv().NODE_ENV === "production" ? "" : `\n${sms.body}`;
  console.info(`[sms] to=${sms.to} written to ${file}${body}`);
  return { providerId: null };
}

export async function sendSms(sms: Sms): Promise<SmsSent> {
  const delivery = smsDelivery();
  switch (delivery.SMS_PROVIDER) {
    case "twilio":
      return sendByTwilio(sms, delivery);
    case "file":
      return writeSmsFile(sms, delivery);
    default:
      throw new PermanentSmsError("Texts are off (SMS_PROVIDER=none)");
  }
}

/** Removes the files the outbox texts `ids` were written to (an account's deletion). */
export async function removeSmsFiles(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const dir = smsDelivery().SMS_DIR;
  const names = await readdir(dir).catch(() => [] as string[]);
  const wanted = new Set(ids.map((id) => `outbox-${id}.txt`));
  await Promise.all(
    names
      .filter((name) => wanted.has(name.slice(name.indexOf("-") + 1)))
      .map((name) => rm(path.join(dir, name), { force: true })),
  );
}
