import type { TextKind } from "./channels";

/**
 * The texts' bodies (docs/decisions/052-text-messages.md): short (one 160-character GSM-7
 * segment where it fits), nothing clinical (no service, dentist, notes or alerts: texts are
 * not private), the visit's own link where the mail carries links, and the opt-out line.
 */

export const OPT_OUT_LINE = "Reply STOP to opt out";

export type TextFacts = {
  clinicName: string;
  /** The visit's (or the offer's) time, short: "Tue, Dec 3, 10:00 AM". */
  when: string;
  /** The link the text carries, or null. */
  link: string | null;
  /** A reminder of a visit not yet confirmed asks for a C. */
  confirmed?: boolean;
  /** A waiting-list offer's deadline, short. */
  until?: string;
  /** The family member's first name, for a text to their guardian. */
  about?: string | null;
  /** A family's reminder: how many visits that day (`when` is the first's). */
  family?: number;
};

export function composeText(kind: TextKind, facts: TextFacts): string {
  const { clinicName, when, link } = facts;
  const linkPart = link ? ` ${link}` : "";
  const whose = facts.about ? `${facts.about}'s` : "your";
  const body = {
    booking: `${clinicName}: ${whose} appointment is booked for ${when}.${linkPart}`,
    change: `${clinicName}: ${whose} appointment has moved to ${when}.${linkPart}`,
    cancellation: `${clinicName}: ${whose} appointment on ${when} is cancelled.`,
    reminder: facts.family
      ? `${clinicName}: reminder of your family's ${facts.family} appointments from ${when}. Reply R if we should call you.${linkPart}`
      : `${clinicName}: reminder of ${whose} appointment on ${when}.${facts.confirmed ? " Reply R if we should call you." : " Reply C to confirm, R if we should call you."}${linkPart}`,
    waitlist_offer: `${clinicName}: a time is free${facts.about ? ` for ${facts.about}` : ""} on ${when}${facts.until ? `, yours until ${facts.until}` : ""}.${linkPart}`,
    recall_invitation: `${clinicName}: it is time for ${whose} next check-up.${linkPart}`,
  }[kind];
  return `${body} ${OPT_OUT_LINE}`;
}

/** A date and time as texts say them: short, in the clinic's zone and language. */
export function shortWhen(instant: Date, clock: { timeZone: string; locale: string }): string {
  return new Intl.DateTimeFormat(clock.locale, {
    timeZone: clock.timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(instant);
}
