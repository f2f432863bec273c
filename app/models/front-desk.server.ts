/**
 * The clinic's front desk: the day diary, one appointment with its history, staff status
 * changes and moves, patient search and cards, and bookings for callers. Called by the
 * staff pages and `/api/staff/*` alike; every change and every read of a patient card is
 * written to the audit trail in the same transaction (reads: in the same request).
 */
import type { Prisma } from "@prisma/client";
import {
  addDays,
  clinicNow,
  clinicTimeToUtc,
  isIsoDate,
  normalizeTime,
  weekdayOf,
} from "~/utils/clinic-time";
import { type ClinicClock, formatDateTime } from "~/utils/clinic-format";
import { prisma } from "~/utils/db.server";
import { fail, invalid, isUniqueViolation, ok, type Result } from "~/utils/result";
import { may } from "~/utils/permissions";
import type { StaffActor } from "~/utils/roles.server";
import {
  chairResource,
  chooseResources,
  dayOfPlan,
  dentistResource,
  type Interval,
  heldStepCount,
  holdInstants,
  openIntervals,
} from "~/utils/slot-engine";
import { DATE_FORMAT_MESSAGE, TIME_FORMAT_MESSAGE } from "~/validation/appointment";
import { validateFields } from "~/validation/form";
import { callerRecordSchema } from "~/validation/patient";
import { UNKNOWN_SERVICE_MESSAGE } from "~/validation/service";
import {
  type AppointmentJson,
  appointmentsNeedingAttention,
  changeStatus,
  findBookableService,
  freeTimesSentence,
  holdRows,
  moveAppointment,
  type NeedsAttention,
  refusalFor,
  resolveDentist,
  SLOT_TAKEN_MESSAGE,
  toAppointmentJson,
  withNotice,
  WITH_DETAILS,
} from "./appointment.server";
import { dentistWorkingIntervals, freeStarts, loadDay } from "./availability.server";
import { type AppointmentStatus, STATUS_LABELS, STATUSES } from "~/utils/appointment-status";
import { recordAudit } from "./audit.server";
import { getClinicSettings } from "./clinic-settings.server";
import { limitStaffWrite } from "~/utils/rate-limit.server";

export type { StaffActor };

export const NOT_FOUND_MESSAGE = "There is no such appointment.";
export const PATIENT_NOT_FOUND_MESSAGE = "There is no such patient.";
export const REASON_REQUIRED_MESSAGE = "Please give a reason.";
export const OVERRIDE_DENTIST_MESSAGE =
  "Booking anyway needs a chosen dentist. Please choose one instead of Any dentist.";
export const DENTIST_OWN_VISITS_MESSAGE =
  "Dentists can update the status of their own visits; reception and admin cancel and move.";
export const RACE_MESSAGE =
  "Someone else has just taken that time. Please choose another free time.";
const REASON_LIMIT = 500;

const clockOf = (settings: { timeZone: string; locale: string }): ClinicClock => ({
  timeZone: settings.timeZone,
  locale: settings.locale,
});

/** Staff work the diary as it is: no online notice period, only "not in the past". */
const STAFF_NOTICE_MINUTES = 0;

// ---------------------------------------------------------------- the day diary

export type DiaryView = "dentist" | "chair";

export type DiaryColumn = {
  id: string;
  name: string;
  /** Minutes from midnight the column is open (works); the rest of the grid is shaded. */
  open: Interval[];
  appointments: AppointmentJson[];
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
  appointments: AppointmentJson[];
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
        startsAt: {
          gte: clinicTimeToUtc(monday, "00:00", settings.timeZone),
          lt: clinicTimeToUtc(addDays(monday, 7), "00:00", settings.timeZone),
        },
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
  const appointments = rows.map(toAppointmentJson);
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
    ...active.map((a) => minutes(a.time) + a.service.durationMinutes),
  ];
  const first = starts.length > 0 ? Math.floor(Math.min(...starts) / grid) * grid : 0;
  const last = ends.length > 0 ? Math.max(...ends) : 0;
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
    clock: clockOf(settings),
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
}): Promise<Result<{ appointments: AppointmentJson[] }>> {
  const date = query.date?.trim() ?? "";
  if (!isIsoDate(date)) return invalid(DATE_FORMAT_MESSAGE);
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
  return ok({ appointments: rows.map(toAppointmentJson) });
}

// ---------------------------------------------------------------- one appointment

/** An appointment as the staff see it: details, the patient's contact and the history. */
export async function appointmentForStaff(id: string) {
  const row = await prisma.appointment.findUnique({
    where: { id },
    include: {
      ...WITH_DETAILS,
      dentist: { select: { id: true, slug: true, name: true, userId: true } },
      user: { select: { id: true, name: true, email: true, phone: true } },
      createdBy: { select: { name: true } },
      statusChanges: {
        orderBy: [{ at: "asc" }, { id: "asc" }],
        include: { byUser: { select: { name: true } } },
      },
    },
  });
  if (!row) return null;
  return {
    appointment: toAppointmentJson(row),
    /** The staff account of the visit's dentist: whose own visit it is. */
    dentistUserId: row.dentist.userId,
    patient: row.user,
    source: row.source,
    createdBy: row.createdBy?.name ?? null,
    overrideReason: row.overrideReason,
    cancelReason: row.cancelReason,
    history: row.statusChanges.map((change) => ({
      id: change.id,
      from: change.from,
      to: change.to,
      at: change.at.toISOString(),
      by: change.byUser?.name ?? null,
      note: change.note,
    })),
  };
}

const snapshot = (a: AppointmentJson) => ({
  status: a.status,
  date: a.date,
  time: a.time,
  dentist: a.dentist.name,
  chair: a.chair.name,
});

const isStatus = (value: string): value is AppointmentStatus =>
  (STATUSES as readonly string[]).includes(value);

/**
 * A staff status change (confirm, check in, complete, no-show, cancel with a reason), with
 * its audit entry in the change's transaction. A cancellation mails the patient.
 */
export async function staffChangeStatus(
  actor: StaffActor,
  id: string,
  rawStatus: string,
  rawReason: string | null | undefined,
  now: Date = new Date(),
): Promise<Result<{ appointment: AppointmentJson }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const to = rawStatus.trim();
  if (!isStatus(to) || to === "booked") {
    return invalid(
      "Please choose a status: confirmed, checked_in, completed, no_show or cancelled.",
    );
  }
  const reason = rawReason?.trim() ?? "";
  if (to === "cancelled" && !reason) return invalid(REASON_REQUIRED_MESSAGE);
  if (reason.length > REASON_LIMIT) {
    return invalid(`Please keep the reason under ${REASON_LIMIT} characters.`);
  }
  const before = await prisma.appointment.findUnique({
    where: { id },
    include: {
      ...WITH_DETAILS,
      dentist: { select: { id: true, slug: true, name: true, userId: true } },
    },
  });
  if (!before) return fail(404, NOT_FOUND_MESSAGE);
  const permission = to === "cancelled" ? "appointments.cancel" : "appointments.changeStatus";
  if (!may(actor, permission, { own: before.dentist.userId === actor.id })) {
    return fail(403, DENTIST_OWN_VISITS_MESSAGE);
  }
  const beforeJson = toAppointmentJson(before);
  const result = await changeStatus(
    id,
    to,
    { userId: actor.id },
    {
      now,
      reason: to === "cancelled" ? reason : undefined,
      note: reason || `${STATUS_LABELS[to]} by the clinic`,
      alsoInTransaction: (tx) =>
        recordAudit(tx, {
          actor,
          action: `appointment.${to === "cancelled" ? "cancel" : "status"}`,
          entityType: "appointment",
          entityId: id,
          patientId: before.userId,
          summary: `${STATUS_LABELS[beforeJson.status]} -> ${STATUS_LABELS[to]}${reason ? `: ${reason}` : ""}`,
          before: snapshot(beforeJson),
          after: { ...snapshot(beforeJson), status: to, ...(reason ? { reason } : {}) },
        }),
    },
  );
  if (!result.ok) return result;
  return ok({ appointment: toAppointmentJson(result.appointment) });
}

/**
 * A staff move to another free time, dentist or chair: the domain's atomic move (new holds
 * before the old are released) with the audit entry in its transaction. Of two staff
 * moving visits into one free time, the second gets RACE_MESSAGE's sense: the time is taken.
 */
export async function staffMove(
  actor: StaffActor,
  id: string,
  target: { date: string; time: string; dentist?: string; chair?: string },
  now: Date = new Date(),
): Promise<Result<{ appointment: AppointmentJson }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  if (!may(actor, "appointments.move")) return fail(403, DENTIST_OWN_VISITS_MESSAGE);
  const before = await prisma.appointment.findUnique({ where: { id }, include: WITH_DETAILS });
  if (!before) return fail(404, NOT_FOUND_MESSAGE);
  const beforeJson = toAppointmentJson(before);
  const clock = clockOf(await getClinicSettings());
  let chairId: string | undefined;
  if (target.chair?.trim()) {
    const chair = await prisma.chair.findFirst({
      where: { id: target.chair.trim(), active: true },
      select: { id: true },
    });
    if (!chair) return invalid("Please choose one of the clinic's chairs.");
    chairId = chair.id;
  }
  let dentistId: string | undefined;
  if (target.dentist?.trim() && target.dentist.trim() !== "any") {
    const dentist = await prisma.dentist.findFirst({
      where: { OR: [{ id: target.dentist.trim() }, { slug: target.dentist.trim() }] },
      select: { id: true },
    });
    if (!dentist) return invalid("Please choose one of the clinic's dentists.");
    dentistId = dentist.id;
  }
  const moved = await moveAppointment(
    id,
    { date: target.date, time: target.time, dentistId, chairId },
    { userId: actor.id },
    now,
    {
      minNoticeMinutes: STAFF_NOTICE_MINUTES,
      alsoInTransaction: async (tx) => {
        const after = await tx.appointment.findUniqueOrThrow({
          where: { id },
          include: WITH_DETAILS,
        });
        const afterJson = toAppointmentJson(after);
        return recordAudit(tx, {
          actor,
          action: "appointment.move",
          entityType: "appointment",
          entityId: id,
          patientId: before.userId,
          summary: `Moved from ${formatDateTime(beforeJson.date, beforeJson.time, clock)} (${beforeJson.dentist.name}) to ${formatDateTime(afterJson.date, afterJson.time, clock)} (${afterJson.dentist.name})`,
          before: snapshot(beforeJson),
          after: snapshot(afterJson),
        });
      },
    },
  );
  return moved;
}

/** Free start times for moving or booking a service on a date (staff: no notice period). */
export async function staffFreeTimes(options: {
  date: string;
  serviceId: string;
  dentistId?: string;
  ownAppointmentId?: string;
  now?: Date;
}): Promise<string[]> {
  if (!isIsoDate(options.date)) return [];
  const service = await prisma.service.findUnique({
    where: { id: options.serviceId },
    select: { id: true, durationMinutes: true, bufferMinutes: true },
  });
  if (!service) return [];
  const own = options.ownAppointmentId
    ? await prisma.slotHold.findMany({
        where: { appointmentId: options.ownAppointmentId },
        select: { resource: true, startsAt: true },
      })
    : [];
  const settings = await getClinicSettings();
  const { times } = await freeStarts({
    date: options.date,
    service,
    dentistId: options.dentistId,
    // Staff see every time from now on, not from now + the online notice.
    now: new Date((options.now ?? new Date()).getTime() - settings.minNoticeMinutes * 60_000),
    ownHolds: new Set(own.map((row) => `${row.resource}|${row.startsAt.getTime()}`)),
  });
  const current = clinicNow(options.now ?? new Date(), settings.timeZone);
  return options.date === current.date ? times.filter((time) => time > current.time) : times;
}

// ---------------------------------------------------------------- patients

/** Patients whose name, e-mail or phone contains `query` (at least 2 characters). */
export async function searchPatients(query: string) {
  const term = query.trim().slice(0, 100);
  if (term.length < 2) return [];
  const digits = term.replace(/\D/g, "");
  return prisma.user
    .findMany({
      where: {
        role: "patient",
        OR: [
          { name: { contains: term } },
          { email: { contains: term.toLowerCase() } },
          { phone: { contains: term } },
          ...(digits.length >= 3 ? [{ phone: { contains: digits } }] : []),
        ],
      },
      select: {
        id: true,
        name: true,
        email: true,
        phone: true,
        passwordHash: true,
        googleId: true,
      },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      take: 25,
    })
    .then((rows) =>
      rows.map(({ passwordHash, googleId, ...row }) => ({
        ...row,
        hasAccount: passwordHash !== null || googleId !== null,
      })),
    );
}

/** A patient's card (contact, upcoming and past visits); the read is audited. */
export async function patientCard(actor: StaffActor, patientId: string, now: Date = new Date()) {
  const patient = await prisma.user.findFirst({
    where: { id: patientId, role: "patient" },
    select: {
      id: true,
      name: true,
      email: true,
      phone: true,
      address: true,
      createdAt: true,
      passwordHash: true,
      googleId: true,
    },
  });
  if (!patient) return null;
  const [rows] = await prisma.$transaction(async (tx) => [
    await tx.appointment.findMany({
      where: { userId: patientId },
      include: WITH_DETAILS,
      orderBy: [{ startsAt: "asc" }, { createdAt: "asc" }],
    }),
    await recordAudit(tx, {
      actor,
      action: "patient.view",
      entityType: "patient",
      entityId: patientId,
      patientId,
      summary: `Viewed the card of ${patient.name}`,
    }),
  ]);
  const visits = rows.map(toAppointmentJson);
  const upcoming = (a: AppointmentJson) =>
    ["booked", "confirmed", "checked_in"].includes(a.status) && new Date(a.endsAt) > now;
  const { passwordHash, googleId, ...contact } = patient;
  return {
    patient: { ...contact, hasAccount: passwordHash !== null || googleId !== null },
    upcoming: visits.filter(upcoming),
    past: visits.filter((a) => !upcoming(a)).reverse(),
  };
}

/**
 * A patient record for a caller, without a password: they claim it by registering with
 * the same address. An address already on file is refused with the record to use.
 */
export async function createCallerRecord(
  actor: StaffActor,
  input: { name?: unknown; email?: unknown; phone?: unknown },
): Promise<Result<{ patientId: string }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const checked = validateFields(callerRecordSchema, input);
  if (!checked.ok) return checked;
  const { name, email, phone } = checked.data;
  const existing = await prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) {
    return fail(409, "A patient with that e-mail address is already on file: search for them.");
  }
  try {
    const created = await prisma.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { name, email, phone, passwordHash: null, provider: "local" },
        select: { id: true },
      });
      await recordAudit(tx, {
        actor,
        action: "patient.create",
        entityType: "patient",
        entityId: user.id,
        patientId: user.id,
        summary: `Created a patient record for ${name} (no password)`,
        after: { name, email, phone },
      });
      return user;
    });
    return ok({ patientId: created.id });
  } catch (error) {
    if (isUniqueViolation(error)) {
      return fail(409, "A patient with that e-mail address is already on file: search for them.");
    }
    throw error;
  }
}

// ---------------------------------------------------------------- bookings for callers

export type CallerBooking = {
  patientId?: unknown;
  service?: unknown;
  dentist?: unknown;
  date?: unknown;
  time?: unknown;
  message?: unknown;
  override?: unknown;
  reason?: unknown;
};

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * A booking the staff take for a caller: the same rules as online (service, dentist or
 * any, a free time; no notice period), or with `override` and a reason a deliberate
 * double booking on the next free hold layer. Audited with who and why.
 */
export async function bookForCaller(
  actor: StaffActor,
  input: CallerBooking,
  now: Date = new Date(),
): Promise<Result<{ appointment: AppointmentJson }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const patient = await prisma.user.findFirst({
    where: { id: text(input.patientId), role: "patient" },
    select: { id: true, name: true, email: true, phone: true },
  });
  if (!patient) return invalid("Please choose the patient first.");
  const service = await findBookableService(text(input.service));
  if (!service) return invalid(UNKNOWN_SERVICE_MESSAGE);
  const date = text(input.date);
  if (!isIsoDate(date)) return invalid(DATE_FORMAT_MESSAGE);
  const time = normalizeTime(text(input.time));
  if (!time) return invalid(TIME_FORMAT_MESSAGE);
  const dentist = await resolveDentist(text(input.dentist), service);
  if (!dentist.ok) return dentist;
  const override = text(input.override) === "yes" || input.override === true;
  const reason = text(input.reason);
  if (override && !reason) return invalid(`${REASON_REQUIRED_MESSAGE} Booking anyway needs one.`);
  if (reason.length > REASON_LIMIT) {
    return invalid(`Please keep the reason under ${REASON_LIMIT} characters.`);
  }
  if (override && !dentist.dentistId) return invalid(OVERRIDE_DENTIST_MESSAGE);
  const message = text(input.message).slice(0, 1000);

  const day = withNotice(await loadDay(date, service), STAFF_NOTICE_MINUTES);
  const allowed = await refusalFor(day, time, service, dentist.dentistId, now);
  if (!allowed.ok) return allowed;
  const choice = chooseResources(day, service, time, {
    dentistId: dentist.dentistId,
    earliest: allowed.earliest,
  });
  const base = {
    name: patient.name,
    email: patient.email,
    phone: patient.phone,
    message,
    date,
    time,
    userId: patient.id,
    serviceId: service.id,
    bufferMinutes: service.bufferMinutes,
    source: "staff",
    createdById: actor.id,
    statusChanges: {
      create: {
        from: null,
        to: "booked",
        at: now,
        byUserId: actor.id,
        note: override ? `Booked anyway: ${reason}` : "Booked by the clinic",
      },
    },
  } satisfies Partial<Prisma.AppointmentUncheckedCreateInput>;

  const audit = (tx: Prisma.TransactionClient, created: AppointmentJson) =>
    recordAudit(tx, {
      actor,
      action: override ? "appointment.book_override" : "appointment.book",
      entityType: "appointment",
      entityId: created._id,
      patientId: patient.id,
      summary: `Booked ${service.name} for ${patient.name}${override ? ` anyway: ${reason}` : ""}`,
      after: { ...snapshot(created), ...(override ? { overrideReason: reason } : {}) },
    });

  try {
    if (choice && !override) {
      const created = await prisma.$transaction(async (tx) => {
        const row = await tx.appointment.create({
          data: {
            ...base,
            dentistId: choice.dentistId,
            chairId: choice.chairId,
            startsAt: choice.startsAt,
            endsAt: choice.endsAt,
            holds: { createMany: { data: holdRows(choice) } },
          },
          include: WITH_DETAILS,
        });
        const json = toAppointmentJson(row);
        await audit(tx, json);
        return json;
      });
      return ok({ appointment: created });
    }
    if (!override) {
      return fail(
        409,
        `${SLOT_TAKEN_MESSAGE} ${await freeTimesSentence(date, service, dentist.dentistId, now)} Or tick "Book anyway" and give a reason.`,
      );
    }
    // The deliberate double booking: the chosen dentist, a free chair if there is one, on
    // the lowest layer none of its steps uses yet.
    const dentistId = dentist.dentistId!;
    const startsAt = clinicTimeToUtc(date, time, day.timeZone);
    const steps = holdInstants(
      startsAt,
      heldStepCount(service.durationMinutes, service.bufferMinutes, day.gridMinutes),
      day.gridMinutes,
    );
    const freeChair =
      day.chairs
        .slice()
        .sort((a, b) => a.sortOrder - b.sortOrder)
        .find((chair) =>
          steps.every((step) => !day.held.has(`${chairResource(chair.id)}|${step.getTime()}`)),
        ) ?? day.chairs[0];
    if (!freeChair) return fail(409, "The clinic has no active chair.");
    const resources = [dentistResource(dentistId), chairResource(freeChair.id)];
    const created = await prisma.$transaction(async (tx) => {
      const used = await tx.slotHold.aggregate({
        where: { resource: { in: resources }, startsAt: { in: steps } },
        _max: { layer: true },
      });
      const layer = (used._max.layer ?? -1) + 1;
      const row = await tx.appointment.create({
        data: {
          ...base,
          dentistId,
          chairId: freeChair.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + service.durationMinutes * 60_000),
          overrideReason: reason,
          holds: {
            createMany: {
              data: steps.flatMap((step) =>
                resources.map((resource) => ({ resource, startsAt: step, layer })),
              ),
            },
          },
        },
        include: WITH_DETAILS,
      });
      const json = toAppointmentJson(row);
      await audit(tx, json);
      return json;
    });
    return ok({ appointment: created });
  } catch (error) {
    if (isUniqueViolation(error)) return fail(409, RACE_MESSAGE);
    throw error;
  }
}
