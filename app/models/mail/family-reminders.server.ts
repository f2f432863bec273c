/**
 * One reminder for a family's day (docs/decisions/049-families.md): when reminders fall
 * due for visits whose messages go to one person (a guardian and the family members they
 * look after) on one day, they go as one message naming each visit, with each visit's own
 * links. A visit it names counts as reminded by that rule: its id (and start) is part of
 * the message's dedupe key, which the sweep reads back by the key's prefix.
 */
import { prisma } from "~/infra/db.server";
import { type ClinicClock, formatDate, formatTime } from "~/utils/clinic-format";
import { messageRecipient, type Recipient } from "~/models/family/recipient.server";
import { firstName } from "~/models/family/rules";
import { linkTokenFor, linkUrl } from "~/models/self-service/appointment-link.server";
import { isInsideCutoff } from "~/models/booking/cancellation-policy.server";
import type { Settings } from "~/models/settings/clinic-settings.server";
import type { MailAppointment } from "./appointment-mail.server";
import { enqueueFamilyText, textPlan } from "~/models/sms/outbound.server";
import { enqueueMail } from "./outbox.server";
import { type QuietHours, reminderSendAt } from "./reminder-rules";

/** A visit the sweep reads, with what its mail needs. */
export type SweptVisit = MailAppointment & {
  createdAt: Date;
  rescheduledAt: Date | null;
};

/** A reminder due now: the visit, its own dedupe key and the rule (hours before). */
export type DueReminder = {
  visit: SweptVisit;
  key: string;
  rule: number;
  /** The visit's first reminder, which links to the forms due. */
  first: boolean;
};

export type FamilyReminder = {
  recipient: Recipient;
  date: string;
  rule: number;
  visits: SweptVisit[];
  key: string;
};

const CHUNK = 400;
const ACTIVE = ["booked", "confirmed"];

function familyPrefix(accountId: string, date: string, rule: number) {
  return `reminder:family:${accountId}:${date}:${rule}h:`;
}

/** A visit as a family key names it: a moved visit is a new one. */
const member = (visit: { id: string; startsAt: Date }) =>
  `${visit.id}.${visit.startsAt.getTime().toString(36)}`;

async function chunked<T>(ids: string[], read: (part: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += CHUNK) {
    rows.push(...(await read(ids.slice(start, start + CHUNK))));
  }
  return rows;
}

/** The visits a family reminder of this recipient, day and rule already named. */
async function coveredBefore(accountId: string, date: string, rule: number): Promise<Set<string>> {
  const prefix = familyPrefix(accountId, date, rule);
  // A range on the unique key's index (a LIKE would read every message).
  const rows = await prisma.outboxMessage.findMany({
    where: { dedupeKey: { gte: prefix, lt: `${prefix}~` } },
    select: { dedupeKey: true },
  });
  return new Set(rows.flatMap((row) => row.dedupeKey.slice(prefix.length).split(",")));
}

/**
 * Splits the reminders due now into those that go alone and the families' days: the due
 * visits of patients who look after someone or are looked after, with the other visits of
 * their family that day whose reminder by the same rule is still to come, grouped by who
 * receives them. Patients without a family cost one query per sweep.
 */
export async function groupFamilies(
  due: DueReminder[],
  now: Date,
  quiet: QuietHours,
): Promise<{ singles: DueReminder[]; families: FamilyReminder[] }> {
  const userIds = [...new Set(due.flatMap((entry) => entry.visit.userId ?? []))];
  const links = await chunked(userIds, (ids) =>
    prisma.guardianLink.findMany({
      where: { endedAt: null, OR: [{ guardianId: { in: ids } }, { dependantId: { in: ids } }] },
      select: { guardianId: true },
    }),
  );
  if (links.length === 0) return { singles: due, families: [] };
  const guardians = [...new Set(links.map((link) => link.guardianId))];
  const members = await chunked(guardians, (ids) =>
    prisma.guardianLink.findMany({
      where: { endedAt: null, guardianId: { in: ids } },
      select: { dependantId: true },
    }),
  );
  const family = new Set([...guardians, ...members.map((link) => link.dependantId)]);
  const inFamily = due.filter((entry) => entry.visit.userId && family.has(entry.visit.userId));
  const singles = due.filter((entry) => !inFamily.includes(entry));
  if (inFamily.length === 0) return { singles, families: [] };

  const dates = [...new Set(inFamily.map((entry) => entry.visit.date))];
  const sameDay = await chunked([...family], (ids) =>
    prisma.appointment.findMany({
      where: {
        userId: { in: ids },
        date: { in: dates },
        status: { in: ACTIVE },
        startsAt: { gt: now },
      },
      include: {
        service: { select: { name: true, durationMinutes: true } },
        dentist: { select: { name: true } },
      },
    }),
  );
  const recipients = new Map<string, Recipient | null>();
  for (const id of new Set(sameDay.flatMap((visit) => visit.userId ?? []))) {
    recipients.set(id, await messageRecipient(id));
  }
  const accountOf = (visit: { userId: string | null }) =>
    visit.userId ? (recipients.get(visit.userId)?.accountId ?? null) : null;

  const groups = new Map<string, DueReminder[]>();
  for (const entry of inFamily) {
    const account = accountOf(entry.visit);
    if (!account) {
      singles.push(entry);
      continue;
    }
    const group = `${account}|${entry.visit.date}|${entry.rule}`;
    groups.set(group, [...(groups.get(group) ?? []), entry]);
  }
  const families: FamilyReminder[] = [];
  for (const [group, entries] of groups) {
    const [account = "", date = "", hours = "0"] = group.split("|");
    const rule = Number(hours);
    const covered = await coveredBefore(account, date, rule);
    const dueHere = entries.filter((entry) => !covered.has(member(entry.visit)));
    if (dueHere.length === 0) continue;
    const dueIds = new Set(dueHere.map((entry) => entry.visit.id));
    // The family's other visits that day whose reminder by this rule is still to come.
    const later = sameDay.filter((visit) => {
      if (dueIds.has(visit.id) || accountOf(visit) !== account || visit.date !== date) return false;
      if (covered.has(member(visit))) return false;
      const scheduledAt = visit.rescheduledAt ?? visit.createdAt;
      const sendAt = reminderSendAt({ startsAt: visit.startsAt, scheduledAt }, rule, quiet);
      return sendAt !== null && sendAt > now;
    });
    const visits = [...dueHere.map((entry) => entry.visit), ...later].sort(
      (a, b) => a.startsAt.getTime() - b.startsAt.getTime(),
    );
    if (visits.length === 1) {
      singles.push(dueHere[0]!);
      continue;
    }
    families.push({
      recipient: recipients.get(visits[0]!.userId!)!,
      date,
      rule,
      visits,
      key: familyPrefix(account, date, rule) + visits.map(member).sort().join(","),
    });
  }
  return { singles, families };
}

/**
 * Writes a family's reminder to the outbox, in the caller's transaction: who each visit is
 * for, with its links (or, inside the cancellation cutoff, the clinic's phone). The address
 * is asked again here, as every mail asks it. Answers the address, or null for none.
 */
export async function enqueueFamilyReminder(
  family: FamilyReminder,
  settings: Settings,
  now: Date,
  sweptNumbers?: Set<string>,
): Promise<string | null> {
  // By mail, text or both as the clinic settings say (docs/decisions/052-text-messages.md).
  const { textTo, mailToo } = await textPlan(family.visits[0]!.userId, "reminder", settings);
  const texted = textTo !== null && textTo.accountId === family.recipient.accountId;
  if (texted) await enqueueFamilyText(family, textTo, settings, now, sweptNumbers);
  if (texted && !mailToo) return null;
  const recipient = await messageRecipient(family.visits[0]!.userId);
  if (!recipient || recipient.accountId !== family.recipient.accountId) return null;
  const clock: ClinicClock = { timeZone: settings.timeZone, locale: settings.locale };
  const lines: string[] = [];
  for (const visit of family.visits) {
    const about = (await messageRecipient(visit.userId))?.about ?? null;
    const whose = about ? `${firstName(about.name)}'s` : "Your";
    const confirmed = visit.status === "confirmed";
    lines.push(
      `- ${formatTime(visit.time, clock)}: ${whose} ${visit.service.name} with ${visit.dentist.name}${confirmed ? " (confirmed, thank you)" : ""}`,
    );
    const token = await linkTokenFor(visit);
    if (!confirmed) lines.push(`  Confirm: ${linkUrl(token, "confirm")}`);
    if (isInsideCutoff(visit.startsAt, settings, now)) {
      lines.push(`  Changes by phone only${settings.phone ? `: ${settings.phone}` : ""}`);
    } else {
      lines.push(
        `  Reschedule: ${linkUrl(token, "reschedule")}`,
        `  Cancel: ${linkUrl(token, "cancel")}`,
      );
    }
  }
  const day = formatDate(family.date, clock);
  await enqueueMail(
    {
      dedupeKey: family.key,
      kind: "reminder",
      to: recipient.to,
      subject: `Reminder: ${family.visits.length} family appointments on ${day}`,
      text: [
        `Hello ${recipient.greet},`,
        "",
        `this is a reminder of your family's appointments on ${day}:`,
        "",
        ...lines,
        "",
        `You can also see, move or cancel them under My appointments on our website${settings.phone ? `, or call us on ${settings.phone}` : ""}.`,
        "",
        settings.clinicName,
      ].join("\n"),
      userId: recipient.accountId,
      appointmentId: family.visits[0]!.id,
    },
    now,
  );
  return recipient.to;
}
