import { prisma } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { dueRule, type QuietHours, reminderSendAt } from "./reminder-rules";
import { enqueueAppointmentMail } from "./appointment-mail.server";
import { type DueReminder, enqueueFamilyReminder, groupFamilies } from "./family-reminders.server";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { wakeOutbox } from "./outbox.server";
import { type BackgroundJob, startSweep } from "~/infra/sweep.server";

/**
 * The reminder sweep (docs/decisions/020-reminders.md): writes the reminders that are due
 * at `now` to the outbox, one per (appointment, rule, start time) thanks to the outbox's
 * dedupe key, so a repeated sweep sends nothing twice and a moved visit gets fresh
 * reminders. It reads only the visits starting within the longest rule, through the
 * (status, startsAt) index, never the whole table.
 */

const HOUR = 3_600_000;

export type SweepSummary = { candidates: number; enqueued: number };

export function reminderKey(appointmentId: string, hoursBefore: number, startsAt: Date): string {
  return `reminder:${appointmentId}:${hoursBefore}h:${startsAt.toISOString()}`;
}

export async function sweepReminders(now: Date = new Date()): Promise<SweepSummary> {
  const settings = await getClinicSettings();
  const rules = settings.reminderRules.map((rule) => rule.hoursBefore);
  if (rules.length === 0) return { candidates: 0, enqueued: 0 };
  const quiet: QuietHours = {
    start: settings.quietHoursStart,
    end: settings.quietHoursEnd,
    timeZone: settings.timeZone,
  };
  const horizon = new Date(now.getTime() + Math.max(...rules) * HOUR);
  const visits = await prisma.appointment.findMany({
    where: { status: { in: ["booked", "confirmed"] }, startsAt: { gt: now, lte: horizon } },
    include: {
      service: { select: { name: true, durationMinutes: true } },
      dentist: { select: { name: true } },
    },
  });
  const due: DueReminder[] = visits.flatMap((visit) => {
    const times = { startsAt: visit.startsAt, scheduledAt: visit.rescheduledAt ?? visit.createdAt };
    const rule = dueRule(times, rules, quiet, now);
    // The visit's first reminder (the earliest it gets) links to the forms due, as the confirmation does.
    const first = Math.max(
      ...rules.filter((hours) => reminderSendAt(times, hours, quiet) !== null),
    );
    return rule === null
      ? []
      : [{ visit, key: reminderKey(visit.id, rule, visit.startsAt), rule, first: rule === first }];
  });
  const sent = new Set<string>();
  // The keys already in the outbox, read in chunks (SQLite bounds a statement's variables).
  for (let start = 0; start < due.length; start += 500) {
    const rows = await prisma.outboxMessage.findMany({
      where: { dedupeKey: { in: due.slice(start, start + 500).map((entry) => entry.key) } },
      select: { dedupeKey: true },
    });
    for (const row of rows) sent.add(row.dedupeKey);
  }
  // A family's visits on one day go as one message (docs/decisions/049-families.md).
  const { singles, families } = await groupFamilies(
    due.filter((entry) => !sent.has(entry.key)),
    now,
    quiet,
  );
  let enqueued = 0;
  const sweptNumbers = new Set<string>();
  const writes = [
    ...singles.map(
      ({ visit, key, first }) =>
        () =>
          enqueueAppointmentMail(visit, "reminder", settings, now, {
            dedupeKey: key,
            firstReminder: first,
            sweptNumbers,
          }),
    ),
    ...families.map((family) => () => enqueueFamilyReminder(family, settings, now, sweptNumbers)),
  ];
  for (const write of writes) {
    // One short transaction per reminder: the link's hash and the message together.
    const written = await prisma.$transaction(write);
    if (written) enqueued += 1;
    // Queries outside a transaction wait while one is open (sqlite-adapter.server.ts); back
    // to back, these transactions would hold off every page and the outbox worker until
    // the last reminder is written. Between two, whatever waits goes first.
    await yieldToWaiting();
  }
  if (enqueued > 0) wakeOutbox();
  return { candidates: visits.length, enqueued };
}

function yieldToWaiting(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Sweeps every `REMINDER_SWEEP_SECONDS`. */
export function startReminderSweep(sweepSeconds = getEnv().REMINDER_SWEEP_SECONDS): BackgroundJob {
  return startSweep("reminders", () => sweepReminders(), {
    pattern: "* * * * * *",
    intervalSeconds: sweepSeconds,
  });
}
