/**
 * The times still free on a day, asked of the same rules a booking meets: the booking
 * form's picker (`GET /resources/free-slots`), the reschedule pages and the desk's
 * screens (their policy waives the online notice).
 */
import { type ClinicClock, formatDate, formatInstant, formatTime } from "~/utils/clinic-format";
import { addDays, clinicTimeToUtc, isIsoDate } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { invalid, ok, type Result } from "~/utils/result";
import { UNKNOWN_SERVICE_MESSAGE } from "~/validation/service";
import {
  type DayPlans,
  loadDay,
  loadDayPlansOfDays,
  type LoadedDay,
  withHolds,
} from "~/models/booking/availability.server";
import { datesFullyHeld, type HeldPeriod } from "~/models/booking/holds.server";
import { dentistResource, fromMinutes, HOLD_MINUTES } from "~/models/booking/slot-engine";
import { isInsideCutoff } from "~/models/booking/cancellation-policy.server";
import { getClinicSettings, type Settings } from "~/models/settings/clinic-settings.server";
import { findBookableService, resolveDentist } from "./choices.server";
import { dayRefusal, type PlannedDay, proposalAt, withoutHolds } from "./evaluate";
import { freeStartsOn } from "./free-starts";
import { BOOKING_RULES } from "./rules";
import { type BookingPolicy, deskPolicy, onlinePolicy } from "./policy";
import { dateRefusal } from "~/validation/dates";

export type VisitLength = { name: string; durationMinutes: number; bufferMinutes: number };

/** The free start times of a day for a visit of this length, with the day as read. */
export async function freeTimes(options: {
  date: string;
  serviceId: string | null;
  visit: VisitLength;
  policy: BookingPolicy;
  dentistId?: string;
  /** A moving visit: its own holds count as free. */
  exceptAppointmentId?: string;
  now: Date;
}): Promise<{ day: LoadedDay; times: string[] }> {
  const day = await loadDay(options.date, options.serviceId, options.exceptAppointmentId);
  return { day, times: freeStartsOn({ ...options, day }) };
}

const HOLD_MS = HOLD_MINUTES * 60_000;

/** A day looked at for free times, as planned (and as read, when its holds were). */
export type DayFreeTimes = { day: PlannedDay & { settings: Settings }; times: string[] };

/**
 * The working periods of the dentists who could take the visit (the chosen one, or any
 * active one who performs the service), as the hold steps they span: a start inside a
 * period holds its first step there. Instants as numbers: a strip asks this of up to six
 * weeks of ten dentists.
 */
function candidatePeriods(day: DayPlans, dentistId: string | undefined): HeldPeriod[] {
  const { timeZone } = day.settings;
  // Most dentists share their hours: each minute of the day is turned into an instant once.
  const instants = new Map<number, number>();
  const instant = (minutes: number) => {
    let at = instants.get(minutes);
    if (at === undefined) {
      at =
        minutes < 24 * 60
          ? clinicTimeToUtc(day.date, fromMinutes(minutes), timeZone).getTime()
          : clinicTimeToUtc(addDays(day.date, 1), "00:00", timeZone).getTime();
      instants.set(minutes, at);
    }
    return at;
  };
  const periods: HeldPeriod[] = [];
  for (const dentist of day.dentists) {
    if (dentistId ? dentist.id !== dentistId : !(dentist.performs && dentist.active)) continue;
    for (const { start, end } of dentist.intervals) {
      const from = instant(start);
      // The later of the clock's end and the period's length (a change of clocks).
      const to = Math.max(instant(end), from + (end - start) * 60_000);
      periods.push({
        resource: dentistResource(dentist.id),
        from: Math.floor(from / HOLD_MS) * HOLD_MS,
        to: Math.ceil(to / HOLD_MS) * HOLD_MS,
      });
    }
  }
  return periods;
}

/**
 * Where the held steps of a day's starts can fall, as `freeStartsOn` makes them (a start
 * inside a working period of a dentist asked about, the visit and its buffer after it):
 * from the first period's start to the last one's end and the buffer. A day whose clock
 * changes is read whole.
 */
function askedSpan(day: DayPlans, dentistId: string | undefined, visit: VisitLength) {
  const { timeZone } = day.settings;
  const from = clinicTimeToUtc(day.date, "00:00", timeZone).getTime();
  const to = clinicTimeToUtc(addDays(day.date, 1), "00:00", timeZone).getTime();
  let first = Infinity;
  let last = -Infinity;
  for (const dentist of day.dentists) {
    if (dentistId && dentist.id !== dentistId) continue;
    for (const { start, end } of dentist.intervals) {
      first = Math.min(first, start);
      last = Math.max(last, end);
    }
  }
  if (to - from !== 86_400_000 || first > last) return { from: new Date(from), to: new Date(to) };
  const stepOf = (minutes: number) => Math.floor((from + minutes * 60_000) / HOLD_MS) * HOLD_MS;
  return {
    from: new Date(stepOf(first)),
    to: new Date(from + (last + visit.bufferMinutes) * 60_000),
  };
}

/** Days planned at once first; each further range of days is twice as long as the one before. */
const FIRST_RANGE_DAYS = 14;

/**
 * The free start times of the consecutive days from `first` to `last`, each with the day
 * as read, stopping after `enough` days with a free time (all of them without). The days
 * are planned a range at a time, only as far ahead as needed (two weeks, then twice as
 * many days each time). A day on which no dentist who could take the visit works has none,
 * nor one on which each of their working steps is held (the `dentist-free` rule refuses
 * every start): those are counted in one query per range, not read. The holds of the
 * others are read in one query of their range, as many days at a time as days with a free
 * time are still wanted, and only in the part of each day the starts' steps can fall in.
 */
export async function freeTimesOfDays(options: {
  first: string;
  last: string;
  serviceId: string | null;
  visit: VisitLength;
  policy: BookingPolicy;
  dentistId?: string;
  now: Date;
  /** Stop after this many days with a free time (the strip shows seven). */
  enough?: number;
}): Promise<DayFreeTimes[]> {
  const enough = options.enough ?? Infinity;
  const found: DayFreeTimes[] = [];
  let withTimes = 0;
  let length = FIRST_RANGE_DAYS;
  for (let first = options.first; first <= options.last && withTimes < enough; length *= 2) {
    const last = [addDays(first, length - 1), options.last].sort()[0]!;
    const plans = await loadDayPlansOfDays(first, last, options.serviceId);
    first = addDays(last, 1);
    const periods = new Map(
      plans.map((day) => [day.date, candidatePeriods(day, options.dentistId)]),
    );
    const bookedUp = options.policy.waives.includes("dentist-free")
      ? new Set<string>()
      : await datesFullyHeld(periods);
    // A day on which no dentist who could take the visit works has no free time either.
    const unread = (day: DayPlans) => periods.get(day.date)!.length > 0 && !bookedUp.has(day.date);
    let next = 0;
    while (next < plans.length && withTimes < enough) {
      // The next days to read: as many with a time to look at as days with one are wanted.
      let end = next;
      for (let toRead = 0; end < plans.length && toRead < enough - withTimes; end += 1) {
        if (unread(plans[end]!)) toRead += 1;
      }
      const chunk = plans.slice(next, end).filter(unread);
      const asked = new Map(
        chunk.map((day) => [day.date, askedSpan(day, options.dentistId, options.visit)]),
      );
      const read = new Map((await withHolds(chunk, asked)).map((day) => [day.date, day]));
      for (const plan of plans.slice(next, end)) {
        if (withTimes >= enough) break;
        const day = read.get(plan.date);
        const times = day ? freeStartsOn({ ...options, day }) : [];
        found.push({ day: day ?? plan, times });
        if (times.length > 0) withTimes += 1;
      }
      next = end;
    }
  }
  return found;
}

export type FreeSlots = {
  date: string;
  times: string[];
  /** The times as the clinic writes them ("9:00 AM"), in the same order; a time inside the
   * cancellation cutoff says "changes by phone only". */
  labels: string[];
  message: string | null;
  /** Why some times are marked, when some are. */
  cutoffNote: string | null;
};

export const PHONE_ONLY_MARK = "changes by phone only";

const clockOf = (settings: Settings): ClinicClock => ({
  timeZone: settings.timeZone,
  locale: settings.locale,
});

/**
 * The booking form's note without JavaScript (the times are typed, not listed): from when a
 * visit booked now can no longer be changed online.
 */
export function phoneOnlyHint(settings: Settings, now: Date = new Date()): string {
  const until = new Date(now.getTime() + settings.cancellationCutoffHours * 3_600_000);
  return `A visit starting before ${formatInstant(until, clockOf(settings))} can only be moved or cancelled by calling the clinic${settings.phone ? ` on ${settings.phone}` : ""}: changes by phone only.`;
}

export function cutoffNoteOf(settings: Settings): string {
  return `Times marked “${PHONE_ONLY_MARK}” start within ${settings.cancellationCutoffHours} hours: once booked, only the clinic can move or cancel them${settings.phone ? `, on ${settings.phone}` : ""}.`;
}

/**
 * `GET /resources/free-slots?date=&service=&dentist=`: the start times still free that
 * day for the service's length (one grid step when no service is given), or why none.
 */
export async function getFreeSlots(
  query: { date: string | null; service?: string | null; dentist?: string | null },
  now: Date = new Date(),
): Promise<Result<FreeSlots>> {
  const date = query.date?.trim() ?? "";
  const refusedDate = dateRefusal(date, now);
  if (refusedDate) return refusedDate;
  const settings = await getClinicSettings();
  let visit: VisitLength = {
    name: "a visit",
    durationMinutes: settings.gridMinutes,
    bufferMinutes: 0,
  };
  let serviceId: string | null = null;
  let dentistId: string | undefined;
  if (query.service) {
    const found = await findBookableService(query.service);
    if (!found) return invalid(UNKNOWN_SERVICE_MESSAGE);
    ({ id: serviceId, ...visit } = found);
    const dentist = await resolveDentist(query.dentist ?? undefined, found);
    if (!dentist.ok) return dentist;
    dentistId = dentist.dentistId;
  }
  const policy = onlinePolicy(null);
  const { day, times } = await freeTimes({ date, serviceId, visit, policy, dentistId, now });
  const clock = clockOf(settings);
  const phoneOnly = (time: string) =>
    isInsideCutoff(clinicTimeToUtc(date, time, settings.timeZone), settings, now);
  const labels = times.map(
    (time) => `${formatTime(time, clock)}${phoneOnly(time) ? ` (${PHONE_ONLY_MARK})` : ""}`,
  );
  const cutoffNote = times.some(phoneOnly) ? cutoffNoteOf(settings) : null;
  if (times.length > 0) return ok({ date, times, labels, message: null, cutoffNote });
  const reason = emptyDayReason(day, visit, dentistId, now, policy);
  return ok({ date, times, labels, cutoffNote, message: sayReason(reason) });
}

/** Why a day offers no time, in two parts: the reason, and what to do instead. */
export type EmptyDay = {
  message: string;
  advice: string | null;
  /** The day is open and someone works, but every time is taken. */
  bookedUp: boolean;
};

/** The reason and its advice, as one text. */
export const sayReason = (reason: EmptyDay) =>
  [reason.message, reason.advice].filter(Boolean).join(" ");

const ANOTHER_DAY = "Please choose another day.";

/**
 * Why a day offers no time at all, in the words of what closes it (issue 25: "messages
 * name the real reason"): the clinic's day (closed, a closure and its name), else the
 * chosen dentist's day off or absence, or for any dentist, that none who performs the
 * service works that day; else that the day is booked up.
 */
export function emptyDayReason(
  day: PlannedDay,
  visit: VisitLength,
  dentistId: string | undefined,
  now: Date,
  policy: BookingPolicy,
): EmptyDay {
  const clock = { timeZone: day.settings.timeZone, locale: day.settings.locale };
  const refused = dayRefusal(day, now, policy);
  if (refused) return { message: refused.message, advice: refused.advice ?? null, bookedUp: false };
  const candidates = day.dentists.filter((dentist) =>
    dentistId ? dentist.id === dentistId : dentist.performs && dentist.active,
  );
  if (candidates.length > 0 && !candidates.some((dentist) => dentist.day)) {
    if (candidates.length === 1) {
      // The booking rule's own words: "Dr. B does not work on Saturdays." / "... is away on ...".
      const works = BOOKING_RULES.find((rule) => rule.id === "dentist-works")!;
      const refusal = works.check({
        day: withoutHolds(day),
        proposal: proposalAt(day.date, "00:00", day.settings.timeZone, visit),
        dentist: candidates[0]!,
        chair: null,
        now,
        patientUpcoming: null,
      });
      if (refusal) return { message: refusal.message, advice: ANOTHER_DAY, bookedUp: false };
    }
    return {
      message: `No dentist who performs ${visit.name} works on ${formatDate(day.date, clock)}.`,
      advice: ANOTHER_DAY,
      bookedUp: false,
    };
  }
  const who = dentistId
    ? ` with ${day.dentists.find((dentist) => dentist.id === dentistId)?.name ?? "that dentist"}`
    : "";
  return {
    message: `Nothing is free on ${formatDate(day.date, clock)}${who} any more.`,
    advice: ANOTHER_DAY,
    bookedUp: true,
  };
}

/**
 * Free start times for booking a service, or moving a visit, on a date as staff see them
 * (no online notice: every time from now on).
 */
export async function staffFreeTimes(
  actor: Parameters<typeof deskPolicy>[0],
  options: {
    date: string;
    serviceId: string;
    dentistId?: string;
    /** A visit being moved: its own length, buffer and holds. */
    appointmentId?: string;
    now?: Date;
  },
): Promise<string[]> {
  if (!isIsoDate(options.date)) return [];
  const moving = options.appointmentId
    ? await prisma.appointment.findUnique({
        where: { id: options.appointmentId },
        select: {
          startsAt: true,
          endsAt: true,
          bufferMinutes: true,
          service: { select: { name: true } },
        },
      })
    : null;
  const service = moving
    ? null
    : await prisma.service.findUnique({
        where: { id: options.serviceId },
        select: { name: true, durationMinutes: true, bufferMinutes: true },
      });
  const visit: VisitLength | null = moving
    ? {
        name: moving.service.name,
        durationMinutes: (moving.endsAt.getTime() - moving.startsAt.getTime()) / 60_000,
        bufferMinutes: moving.bufferMinutes,
      }
    : service;
  if (!visit) return [];
  const { times } = await freeTimes({
    date: options.date,
    serviceId: options.serviceId,
    visit,
    policy: deskPolicy(actor),
    dentistId: options.dentistId,
    exceptAppointmentId: options.appointmentId,
    now: options.now ?? new Date(),
  });
  return times;
}
