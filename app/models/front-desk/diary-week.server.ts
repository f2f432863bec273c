/**
 * A dentist's week in the diary: one column per day, Monday to Sunday, laid out like the
 * day's columns. It reads that dentist's week through the (dentistId, startsAt) index, so
 * it costs the same in a clinic of any size.
 */
import { addDays, clinicNow, clinicTimeToUtc, isIsoDate, weekdayOf } from "~/utils/clinic-time";
import type { ClinicClock } from "~/utils/clinic-format";
import { prisma } from "~/infra/db.server";
import { cachedRead } from "~/infra/read-cache.server";
import { hasPermission } from "~/models/permissions";
import { dayOfPlan, openIntervals } from "~/models/booking/slot-engine";
import { dentistWorkingIntervals } from "~/models/booking/availability.server";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { type DiaryColumn, dentistsBetween, SHOWN_STATUSES, spanOf } from "./diary.server";
import { gridRows, layoutColumn } from "./diary-layout";
import {
  changedSince,
  DIARY_VISIT_FIELDS,
  sharedObjects,
  recentChanges,
  toDiaryVisit,
} from "./diary-visits.server";

export type DiaryWeek = {
  date: string;
  today: string;
  monday: string;
  clock: ClinicClock;
  gridMinutes: number;
  rows: string[];
  dentist: { id: string; name: string };
  /** The week's dentists, for the switch between them. */
  dentists: { id: string; name: string }[];
  /** One column per day; `id` is the day's date. */
  columns: (DiaryColumn & { closure: string | null })[];
  count: number;
  book: boolean;
};

/** The clinic's closures touching the week starting `monday`. */
export function weekClosures(monday: string) {
  const sunday = addDays(monday, 6);
  return prisma.clinicClosure.findMany({
    where: { startDate: { lte: sunday }, endDate: { gte: monday } },
    select: { name: true, startDate: true, endDate: true },
  });
}

export async function diaryWeek(request: {
  date: string | null;
  /** The dentist's id; the viewer's own dentist, or the first, when missing or unknown. */
  dentist: string | null;
  viewer: { id: string; role: string };
  now?: Date;
}): Promise<DiaryWeek | null> {
  const now = request.now ?? new Date();
  const settings = await getClinicSettings();
  const today = clinicNow(now, settings.timeZone).date;
  const date = request.date && isIsoDate(request.date) ? request.date : today;
  const monday = addDays(date, -((weekdayOf(date) + 6) % 7));
  const [weekStart, weekEnd] = [monday, addDays(monday, 7)].map((day) =>
    clinicTimeToUtc(day, "00:00", settings.timeZone),
  );
  // From the data cache (ADR 046), as the day's diary is.
  const dentists = await cachedRead(["team"], `diary:week-dentists:${monday}`, () =>
    dentistsBetween(monday, addDays(monday, 6)),
  );
  const dentist =
    dentists.find((d) => d.id === request.dentist) ??
    dentists.find((d) => d.userId === request.viewer.id) ??
    dentists[0];
  if (!dentist) return null;
  const [closures, rows] = await Promise.all([
    cachedRead(["team"], `diary:week-closures:${monday}`, () => weekClosures(monday)),
    cachedRead(["visits", "catalogue", "team"], `diary:week-visits:${monday}:${dentist.id}`, () =>
      prisma.appointment.findMany({
        where: {
          dentistId: dentist.id,
          startsAt: { gte: weekStart, lt: weekEnd },
          status: { in: SHOWN_STATUSES },
        },
        select: DIARY_VISIT_FIELDS,
        orderBy: [{ startsAt: "asc" }, { createdAt: "asc" }],
      }),
    ),
  ]);
  const history = await recentChanges(changedSince(rows, now), now);
  const shared = sharedObjects();
  const days = Array.from({ length: 7 }, (_, k) => addDays(monday, k)).map((day) => {
    const closure = closures.find((c) => c.startDate <= day && day <= c.endDate) ?? null;
    const clinicDay = dayOfPlan(settings.weeklyHours, day);
    const visits = rows
      .filter((row) => row.date === day)
      .map((row) => ({
        visit: toDiaryVisit(row, request.viewer, { now, today }, history, shared),
        span: spanOf(row),
      }));
    return {
      day,
      closure,
      clinicOpen: closure ? [] : openIntervals(clinicDay),
      open: dentistWorkingIntervals(dentist, day, clinicDay, closure !== null),
      visits,
    };
  });
  const grid = settings.gridMinutes;
  const rowsOfGrid = gridRows(
    days.flatMap((d) => d.clinicOpen),
    days.flatMap((d) => d.visits.map((v) => v.span)),
    grid,
  );
  return {
    date,
    today,
    monday,
    clock: { timeZone: settings.timeZone, locale: settings.locale },
    gridMinutes: grid,
    rows: rowsOfGrid,
    dentist: { id: dentist.id, name: dentist.name },
    dentists: dentists.map((d) => ({ id: d.id, name: d.name })),
    columns: days.map((d) => ({
      id: d.day,
      name: d.day,
      open: d.open,
      closure: d.closure?.name ?? null,
      cells: layoutColumn({
        rows: rowsOfGrid,
        grid,
        open: d.open,
        visits: d.visits,
        clinicOpen: d.clinicOpen,
      }),
    })),
    count: rows.length,
    book: hasPermission(request.viewer, "appointments.book"),
  };
}
