/**
 * What staff may do to a visit next, from the one transitions table
 * (~/models/booking/appointment-status) and the permission table (~/models/permissions): the diary's
 * cards and the appointment page offer exactly these, so no button leads to a refusal.
 */
import {
  ACTIVE_STATUSES,
  type AppointmentStatus,
  isCheckInTakenBack,
  MOVABLE,
  ONCE_STARTED,
  onItsDay,
  TRANSITIONS,
} from "~/models/booking/appointment-status";
import { may } from "~/models/permissions";

/** The buttons' words for each move (cancel has its own form, with its reason). */
export const ACTION_LABELS: Partial<Record<AppointmentStatus, string>> = {
  booked: "Back to booked",
  confirmed: "Confirm",
  checked_in: "Check in",
  completed: "Complete",
  no_show: "Mark no-show",
};

/** The undo button's words, by the status being taken back. */
export const UNDO_LABELS: Partial<Record<AppointmentStatus, string>> = {
  confirmed: "Undo confirm",
  checked_in: "Undo check-in",
  completed: "Undo complete",
  no_show: "Undo no-show",
};

/** The word the card shows instead of "Booked" for a past visit nobody resolved. */
export const NEEDS_OUTCOME = "Needs an outcome";

export type VisitOffer = {
  /** Status moves other than cancelling, in the table's order. */
  actions: AppointmentStatus[];
  cancel: boolean;
  move: boolean;
};

type Viewer = { id: string; role: string };

/** The instant and the clinic's date (YYYY-MM-DD) it falls on. */
export type Moment = { now: Date; today: string };

/**
 * The moves `viewer` may make on a visit in `status`: checking in from its day, completing
 * (the check-in with it) and no-show once it has started, taking a check-in back (the desk)
 * until it ends; a dentist only on their own visits, never cancelling or moving.
 */
export function visitOffer(
  viewer: Viewer,
  visit: {
    status: AppointmentStatus;
    date: string;
    startsAt: Date;
    endsAt: Date;
    dentistUserId: string | null;
  },
  { now, today }: Moment,
): VisitOffer {
  const own = { own: visit.dentistUserId === viewer.id };
  const started = visit.startsAt <= now;
  const next = TRANSITIONS[visit.status];
  const allowed = (to: AppointmentStatus) =>
    to !== "cancelled" &&
    (started || !ONCE_STARTED.includes(to)) &&
    onItsDay(to, visit.date, today) &&
    (!isCheckInTakenBack(visit.status, to) ||
      (visit.endsAt > now && may(viewer, "appointments.undoCheckIn")));
  const actions = may(viewer, "appointments.changeStatus", own) ? next.filter(allowed) : [];
  return {
    actions,
    cancel: next.includes("cancelled") && may(viewer, "appointments.cancel", own),
    move: MOVABLE.includes(visit.status) && may(viewer, "appointments.move", own),
  };
}

/** A visit whose time is over and that is still booked, confirmed or checked in. */
export function needsOutcome(visit: { status: AppointmentStatus; endsAt: Date }, now: Date) {
  return ACTIVE_STATUSES.includes(visit.status) && visit.endsAt <= now;
}
