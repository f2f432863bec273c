/**
 * The appointment lifecycle, shared by the server and the pages: a closed set of statuses
 * and the one table of moves between them. The database refuses any other value (a CHECK
 * constraint, prisma/migrations/*_booking_core), and reading one fails loudly.
 */
export const STATUSES = [
  "booked",
  "confirmed",
  "checked_in",
  "completed",
  "cancelled",
  "no_show",
] as const;
export type AppointmentStatus = (typeof STATUSES)[number];

/** What patients and staff read for each status. */
export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  booked: "Booked",
  confirmed: "Confirmed",
  checked_in: "Checked in",
  completed: "Completed",
  cancelled: "Cancelled",
  no_show: "Missed",
};

/**
 * booked → confirmed → checked_in → completed, or cancelled / no_show. A visit nobody
 * checked in may be completed at once (the check-in is recorded with it: `passesThrough`),
 * and the desk may take a check-in back to booked while the visit has not ended.
 */
export const TRANSITIONS: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  booked: ["confirmed", "checked_in", "completed", "cancelled", "no_show"],
  confirmed: ["checked_in", "completed", "cancelled", "no_show"],
  checked_in: ["completed", "booked"],
  completed: [],
  cancelled: [],
  no_show: [],
};

/**
 * Moves made only from the visit's own day on (the clinic's calendar): a visit days ahead
 * is never checked in, completed or missed, so it can still be moved and cancelled.
 */
export const FROM_ITS_DAY: readonly AppointmentStatus[] = ["checked_in", "completed", "no_show"];

/** Moves that only make sense once the visit has started. */
export const ONCE_STARTED: readonly AppointmentStatus[] = ["completed", "no_show"];

/** Whether a visit on `date` may be moved to `to` on the clinic's day `today` (YYYY-MM-DD). */
export function onItsDay(to: AppointmentStatus, date: string, today: string): boolean {
  return !FROM_ITS_DAY.includes(to) || today >= date;
}

/** The taking back of a check-in: desk only, while the visit has not ended. */
export function isCheckInTakenBack(from: AppointmentStatus, to: AppointmentStatus): boolean {
  return from === "checked_in" && to === "booked";
}

/**
 * The statuses a move records on its way, each a history row of its own: completing a visit
 * nobody checked in records its check-in first.
 */
export function passesThrough(from: AppointmentStatus, to: AppointmentStatus): AppointmentStatus[] {
  return to === "completed" && from !== "checked_in" ? ["checked_in"] : [];
}

/** Statuses whose visit still holds its time. */
export const ACTIVE_STATUSES: AppointmentStatus[] = ["booked", "confirmed", "checked_in"];

/** Cancelled and no-show visits give their time back; completed ones keep their holds. */
export const RELEASES_HOLDS: readonly AppointmentStatus[] = ["cancelled", "no_show"];

/** Statuses a visit may be moved or cancelled by its patient in (before it starts). */
export const PATIENT_CANCELLABLE: AppointmentStatus[] = ["booked", "confirmed"];
export const MOVABLE: readonly AppointmentStatus[] = PATIENT_CANCELLABLE;

export function isStatus(value: string): value is AppointmentStatus {
  return (STATUSES as readonly string[]).includes(value);
}

/** A stored status; anything outside the set is a broken row, never read as "booked". */
export function parseStatus(value: string): AppointmentStatus {
  if (!isStatus(value)) throw new Error(`Unknown appointment status: ${JSON.stringify(value)}`);
  return value;
}

export function canMove(from: AppointmentStatus, to: AppointmentStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/**
 * How long the staff member who changed a visit's status may take it back from the diary
 * (docs/decisions/039-diary-undo-and-outcomes.md). A cancellation is not among them: the
 * patient has been told, and the freed time may be offered.
 */
export const UNDO_MINUTES = 5;
export const UNDOABLE: readonly AppointmentStatus[] = [
  "confirmed",
  "checked_in",
  "completed",
  "no_show",
];

/**
 * A history row is a forward move of the table. An undo row runs against it, except the
 * undo of a check-in (checked_in → booked), which the table also allows the desk: it is
 * never undone itself (booked is not UNDOABLE).
 */
export function isForwardChange(from: string | null, to: string): boolean {
  return from !== null && isStatus(from) && isStatus(to) && canMove(from, to);
}
