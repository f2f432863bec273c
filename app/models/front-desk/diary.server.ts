/**
 * The front desk's day diary: one column per dentist (or chair) with their working hours,
 * the day's visits, the week's counts and what needs attention; and the staff API's list
 * of a day's visits.
 */
import { addDays, clinicNow, clinicTimeToUtc, isIsoDate, weekdayOf } from "~/utils/clinic-time";
import { type ClinicClock } from "~/utils/clinic-format";
import { prisma } from "~/utils/db.server";
import { invalid, ok, type Result } from "~/utils/result";
import { dayOfPlan, type Interval, openIntervals } from "~/utils/slot-engine";
import { dateRefusal } from "~/validation/dates";
import { dentistWorkingIntervals } from "../availability.server";
import { appointmentsNeedingAttention, type NeedsAttention } from "../booking/attention.server";
import { type StaffAppointmentJson, toStaffAppointmentJson, WITH_DETAILS } from "../booking/visit";
import { getClinicSettings } from "../clinic-settings.server";

export type DiaryView = "dentist" | "chair";

export type DiaryColumn = {
  id: string;
  name: string;
  /** Minutes from midnight the column is open (works); the rest of the grid is shaded. */
  open: Interval[];
  appointments: StaffAppointmentJson[];
};

export type Diary = {
  date: string;
  today: string;
  view: DiaryView;
  clock: ClinicClock;
  gridMinutes: number;
  /** The rows: grid steps from the earliest opening to the latest closing of the day. */
  rows: string[];
  clinicOpen: Interval[];
  closureName: string | null;
  columns: DiaryColumn[];
  /** Every visit of the day in time order (the phone list), cancelled ones included. */
  appointments: StaffAppointmentJson[];
  /** Monday to Sunday of the date's week: active visits per day. */
  week: { date: string; visits: number }[];
  needsAttention: NeedsAttention[];
};

/** A day of the diary: its visits read through the startsAt index, one column per dentist or chair. */
export async function diaryDay(
  requested: string | null,
  view: DiaryView,
  now: Date = new Date(),
  /** A dentist's own column comes first for them. */
  viewerId?: string,
): Promise<Diary> {
  const settings = await getClinicSettings();
  const today = clinicNow(now, settings.timeZone).date;
  const date = requested && isIsoDate(requested) ? requested : today;
  const dayStart = clinicTimeToUtc(date, "00:00", settings.timeZone);
  const dayEnd = clinicTimeToUtc(addDays(date, 1), "00:00", settings.timeZone);
  const monday = addDays(date, -((weekdayOf(date) + 6) % 7));
  const weekDates = Array.from({ length: 7 }, (_, k) => addDays(monday, k));
  // Computed before the queries start: a throw among them would leave a started one unawaited.
  const [weekStart, weekEnd] = [monday, addDays(monday, 7)].map((day) =>
    clinicTimeToUtc(day, "00:00", settings.timeZone),
  );
  const [closure, dentists, chairs, rows, needsAttention, weekRows] = await Promise.all([
    prisma.clinicClosure.findFirst({
      where: { startDate: { lte: date }, endDate: { gte: date } },
      select: { name: true },
    }),
    prisma.dentist.findMany({
      where: { active: true },
      orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
      select: {
        id: true,
        name: true,
        userId: true,
        weeklyPlan: true,
        exceptions: {
          where: { startDate: { lte: date }, endDate: { gte: date } },
          select: { startDate: true, endDate: true, dayPlan: true },
        },
      },
    }),
    prisma.chair.findMany({
      where: { active: true },
      orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
      select: { id: true, name: true },
    }),
    prisma.appointment.findMany({
      where: { startsAt: { gte: dayStart, lt: dayEnd } },
      include: WITH_DETAILS,
      orderBy: [{ startsAt: "asc" }, { createdAt: "asc" }],
    }),
    appointmentsNeedingAttention({ from: date, to: addDays(date, 6) }),
    prisma.appointment.groupBy({
      by: ["date"],
      where: {
        startsAt: { gte: weekStart, lt: weekEnd },
        status: { in: ["booked", "confirmed", "checked_in", "completed"] },
      },
      _count: { _all: true },
    }),
  ]);
  const perDay = new Map(weekRows.map((row) => [row.date, row._count._all]));
  const ownFirst = [...dentists].sort(
    (a, b) =>
      Number(b.userId === viewerId && !!viewerId) - Number(a.userId === viewerId && !!viewerId),
  );
  const appointments = rows.map(toStaffAppointmentJson);
  const clinicDay = dayOfPlan(settings.weeklyHours, date);
  const clinicOpen = closure ? [] : openIntervals(clinicDay);
  const grid = settings.gridMinutes;
  const active = appointments.filter((a) => a.status !== "cancelled");
  const columns: DiaryColumn[] =
    view === "chair"
      ? chairs.map((chair) => ({
          id: chair.id,
          name: chair.name,
          open: clinicOpen,
          appointments: active.filter((a) => a.chair._id === chair.id),
        }))
      : ownFirst.map((dentist) => ({
          id: dentist.id,
          name: dentist.name,
          open: dentistWorkingIntervals(dentist, date, clinicDay, closure !== null),
          appointments: active.filter((a) => a.dentist._id === dentist.id),
        }));
  // The grid spans the clinic's day, and any visit booked outside it.
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const starts = [...clinicOpen.map((p) => p.start), ...active.map((a) => minutes(a.time))];
  const ends = [
    ...clinicOpen.map((p) => p.end),
    ...active.map(
      (a) => minutes(a.time) + (Date.parse(a.endsAt) - Date.parse(a.startsAt)) / 60_000,
    ),
  ];
  const first = starts.length > 0 ? Math.floor(Math.min(...starts) / grid) * grid : 0;
  // A visit that runs past midnight fills its day to the end, no further.
  const last = ends.length > 0 ? Math.min(Math.max(...ends), 24 * 60) : 0;
  const gridRows: string[] = [];
  for (let at = first; at < last; at += grid) {
    gridRows.push(
      `${String(Math.floor(at / 60)).padStart(2, "0")}:${String(at % 60).padStart(2, "0")}`,
    );
  }
  return {
    date,
    today,
    view,
    clock: { timeZone: settings.timeZone, locale: settings.locale },
    gridMinutes: grid,
    rows: gridRows,
    clinicOpen,
    closureName: closure?.name ?? null,
    columns,
    appointments,
    needsAttention,
    week: weekDates.map((day) => ({ date: day, visits: perDay.get(day) ?? 0 })),
  };
}

/** A staff member's JSON list of one day's visits (optionally one dentist's, by id or slug). */
export async function staffAppointmentsOn(query: {
  date: string | null;
  dentist: string | null;
}): Promise<Result<{ appointments: StaffAppointmentJson[] }>> {
  const date = query.date?.trim() ?? "";
  const refusedDate = dateRefusal(date);
  if (refusedDate) return refusedDate;
  const settings = await getClinicSettings();
  let dentistId: string | undefined;
  if (query.dentist) {
    const dentist = await prisma.dentist.findFirst({
      where: { OR: [{ id: query.dentist }, { slug: query.dentist }] },
      select: { id: true },
    });
    if (!dentist) return invalid("There is no such dentist.");
    dentistId = dentist.id;
  }
  const rows = await prisma.appointment.findMany({
    where: {
      startsAt: {
        gte: clinicTimeToUtc(date, "00:00", settings.timeZone),
        lt: clinicTimeToUtc(addDays(date, 1), "00:00", settings.timeZone),
      },
      dentistId,
    },
    include: WITH_DETAILS,
    orderBy: [{ startsAt: "asc" }, { createdAt: "asc" }],
  });
  return ok({ appointments: rows.map(toStaffAppointmentJson) });
}
