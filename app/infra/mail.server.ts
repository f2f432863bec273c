import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import { getEnv, mailDelivery } from "~/infra/env.server";

export type MailAttachment = { filename: string; content: string; contentType: string };
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** A calendar part, sent as `text/calendar; method=...` (RFC 6047). */
  calendar?: { method: string; content: string };
  /** Fixed by the outbox per message, so a repeated delivery carries the same id. */
  messageId?: string;
};

const transports = new Map<string, Transporter>();

function smtpTransport(url: string) {
  let transport = transports.get(url);
  if (!transport) {
    // One pooled connection, reused by the outbox's messages one after another (a new
    // connection per message costs several times the message) and closed after 2 s idle.
    // The timeouts add up to well below the outbox's claim lock (OUTBOX_LOCK_SECONDS), so
    // a hung send never outlives its claim.
    transport = nodemailer.createTransport({
      url,
      pool: true,
      maxConnections: 1,
      idleTimeout: 2_000,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    transports.set(url, transport);
  }
  return transport;
}

/** Closes the SMTP transports (on shutdown, so nothing keeps the process alive). */
export function closeMailTransports() {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}

/**
 * Sends a message over SMTP when SMTP_URL is set. Without it (development), the message
 * is written to the outbox folder as an .eml file and its text printed to the log.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const env = getEnv();
  const { calendar, ...rest } = mail;
  const message = {
    from: env.MAIL_FROM,
    ...rest,
    ...(calendar ? { icalEvent: { method: calendar.method, content: calendar.content } } : {}),
  };
  const { SMTP_URL: smtpUrl, OUTBOX_DIR: outbox } = mailDelivery();
  if (smtpUrl) {
    await smtpTransport(smtpUrl).sendMail(message);
    return;
  }
  const raw = await nodemailer
    .createTransport({ streamTransport: true, buffer: true })
    .sendMail(message);
  await mkdir(outbox, { recursive: true });
  const file = path.join(outbox, `${Date.now()}-${mailFileTag(mail.messageId)}.eml`);
  await writeFile(file, raw.message as Buffer);
  // Mail can carry a sign-in or reset link: its text goes to the log only in development.
  const text = env.NODE_ENV === "production" ? "" : `\n${mail.text}`;
  console.info(`[mail] to=${mail.to} subject="${mail.subject}" written to ${file}${text}`);
}

/** The outbox message a mail file holds (named by it), else a random tag. */
function mailFileTag(messageId: string | undefined): string {
  const outboxId = /^<outbox-([A-Za-z0-9]+)@/.exec(messageId ?? "")?.[1];
  return outboxId ? `outbox-${outboxId}` : Math.random().toString(36).slice(2, 8);
}

/**
 * Removes the files the outbox messages `ids` were written to, where mail goes to files
 * (a patient's account deletion: their mail must not outlive it on the disk).
 */
export async function removeMailFiles(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const outbox = mailDelivery().OUTBOX_DIR;
  const names = await readdir(outbox).catch(() => [] as string[]);
  const wanted = new Set(ids.map((id) => `outbox-${id}.eml`));
  await Promise.all(
    names
      .filter((name) => wanted.has(name.slice(name.indexOf("-") + 1)))
      .map((name) => rm(path.join(outbox, name), { force: true })),
  );
}
