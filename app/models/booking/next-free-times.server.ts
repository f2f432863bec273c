/**
 * The first free times (issue 25; the desk's too, issue 31): the next days on which the
 * chosen service still has a free start, with a dentist or any dentist who performs it,
 * and why each day passed over has none. Each day comes from the booking core's free
 * times under the online policy (the desk's waives the notice), the very rules that book
 * and move visits (docs/decisions/027-one-booking-core.md), so the strip follows the
 * diary's rules, whatever they become; this module only decides which days to ask about.
 */
import { type ClinicClock, formatDate, formatTime } from "~/utils/clinic-format";
import { addDays, clinicNow, isIsoDate } from "~/utils/clinic-time";
import { ok, invalid, type Result } from "~/utils/result";
import { DATE_FORMAT_MESSAGE } from "~/validation/appointment";
import { UNKNOWN_SERVICE_MESSAGE } from "~/validation/service";
import { findBookableService, resolveDentist } from "~/models/booking/choices.server";
import { emptyDayReason, freeTimesOfDays, type EmptyDay } from "~/models/booking/free-times.server";
import { type BookingPolicy, onlinePolicy } from "~/models/booking/policy";
import { dayRefusal } from "~/models/booking/evaluate";
import { getClinicClock, getClinicSettings } from "~/models/settings/clinic-settings.server";

/** How many days with a free time the strip shows. */
export const STRIP_DAYS = 7;
/**
 * Calendar days one strip looks through at most: a fully booked month and the week after
 * it, never the whole horizon; past them the strip offers to look further.
 */
export const STRIP_SCAN_DAYS = 42;

export type FreeDay = {
  /** Clinic date, YYYY-MM-DD. */
  date: string;
  /** "Thursday, Nov 26". */
  label: string;
  /** The same in two short lines for a narrow column: "Thu", "Nov 26". */
  weekday: string;
  day: string;
  /** Every free start that day, HH:MM, earliest first. */
  times: string[];
  /** The same times as the clinic writes them ("9:00 AM"). */
  labels: string[];
};

/** A day looked at that has no free time, and why. */
export type EmptyFreeDay = EmptyDay & { date: string; label: string };

export type FreeDays = {
  /** The first date the strip looked at. */
  from: string;
  /** Up to STRIP_DAYS days with a free time, earliest first. */
  days: FreeDay[];
  /**
   * The days between the first the clinic opens and the last shown (or the last looked
   * at) that have no free time, earliest first, each with its reason.
   */
  empty: EmptyFreeDay[];
  /** Where the next strip would start (null: nothing after these inside the horizon). */
  next: string | null;
  /** The day after the last one looked at, when nothing was found up to it. */
  searchedUntil: string;
};

const tidy = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

const STRIP_FORMATS = {
  label: { weekday: "long", month: "short", day: "numeric" },
  weekday: { weekday: "short" },
  day: { month: "short", day: "numeric" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** Building a DateTimeFormat costs far more than using one: a month's strip labels 40 days. */
const stripFormats = new Map<string, Record<keyof typeof STRIP_FORMATS, Intl.DateTimeFormat>>();

function stripFormatsOf(locale: string) {
  let formats = stripFormats.get(locale);
  if (!formats) {
    const of = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    formats = {
      label: of(STRIP_FORMATS.label),
      weekday: of(STRIP_FORMATS.weekday),
      day: of(STRIP_FORMATS.day),
    };
    stripFormats.set(locale, formats);
  }
  return formats;
}

const utcDay = (date: string) => {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!));
};

/** "Thursday, Nov 26", and "Thu" and "Nov 26", for a clinic date. */
export function formatStripDay(date: string, clock: ClinicClock) {
  const instant = utcDay(date);
  const formats = stripFormatsOf(clock.locale);
  return {
    label: tidy(formats.label.format(instant)),
    weekday: tidy(formats.weekday.format(instant)),
    day: tidy(formats.day.format(instant)),
  };
}

/** "Thursday, Nov 26" alone (an empty day's). */
const stripLabel = (date: string, clock: ClinicClock) =>
  tidy(stripFormatsOf(clock.locale).label.format(utcDay(date)));

/**
 * The next days from `from` (today when earlier) with a free start for `service` (and
 * `dentistId`, or any dentist who performs it): at most STRIP_DAYS of them, looking at
 * most STRIP_SCAN_DAYS calendar days ahead and never past the booking horizon. A
 * booked-up day costs a count, not a read of its holds (`freeTimesOfDays`): a week with
 * free times is two queries, and so is a booked-up month before it.
 */
export async function nextFreeDays(options: {
  service: { id: string; name?: string; durationMinutes: number; bufferMinutes: number };
  dentistId?: string;
  from?: string;
  now?: Date;
  /** The online policy unless said (the desk's waives the notice). */
  policy?: BookingPolicy;
}): Promise<FreeDays> {
  const now = options.now ?? new Date();
  const policy = options.policy ?? onlinePolicy(null);
  const settings = await getClinicSettings();
  const clock = { timeZone: settings.timeZone, locale: settings.locale };
  const today = clinicNow(now, settings.timeZone).date;
  const lastBookable = addDays(today, settings.horizonDays);
  const wanted = options.from && options.from > today ? options.from : today;
  const from = wanted < lastBookable ? wanted : lastBookable;
  const until = [addDays(from, STRIP_SCAN_DAYS - 1), lastBookable].sort()[0]!;
  const { id, name = "a visit", durationMinutes, bufferMinutes } = options.service;
  const visit = { name, durationMinutes, bufferMinutes };
  const days: FreeDay[] = [];
  const empty: EmptyFreeDay[] = [];
  let opened = false;
  const found = await freeTimesOfDays({
    first: from,
    last: until,
    serviceId: id,
    visit,
    policy,
    dentistId: options.dentistId,
    now,
    enough: STRIP_DAYS,
  });
  for (const { day, times } of found) {
    if (times.length > 0) {
      opened = true;
      days.push({
        date: day.date,
        ...formatStripDay(day.date, clock),
        times,
        labels: times.map((time) => formatTime(time, clock)),
      });
      continue;
    }
    // Days before the clinic's first open one (today's closed Sunday) are not listed.
    opened ||= !dayRefusal(day, now, policy);
    if (!opened) continue;
    const reason = emptyDayReason(day, visit, options.dentistId, now, policy);
    empty.push({ date: day.date, label: stripLabel(day.date, clock), ...reason });
  }
  // The day after the last one looked at.
  const date = found.length > 0 ? addDays(found.at(-1)!.day.date, 1) : from;
  const afterShown = days.length === STRIP_DAYS ? addDays(days.at(-1)!.date, 1) : date;
  return {
    from,
    days,
    empty,
    next: afterShown <= lastBookable ? afterShown : null,
    searchedUntil: date,
  };
}

export type FreeDaysAnswer = FreeDays & {
  service: string;
  dentist: string;
  /** What to say when no day was found ("Nothing is free ... before ..."). */
  message: string | null;
};

/**
 * `GET /resources/free-days?service=&dentist=&from=` and the booking page: the strip for
 * a bookable service and a dentist who performs it ("" or "any": any of them).
 */
export async function freeDaysFor(
  query: { service: string | null; dentist?: string | null; from?: string | null },
  now: Date = new Date(),
): Promise<Result<FreeDaysAnswer>> {
  const from = query.from?.trim() ?? "";
  if (from !== "" && !isIsoDate(from)) return invalid(DATE_FORMAT_MESSAGE);
  const service = query.service ? await findBookableService(query.service) : null;
  if (!service) return invalid(UNKNOWN_SERVICE_MESSAGE);
  const dentist = await resolveDentist(query.dentist, service);
  if (!dentist.ok) return dentist;
  const strip = await nextFreeDays({
    service,
    dentistId: dentist.dentistId,
    from: from || undefined,
    now,
  });
  let message: string | null = null;
  if (strip.days.length === 0) {
    const until = formatDate(addDays(strip.searchedUntil, -1), await getClinicClock());
    const who = dentist.dentistId ? " with the dentist you chose" : "";
    message = strip.next
      ? `Nothing is free for ${service.name}${who} up to ${until}.`
      : `Nothing is free for ${service.name}${who} up to ${until}, as far ahead as we book.`;
  }
  return ok({ ...strip, service: service.id, dentist: dentist.dentistId ?? "", message });
}
