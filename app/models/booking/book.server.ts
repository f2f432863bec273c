/**
 * New bookings, whoever makes them: the patient online (Make appointment and
 * `POST /api/create-appointment`), the desk, an accepted waiting-list offer. They differ
 * only by their policy (~/models/booking/policy); the visit is placed by the one writer.
 */
import { verifiedAccount } from "~/models/accounts/email-verification.server";
import { bookingPatient } from "~/models/family/booking.server";
import { prisma } from "~/infra/db.server";
import { type Failure, invalid, ok, type Success } from "~/utils/result";
import { appointmentSchema } from "~/validation/appointment";
import { validateForm } from "~/validation/form";
import { UNKNOWN_SERVICE_MESSAGE } from "~/validation/service";
import { clinicTimeToUtc } from "~/utils/clinic-time";
import { loadDayPlans } from "./availability.server";
import { findBookableService, resolveDentist, type ServiceRow } from "./choices.server";
import { type BookingDraft, prepareEvent, visitEventsCommitted } from "./events.server";
import { placeVisit, type PlaceRefusal, type PlaceResult, takenMeanwhile } from "./place.server";
import { type BookingPolicy, onlinePolicy } from "./policy";
import { tooManyBookingsMessage } from "./rules";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { type AppointmentJson, type StoredVisit, toAppointmentJson } from "./visit";
import { APPOINTMENT_REQUIRED_FIELDS } from "~/validation/form-fields";

/** The spec reuses the service toast for a booking (docs/spec/product-spec.md §8). */
export const APPOINTMENT_BOOKED = "Product Created Successfully";

export type BookingRequest = {
  service: ServiceRow;
  /** Undefined: any dentist who performs the service. */
  dentistId?: string;
  /** Undefined: the first chair free then. */
  chairId?: string;
  date: string;
  time: string;
  /** The patient's account; null for none (never online). */
  userId: string | null;
  contact: { name: string; email: string; phone: string; message: string };
  staffNote?: string;
  /** Booked through this recall's invitation link. */
  recallId?: string | null;
};

export type Booked = { appointment: StoredVisit; mailedTo: string | null };

/** A refusal that undoes what `beforePlacing` wrote in the booking's transaction. */
class RefusedAfterSteps extends Error {
  constructor(readonly refusal: PlaceRefusal) {
    super(refusal.message);
  }
}

/**
 * Books one visit with `policy`: the day's plans and the event's reads before the
 * transaction, then the writer inside it. `alsoInTransaction` runs after the visit is
 * written and may throw to undo it (accepting an offer); `beforePlacing` runs before it,
 * so what the visit's event sends already sees it (the agreement to texts), and a refusal
 * undoes it.
 */
export async function bookVisit(
  request: BookingRequest,
  policy: BookingPolicy,
  now: Date,
  alsoInTransaction?: () => Promise<unknown>,
  beforePlacing?: () => Promise<unknown>,
): Promise<Success<Booked> | PlaceRefusal> {
  const plans = await loadDayPlans(request.date, request.service.id);
  const draft: BookingDraft = {
    userId: request.userId,
    serviceId: request.service.id,
    date: request.date,
    startsAt: clinicTimeToUtc(request.date, request.time, plans.settings.timeZone),
  };
  // The event's reads before the transaction, or, when a step before placing writes what
  // they read (the agreement to texts), inside it after that step: before the day's lock either way.
  const raiseEarly = beforePlacing ? null : await prepareEvent("booked", draft, now);
  let placed: PlaceResult;
  try {
    placed = await prisma.$transaction(async () => {
      await beforePlacing?.();
      const raise = raiseEarly ?? (await prepareEvent("booked", draft, now));
      const result = await placeVisit(
        {
          plans,
          date: request.date,
          time: request.time,
          dentistId: request.dentistId,
          chairId: request.chairId,
          visit: request.service,
        },
        {
          kind: "new",
          serviceId: request.service.id,
          userId: request.userId,
          contact: request.contact,
          staffNote: request.staffNote ?? "",
          recallId: request.recallId ?? null,
          raise,
        },
        policy,
        now,
      );
      if (!result.ok && beforePlacing) throw new RefusedAfterSteps(result);
      if (result.ok) await alsoInTransaction?.();
      return result;
    });
  } catch (error) {
    if (error instanceof RefusedAfterSteps) return error.refusal;
    return takenMeanwhile(error);
  }
  if (!placed.ok) return placed;
  visitEventsCommitted();
  return ok({ appointment: placed.appointment!, mailedTo: placed.outcome.mailedTo });
}

/**
 * A feature's part of the booking form (the agreement to texts, docs/decisions/052-text-messages.md):
 * asked with the checked contact after the spec's own checks and the booking's choices, it
 * refuses with its own message, or answers a step that runs in the booking's transaction
 * before the visit is placed (the visit's messages then see it; a refusal undoes it).
 * The booking core knows no feature that adds one.
 */
export type BookingAddOn = (contact: {
  phone: string;
}) => Promise<Failure | { apply: (() => Promise<unknown>) | null }>;

/**
 * Make appointment and `POST /api/create-appointment`, for an account with a verified
 * address; the waiting list books an accepted offer through it with its own policy. The
 * optional `patient` names a family member the account may book for: the visit, its cap,
 * its rules and its recall are theirs (docs/decisions/049-families.md). It is checked after
 * the spec's fields, so their messages and order stay.
 */
export async function bookAppointment(
  input: Record<string, unknown>,
  userId: string,
  now: Date = new Date(),
  options: {
    policy?: BookingPolicy;
    /** Runs inside the booking's transaction (accepting a waitlist offer); may throw to undo it. */
    alsoInTransaction?: () => Promise<unknown>;
    /** The recall whose invitation's book link the form came through (checked by the caller). */
    recallId?: string | null;
    addOn?: BookingAddOn;
  } = {},
): Promise<Success<{ appointment: AppointmentJson }> | PlaceRefusal> {
  const account = await verifiedAccount(userId);
  if (!account.ok) return account;
  const validated = validateForm(appointmentSchema, input, APPOINTMENT_REQUIRED_FIELDS);
  if (!validated.ok) return validated;
  const { service: serviceId, dentist: rawDentist, date, time, ...contact } = validated.data;
  const patient = await bookingPatient(userId, input.patient);
  if (!patient.ok) return patient;
  const service = await findBookableService(serviceId);
  if (!service) return invalid(UNKNOWN_SERVICE_MESSAGE);
  const dentist = await resolveDentist(rawDentist, service);
  if (!dentist.ok) return dentist;
  // After the spec's own checks, so their messages and order stay (decisions.md item 25).
  const added = options.addOn ? await options.addOn(contact) : { apply: null };
  if ("ok" in added) return added;
  const booked = await bookVisit(
    {
      service,
      dentistId: dentist.dentistId,
      date,
      time,
      userId: patient.patientId,
      contact,
      recallId: options.recallId ?? null,
    },
    options.policy ?? onlinePolicy(userId),
    now,
    options.alsoInTransaction,
    added.apply ?? undefined,
  );
  if (!booked.ok && booked.rule === "patient-cap" && patient.familyName) {
    // The cap is the family member's: the refusal names them, not "you".
    const { maxUpcomingPerPatient } = await getClinicSettings();
    return {
      ...booked,
      message: tooManyBookingsMessage(maxUpcomingPerPatient, patient.familyName),
    };
  }
  if (!booked.ok) return booked;
  return ok({ appointment: toAppointmentJson(booked.appointment) });
}
