import { addDays, clinicNow, clinicTimeToUtc } from "~/utils/clinic-time";

/**
 * When a reminder goes out (docs/decisions/020-reminders.md), as pure rules: `hoursBefore`
 * the visit, except that nothing is sent in the clinic's quiet hours (20:00-08:00 by
 * default): a reminder falling in them is held until they end, and dropped when the visit
 * starts before then (the earlier reminder went out already, and nobody is woken for it).
 */

export type QuietHours = { start: string; end: string; timeZone: string };

const HOUR = 3_600_000;

/** True when `instant` falls in the quiet hours, clinic wall-clock time. */
export function isQuiet(instant: Date, quiet: QuietHours): boolean {
  if (quiet.start === quiet.end) return false;
  const { time } = clinicNow(instant, quiet.timeZone);
  return quiet.start < quiet.end
    ? time >= quiet.start && time < quiet.end
    : time >= quiet.start || time < quiet.end;
}

/** The first instant at or after `instant` outside the quiet hours. */
export function quietEnd(instant: Date, quiet: QuietHours): Date {
  if (!isQuiet(instant, quiet)) return instant;
  const { date, time } = clinicNow(instant, quiet.timeZone);
  // Over midnight: before `end` it ends today, after `start` it ends tomorrow.
  const day = time >= quiet.start && quiet.start > quiet.end ? addDays(date, 1) : date;
  return clinicTimeToUtc(day, quiet.end, quiet.timeZone);
}

/**
 * When the reminder `hoursBefore` a visit is sent, or null when it is not sent at all:
 * its time had passed when the visit was booked (or moved there), or the quiet hours hold
 * it until the visit has started.
 */
export function reminderSendAt(
  visit: { startsAt: Date; scheduledAt: Date },
  hoursBefore: number,
  quiet: QuietHours,
): Date | null {
  const due = new Date(visit.startsAt.getTime() - hoursBefore * HOUR);
  if (due < visit.scheduledAt) return null;
  const sendAt = quietEnd(due, quiet);
  return sendAt < visit.startsAt ? sendAt : null;
}

/**
 * Of the rules whose reminder is due at `now`, the one nearest the visit: after a pause
 * (a stopped server), a visit gets one reminder, not every one it missed.
 */
export function dueRule(
  visit: { startsAt: Date; scheduledAt: Date },
  rules: number[],
  quiet: QuietHours,
  now: Date,
): number | null {
  if (isQuiet(now, quiet) || visit.startsAt <= now) return null;
  const due = rules
    .filter((hours) => {
      const at = reminderSendAt(visit, hours, quiet);
      return at !== null && at <= now;
    })
    .sort((a, b) => a - b);
  return due[0] ?? null;
}
