/**
 * A dentist's days at the clinic (/staff/dentists/:id): the weekly plan, picked with time
 * pickers and kept inside the clinic's hours, and the exceptions (days off, different
 * hours). Each change is one transaction with its audit entry; the read cache follows the write by
 * itself (ADR 030), so the booking picker changes at once.
 */
import { recordAudit } from "~/models/audit/trail.server";
import { type ClinicClock, formatDateRange, formatDayPlan } from "~/utils/clinic-format";
import { addDays, clinicNow, weekdayOf } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import {
  parseDayRow,
  parseWeekForm,
  planDayFields,
  readDayRow,
  WEEK_ORDER,
} from "~/models/settings/plan-text";
import { limitStaffWrite } from "~/infra/rate-limit.server";
import { ok, type Result } from "~/utils/result";
import { validateFields } from "~/validation/form";
import { type DayPlan, type Weekday, WEEKDAYS } from "~/validation/schedule";
import { dentistExceptionSchema } from "~/validation/team";
import {
  clockOf,
  getClinicClock,
  getClinicSettings,
} from "~/models/settings/clinic-settings.server";
import {
  type AttentionCount,
  DENTIST_GONE_MESSAGE,
  readDay,
  readPlan,
  refusal,
  type StaffActor,
  visitsNeedingAttention,
} from "./dentist-admin.server";
import { dateRefusal } from "~/validation/dates";

/**
 * The dentist's weekly plan, each working day inside the clinic's hours of that weekday.
 * Says how many upcoming visits need attention afterwards (outside the new plan), so the
 * admin can move them.
 */
export async function updateWeeklyPlan(
  actor: StaffActor,
  id: string,
  input: Record<string, unknown>,
): Promise<Result<{ name: string; attention: AttentionCount }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const settings = await getClinicSettings();
  const parsed = parseWeekForm(input, settings.weeklyHours, clockOf(settings));
  if (!parsed.ok) return parsed;
  const result = await prisma.$transaction(async () => {
    const before = await prisma.dentist.findUnique({
      where: { id },
      select: { name: true, weeklyPlan: true },
    });
    if (!before) return refusal(DENTIST_GONE_MESSAGE, null, 404);
    await prisma.dentist.update({
      where: { id },
      data: { weeklyPlan: JSON.stringify(parsed.plan) },
    });
    await recordAudit({
      actor,
      action: "dentist.plan",
      entityType: "Dentist",
      entityId: id,
      summary: `Changed the weekly plan of ${before.name}`,
      before: readPlan(before),
      after: parsed.plan,
    });
    return ok({ name: before.name });
  });
  if (!result.ok) return result;
  return ok({ name: result.name, attention: await visitsNeedingAttention(id) });
}

/** The longest exception one form adds (a sabbatical is two). */
export const MAX_EXCEPTION_DAYS = 366;

export const exceptionOverlapMessage = (start: string, end: string, clock: ClinicClock) =>
  `It overlaps the exception ${formatDateRange(start, end, clock)}: remove that one first, or choose other days.`;

/** The weekdays a date range covers (at most a week's worth), in the week's order. */
function weekdaysOf(start: string, end: string): Weekday[] {
  const seen = new Set<Weekday>();
  for (let date = start; date <= end && seen.size < 7; date = addDays(date, 1)) {
    seen.add(WEEKDAYS[weekdayOf(date)]!);
  }
  return WEEK_ORDER.filter((day) => seen.has(day));
}

/**
 * A day off or different hours for a date range (both ends included). Different hours
 * must lie inside the clinic's hours on each weekday of the range the clinic opens.
 */
export async function addDentistException(
  actor: StaffActor,
  id: string,
  input: Record<string, unknown>,
): Promise<Result<{ name: string; attention: AttentionCount }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const checked = validateFields(dentistExceptionSchema, input);
  if (!checked.ok) return checked;
  const { startDate, kind, note } = checked.data;
  const endDate = checked.data.endDate || startDate;
  for (const [field, date] of [
    ["startDate", startDate],
    ["endDate", endDate],
  ] as const) {
    const refusedDate = dateRefusal(date);
    if (refusedDate) return refusal(refusedDate.message, field);
  }
  if (endDate < startDate) {
    return refusal("The last day must not be before the first day.", "endDate");
  }
  if (addDays(startDate, MAX_EXCEPTION_DAYS - 1) < endDate) {
    return refusal(`An exception covers at most ${MAX_EXCEPTION_DAYS} days.`, "endDate");
  }
  const settings = await getClinicSettings();
  const clock = clockOf(settings);
  let dayPlan: DayPlan = null;
  if (kind === "hours") {
    const fields = planDayFields("");
    const parsed = parseDayRow(
      { ...readDayRow(input, fields), off: false },
      "Different hours",
      fields,
      {
        clock,
        clinicDays: weekdaysOf(startDate, endDate)
          .map((weekday) => ({ weekday, plan: settings.weeklyHours[weekday] }))
          .filter((day) => day.plan !== null),
      },
    );
    if (!parsed.ok) return parsed;
    dayPlan = parsed.plan;
  }
  const today = clinicNow(new Date(), settings.timeZone).date;
  if (endDate < today) return refusal("Those days have already passed.", "endDate");
  const result = await prisma.$transaction(async () => {
    const dentist = await prisma.dentist.findUnique({ where: { id }, select: { name: true } });
    if (!dentist) return refusal(DENTIST_GONE_MESSAGE, null, 404);
    const overlap = await prisma.dentistException.findFirst({
      where: { dentistId: id, startDate: { lte: endDate }, endDate: { gte: startDate } },
      orderBy: { startDate: "asc" },
    });
    if (overlap) {
      return refusal(
        exceptionOverlapMessage(overlap.startDate, overlap.endDate, clock),
        "startDate",
        409,
      );
    }
    const created = await prisma.dentistException.create({
      data: { dentistId: id, startDate, endDate, dayPlan: JSON.stringify(dayPlan), note },
    });
    await recordAudit({
      actor,
      action: "dentist.exception.add",
      entityType: "Dentist",
      entityId: id,
      summary: `Added an exception for ${dentist.name}: ${formatDateRange(startDate, endDate, clock)}, ${formatDayPlan(dayPlan, clock)}`,
      after: { exceptionId: created.id, startDate, endDate, dayPlan, note },
    });
    return ok({ name: dentist.name });
  });
  if (!result.ok) return result;
  return ok({ name: result.name, attention: await visitsNeedingAttention(id) });
}

export const EXCEPTION_GONE_MESSAGE = "That exception no longer exists.";

/** Removes one exception: the weekly plan applies on its days again. */
export async function removeDentistException(
  actor: StaffActor,
  id: string,
  exceptionId: unknown,
): Promise<Result<{ name: string }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  if (typeof exceptionId !== "string" || exceptionId.length === 0 || exceptionId.length > 64) {
    return refusal(EXCEPTION_GONE_MESSAGE, null, 404);
  }
  const clock = await getClinicClock();
  const result = await prisma.$transaction(async () => {
    const exception = await prisma.dentistException.findFirst({
      where: { id: exceptionId, dentistId: id },
      include: { dentist: { select: { name: true } } },
    });
    if (!exception) return refusal(EXCEPTION_GONE_MESSAGE, null, 404);
    await prisma.dentistException.delete({ where: { id: exception.id } });
    const dayPlan = readDay(exception.dayPlan);
    await recordAudit({
      actor,
      action: "dentist.exception.remove",
      entityType: "Dentist",
      entityId: id,
      summary: `Removed the exception of ${exception.dentist.name}: ${formatDateRange(exception.startDate, exception.endDate, clock)}`,
      before: {
        exceptionId: exception.id,
        startDate: exception.startDate,
        endDate: exception.endDate,
        dayPlan,
        note: exception.note,
      },
    });
    return ok({ name: exception.dentist.name });
  });
  return result;
}
