import type { Appointment, Prisma } from "@prisma/client";
import { verifiedAccount } from "~/models/email-verification.server";
import { type AppointmentStatus, STATUSES, STATUS_LABELS } from "~/utils/appointment-status";
import { wakeOutbox } from "~/models/outbox.server";
import {
  type ClinicClock,
  formatDate,
  formatDateTime,
  formatDuration,
  formatTime,
  formatTimes,
} from "~/utils/clinic-format";
import { addDays, clinicTimeToUtc, DAY_NAMES, isIsoDate, normalizeTime } from "~/utils/clinic-time";
import { prisma } from "~/utils/db.server";
import { sendMail } from "~/utils/mail.server";
import { fail, invalid, isUniqueViolation, ok, type Result } from "~/utils/result";
import {
  chairResource,
  chooseResources,
  dayOfPlan,
  type DayProblem,
  dentistResource,
  earliestStart,
  holdKey,
  openIntervals,
  timeProblem,
  type TimeProblem,
  toMinutes,
  fromMinutes,
  workingIntervals,
  dentistDay,
} from "~/utils/slot-engine";
import {
  APPOINTMENT_REQUIRED_FIELDS,
  appointmentSchema,
  DATE_FORMAT_MESSAGE,
  DENTIST_CHOICE_MESSAGE,
  TIME_FORMAT_MESSAGE,
} from "~/validation/appointment";
import { validateForm } from "~/validation/form";
import { dayPlanSchema, parseJsonColumn, WEEKDAYS, weeklyPlanSchema } from "~/validation/schedule";
import { UNKNOWN_SERVICE_MESSAGE } from "~/validation/service";
import {
  freeStarts,
  loadDay,
  type LoadedDay,
  performerIds,
  problemOfDay,
  type ServiceTimes,
} from "./availability.server";
import {
  appointmentCalendar,
  composeAppointmentMail,
  enqueueAppointmentMail,
} from "./appointment-mail.server";
import { afterVisitCompleted } from "./review-request.server";
import { setRecallFromVisit } from "./recall.server";
import { prepareWaitlistOffers } from "./waitlist-offers.server";
import { insideCutoffMessage, isInsideCutoff } from "./cancellation-policy.server";
import { closuresBetween, getClinicSettings, type Settings } from "./clinic-settings.server";
import { PUBLICLY_LISTED } from "~/models/service.server";

/** The spec reuses the service toast for a booking (docs/spec/product-spec.md §8). */
export const APPOINTMENT_BOOKED = "Product Created Successfully";
export const SLOT_TAKEN_MESSAGE = "Sorry, that time is already booked.";
export const APPOINTMENT_NOT_FOUND_MESSAGE =
  "We could not find that appointment among your bookings.";
export const ALREADY_CANCELLED_MESSAGE = "This appointment is already cancelled.";
export const ALREADY_PAST_MESSAGE =
  "This appointment has already started or taken place, so it can no longer be cancelled.";
export const UNKNOWN_DENTIST_MESSAGE = DENTIST_CHOICE_MESSAGE;
export const NOT_MOVABLE_MESSAGE = "Only a booked or confirmed appointment can be moved.";

export function tooManyBookingsMessage(max: number) {
  return `You already have ${max} upcoming appointments. Please cancel one before booking another.`;
}

// The names and labels are shared with the browser (a *.server module never reaches it).
export { STATUSES, STATUS_LABELS, type AppointmentStatus };

/** Statuses whose visit still holds its time. */
export const ACTIVE_STATUSES: AppointmentStatus[] = ["booked", "confirmed", "checked_in"];

/** The lifecycle: booked → confirmed → checked_in → completed, or cancelled / no_show. */
export const TRANSITIONS: Record<AppointmentStatus, AppointmentStatus[]> = {
  booked: ["confirmed", "checked_in", "cancelled", "no_show"],
  confirmed: ["checked_in", "cancelled", "no_show"],
  checked_in: ["completed"],
  completed: [],
  cancelled: [],
  no_show: [],
};

/** Cancelled and no-show visits give their time back; completed ones keep their holds. */
const RELEASES_HOLDS: AppointmentStatus[] = ["cancelled", "no_show"];

const isStatus = (value: string): value is AppointmentStatus =>
  (STATUSES as readonly string[]).includes(value);

export const WITH_DETAILS = {
  service: { select: { id: true, slug: true, name: true, durationMinutes: true } },
  dentist: { select: { id: true, slug: true, name: true } },
  chair: { select: { id: true, name: true } },
} as const;

export type AppointmentWithDetails = Prisma.AppointmentGetPayload<{ include: typeof WITH_DETAILS }>;

/** A booking as pages and JSON answers see it. */
export type AppointmentJson = {
  _id: string;
  service: { _id: string; slug: string; name: string; durationMinutes: number };
  dentist: { _id: string; slug: string; name: string };
  chair: { _id: string; name: string };
  name: string;
  email: string;
  phone: string;
  /** Clinic date, YYYY-MM-DD. */
  date: string;
  /** Clinic time, HH:MM. */
  time: string;
  /** UTC instants of the visit. */
  startsAt: string;
  endsAt: string;
  message: string;
  status: AppointmentStatus;
};

export function toAppointmentJson(appointment: AppointmentWithDetails): AppointmentJson {
  return {
    _id: appointment.id,
    service: {
      _id: appointment.service.id,
      slug: appointment.service.slug,
      name: appointment.service.name,
      durationMinutes: appointment.service.durationMinutes,
    },
    dentist: {
      _id: appointment.dentist.id,
      slug: appointment.dentist.slug,
      name: appointment.dentist.name,
    },
    chair: { _id: appointment.chair.id, name: appointment.chair.name },
    name: appointment.name,
    email: appointment.email,
    phone: appointment.phone,
    date: appointment.date,
    time: appointment.time,
    startsAt: appointment.startsAt.toISOString(),
    endsAt: appointment.endsAt.toISOString(),
    message: appointment.message,
    status: isStatus(appointment.status) ? appointment.status : "booked",
  };
}

const clockOf = (settings: Settings): ClinicClock => ({
  timeZone: settings.timeZone,
  locale: settings.locale,
});

/** "Monday to Saturday" for a run of days, else "Monday, Wednesday and Friday". */
export function describeOpenDays(settings: Settings): string {
  const days = [1, 2, 3, 4, 5, 6, 0].filter((day) => settings.weeklyHours[WEEKDAYS[day]!]);
  const names = days.map((day) => DAY_NAMES[day]!);
  const isRun = days.every((day, index) => index === 0 || day === (days[index - 1]! + 1) % 7);
  if (days.length > 2 && isRun) return `${names[0]} to ${names[names.length - 1]}`;
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

function dayProblemMessage(problem: DayProblem, date: string, settings: Settings): string {
  switch (problem.kind) {
    case "past":
      return "That date and time has already passed. Please choose a time in the future.";
    case "too-far":
      return `Appointments can be booked up to ${problem.horizonDays} days ahead. Please choose an earlier date.`;
    case "closure":
      return `The clinic is closed on ${formatDate(date, clockOf(settings))} (${problem.name}). Please choose another day.`;
    case "closed-weekday":
      return `The clinic is closed on ${DAY_NAMES[problem.weekday]}s. We are open ${describeOpenDays(settings)}.`;
  }
}

function timeProblemMessage(problem: TimeProblem, day: LoadedDay, durationMinutes: number): string {
  const clock = clockOf(day.settings);
  const grid = day.settings.gridMinutes;
  const periods = openIntervals(dayOfPlan(day.settings.weeklyHours, day.date));
  switch (problem) {
    case "past":
      return "That date and time has already passed. Please choose a time in the future.";
    case "notice":
      return `Online bookings need at least ${formatDuration(day.settings.minNoticeMinutes)} notice. Please choose a later time.`;
    case "off-grid": {
      const first = periods[0]?.start ?? 0;
      return `Appointments start every ${grid} minutes (${formatTimes([fromMinutes(first), fromMinutes(first + grid)], clock)}, ...). Please choose one of those times.`;
    }
    case "outside-hours": {
      const open = periods
        .map(
          (period) =>
            `${formatTime(fromMinutes(period.start), clock)} to ${formatTime(fromMinutes(period.end), clock)}`,
        )
        .join(" and ");
      const starts = periods
        .map((period) => Math.floor((period.end - durationMinutes) / grid) * grid)
        .filter((last, index) => last >= periods[index]!.start);
      const first = periods[0]?.start ?? 0;
      const last = starts.length > 0 ? Math.max(...starts) : first;
      return `We are open from ${open}: a visit of ${formatDuration(durationMinutes)} can start between ${formatTime(fromMinutes(first), clock)} and ${formatTime(fromMinutes(last), clock)}.`;
    }
  }
}

export async function freeTimesSentence(
  date: string,
  service: ServiceTimes,
  dentistId: string | undefined,
  now: Date,
): Promise<string> {
  const { day, times } = await freeStarts({ date, service, dentistId, now });
  const clock = clockOf(day.settings);
  const who = dentistId ? ` with ${day.dentistNames.get(dentistId) ?? "that dentist"}` : "";
  return times.length > 0
    ? `Still free on ${formatDate(date, clock)}${who}: ${formatTimes(times, clock)}.`
    : `Nothing is free on ${formatDate(date, clock)}${who} any more. Please choose another day.`;
}

export type ServiceRow = ServiceTimes & { id: string; name: string };

export async function findBookableService(id: string): Promise<ServiceRow | null> {
  return prisma.service.findFirst({
    where: { id, ...PUBLICLY_LISTED },
    select: { id: true, name: true, durationMinutes: true, bufferMinutes: true },
  });
}

/** "" or "any" is any dentist; otherwise an active dentist who performs the service. */
export async function resolveDentist(
  raw: string | null | undefined,
  service: ServiceRow,
): Promise<Result<{ dentistId: string | undefined }>> {
  const wanted = raw?.trim() ?? "";
  if (wanted === "" || wanted === "any") return ok({ dentistId: undefined });
  const dentist = await prisma.dentist.findFirst({
    where: { OR: [{ id: wanted }, { slug: wanted }], active: true },
    select: { id: true, name: true },
  });
  if (!dentist) return invalid(UNKNOWN_DENTIST_MESSAGE);
  const performers = await performerIds(service.id);
  if (performers && !performers.includes(dentist.id)) {
    return invalid(
      `${dentist.name} does not perform ${service.name}. Please choose another dentist or Any dentist.`,
    );
  }
  return ok({ dentistId: dentist.id });
}

export type FreeSlots = {
  date: string;
  times: string[];
  /** The times as the clinic writes them ("9:00 AM"), in the same order. */
  labels: string[];
  message: string | null;
};

/**
 * `GET /resources/free-slots?date=&service=&dentist=`: the start times still free that
 * day for the service's length (one grid step when no service is given), or why none.
 */
export async function getFreeSlots(
  query: { date: string | null; service?: string | null; dentist?: string | null },
  now: Date = new Date(),
): Promise<Result<FreeSlots>> {
  const date = query.date?.trim() ?? "";
  if (!isIsoDate(date)) return invalid(DATE_FORMAT_MESSAGE);
  const settings = await getClinicSettings();
  let service: ServiceTimes = {
    id: null,
    durationMinutes: settings.gridMinutes,
    bufferMinutes: 0,
  };
  let dentistId: string | undefined;
  if (query.service) {
    const found = await findBookableService(query.service);
    if (!found) return invalid(UNKNOWN_SERVICE_MESSAGE);
    service = found;
    const dentist = await resolveDentist(query.dentist ?? undefined, found);
    if (!dentist.ok) return dentist;
    dentistId = dentist.dentistId;
  }
  const { day, times } = await freeStarts({ date, service, dentistId, now });
  const clock = clockOf(settings);
  const labels = times.map((time) => formatTime(time, clock));
  if (times.length > 0) return ok({ date, times, labels, message: null });
  const problem = problemOfDay(day, now);
  const who = dentistId ? ` with ${day.dentistNames.get(dentistId) ?? "that dentist"}` : "";
  return ok({
    date,
    times,
    labels,
    message: problem
      ? dayProblemMessage(problem, date, settings)
      : `Nothing is free on ${formatDate(date, clock)}${who} any more. Please choose another day.`,
  });
}

/** What stops `time` on `date` for the service, with the free times when the day is open. */
export async function refusalFor(
  day: LoadedDay,
  time: string,
  service: ServiceRow,
  dentistId: string | undefined,
  now: Date,
): Promise<Result<{ earliest: Date }>> {
  const settings = day.settings;
  const problem = problemOfDay(day, now);
  if (problem) {
    return invalid(dayProblemMessage(problem, day.date, settings));
  }
  const timeIssue = timeProblem({
    date: day.date,
    time,
    now,
    timeZone: settings.timeZone,
    gridMinutes: settings.gridMinutes,
    minNoticeMinutes: settings.minNoticeMinutes,
    clinicDay: dayOfPlan(settings.weeklyHours, day.date),
    durationMinutes: service.durationMinutes,
  });
  if (timeIssue) {
    const message = timeProblemMessage(timeIssue, day, service.durationMinutes);
    return invalid(`${message} ${await freeTimesSentence(day.date, service, dentistId, now)}`);
  }
  return ok({ earliest: earliestStart(now, settings.minNoticeMinutes) });
}

/** The day with another notice period (staff bookings and moves); unchanged when undefined. */
export function withNotice(day: LoadedDay, minNoticeMinutes: number | undefined): LoadedDay {
  if (minNoticeMinutes === undefined) return day;
  return { ...day, settings: { ...day.settings, minNoticeMinutes } };
}

export function holdRows(choice: { dentistId: string; chairId: string; holds: Date[] }) {
  return choice.holds.flatMap((startsAt) => [
    { resource: dentistResource(choice.dentistId), startsAt, layer: 0 },
    { resource: chairResource(choice.chairId), startsAt, layer: 0 },
  ]);
}

/** A few tries: "any dentist" may find another dentist or chair after losing a race. */
const BOOKING_ATTEMPTS = 3;

/**
 * Make appointment and `POST /api/create-appointment`, for an account with a verified
 * address. The appointment, its holds (one row per grid step for its dentist and its
 * chair, under a unique index) and its first status row are one nested write, so of any
 * number of simultaneous requests for overlapping times the database lets exactly one
 * through, whatever the lengths (docs/decisions/016-slot-holds.md).
 */
export async function bookAppointment(
  input: Record<string, unknown>,
  userId: string,
  now: Date = new Date(),
  options: {
    /** Runs inside the booking's transaction (accepting a waitlist offer); may throw to undo it. */
    alsoInTransaction?: (tx: Prisma.TransactionClient) => Promise<unknown>;
  } = {},
): Promise<Result<{ appointment: AppointmentJson }>> {
  const patient = await verifiedAccount(userId);
  if (!patient.ok) return patient;
  const validated = validateForm(appointmentSchema, input, APPOINTMENT_REQUIRED_FIELDS);
  if (!validated.ok) return validated;
  const { service: serviceId, dentist: rawDentist, date, time, ...contact } = validated.data;

  const service = await findBookableService(serviceId);
  if (!service) return invalid(UNKNOWN_SERVICE_MESSAGE);
  const dentist = await resolveDentist(rawDentist, service);
  if (!dentist.ok) return dentist;
  const { dentistId } = dentist;

  let day = await loadDay(date, service);
  const allowed = await refusalFor(day, time, service, dentistId, now);
  if (!allowed.ok) return allowed;

  // A soft cap against one account holding many visits; not a uniqueness rule.
  const upcoming = await prisma.appointment.count({
    where: { userId, status: { in: ACTIVE_STATUSES }, startsAt: { gt: now } },
  });
  if (upcoming >= day.settings.maxUpcomingPerPatient) {
    return fail(409, tooManyBookingsMessage(day.settings.maxUpcomingPerPatient));
  }

  for (let attempt = 1; attempt <= BOOKING_ATTEMPTS; attempt += 1) {
    const choice = chooseResources(day, service, time, { dentistId, earliest: allowed.earliest });
    if (!choice) break;
    try {
      // The booking, its holds, its history and its confirmation mail: one transaction.
      const appointment = await prisma.$transaction(async (tx) => {
        const created = await tx.appointment.create({
          data: {
            ...contact,
            date,
            time,
            userId,
            serviceId: service.id,
            dentistId: choice.dentistId,
            chairId: choice.chairId,
            startsAt: choice.startsAt,
            endsAt: choice.endsAt,
            bufferMinutes: service.bufferMinutes,
            source: "online",
            holds: { createMany: { data: holdRows(choice) } },
            statusChanges: { create: { from: null, to: "booked", at: now, byUserId: userId } },
          },
          include: WITH_DETAILS,
        });
        await options.alsoInTransaction?.(tx);
        await enqueueAppointmentMail(tx, created, "booked", day.settings, now);
        return created;
      });
      wakeOutbox();
      return ok({ appointment: toAppointmentJson(appointment) });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      day = await loadDay(date, service);
    }
  }
  return fail(
    409,
    `${SLOT_TAKEN_MESSAGE} ${await freeTimesSentence(date, service, dentistId, now)}`,
  );
}

/** Statuses a patient may cancel themselves (before the visit starts). */
export const PATIENT_CANCELLABLE: AppointmentStatus[] = ["booked", "confirmed"];

/** Includes what a mail about an appointment shows (service, dentist, chair). */
export const APPOINTMENT_DETAILS = WITH_DETAILS;

/**
 * The cancellation mail of a visit whose patient just deleted their account, sent at once
 * and never stored: the outbox would keep the address and name the patient asked us to
 * erase (docs/decisions/013-my-data.md). A failure is logged; the deletion stands.
 */
export async function sendCancellationMail(to: string, appointment: AppointmentWithDetails) {
  const settings = await getClinicSettings();
  const now = new Date();
  const { subject, text } = composeAppointmentMail(appointment, "cancelled", settings, null);
  try {
    await sendMail({
      to,
      subject,
      text,
      calendar: appointmentCalendar(appointment, settings, to, now),
    });
  } catch (error) {
    console.error("The cancellation mail of a deleted account could not be sent", error);
  }
}

/**
 * The patient's next visit that still holds its time (booked, confirmed or checked in,
 * not over yet), for the home page's "Your next appointment" panel; null when none.
 */
export async function nextAppointment(
  userId: string,
  now: Date = new Date(),
): Promise<AppointmentJson | null> {
  const row = await prisma.appointment.findFirst({
    where: { userId, status: { in: ACTIVE_STATUSES }, endsAt: { gt: now } },
    include: WITH_DETAILS,
    orderBy: [{ startsAt: "asc" }, { createdAt: "asc" }],
  });
  return row ? toAppointmentJson(row) : null;
}

/** The signed-in patient's bookings: upcoming soonest first, the rest latest first. */
export async function listAppointments(userId: string, now: Date = new Date()) {
  const rows = await prisma.appointment.findMany({
    where: { userId },
    include: WITH_DETAILS,
    orderBy: [{ startsAt: "asc" }, { createdAt: "asc" }],
  });
  const isUpcoming = (row: Appointment) =>
    (ACTIVE_STATUSES as string[]).includes(row.status) && row.startsAt > now;
  return {
    upcoming: rows.filter(isUpcoming).map(toAppointmentJson),
    past: rows
      .filter((row) => !isUpcoming(row))
      .reverse()
      .map(toAppointmentJson),
  };
}

export type Actor = { userId: string | null };

/**
 * Moves an appointment along its lifecycle (TRANSITIONS): one transaction writes the new
 * status (only if it is still the one read), the status history row and, for cancelled
 * and no-show, releases the holds. No-show and completed only once the visit has started.
 */
export async function changeStatus(
  appointmentId: string,
  to: AppointmentStatus,
  actor: Actor,
  options: {
    now?: Date;
    note?: string;
    reason?: string;
    where?: Prisma.AppointmentWhereInput;
    /** Runs inside the change's transaction (the staff screens' audit entry). */
    alsoInTransaction?: (tx: Prisma.TransactionClient) => Promise<unknown>;
  } = {},
): Promise<Result<{ appointment: AppointmentWithDetails; from: AppointmentStatus }>> {
  const now = options.now ?? new Date();
  const current = await prisma.appointment.findFirst({
    where: { id: appointmentId, ...options.where },
    select: { status: true, startsAt: true, dentistId: true, userId: true },
  });
  if (!current) return fail(404, APPOINTMENT_NOT_FOUND_MESSAGE);
  const from = isStatus(current.status) ? current.status : "booked";
  if (from === to || !TRANSITIONS[from].includes(to)) {
    if (to === "cancelled" && from === "cancelled") return fail(409, ALREADY_CANCELLED_MESSAGE);
    return fail(
      409,
      `A ${STATUS_LABELS[from].toLowerCase()} appointment cannot become ${STATUS_LABELS[to].toLowerCase()}.`,
    );
  }
  if ((to === "no_show" || to === "completed") && current.startsAt > now) {
    return fail(
      409,
      `An appointment can only be marked ${STATUS_LABELS[to].toLowerCase()} once it has started.`,
    );
  }
  const settings = await getClinicSettings();
  // A cancelled visit's time goes to the waiting list, in the same transaction.
  const offerFreedTime =
    to === "cancelled" && current.startsAt > now
      ? await prepareWaitlistOffers(
          {
            startsAt: current.startsAt,
            dentistId: current.dentistId,
            excludeUserId: current.userId,
          },
          now,
        )
      : null;
  const changed = await prisma.$transaction(async (tx) => {
    const { count } = await tx.appointment.updateMany({
      where: { id: appointmentId, status: from },
      data: {
        status: to,
        ...(to === "cancelled"
          ? { cancelReason: options.reason ?? null, sequence: { increment: 1 } }
          : {}),
      },
    });
    if (count === 0) return null;
    if (RELEASES_HOLDS.includes(to)) await tx.slotHold.deleteMany({ where: { appointmentId } });
    await tx.appointmentStatusChange.create({
      data: { appointmentId, from, to, at: now, byUserId: actor.userId, note: options.note ?? "" },
    });
    await options.alsoInTransaction?.(tx);
    const appointment = await tx.appointment.findUniqueOrThrow({
      where: { id: appointmentId },
      include: WITH_DETAILS,
    });
    if (to === "cancelled") {
      await enqueueAppointmentMail(tx, appointment, "cancelled", settings, now);
      await offerFreedTime?.(tx);
    }
    if (to === "completed") await afterVisitCompleted(tx, appointment, settings, now);
    if (to === "completed") await setRecallFromVisit(tx, appointment, settings);
    return appointment;
  });
  if (changed) wakeOutbox();
  if (!changed) {
    return to === "cancelled"
      ? fail(409, ALREADY_CANCELLED_MESSAGE)
      : fail(409, "This appointment has just been changed by someone else. Please reload.");
  }
  return ok({ appointment: changed, from });
}

/**
 * Cancels one of the patient's upcoming bookings and frees its time. Another patient's
 * booking is answered exactly like one that does not exist.
 */
export async function cancelAppointment(
  appointmentId: string,
  userId: string,
  now: Date = new Date(),
  reason?: string,
): Promise<Result<{ appointment: AppointmentJson }>> {
  const appointment = await prisma.appointment.findFirst({
    where: { id: appointmentId, userId },
    select: { status: true, startsAt: true },
  });
  if (!appointment) return fail(404, APPOINTMENT_NOT_FOUND_MESSAGE);
  if (appointment.status === "cancelled") return fail(409, ALREADY_CANCELLED_MESSAGE);
  if (appointment.startsAt <= now) return fail(409, ALREADY_PAST_MESSAGE);
  const settings = await getClinicSettings();
  if (isInsideCutoff(appointment.startsAt, settings, now)) {
    return fail(409, insideCutoffMessage(settings));
  }
  const result = await changeStatus(
    appointmentId,
    "cancelled",
    { userId },
    {
      now,
      reason,
      note: "Cancelled by the patient",
      where: { userId },
    },
  );
  if (!result.ok) return result;
  return ok({ appointment: toAppointmentJson(result.appointment) });
}

/**
 * Moves a booked or confirmed appointment to another time (and dentist or chair). The
 * new holds are written before the old ones are released, in one transaction, so the
 * visit never loses its time to a race and may overlap its own old steps. Keeps the
 * dentist and chair when they are free; increments the calendar SEQUENCE; mails the
 * patient.
 */
export async function moveAppointment(
  appointmentId: string,
  target: { date: string; time: string; dentistId?: string; chairId?: string },
  actor: Actor,
  now: Date = new Date(),
  staffOptions: {
    /** Staff may move a visit closer than the online notice (0 = any future time). */
    minNoticeMinutes?: number;
    /** Runs inside the move's transaction (the staff screens' audit entry). */
    alsoInTransaction?: (tx: Prisma.TransactionClient) => Promise<unknown>;
  } = {},
): Promise<Result<{ appointment: AppointmentJson }>> {
  const current = await prisma.appointment.findUnique({
    where: { id: appointmentId },
    include: {
      ...WITH_DETAILS,
      holds: true,
      service: {
        select: { id: true, slug: true, name: true, durationMinutes: true, bufferMinutes: true },
      },
    },
  });
  if (!current) return fail(404, APPOINTMENT_NOT_FOUND_MESSAGE);
  if (current.status !== "booked" && current.status !== "confirmed") {
    return fail(409, NOT_MOVABLE_MESSAGE);
  }
  const date = target.date.trim();
  if (!isIsoDate(date)) return invalid(DATE_FORMAT_MESSAGE);
  const time = normalizeTime(target.time);
  if (!time) return invalid(TIME_FORMAT_MESSAGE);
  const service: ServiceRow = {
    id: current.service.id,
    name: current.service.name,
    durationMinutes: current.service.durationMinutes,
    bufferMinutes: current.service.bufferMinutes,
  };
  if (target.dentistId) {
    const dentist = await resolveDentist(target.dentistId, service);
    if (!dentist.ok) return dentist;
  }
  const day = withNotice(await loadDay(date, service), staffOptions.minNoticeMinutes);
  const allowed = await refusalFor(day, time, service, target.dentistId, now);
  if (!allowed.ok) return allowed;

  const own = new Set(current.holds.map((row) => holdKey(row.resource, row.startsAt)));
  const options = { earliest: allowed.earliest, ownHolds: own };
  const choice =
    chooseResources(day, service, time, {
      ...options,
      dentistId: target.dentistId ?? current.dentistId,
      chairId: target.chairId ?? current.chairId,
    }) ??
    (target.chairId
      ? null
      : chooseResources(day, service, time, {
          ...options,
          dentistId: target.dentistId ?? current.dentistId,
        })) ??
    (target.dentistId || target.chairId ? null : chooseResources(day, service, time, options));
  const taken = async () =>
    fail(
      409,
      `${SLOT_TAKEN_MESSAGE} ${await freeTimesSentence(date, service, target.dentistId, now)}`,
    );
  if (!choice) return taken();

  const settings = day.settings;
  const previously = formatDateTime(current.date, current.time, clockOf(settings));
  const wanted = holdRows(choice);
  // The time the visit leaves goes to the waiting list, in the move's transaction (the
  // step finds nothing when the visit still holds it, e.g. moved by one step).
  const offerFreedTime =
    current.startsAt > now
      ? await prepareWaitlistOffers(
          {
            startsAt: current.startsAt,
            dentistId: current.dentistId,
            excludeUserId: current.userId,
          },
          now,
        )
      : null;
  const wantedKeys = new Set(wanted.map((row) => holdKey(row.resource, row.startsAt)));
  try {
    const moved = await prisma.$transaction(async (tx) => {
      const { count } = await tx.appointment.updateMany({
        where: { id: appointmentId, status: current.status, sequence: current.sequence },
        data: {
          date,
          time,
          startsAt: choice.startsAt,
          endsAt: choice.endsAt,
          dentistId: choice.dentistId,
          chairId: choice.chairId,
          bufferMinutes: service.bufferMinutes,
          sequence: { increment: 1 },
          rescheduledAt: now,
        },
      });
      if (count === 0) return null;
      await tx.slotHold.createMany({
        data: wanted
          .filter((row) => !own.has(holdKey(row.resource, row.startsAt)))
          .map((row) => ({ ...row, appointmentId })),
      });
      const stale = current.holds.filter(
        (row) => !wantedKeys.has(holdKey(row.resource, row.startsAt)),
      );
      for (const row of stale) {
        await tx.slotHold.delete({
          where: {
            resource_startsAt_layer: {
              resource: row.resource,
              startsAt: row.startsAt,
              layer: row.layer,
            },
          },
        });
      }
      await tx.appointmentStatusChange.create({
        data: {
          appointmentId,
          from: current.status,
          to: current.status,
          at: now,
          byUserId: actor.userId,
          note: `moved from ${previously} with ${current.dentist.name}`,
        },
      });
      await staffOptions.alsoInTransaction?.(tx);
      const appointment = await tx.appointment.findUniqueOrThrow({
        where: { id: appointmentId },
        include: WITH_DETAILS,
      });
      await enqueueAppointmentMail(tx, appointment, "moved", settings, now, { previously });
      await offerFreedTime?.(tx);
      return appointment;
    });
    if (!moved)
      return fail(409, "This appointment has just been changed by someone else. Please reload.");
    wakeOutbox();
    return ok({ appointment: toAppointmentJson(moved) });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return taken();
  }
}

export type NeedsAttention = { appointment: AppointmentJson; reason: string };

/**
 * Active bookings between the local dates `from` and `to` that no longer fit the diary:
 * inside a closure, on a dentist's day off or exception, or outside a changed plan or the
 * clinic's hours. Closing a date with bookings is allowed; the staff screens list these.
 */
export async function appointmentsNeedingAttention(range: {
  from: string;
  to: string;
  /** Only this dentist's visits (their admin page). */
  dentistId?: string;
}): Promise<NeedsAttention[]> {
  const settings = await getClinicSettings();
  const [closures, rows] = await Promise.all([
    closuresBetween(range.from, range.to),
    prisma.appointment.findMany({
      where: {
        status: { in: ["booked", "confirmed"] },
        date: { gte: range.from, lte: range.to },
        ...(range.dentistId ? { dentistId: range.dentistId } : {}),
        // The (status, startsAt) index bounds the read; the local dates decide.
        startsAt: {
          gte: clinicTimeToUtc(addDays(range.from, -1), "00:00", settings.timeZone),
          lt: clinicTimeToUtc(addDays(range.to, 2), "00:00", settings.timeZone),
        },
      },
      include: {
        ...WITH_DETAILS,
        dentist: {
          select: {
            id: true,
            slug: true,
            name: true,
            weeklyPlan: true,
            active: true,
            exceptions: { where: { startDate: { lte: range.to }, endDate: { gte: range.from } } },
          },
        },
      },
      orderBy: { startsAt: "asc" },
    }),
  ]);
  const found: NeedsAttention[] = [];
  for (const row of rows) {
    const closure = closures.find((c) => c.startDate <= row.date && row.date <= c.endDate);
    const start = toMinutes(row.time);
    const end = start + row.service.durationMinutes;
    const plan = parseJsonColumn(weeklyPlanSchema, row.dentist.weeklyPlan, "A dentist's plan");
    const exceptions = row.dentist.exceptions.map((exception) => ({
      ...exception,
      dayPlan: parseJsonColumn(dayPlanSchema, exception.dayPlan, "An exception"),
    }));
    const exception = exceptions.find((e) => e.startDate <= row.date && row.date <= e.endDate);
    const fits = (intervals: { start: number; end: number }[]) =>
      intervals.some((period) => period.start <= start && end <= period.end);
    const clinicDay = dayOfPlan(settings.weeklyHours, row.date);
    let reason: string | null = null;
    if (closure) reason = `The clinic is closed (${closure.name}).`;
    else if (!row.dentist.active) reason = `${row.dentist.name} no longer sees patients.`;
    else if (!fits(openIntervals(clinicDay))) reason = "Outside the clinic's opening hours.";
    else if (
      !fits(
        workingIntervals({
          dentistDay: dentistDay(plan, exceptions, row.date),
          clinicDay,
          closed: false,
        }),
      )
    )
      reason = exception
        ? `${row.dentist.name} has an exception that day${exception.note ? ` (${exception.note})` : ""}.`
        : `Outside ${row.dentist.name}'s working hours.`;
    if (reason) {
      const { dentist, ...rest } = row;
      found.push({
        appointment: toAppointmentJson({
          ...rest,
          dentist: { id: dentist.id, slug: dentist.slug, name: dentist.name },
        }),
        reason,
      });
    }
  }
  return found;
}
