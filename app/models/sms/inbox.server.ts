import { Prisma } from "@prisma/client";
import { prisma } from "~/infra/db.server";
import { limitStaffWrite } from "~/infra/rate-limit.server";
import { textsEnabled } from "~/infra/sms.server";
import { wakeOutbox } from "~/models/mail/outbox.server";
import { recordAudit } from "~/models/audit/trail.server";
import type { StaffRole } from "~/models/roles";
import { invalid, ok, type Result } from "~/utils/result";
import { enqueueText } from "./outbound.server";
import { OPT_OUT_LINE } from "./texts";
import { INBOX_MESSAGES, MAX_REPLY } from "./inbox-messages";

/**
 * The staff's messages inbox (/staff/messages; docs/decisions/052-text-messages.md): texts
 * that were no keyword, and R's call-back requests, per number, matched to the patients
 * whose mobile it is. Staff answer through the outbox (so the quiet hours hold) and mark a
 * conversation handled, which also takes its visits off the desk's needs-attention.
 */

type Actor = { id: string; role: StaffRole };

/**
 * Texts not yet handled, for the staff navigation's badge on every staff page: one plain
 * count (Prisma's query compiler costs more than the count itself, docs/performance.md),
 * read with the navigation's other counts in one statement (`staffCounts`).
 */
export const UNHANDLED_TEXTS_COUNT = Prisma.sql`
  SELECT COUNT(*) FROM "SmsInbound" WHERE "handledAt" IS NULL`;

export type ConversationSummary = {
  number: string;
  patients: { id: string; name: string }[];
  unhandled: number;
  lastBody: string;
  lastAt: Date;
};

/** The numbers with texts waiting, newest first, then the recently handled ones. */
export async function listConversations(limit = 50): Promise<ConversationSummary[]> {
  const rows = await prisma.smsInbound.findMany({
    where: { OR: [{ keyword: null }, { keyword: "R" }] },
    orderBy: [{ receivedAt: "desc" }],
    take: 500,
    select: { fromNumber: true, body: true, receivedAt: true, handledAt: true },
  });
  const byNumber = new Map<string, ConversationSummary>();
  for (const row of rows) {
    let entry = byNumber.get(row.fromNumber);
    if (!entry) {
      entry = {
        number: row.fromNumber,
        patients: [],
        unhandled: 0,
        lastBody: row.body,
        lastAt: row.receivedAt,
      };
      byNumber.set(row.fromNumber, entry);
    }
    if (!row.handledAt) entry.unhandled += 1;
  }
  const list = [...byNumber.values()]
    .sort((a, b) => Number(b.unhandled > 0) - Number(a.unhandled > 0) || +b.lastAt - +a.lastAt)
    .slice(0, limit);
  const patients = await prisma.user.findMany({
    where: { mobile: { in: list.map((entry) => entry.number) } },
    select: { id: true, name: true, mobile: true },
  });
  for (const entry of list) {
    entry.patients = patients
      .filter((p) => p.mobile === entry.number)
      .map(({ id, name }) => ({ id, name }));
  }
  return list;
}

export type ConversationLine = {
  id: string;
  direction: "in" | "out";
  body: string;
  at: Date;
  /** In: handled or not; out: the outbox's status and the provider's receipt. */
  state: string;
};

/** One number's texts, both ways, oldest first (the last 100). */
export async function readConversation(number: string) {
  const [inbound, outbound, patients] = await Promise.all([
    prisma.smsInbound.findMany({
      where: { fromNumber: number },
      orderBy: { receivedAt: "desc" },
      take: 100,
    }),
    prisma.outboxMessage.findMany({
      where: { channel: "sms", toAddress: number },
      orderBy: { createdAt: "desc" },
      take: 100,
      select: {
        id: true,
        text: true,
        createdAt: true,
        status: true,
        deliveryStatus: true,
        subject: true,
      },
    }),
    prisma.user.findMany({
      where: { mobile: number },
      select: { id: true, name: true, smsConsent: true },
    }),
  ]);
  const lines: ConversationLine[] = [
    ...inbound.map((row) => ({
      id: row.id,
      direction: "in" as const,
      body: row.body,
      at: row.receivedAt,
      state:
        row.keyword && row.keyword !== "R"
          ? `Keyword ${row.keyword}`
          : row.handledAt
            ? "Handled"
            : "Waiting",
    })),
    ...outbound.map((row) => ({
      id: row.id,
      direction: "out" as const,
      body: row.text.startsWith("(removed") ? row.subject : row.text,
      at: row.createdAt,
      state: row.deliveryStatus ?? row.status,
    })),
  ].sort((a, b) => +a.at - +b.at);
  return {
    number,
    patients,
    lines: lines.slice(-100),
    unhandled: inbound.filter((row) => !row.handledAt).length,
    optedOut: patients.length > 0 && patients.every((p) => p.smsConsent === "no"),
  };
}

export async function replyToNumber(
  number: string,
  rawBody: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<Result<{ message: string }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const body = rawBody.trim();
  if (!number) return invalid(INBOX_MESSAGES.noNumber);
  if (!body) return invalid(INBOX_MESSAGES.emptyReply);
  if (body.length > MAX_REPLY) return invalid(INBOX_MESSAGES.replyTooLong);
  if (!textsEnabled()) return invalid(INBOX_MESSAGES.textsOff);
  const known = await prisma.smsInbound.findFirst({
    where: { fromNumber: number },
    select: { id: true },
  });
  if (!known) return invalid(INBOX_MESSAGES.noNumber);
  const patients = await prisma.user.findMany({
    where: { mobile: number },
    select: { id: true, smsConsent: true },
  });
  if (patients.some((p) => p.smsConsent === "no")) return invalid(INBOX_MESSAGES.optedOut);
  await prisma.$transaction(async () => {
    await enqueueText(
      {
        dedupeKey: `reply:${number}:${now.getTime()}:${actor.id}`,
        kind: "reply",
        to: number,
        body: `${body} ${OPT_OUT_LINE}`,
        userId: patients[0]?.id ?? null,
      },
      now,
    );
    await recordAudit({
      actor,
      action: "sms.reply",
      entityType: "SmsInbound",
      entityId: number,
      patientId: patients[0]?.id ?? null,
      summary: "Answered a text",
    });
  });
  wakeOutbox();
  return ok({ message: INBOX_MESSAGES.replied });
}

export async function markHandled(
  number: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<Result<{ message: string }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  if (!number) return invalid(INBOX_MESSAGES.noNumber);
  await prisma.$transaction(async () => {
    const waiting = await prisma.smsInbound.findMany({
      where: { fromNumber: number, handledAt: null },
      select: { id: true, appointmentId: true },
    });
    if (waiting.length === 0) return;
    await prisma.smsInbound.updateMany({
      where: { id: { in: waiting.map((row) => row.id) } },
      data: { handledAt: now, handledById: actor.id },
    });
    const visits = waiting.flatMap((row) => row.appointmentId ?? []);
    if (visits.length > 0) {
      await prisma.appointment.updateMany({
        where: { id: { in: visits } },
        data: { callBackAt: null },
      });
    }
    await recordAudit({
      actor,
      action: "sms.handled",
      entityType: "SmsInbound",
      entityId: number,
      summary: `Marked ${waiting.length} ${waiting.length === 1 ? "text" : "texts"} handled`,
    });
  });
  return ok({ message: INBOX_MESSAGES.handled });
}
