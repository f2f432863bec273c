import { prisma } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { textsEnabled } from "~/infra/sms.server";
import { messageAccounts } from "~/models/family/recipient.server";
import { firstName } from "~/models/family/rules";
import { enqueueMail } from "~/models/mail/outbox.server";
import type { Settings } from "~/models/settings/clinic-settings.server";
import { channelOf, TEXT_KINDS, type TextKind } from "./channels";
import { DROP_REASONS } from "./send-rules";
import { textLinkFor } from "./short-link.server";
import { composeText, shortWhen } from "./texts";

/**
 * Texts written to the outbox (docs/decisions/052-text-messages.md), beside the mail of
 * the same cause and in its transaction, with their own dedupe key (`sms:` + the mail's).
 */

/** Where a patient's texts go: a number, whose record it is on, and whom the text is about. */
export type TextRecipient = {
  to: string;
  /** The patient's own record, or the guardian's who receives their messages. */
  accountId: string;
  /** The family member's first name when the text goes to their guardian. */
  about: string | null;
};

/**
 * The number the clinic may text for this patient, or null: the mobile of whoever receives
 * their messages (the guardian's for a family member without an account of their own,
 * ~/models/family/recipient.server), with that person's consent.
 */
export async function textRecipient(userId: string | null): Promise<TextRecipient | null> {
  if (!userId || !textsEnabled()) return null;
  const accounts = await messageAccounts(userId);
  if (accounts.length === 0) return null;
  const rows = await prisma.user.findMany({
    where: { id: { in: accounts } },
    select: { id: true, mobile: true, smsConsent: true },
  });
  for (const accountId of accounts) {
    const row = rows.find((user) => user.id === accountId);
    if (!row?.mobile || row.smsConsent !== "yes") continue;
    if (accountId === userId) return { to: row.mobile, accountId, about: null };
    const patient = await prisma.user.findUnique({ where: { id: userId }, select: { name: true } });
    return { to: row.mobile, accountId, about: patient ? firstName(patient.name) : null };
  }
  return null;
}

/** Where `kind` goes for this patient: whom to text (or null), and whether mail too. */
export async function textPlan(
  userId: string | null,
  kind: string,
  settings: Pick<Settings, "messageChannels">,
): Promise<{ textTo: TextRecipient | null; mailToo: boolean }> {
  const channel = channelOf(settings.messageChannels, kind);
  if (channel === "email") return { textTo: null, mailToo: true };
  const textTo = await textRecipient(userId);
  return { textTo, mailToo: !textTo || channel === "both" };
}

export type NewText = {
  dedupeKey: string;
  /** 'reply': staff answering a text in the inbox. */
  kind: TextKind | "reply";
  to: string;
  body: string;
  userId?: string | null;
  appointmentId?: string;
  notBefore?: Date;
  expiresAt?: Date;
  /**
   * The numbers already texted in this sweep: a number shared by several patients gets
   * one text; the others are recorded as dropped with the reason.
   */
  sweptNumbers?: Set<string>;
};

/** Writes a text to the outbox, as one step of the caller's transaction. */
export async function enqueueText(text: NewText, now: Date): Promise<void> {
  const shared = text.sweptNumbers?.has(text.to) ?? false;
  text.sweptNumbers?.add(text.to);
  const row = await enqueueMail(
    {
      dedupeKey: `sms:${text.dedupeKey}`,
      kind: text.kind === "reply" ? "sms_reply" : text.kind,
      channel: "sms",
      to: text.to,
      subject:
        text.kind === "reply"
          ? "Text: the clinic's reply"
          : `Text: ${TEXT_KINDS[text.kind].toLowerCase()}`,
      text: text.body,
      userId: text.userId ?? undefined,
      appointmentId: text.appointmentId,
      notBefore: text.notBefore,
      expiresAt: text.expiresAt,
    },
    now,
  );
  // Only a row this call wrote (an older one keeps what it had).
  if (shared && row.status === "pending" && row.createdAt.getTime() === now.getTime()) {
    await prisma.outboxMessage.update({
      where: { id: row.id },
      data: { status: "dropped", lastError: DROP_REASONS.sharedNumber },
    });
  }
}

/** A visit's text (booking, move, cancellation, reminder), composed and written. */
export async function enqueueVisitText(
  visit: { id: string; userId: string | null; startsAt: Date; status: string },
  kind: "booking" | "change" | "cancellation" | "reminder",
  to: TextRecipient,
  settings: Settings,
  now: Date,
  options: {
    token: string | null;
    dedupeKey: string;
    notBefore?: Date;
    sweptNumbers?: Set<string>;
  },
): Promise<void> {
  const body = composeText(kind, {
    clinicName: settings.clinicName,
    when: shortWhen(visit.startsAt, settings),
    // The visit's short link to its confirm page, which shows the visit and its choices.
    link:
      kind === "cancellation" || !options.token ? null : await textLinkFor(visit.id, options.token),
    confirmed: visit.status === "confirmed",
    about: to.about,
  });
  await enqueueText(
    {
      dedupeKey: options.dedupeKey,
      kind,
      to: to.to,
      body,
      // The record it went to: a guardian's text leaves with the guardian's, as mail does.
      userId: to.accountId,
      appointmentId: visit.id,
      notBefore: options.notBefore,
      // Every text about a visit is of no use once it started.
      expiresAt: visit.startsAt,
      sweptNumbers: options.sweptNumbers,
    },
    now,
  );
}

/**
 * A family's reminder (one mail for the visits of a day whose messages go to one person,
 * ~/models/mail/family-reminders.server) as one text: how many, from when, and My
 * appointments, where the guardian sees and confirms each.
 */
export async function enqueueFamilyText(
  family: { key: string; visits: { id: string; startsAt: Date }[] },
  to: TextRecipient,
  settings: Settings,
  now: Date,
  sweptNumbers?: Set<string>,
): Promise<void> {
  const first = family.visits[0]!;
  await enqueueText(
    {
      dedupeKey: family.key,
      kind: "reminder",
      to: to.to,
      body: composeText("reminder", {
        clinicName: settings.clinicName,
        when: shortWhen(first.startsAt, settings),
        link: `${getEnv().APP_URL}/user/appointments`,
        family: family.visits.length,
      }),
      userId: to.accountId,
      appointmentId: first.id,
      expiresAt: first.startsAt,
      sweptNumbers,
    },
    now,
  );
}

/** A waiting-list offer's text: the time, until when it is open, and its own link. */
export async function enqueueOfferText(
  offer: { id: string; startsAt: Date; expiresAt: Date; link: string },
  to: TextRecipient,
  settings: Settings,
  now: Date,
): Promise<void> {
  await enqueueText(
    {
      dedupeKey: `waitlist-offer:${offer.id}`,
      kind: "waitlist_offer",
      to: to.to,
      body: composeText("waitlist_offer", {
        clinicName: settings.clinicName,
        when: shortWhen(offer.startsAt, settings),
        until: shortWhen(offer.expiresAt, settings),
        link: offer.link,
        about: to.about,
      }),
      userId: to.accountId,
      expiresAt: offer.expiresAt,
    },
    now,
  );
}
