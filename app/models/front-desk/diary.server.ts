/**
 * The front desk's day diary: one column per dentist (or chair) with their working hours,
 * the day's visits laid out on the grid with what the viewer may do to each, the week's
 * counts, why a closed day is closed, and what needs attention.
 */
import { ACTIVE_STATUSES, type AppointmentStatus } from "~/models/booking/appointment-status";
import { addDays, clinicNow, clinicTimeToUtc, isIsoDate, weekdayOf } from "~/utils/clinic-time";
import { type ClinicClock } from "~/utils/clinic-format";
import { prisma } from "~/infra/db.server";
import { cachedRead, readGenerations } from "~/infra/read-cache.server";
import { hasPermission } from "~/models/permissions";
import { dayOfPlan, type Interval, openIntervals } from "~/models/booking/slot-engine";
import { dentistWorkingIntervals, plannedDentist } from "~/models/booking/availability.server";
import { appointmentsNeedingAttention } from "../booking/attention.server";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import {
  type DiaryCell,
  freeChairsByRow,
  gridRows,
  layoutColumn,
  type Span,
  toMinutes,
} from "./diary-layout";
import {
  DIARY_VISIT_FIELDS,
  type DiaryRow,
  type DiaryVisit,
  sharedObjects,
  changedSince,
  recentChanges,
  toDiaryVisit,
  visitsNeedingOutcome,
} from "./diary-visits.server";
import { withPatientDetails } from "./diary-details.server";
import { markFreedTimes } from "./diary-freed.server";
import { historyStates } from "~/models/forms/due.server";

export type DiaryView = "dentist" | "chair";
/** A dentist's own day (their column alone) or the whole clinic's. */
export type DiaryScope = "mine" | "clinic";

export type DiaryColumn = {
  id: string;
  name: string;
  /** Minutes from midnight the column is open (works); the rest of the grid is shaded. */
  open: Interval[];
  /** One cell per row of the grid. */
  cells: DiaryCell<DiaryVisit>[];
};

/** What the viewer may do from the diary: each button shown leads somewhere they may go. */
export type DiaryViewer = {
  book: boolean;
  /** The viewer's own dentist's id, when they are one of the team. */
  dentistId: string | null;
};

/** A visit needing attention as the diary lists it: when, who, with whom, and why. */
export type AttentionItem = {
  appointment: { _id: string; date: string; time: string; name: string; dentist: { name: string } };
  reason: string;
};

export type Diary = {
  date: string;
  today: string;
  /** The clinic's time now, HH:MM, when the day is today (the "now" line). */
  now: string | null;
  view: DiaryView;
  scope: DiaryScope;
  clock: ClinicClock;
  gridMinutes: number;
  rows: string[];
  /** Why the clinic is closed all day: a closure's name, or its weekly day off. */
  closed: { kind: "closure"; name: string } | { kind: "day-off" } | null;
  columns: DiaryColumn[];
  /** Every visit of the day in time order (the list layout), cancelled ones included. */
  visits: DiaryVisit[];
  /** The cards the grid shows: the day's visits but the cancelled ones. */
  count: number;
  /** Monday to Sunday of the date's week: visits per day, counted as the cards are. */
  week: { date: string; visits: number }[];
  /** The first few (all with `everyAttention`), and how many there are. */
  needsAttention: AttentionItem[];
  attentionCount: number;
  /** Past visits nobody gave an outcome, newest first (the first few), and how many. */
  needsOutcome: { _id: string; date: string; time: string; name: string; dentist: string }[];
  outcomeCount: number;
  viewer: DiaryViewer;
  /** Why the cards show no alerts or messages (the hourly bound of patients read), or null. */
  detailsWithheld: string | null;
};

/** The statuses whose visits the diary shows as cards, and counts. */
export const SHOWN_STATUSES: AppointmentStatus[] = [...ACTIVE_STATUSES, "completed", "no_show"];

/** The span a visit's time is held for, from its local start to the end of its buffer. */
export function spanOf(row: Pick<DiaryRow, "time" | "startsAt" | "endsAt" | "bufferMinutes">) {
  const start = toMinutes(row.time);
  const minutes = (row.endsAt.getTime() - row.startsAt.getTime()) / 60_000 + row.bufferMinutes;
  return { start, end: start + minutes };
}

const HOLDS_TIME: AppointmentStatus[] = [...ACTIVE_STATUSES, "completed"];

/**
 * The active dentists with their plans and their exceptions touching the days from `from`
 * to `to`, parsed (the diary keeps them in the read cache: parsed once, not per request).
 */
export async function dentistsBetween(from: string, to: string) {
  const dentists = await prisma.dentist.findMany({
    where: { active: true },
    orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
    select: {
      id: true,
      name: true,
      userId: true,
      weeklyPlan: true,
      exceptions: {
        where: { startDate: { lte: to }, endDate: { gte: from } },
        select: { startDate: true, endDate: true, dayPlan: true },
      },
    },
  });
  return dentists.map(({ id, name, userId, ...stored }) => ({
    id,
    name,
    userId,
    ...plannedDentist({ name, ...stored }),
  }));
}

/** The clinic's closure covering a date, if any. */
export function closureOn(date: string) {
  return prisma.clinicClosure.findFirst({
    where: { startDate: { lte: date }, endDate: { gte: date } },
    select: { name: true },
  });
}

/** The active dentists by name, in the team's order (the visit page's move form). */
export function activeDentists() {
  return prisma.dentist.findMany({
    where: { active: true },
    orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
    select: { id: true, name: true },
  });
}

export function activeChairs() {
  return prisma.chair.findMany({
    where: { active: true },
    orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
    select: { id: true, name: true },
  });
}

export type DiaryRequest = {
  date: string | null;
  view: DiaryView;
  scope?: DiaryScope;
  now?: Date;
  viewer: { id: string; role: string };
  /** Every visit needing attention, not the first few. */
  everyAttention?: boolean;
};

/** How many of each needs-attention list the diary shows before "show all". */
export const ATTENTION_SHOWN = 10;

/** A day of the diary: its visits read through the startsAt index, one column per dentist or chair. */
export async function diaryDay(request: DiaryRequest): Promise<Diary> {
  const { view, viewer } = request;
  const now = request.now ?? new Date();
  // The cache generations read once for the day's cached reads, not once each (ADR 046).
  const generations = await readGenerations();
  const settings = await getClinicSettings(generations);
  const clinicToday = clinicNow(now, settings.timeZone);
  const today = clinicToday.date;
  const date = request.date && isIsoDate(request.date) ? request.date : today;
  const dayStart = clinicTimeToUtc(date, "00:00", settings.timeZone);
  const dayEnd = clinicTimeToUtc(addDays(date, 1), "00:00", settings.timeZone);
  const monday = addDays(date, -((weekdayOf(date) + 6) % 7));
  const weekDates = Array.from({ length: 7 }, (_, k) => addDays(monday, k));
  // Computed before the queries start: a throw among them would leave a started one unawaited.
  const [weekStart, weekEnd] = [monday, addDays(monday, 7)].map((day) =>
    clinicTimeToUtc(day, "00:00", settings.timeZone),
  );
  // The database's part of the day, from the data cache (ADR 046): the desk reloads the
  // diary far more often than anything changes in it. Any write to a visit moves `visits`.
  const dentists = await cachedRead(
    ["team"],
    `diary:dentists:${date}`,
    () => dentistsBetween(date, date),
    { generations },
  );
  const own = dentists.find((dentist) => dentist.userId === viewer.id) ?? null;
  // A dentist's own day is their column alone; anyone else's (or "clinic") is everyone's.
  const scope: DiaryScope =
    own && request.scope !== "clinic" && view === "dentist" ? "mine" : "clinic";
  const onlyDentist = scope === "mine" ? own!.id : undefined;
  const whose = onlyDentist ?? "all";
  const [closure, chairs, rows, needsAttention, outcome, weekRows] = await Promise.all([
    cachedRead(["team"], `diary:closure:${date}`, () => closureOn(date), { generations }),
    cachedRead(["team"], "diary:chairs", activeChairs, { generations }),
    cachedRead(
      ["visits", "catalogue", "team"],
      `diary:day:${date}`,
      () =>
        prisma.appointment.findMany({
          where: { startsAt: { gte: dayStart, lt: dayEnd } },
          select: DIARY_VISIT_FIELDS,
          orderBy: [{ startsAt: "asc" }, { createdAt: "asc" }],
        }),
      { generations },
    ),
    cachedRead(
      ["visits", "team", "settings", "catalogue"],
      `diary:attention:${date}:${whose}`,
      () =>
        appointmentsNeedingAttention({ from: date, to: addDays(date, 6), dentistId: onlyDentist }),
      { generations },
    ),
    // Past visits still open: what "past" is moves with the clock, so a minute at most.
    cachedRead(
      ["visits", "team"],
      `diary:outcome:${Math.floor(now.getTime() / 60_000)}:${whose}`,
      () => visitsNeedingOutcome(now, onlyDentist),
      { generations },
    ),
    cachedRead(
      ["visits"],
      `diary:week:${monday}:${whose}`,
      () =>
        prisma.appointment.groupBy({
          by: ["date"],
          where: {
            startsAt: { gte: weekStart, lt: weekEnd },
            status: { in: SHOWN_STATUSES },
            ...(onlyDentist ? { dentistId: onlyDentist } : {}),
          },
          _count: { _all: true },
        }),
      { generations },
    ),
  ]);
  const [history, forms] = await Promise.all([
    recentChanges(changedSince(rows, now), now),
    // The day's medical histories, due or to review: a few queries for the whole day.
    cachedRead(["visits", "accounts", "forms"], `diary:forms:${date}`, () => historyStates(rows), {
      generations,
    }),
  ]);
  const shared = sharedObjects();
  const details = await withPatientDetails(
    viewer,
    rows.map((row) => {
      const visit = toDiaryVisit(row, viewer, { now, today }, history, shared);
      const form = forms[row.id];
      if (form) visit.history = form;
      return { row, visit };
    }),
    { from: dayStart, to: dayEnd },
  );
  const visits = rows.map((row, index) => ({ row, visit: details.visits[index]! }));
  const shown = visits.filter(({ visit }) => SHOWN_STATUSES.includes(visit.status));
  const clinicDay = dayOfPlan(settings.weeklyHours, date);
  const clinicOpen = closure ? [] : openIntervals(clinicDay);
  const grid = settings.gridMinutes;
  const spans = shown.map(({ row, visit }) => ({
    visit,
    holds: HOLDS_TIME.includes(visit.status),
    span: { ...spanOf(row), chairId: row.chair.id } satisfies Span,
  }));
  const rowsOfGrid = gridRows(
    clinicOpen,
    spans.map((s) => s.span),
    grid,
  );
  const freeChairs = freeChairsByRow(
    rowsOfGrid,
    grid,
    chairs.map((chair) => chair.id),
    spans.filter((s) => s.holds).map((s) => s.span),
  );
  const columnVisits = (match: (visit: DiaryVisit) => boolean) =>
    spans.filter((s) => match(s.visit));
  const ordered = own ? [own, ...dentists.filter((d) => d !== own)] : dentists;
  const columns: DiaryColumn[] =
    view === "chair"
      ? chairs.map((chair) => ({
          id: chair.id,
          name: chair.name,
          open: clinicOpen,
          cells: layoutColumn({
            rows: rowsOfGrid,
            grid,
            open: clinicOpen,
            visits: columnVisits((visit) => visit.chair._id === chair.id),
            chairId: chair.id,
          }),
        }))
      : ordered
          .filter((dentist) => !onlyDentist || dentist.id === onlyDentist)
          .map((dentist) => {
            const open = dentistWorkingIntervals(dentist, date, clinicDay, closure !== null);
            return {
              id: dentist.id,
              name: dentist.name,
              open,
              cells: layoutColumn({
                rows: rowsOfGrid,
                grid,
                open,
                visits: columnVisits((visit) => visit.dentist._id === dentist.id),
                freeChairs,
                clinicOpen,
              }),
            };
          });
  if (view === "dentist") {
    await markFreedTimes({
      viewer,
      date,
      rows,
      gridRows: rowsOfGrid,
      gridMinutes: grid,
      columns,
      now,
    });
  }
  const perDay = new Map(weekRows.map((row) => [row.date, row._count._all]));
  const mine = (visit: DiaryVisit) => !onlyDentist || visit.dentist._id === onlyDentist;
  return {
    date,
    today,
    now: date === today ? clinicToday.time : null,
    view,
    scope,
    clock: { timeZone: settings.timeZone, locale: settings.locale },
    gridMinutes: grid,
    rows: rowsOfGrid,
    closed: closure
      ? { kind: "closure", name: closure.name }
      : clinicDay
        ? null
        : { kind: "day-off" },
    columns,
    visits: visits.map(({ visit }) => visit).filter(mine),
    count: shown.filter(({ visit }) => mine(visit)).length,
    week: weekDates.map((day) => ({ date: day, visits: perDay.get(day) ?? 0 })),
    // What the list shows, and nothing more: the visits' contact details stay on the server.
    needsAttention: (request.everyAttention
      ? needsAttention
      : needsAttention.slice(0, ATTENTION_SHOWN)
    ).map(({ appointment, reason }) => ({
      appointment: {
        _id: appointment._id,
        date: appointment.date,
        time: appointment.time,
        name: appointment.name,
        dentist: { name: appointment.dentist.name },
      },
      reason,
    })),
    attentionCount: needsAttention.length,
    outcomeCount: outcome.length,
    needsOutcome: outcome
      .slice(0, request.everyAttention ? undefined : ATTENTION_SHOWN)
      .map((row) => ({
        _id: row.id,
        date: row.date,
        time: row.time,
        name: row.name,
        dentist: row.dentist.name,
      })),
    viewer: { book: hasPermission(viewer, "appointments.book"), dentistId: own?.id ?? null },
    detailsWithheld: details.withheld,
  };
}
