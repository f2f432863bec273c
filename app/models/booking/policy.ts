/**
 * Who places a visit, and so which booking rules bind them: online, desk and waiting-list
 * bookings, moves and the data upgrade differ only by one of these values
 * (docs/decisions/027-one-booking-core.md).
 */
import type { StaffRole } from "~/models/roles";
import { BOOKING_RULES, type RuleId } from "./rules";

export type BookingActor =
  /** A patient; no userId for anyone online (the public free times). */
  | { kind: "patient"; userId: string | null }
  | { kind: "staff"; id: string; role: StaffRole }
  | { kind: "system" };

export type BookingSource = "online" | "staff" | "waitlist";

export type BookingPolicy = {
  actor: BookingActor;
  /** Rules that do not bind this actor at all (the desk works the diary as it is). */
  waives: readonly RuleId[];
  /**
   * Book past the rules the actor may override (BookingRule.overridableBy), on purpose:
   * the visit takes the next free hold layer and the reason is recorded with it.
   */
  override: { reason: string } | null;
  /** What a new booking records as its source. */
  source: BookingSource;
};

/** The user id a change is recorded under (status history, createdBy); null for the system. */
export function actorUserId(actor: BookingActor): string | null {
  if (actor.kind === "patient") return actor.userId;
  return actor.kind === "staff" ? actor.id : null;
}

/** A patient booking or moving their own visit: every rule binds them. */
export function onlinePolicy(userId: string | null): BookingPolicy {
  return { actor: { kind: "patient", userId }, waives: [], override: null, source: "online" };
}

/** A patient accepting a waiting-list offer: the online rules, recorded as from the list. */
export function waitlistPolicy(userId: string): BookingPolicy {
  return { ...onlinePolicy(userId), source: "waitlist" };
}

/**
 * Staff at the desk book the caller in front of them: no online notice and no cap of
 * upcoming visits (docs/decisions/017-front-desk.md); with a reason, past a taken time.
 */
export function deskPolicy(
  staff: { id: string; role: StaffRole },
  override: { reason: string } | null = null,
): BookingPolicy {
  return {
    actor: { kind: "staff", id: staff.id, role: staff.role },
    waives: ["notice", "patient-cap"],
    override,
    source: "staff",
  };
}

/**
 * The data upgrade places visits where they already are: no rule but the holds applies,
 * and a visit that meets another takes the next layer (a recorded double booking).
 */
export const UPGRADE_POLICY: BookingPolicy = {
  actor: { kind: "system" },
  waives: BOOKING_RULES.map((rule) => rule.id).filter(
    (id) => id !== "dentist-free" && id !== "chair-free",
  ),
  override: { reason: "Booked before the diary kept holds" },
  source: "online",
};
