import { isQuiet, quietEnd, type QuietHours } from "~/models/mail/reminder-rules";
import { clinicNow, clinicTimeToUtc } from "~/utils/clinic-time";

/**
 * Whether a due text leaves now (docs/decisions/052-text-messages.md), as pure rules with
 * the clock passed in: never in the clinic's quiet hours (it waits for their end when it
 * is still of use then), never once its use has passed (a reminder after its visit
 * started), never past the month's cap.
 */

export type TextGate = { send: true } | { wait: Date } | { drop: string };

export const DROP_REASONS = {
  expired: "Not sent: its visit had started, so the text was of no use any more.",
  quietUntilExpired:
    "Not sent: the quiet hours last until its visit starts, so the text would be of no use.",
  cap: (cap: number) => `Not sent: this month's cap of ${cap} texts was reached.`,
  optedOut: "Not sent: the number opted out of texts (STOP).",
  sharedNumber: "Not sent: this number got another text in the same sweep (a shared number).",
} as const;

export function gateText(input: {
  now: Date;
  expiresAt: Date | null;
  quiet: QuietHours;
  sentThisMonth: number;
  monthlyCap: number;
}): TextGate {
  const { now, expiresAt, quiet } = input;
  if (expiresAt && expiresAt <= now) return { drop: DROP_REASONS.expired };
  if (input.sentThisMonth >= input.monthlyCap) return { drop: DROP_REASONS.cap(input.monthlyCap) };
  if (isQuiet(now, quiet)) {
    const end = quietEnd(now, quiet);
    if (expiresAt && end >= expiresAt) return { drop: DROP_REASONS.quietUntilExpired };
    return { wait: end };
  }
  return { send: true };
}

/** The first instant of `now`'s calendar month, clinic time: the cap counts from it. */
export function monthStart(now: Date, timeZone: string): Date {
  const { date } = clinicNow(now, timeZone);
  return clinicTimeToUtc(`${date.slice(0, 7)}-01`, "00:00", timeZone);
}
