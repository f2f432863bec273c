/**
 * Moving a visit to another time (and dentist or chair), by its patient or by staff: the
 * one writer places it again, keeping its own length and buffer and, when they are free,
 * its dentist and chair; its old time goes to the waiting list.
 */
import { MOVABLE, parseStatus } from "~/models/booking/appointment-status";
import { normalizeTime } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { fail, invalid, ok, type Success } from "~/utils/result";
import { TIME_FORMAT_MESSAGE } from "~/validation/appointment";
import { loadDayPlans } from "./availability.server";
import { prepareEvent, visitEventsCommitted } from "./events.server";
import { placeVisit, type PlaceRefusal, type PlaceResult, takenMeanwhile } from "./place.server";
import type { BookingPolicy } from "./policy";
import { type AppointmentJson, toAppointmentJson, WITH_DETAILS } from "./visit";
import { dateRefusal } from "~/validation/dates";

export const APPOINTMENT_NOT_FOUND_MESSAGE =
  "We could not find that appointment among your bookings.";
export const NOT_MOVABLE_MESSAGE = "Only a booked or confirmed appointment can be moved.";

export type MoveTarget = { date: string; time: string; dentistId?: string; chairId?: string };

/**
 * Moves a booked or confirmed appointment. `policy` says who moves it (the patient's
 * rules, or the desk's without the online notice); the move, its holds, its history row,
 * the calendar SEQUENCE, the patient's mail and the offers of the freed time commit
 * together.
 */
export async function moveAppointment(
  appointmentId: string,
  target: MoveTarget,
  policy: BookingPolicy,
  now: Date = new Date(),
): Promise<Success<{ appointment: AppointmentJson }> | PlaceRefusal> {
  const current = await prisma.appointment.findUnique({
    where: { id: appointmentId },
    include: WITH_DETAILS,
  });
  if (!current) return fail(404, APPOINTMENT_NOT_FOUND_MESSAGE);
  if (!MOVABLE.includes(parseStatus(current.status))) return fail(409, NOT_MOVABLE_MESSAGE);
  const date = target.date.trim();
  const refusedDate = dateRefusal(date, now);
  if (refusedDate) return refusedDate;
  const time = normalizeTime(target.time);
  if (!time) return invalid(TIME_FORMAT_MESSAGE);

  const plans = await loadDayPlans(date, current.serviceId);
  const raise = await prepareEvent(
    "moved",
    { startsAt: current.startsAt, dentistId: current.dentistId, userId: current.userId },
    now,
  );
  const visit = {
    name: current.service.name,
    durationMinutes: (current.endsAt.getTime() - current.startsAt.getTime()) / 60_000,
    bufferMinutes: current.bufferMinutes,
  };
  let placed: PlaceResult;
  try {
    placed = await prisma.$transaction(() =>
      placeVisit(
        {
          plans,
          date,
          time,
          dentistId: target.dentistId,
          chairId: target.chairId,
          preferred: { dentistId: current.dentistId, chairId: current.chairId },
          visit,
        },
        { kind: "move", current, raise },
        policy,
        now,
      ),
    );
  } catch (error) {
    return takenMeanwhile(error);
  }
  if (!placed.ok) return placed;
  visitEventsCommitted();
  return ok({ appointment: toAppointmentJson(placed.appointment!) });
}
