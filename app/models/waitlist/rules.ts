/**
 * The waiting list's rules as pure functions (docs/decisions/024-waitlist.md): which entries
 * a freed time suits, which dentist an offer names, and until when an offer stands. The
 * database side is ~/models/waitlist/waitlist.server.
 */
import { type ClinicClock, formatTime } from "~/utils/clinic-format";
import { toMinutes } from "~/models/booking/slot-engine";

export const PARTS_OF_DAY = ["any", "morning", "afternoon"] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];

/** Where morning ends and afternoon begins. */
const NOON = "12:00";

/** "Morning (before 12:00 PM)": noon written in the clinic's locale. */
export function partOfDayLabel(part: PartOfDay, clock: ClinicClock): string {
  if (part === "any") return "Any time of day";
  const noon = formatTime(NOON, clock);
  return part === "morning" ? `Morning (before ${noon})` : `Afternoon (from ${noon})`;
}

export function isPartOfDay(value: string): value is PartOfDay {
  return (PARTS_OF_DAY as readonly string[]).includes(value);
}

/** Active entries one patient may have at once (one per service). */
export const MAX_WAITLIST_ENTRIES = 3;
/** The longest range of dates one entry may cover. */
export const MAX_WAITLIST_DAYS = 60;
/**
 * How many patients are offered one freed time at once: the first to accept books it. More
 * than one fills the time while it is still useful to someone (a single offer may sit
 * unread for hours); not the whole list, so few read "already taken".
 */
export const OFFERS_PER_TIME = 3;

/** Morning is a start before noon, afternoon one from noon. */
export function partOfDayOf(time: string): Exclude<PartOfDay, "any"> {
  return toMinutes(time) < toMinutes(NOON) ? "morning" : "afternoon";
}

/** The parts of day an entry may ask for that a start at `time` satisfies. */
export function partsOfDayFor(time: string): PartOfDay[] {
  return ["any", partOfDayOf(time)];
}

export type EntryWish = {
  fromDate: string;
  toDate: string;
  partOfDay: string;
  dentistId: string | null;
};

/** Whether a time on `date` at `time` lies in the entry's dates and part of the day. */
export function wishCovers(entry: EntryWish, date: string, time: string): boolean {
  return (
    entry.fromDate <= date &&
    date <= entry.toDate &&
    (partsOfDayFor(time) as string[]).includes(entry.partOfDay)
  );
}

/**
 * The dentist an offer to `entry` names, or null when the time does not suit it: their own
 * dentist if free, else (any dentist) the one whose time was freed, else the first free.
 */
export function offerDentist(
  entry: Pick<EntryWish, "dentistId">,
  free: string[],
  freedDentistId: string | null,
): string | null {
  if (entry.dentistId) return free.includes(entry.dentistId) ? entry.dentistId : null;
  if (freedDentistId && free.includes(freedDentistId)) return freedDentistId;
  return free[0] ?? null;
}

/**
 * Until when an offer made at `now` stands: `offerHours` later, but never past the last
 * moment the time can still be booked online (its start minus the minimum notice). Null
 * when that moment has passed: the time is not offered at all.
 */
export function offerExpiry(options: {
  now: Date;
  startsAt: Date;
  offerHours: number;
  minNoticeMinutes: number;
}): Date | null {
  const lastBooking = options.startsAt.getTime() - options.minNoticeMinutes * 60_000;
  const expires = Math.min(options.now.getTime() + options.offerHours * 3_600_000, lastBooking);
  return expires > options.now.getTime() ? new Date(expires) : null;
}
