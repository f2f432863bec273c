/**
 * The slot engine's database side: reads one day of the diary (plans, exceptions,
 * closures, chairs and the holds, through the SlotHold.startsAt index) and asks the pure
 * rules in ~/utils/slot-engine. Used by booking, moving, the free-slot route and the
 * staff screens alike.
 */
import { addDays, clinicTimeToUtc } from "~/utils/clinic-time";
import { prisma } from "~/utils/db.server";
import { cachedRead } from "~/utils/read-cache.server";
import {
  type DiaryDay,
  dayOfPlan,
  dayProblem,
  dentistDay,
  earliestStart,
  freeStartsOnDay,
  holdKey,
  workingIntervals,
} from "~/utils/slot-engine";
import {
  type DayPlan,
  dayPlanSchema,
  parseJsonColumn,
  weeklyPlanSchema,
} from "~/validation/schedule";
import { getClinicSettings, type Settings } from "./clinic-settings.server";

/** A dentist row as stored: its weekly plan and date exceptions are JSON text. */
type StoredDentist = {
  name: string;
  weeklyPlan: string;
  exceptions: { startDate: string; endDate: string; dayPlan: string }[];
};

/**
 * When `dentist` works on `date`: their plan or the exception covering the date, inside
 * the clinic's day, and nothing on a closed day. Shared by the free times and the diary.
 */
export function dentistWorkingIntervals(
  dentist: StoredDentist,
  date: string,
  clinicDay: DayPlan,
  closed: boolean,
) {
  return workingIntervals({
    dentistDay: dentistDay(
      parseJsonColumn(weeklyPlanSchema, dentist.weeklyPlan, `${dentist.name}'s plan`),
      dentist.exceptions.map((exception) => ({
        ...exception,
        dayPlan: parseJsonColumn(dayPlanSchema, exception.dayPlan, "An exception"),
      })),
      date,
    ),
    clinicDay,
    closed,
  });
}

export type ServiceTimes = { id: string | null; durationMinutes: number; bufferMinutes: number };

export type LoadedDay = DiaryDay & {
  settings: Settings;
  closureName: string | null;
  /** Names of the day's candidate dentists, by id. */
  dentistNames: Map<string, string>;
};

/**
 * The dentists who perform a service: those linked to it, or every active dentist while
 * nobody is linked (a service added after the dentists, until staff assign it).
 */
export async function performerIds(serviceId: string | null): Promise<string[] | null> {
  if (!serviceId) return null;
  const links = await prisma.dentistService.findMany({
    where: { serviceId, dentist: { active: true } },
    select: { dentistId: true },
  });
  return links.length > 0 ? links.map((link) => link.dentistId) : null;
}

/**
 * The parts of a day that only staff change (plans, exceptions, the closure, chairs, who
 * performs the service), from the read cache, which any write to the database clears
 * (ADR 030), so only the holds are read per request.
 */
function dayPlans(date: string, serviceId: string | null, settings: Settings) {
  return cachedRead(`diary-day:${date}:${serviceId ?? "-"}`, async () => {
    const performers = await performerIds(serviceId);
    const [closure, dentists, chairs] = await Promise.all([
      prisma.clinicClosure.findFirst({
        where: { startDate: { lte: date }, endDate: { gte: date } },
        select: { name: true },
      }),
      prisma.dentist.findMany({
        where: { active: true, ...(performers ? { id: { in: performers } } : {}) },
        select: {
          id: true,
          name: true,
          sortOrder: true,
          weeklyPlan: true,
          exceptions: {
            where: { startDate: { lte: date }, endDate: { gte: date } },
            select: { startDate: true, endDate: true, dayPlan: true },
          },
        },
      }),
      prisma.chair.findMany({ where: { active: true }, select: { id: true, sortOrder: true } }),
    ]);
    const clinicDay = dayOfPlan(settings.weeklyHours, date);
    return {
      closureName: closure?.name ?? null,
      chairs,
      dentistNames: new Map(dentists.map((dentist) => [dentist.id, dentist.name])),
      dentists: dentists.map((dentist) => ({
        id: dentist.id,
        sortOrder: dentist.sortOrder,
        intervals: dentistWorkingIntervals(dentist, date, clinicDay, closure !== null),
      })),
    };
  });
}

/** One day of the diary for a service (null id: any service of one grid step). */
export async function loadDay(date: string, service: ServiceTimes): Promise<LoadedDay> {
  const settings = await getClinicSettings();
  const dayStart = clinicTimeToUtc(date, "00:00", settings.timeZone);
  const dayEnd = clinicTimeToUtc(addDays(date, 1), "00:00", settings.timeZone);
  const [plans, holds] = await Promise.all([
    dayPlans(date, service.id, settings),
    prisma.slotHold.findMany({
      where: { startsAt: { gte: dayStart, lt: dayEnd } },
      select: { resource: true, startsAt: true },
    }),
  ]);
  return dayOf(date, settings, plans, holds);
}

/**
 * The day without reading its holds (none held): for a caller that reads them itself,
 * inside its transaction (the waiting list's offers).
 */
export async function loadDayPlans(date: string, service: ServiceTimes): Promise<LoadedDay> {
  const settings = await getClinicSettings();
  return dayOf(date, settings, await dayPlans(date, service.id, settings), []);
}

function dayOf(
  date: string,
  settings: Settings,
  plans: Awaited<ReturnType<typeof dayPlans>>,
  holds: { resource: string; startsAt: Date }[],
): LoadedDay {
  const held = new Set(holds.map((row) => holdKey(row.resource, row.startsAt)));
  const heldSteps = new Map<string, number>();
  for (const row of holds) heldSteps.set(row.resource, (heldSteps.get(row.resource) ?? 0) + 1);
  return {
    date,
    timeZone: settings.timeZone,
    gridMinutes: settings.gridMinutes,
    settings,
    closureName: plans.closureName,
    dentistNames: plans.dentistNames,
    chairs: plans.chairs,
    held,
    dentists: plans.dentists.map((dentist) => ({
      ...dentist,
      bookedMinutes: (heldSteps.get(`dentist:${dentist.id}`) ?? 0) * settings.gridMinutes,
    })),
  };
}

/** The problem with the whole day (past, too far, a closure, a closed weekday) or null. */
export function problemOfDay(day: LoadedDay, now: Date) {
  return dayProblem({
    date: day.date,
    now,
    timeZone: day.timeZone,
    horizonDays: day.settings.horizonDays,
    clinicDay: dayOfPlan(day.settings.weeklyHours, day.date),
    closureName: day.closureName,
  });
}

/**
 * Local start times on `date` where a performing dentist works and a chair is free for the
 * service's length and buffer, after the notice and within the horizon.
 */
export async function freeStarts(options: {
  date: string;
  service: ServiceTimes;
  dentistId?: string;
  now: Date;
  ownHolds?: Set<string>;
}): Promise<{ day: LoadedDay; times: string[] }> {
  const day = await loadDay(options.date, options.service);
  if (problemOfDay(day, options.now)) return { day, times: [] };
  const times = freeStartsOnDay(day, options.service, {
    dentistId: options.dentistId,
    earliest: earliestStart(options.now, day.settings.minNoticeMinutes),
    ownHolds: options.ownHolds,
  });
  return { day, times };
}
