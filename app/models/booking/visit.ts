/**
 * A visit as stored (with its service, dentist and chair) and as pages and JSON answers
 * see it. The staff's private note is never part of the patient's view.
 */
import type { Prisma } from "@prisma/client";
import { type AppointmentStatus, parseStatus } from "~/models/booking/appointment-status";

export const WITH_DETAILS = {
  service: { select: { id: true, slug: true, name: true, durationMinutes: true } },
  dentist: { select: { id: true, slug: true, name: true } },
  chair: { select: { id: true, name: true } },
} as const;

export type StoredVisit = Prisma.AppointmentGetPayload<{ include: typeof WITH_DETAILS }>;

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
  /** What the patient wrote when booking. */
  message: string;
  status: AppointmentStatus;
};

/** The patient's view of a stored visit; a status outside the set fails loudly. */
export function toAppointmentJson(appointment: StoredVisit): AppointmentJson {
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
    status: parseStatus(appointment.status),
  };
}

/** The staff's view: the patient's, plus the clinic's private note. */
export type StaffAppointmentJson = AppointmentJson & { staffNote: string };

export function toStaffAppointmentJson(appointment: StoredVisit): StaffAppointmentJson {
  return { ...toAppointmentJson(appointment), staffNote: appointment.staffNote };
}
