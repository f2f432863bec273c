/**
 * Booked visits that no longer fit the diary (a closure, a dentist's day off or changed
 * plan, new opening hours): the rules that still hold of a booked visit ("standing" in
 * ~/models/booking/rules) asked again of each, with the reason the first refusal gives.
 * Closing a day with bookings is allowed; the staff screens list these.
 */
import { addDays, clinicTimeToUtc } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { dayOfPlan } from "~/models/booking/slot-engine";
import { dentistOnDay } from "./availability.server";
import { closuresBetween, getClinicSettings } from "~/models/settings/clinic-settings.server";
import { evaluate } from "./evaluate";
import { onlinePolicy } from "./policy";
import { BOOKING_RULES } from "./rules";
import { type AppointmentJson, toAppointmentJson, WITH_DETAILS } from "./visit";

export type NeedsAttention = { appointment: AppointmentJson; reason: string };

/** A patient replied R to a text (docs/decisions/052-text-messages.md). */
export const CALL_BACK_REASON =
  "The patient asked by text to be called back (see Messages, then mark it handled).";

const STANDING_RULES = BOOKING_RULES.filter((rule) => rule.standing);

/** Active visits between the local dates `from` and `to` that no longer fit, and why. */
export async function appointmentsNeedingAttention(range: {
  from: string;
  to: string;
  /** Only this dentist's visits (their admin page). */
  dentistId?: string;
}): Promise<NeedsAttention[]> {
  const settings = await getClinicSettings();
  const [closures, rows, links] = await Promise.all([
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
            sortOrder: true,
            weeklyPlan: true,
            active: true,
            exceptions: {
              where: { startDate: { lte: range.to }, endDate: { gte: range.from } },
              select: { startDate: true, endDate: true, dayPlan: true, note: true },
            },
          },
        },
      },
      orderBy: { startsAt: "asc" },
    }),
    prisma.dentistService.findMany({
      select: { dentistId: true, serviceId: true, dentist: { select: { active: true } } },
    }),
  ]);
  const performs = (dentistId: string, serviceId: string) => {
    const linked = links.filter((link) => link.serviceId === serviceId);
    return (
      !linked.some((link) => link.dentist.active) || linked.some((l) => l.dentistId === dentistId)
    );
  };
  const found: NeedsAttention[] = [];
  for (const row of rows) {
    if (row.callBackAt) {
      found.push({
        appointment: toAppointmentJson({
          ...row,
          dentist: { id: row.dentist.id, slug: row.dentist.slug, name: row.dentist.name },
        }),
        reason: CALL_BACK_REASON,
      });
      continue;
    }
    const closure = closures.find((c) => c.startDate <= row.date && row.date <= c.endDate);
    const clinicDay = dayOfPlan(settings.weeklyHours, row.date);
    const dentist = dentistOnDay(
      row.dentist,
      row.date,
      clinicDay,
      closure !== undefined,
      performs(row.dentistId, row.serviceId),
    );
    const verdict = evaluate({
      day: {
        date: row.date,
        settings,
        closureName: closure?.name ?? null,
        dentists: [dentist],
        chairs: [],
        held: new Set(),
        visitsByDentist: new Map(),
        heldMinutes: new Map(),
      },
      proposal: {
        date: row.date,
        time: row.time,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        steps: [],
        service: { name: row.service.name, durationMinutes: row.service.durationMinutes },
      },
      now: row.startsAt,
      policy: onlinePolicy(row.userId),
      dentistId: row.dentistId,
      rules: STANDING_RULES,
    });
    if (verdict.ok) continue;
    const { staffNote, message } = verdict.refusal;
    found.push({
      appointment: toAppointmentJson({
        ...row,
        dentist: { id: row.dentist.id, slug: row.dentist.slug, name: row.dentist.name },
      }),
      reason: staffNote ? message.replace(/\.?$/, ` (${staffNote}).`) : message,
    });
  }
  return found;
}
