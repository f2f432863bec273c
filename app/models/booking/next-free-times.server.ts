/**
 * The booking page's strip of first free times (issue 25): the next days on which the
 * chosen service still has a free start, with a dentist or any dentist who performs it.
 * Each day comes from the booking core's `freeTimes` under the online policy, the very
 * rules that book and move visits (docs/decisions/027-one-booking-core.md), so the strip
 * follows the diary's rules, whatever they become; this module only decides which days to
 * ask about.
 */
import { type ClinicClock, formatDate, formatTime } from "~/utils/clinic-format";
import { addDays, clinicNow, isIsoDate } from "~/utils/clinic-time";
import { ok, invalid, type Result } from "~/utils/result";
import { DATE_FORMAT_MESSAGE } from "~/validation/appointment";
import { UNKNOWN_SERVICE_MESSAGE } from "~/validation/service";
import { findBookableService, resolveDentist } from "./choices.server";
import { freeTimes } from "./free-times.server";
import { onlinePolicy } from "./policy";
import { getClinicClock, getClinicSettings } from "~/models/settings/clinic-settings.server";

/** How many days with a free time the strip shows. */
export const STRIP_DAYS = 7;
/**
 * Calendar days one strip looks through at most (a fully booked month costs this many
 * day reads, never the whole horizon); past them the strip offers to look further.
 */
export const STRIP_SCAN_DAYS = 28;

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

export type FreeDays = {
  /** The first date the strip looked at. */
  from: string;
  /** Up to STRIP_DAYS days with a free time, earliest first. */
  days: FreeDay[];
  /** Where the next strip would start (null: nothing after these inside the horizon). */
  next: string | null;
  /** The day after the last one looked at, when nothing was found up to it. */
  searchedUntil: string;
};

const tidy = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/** "Thursday, Nov 26", and "Thu" and "Nov 26", for a clinic date. */
export function formatStripDay(date: string, clock: ClinicClock) {
  const [year, month, day] = date.split("-").map(Number);
  const instant = new Date(Date.UTC(year!, month! - 1, day!));
  const format = (options: Intl.DateTimeFormatOptions) =>
    tidy(new Intl.DateTimeFormat(clock.locale, { ...options, timeZone: "UTC" }).format(instant));
  return {
    label: format({ weekday: "long", month: "short", day: "numeric" }),
    weekday: format({ weekday: "short" }),
    day: format({ month: "short", day: "numeric" }),
  };
}

/**
 * The next days from `from` (today when earlier) with a free start for `service` (and
 * `dentistId`, or any dentist who performs it): at most STRIP_DAYS of them, looking at
 * most STRIP_SCAN_DAYS calendar days ahead and never past the booking horizon.
 */
export async function nextFreeDays(options: {
  service: { id: string; name?: string; durationMinutes: number; bufferMinutes: number };
  dentistId?: string;
  from?: string;
  now?: Date;
}): Promise<FreeDays> {
  const now = options.now ?? new Date();
  const settings = await getClinicSettings();
  const clock = { timeZone: settings.timeZone, locale: settings.locale };
  const today = clinicNow(now, settings.timeZone).date;
  const lastBookable = addDays(today, settings.horizonDays);
  const wanted = options.from && options.from > today ? options.from : today;
  const from = wanted < lastBookable ? wanted : lastBookable;
  const until = [addDays(from, STRIP_SCAN_DAYS - 1), lastBookable].sort()[0]!;
  const days: FreeDay[] = [];
  let date = from;
  while (date <= until && days.length < STRIP_DAYS) {
    // The days still wanted and one more (a weekday the clinic is closed), read together:
    // one batch usually fills the strip.
    const batch: string[] = [];
    for (let k = 0; k <= STRIP_DAYS - days.length && date <= until; k += 1) {
      batch.push(date);
      date = addDays(date, 1);
    }
    const { id, name = "a visit", durationMinutes, bufferMinutes } = options.service;
    const found = await Promise.all(
      batch.map((day) =>
        freeTimes({
          date: day,
          serviceId: id,
          visit: { name, durationMinutes, bufferMinutes },
          policy: onlinePolicy(null),
          dentistId: options.dentistId,
          now,
        }),
      ),
    );
    for (const [index, { times }] of found.entries()) {
      if (times.length === 0 || days.length >= STRIP_DAYS) continue;
      const day = batch[index]!;
      days.push({
        date: day,
        ...formatStripDay(day, clock),
        times,
        labels: times.map((time) => formatTime(time, clock)),
      });
    }
  }
  const afterShown = days.length === STRIP_DAYS ? addDays(days.at(-1)!.date, 1) : date;
  return {
    from,
    days,
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
