/**
 * The booking rules' database side: one day of the diary as the rules see it
 * (~/models/booking/rules RuleDay). What staff set up (settings, plans, exceptions, the
 * closure, chairs, who performs the service) comes from the read cache; the holds are read
 * per request through the SlotHold.startsAt index: for free times, and inside a booking's
 * transaction (which then decides under the write lock).
 */
import { prisma } from "~/infra/db.server";
import { addDays } from "~/utils/clinic-time";
import { cachedRead, type Generations, readGenerations } from "~/infra/read-cache.server";
import {
  chairResource,
  coveringException,
  dayOfPlan,
  type Interval,
  dentistDay,
  dentistResource,
  workingIntervals,
} from "~/models/booking/slot-engine";
import {
  type DayPlan,
  dayPlanSchema,
  parseJsonColumn,
  type WeeklyPlan,
  weeklyPlanSchema,
} from "~/validation/schedule";
import {
  type AskedSpan,
  readHeldStepsOfDays,
  readHolds,
  readHoldsOfDays,
} from "~/models/booking/holds.server";
import type { DentistOnDay, RuleDay } from "~/models/booking/rules";
import { getClinicSettings, type Settings } from "~/models/settings/clinic-settings.server";

/** A dentist row as stored: its weekly plan and date exceptions are JSON text. */
type StoredDentist = {
  name: string;
  weeklyPlan: string;
  exceptions: { startDate: string; endDate: string; dayPlan: string; note?: string }[];
};

function parsedExceptions(dentist: StoredDentist) {
  return dentist.exceptions.map((exception) => ({
    ...exception,
    dayPlan: parseJsonColumn(dayPlanSchema, exception.dayPlan, "An exception"),
  }));
}

/** A dentist's weekly plan and exceptions, parsed from their JSON columns. */
type PlannedDentist = {
  plan: WeeklyPlan;
  exceptions: ReturnType<typeof parsedExceptions>;
};

/**
 * The plan and exceptions of a stored dentist, parsed: where the dentists come from the read
 * cache (the diary's), parsed as they are read, not on every request.
 */
export function plannedDentist(dentist: StoredDentist): PlannedDentist {
  return {
    plan: parseJsonColumn(weeklyPlanSchema, dentist.weeklyPlan, `${dentist.name}'s plan`),
    exceptions: parsedExceptions(dentist),
  };
}

/**
 * When `dentist` works on `date`: their plan or the exception covering the date, inside
 * the clinic's day, and nothing on a closed day. Shared by the rules and the diary.
 */
export function dentistWorkingIntervals(
  dentist: PlannedDentist,
  date: string,
  clinicDay: DayPlan,
  closed: boolean,
): Interval[] {
  return workingIntervals({
    dentistDay: dentistDay(dentist.plan, dentist.exceptions, date),
    clinicDay,
    closed,
  });
}

/** A stored dentist as one day of the diary sees them (~/models/booking/rules DentistOnDay). */
export function dentistOnDay(
  dentist: StoredDentist & { id: string; sortOrder: number; active: boolean },
  date: string,
  clinicDay: DayPlan,
  closed: boolean,
  performs: boolean,
): DentistOnDay {
  const planned = plannedDentist(dentist);
  const exception = coveringException(planned.exceptions, date);
  return {
    id: dentist.id,
    name: dentist.name,
    sortOrder: dentist.sortOrder,
    active: dentist.active,
    performs,
    day: exception ? exception.dayPlan : dayOfPlan(planned.plan, date),
    exception: exception ? { note: exception.note ?? "" } : null,
    intervals: dentistWorkingIntervals(planned, date, clinicDay, closed),
  };
}

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

/** The cached part of a day: everything but the holds. */
export type DayPlans = Omit<RuleDay, "held" | "visitsByDentist" | "heldMinutes"> & {
  settings: Settings;
};

/**
 * The parts of a day that only staff change, from the read cache, which any write to the
 * database clears (ADR 030), so only the holds are read per request. Every dentist is in it (an
 * inactive one or one who does not perform the service is refused by its rule, by name).
 */
export async function loadDayPlans(
  date: string,
  serviceId: string | null,
  /**
   * Days of a range read once: the clinic's settings, and the cache generations (a read
   * of them per day cost more than the day's plans themselves).
   */
  read?: { settings: Settings; generations: Generations },
): Promise<DayPlans> {
  const settings = read?.settings ?? (await getClinicSettings());
  const key = `diary-day:${date}:${serviceId ?? "-"}`;
  // Kept under the settings too: each dentist's hours are cut to the clinic's (`clinicDay`).
  const plans = await cachedRead(
    ["team", "settings"],
    key,
    async () => {
      const [links, closure, dentists, chairs] = await Promise.all([
        serviceId
          ? prisma.dentistService.findMany({
              where: { serviceId },
              select: { dentistId: true, dentist: { select: { active: true } } },
            })
          : [],
        prisma.clinicClosure.findFirst({
          where: { startDate: { lte: date }, endDate: { gte: date } },
          select: { name: true },
        }),
        prisma.dentist.findMany({
          select: {
            id: true,
            name: true,
            sortOrder: true,
            active: true,
            weeklyPlan: true,
            exceptions: {
              where: { startDate: { lte: date }, endDate: { gte: date } },
              select: { startDate: true, endDate: true, dayPlan: true, note: true },
            },
          },
        }),
        prisma.chair.findMany({ where: { active: true }, select: { id: true, sortOrder: true } }),
      ]);
      const clinicDay = dayOfPlan(settings.weeklyHours, date);
      // As performerIds: nobody active linked means everyone performs it.
      const linked = new Set(links.map((link) => link.dentistId));
      const everyone = !links.some((link) => link.dentist.active);
      return {
        closureName: closure?.name ?? null,
        chairs,
        dentists: dentists.map((dentist) =>
          dentistOnDay(
            dentist,
            date,
            clinicDay,
            closure !== null,
            everyone || linked.has(dentist.id),
          ),
        ),
      };
    },
    read && { generations: read.generations },
  );
  return { date, settings, ...plans };
}

export type LoadedDay = RuleDay & { settings: Settings };

/** One day of the diary for a service, its holds read now (outside any transaction). */
export async function loadDay(
  date: string,
  serviceId: string | null,
  exceptAppointmentId?: string,
): Promise<LoadedDay> {
  const plans = await loadDayPlans(date, serviceId);
  return {
    ...plans,
    ...(await readHolds(date, plans.settings.timeZone, exceptAppointmentId)),
  };
}

/** The plans of the consecutive days from `first` to `last` for a service (cached). */
export async function loadDayPlansOfDays(
  first: string,
  last: string,
  serviceId: string | null,
): Promise<DayPlans[]> {
  const dates: string[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) dates.push(date);
  const read = { settings: await getClinicSettings(), generations: await readGenerations() };
  return Promise.all(dates.map((date) => loadDayPlans(date, serviceId, read)));
}

/**
 * Days in date order with their holds, read now in one query of their range (outside any
 * transaction): the first free days look weeks ahead. Without a daily cap, the one rule
 * that counts visits, the holds come as steps (`readHeldStepsOfDays`: no row per hold);
 * with one, as rows.
 */
export async function withHolds(
  plans: DayPlans[],
  /** By date, the part of the day whose steps the rules will ask about (without a daily cap). */
  asked?: ReadonlyMap<string, AskedSpan>,
): Promise<LoadedDay[]> {
  if (plans.length === 0) return [];
  const { settings } = plans[0]!;
  const first = plans[0]!.date;
  const last = plans.at(-1)!.date;
  const resources = new Set(
    plans.flatMap((day) => [
      ...day.dentists.map((dentist) => dentistResource(dentist.id)),
      ...day.chairs.map((chair) => chairResource(chair.id)),
    ]),
  );
  const holds =
    settings.maxVisitsPerDentistPerDay > 0
      ? await readHoldsOfDays(first, last, settings.timeZone)
      : await readHeldStepsOfDays(first, last, settings.timeZone, [...resources], asked);
  return plans.map((day) => ({ ...day, ...holds.get(day.date)! }));
}
