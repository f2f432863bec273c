/**
 * The diary's visits as its cards show them: lean (what a card needs, no e-mail), each
 * with what the viewer may do to it next, whether it needs an outcome, and the status
 * change of theirs they may still undo. Shared by the day and the week views.
 */
import type { PatientAlerts } from "~/models/patients/alerts.server";
import type { HistoryState } from "~/models/forms/due.server";
import type { Prisma } from "@prisma/client";
import {
  ACTIVE_STATUSES,
  type AppointmentStatus,
  parseStatus,
  UNDOABLE,
} from "~/models/booking/appointment-status";
import { prisma } from "~/infra/db.server";
import { canUndo, type HistoryRow, undoWindowStart } from "../booking/undo.server";
import { type Moment, needsOutcome, visitOffer, type VisitOffer } from "./visit-actions";

export const DIARY_VISIT_FIELDS = {
  id: true,
  date: true,
  time: true,
  startsAt: true,
  endsAt: true,
  bufferMinutes: true,
  name: true,
  message: true,
  status: true,
  userId: true,
  serviceId: true,
  updatedAt: true,
  service: { select: { name: true } },
  dentist: { select: { id: true, name: true, userId: true } },
  chair: { select: { id: true, name: true } },
} as const satisfies Prisma.AppointmentSelect;

export type DiaryRow = Prisma.AppointmentGetPayload<{ select: typeof DIARY_VISIT_FIELDS }>;

/**
 * A card's data. What most cards lack (a message, alerts, a history state, an outcome to
 * give, an undo) is left out rather than sent empty: the loader data of 160 cards is
 * encoded for every diary and shipped in its page.
 */
export type DiaryVisit = {
  _id: string;
  time: string;
  name: string;
  /** The patient's own message with the booking: on the dentist's own day only (./diary-details.server). */
  message?: string;
  /** The patient's medical alerts, to staff with the need to know them. */
  alerts?: PatientAlerts;
  /** "history due" or "history to review" (app/models/forms/due.server.ts), on the day view. */
  history?: HistoryState;
  service: string;
  dentist: { _id: string; name: string };
  chair: { _id: string; name: string };
  status: AppointmentStatus;
  /** What the viewer may do to it: one object per distinct offer on a page (`Shared`). */
  offer: VisitOffer;
  /** Its time is over and nobody recorded what happened. */
  needsOutcome?: true;
  /** The status the viewer may still take back (their own last change, within minutes). */
  undo?: AppointmentStatus;
};

type Viewer = { id: string; role: string };

/**
 * The visits a status change inside the undo window may have left: any change to a visit
 * moves its `updatedAt`, and only an undoable status can be taken back.
 */
export function changedSince(rows: DiaryRow[], now: Date): string[] {
  const since = undoWindowStart(now).getTime();
  return rows
    .filter((row) => row.updatedAt.getTime() >= since && UNDOABLE.includes(parseStatus(row.status)))
    .map((row) => row.id);
}

/** The latest history row of each visit inside the undo window. */
export async function recentChanges(ids: string[], now: Date): Promise<Map<string, HistoryRow>> {
  if (ids.length === 0) return new Map();
  const rows = await prisma.appointmentStatusChange.findMany({
    where: { appointmentId: { in: ids }, at: { gte: undoWindowStart(now) } },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    select: { id: true, appointmentId: true, from: true, to: true, at: true, byUserId: true },
  });
  const latest = new Map<string, HistoryRow>();
  for (const row of rows) if (!latest.has(row.appointmentId)) latest.set(row.appointmentId, row);
  return latest;
}

/**
 * One object per dentist or chair, and one per offer (its status moves, cancel and move),
 * for all the cards of a page: the loader data's encoding writes an object it has seen
 * once as a reference, so 160 cards carry 20 names, not 320, and a few offers, not 160.
 * Made for one page's loader (`sharedObjects()`), never kept between requests.
 */
export type Shared = {
  names: Map<string, { _id: string; name: string }>;
  offers: Map<string, VisitOffer>;
};

export function sharedObjects(): Shared {
  return { names: new Map(), offers: new Map() };
}

function named(shared: Shared, id: string, name: string) {
  let found = shared.names.get(id);
  if (!found) shared.names.set(id, (found = { _id: id, name }));
  return found;
}

function sharedOffer(shared: Shared, offer: VisitOffer) {
  const key = `${offer.actions.join()}|${offer.cancel}|${offer.move}`;
  const found = shared.offers.get(key);
  if (found) return found;
  shared.offers.set(key, offer);
  return offer;
}

export function toDiaryVisit(
  row: DiaryRow,
  viewer: Viewer,
  moment: Moment,
  history: Map<string, HistoryRow>,
  shared: Shared = sharedObjects(),
): DiaryVisit {
  const { now } = moment;
  const status = parseStatus(row.status);
  const last = history.get(row.id);
  const undo = last && last.to === status && canUndo(last, viewer.id, now) ? status : null;
  const offer = visitOffer(
    viewer,
    {
      status,
      date: row.date,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      dentistUserId: row.dentist.userId,
    },
    moment,
  );
  const visit: DiaryVisit = {
    _id: row.id,
    time: row.time,
    name: row.name,
    service: row.service.name,
    dentist: named(shared, row.dentist.id, row.dentist.name),
    chair: named(shared, row.chair.id, row.chair.name),
    status,
    // The card's own undo of a check-in already takes it back to booked.
    offer: sharedOffer(
      shared,
      undo === "checked_in"
        ? { ...offer, actions: offer.actions.filter((to) => to !== "booked") }
        : offer,
    ),
  };
  if (needsOutcome({ status, endsAt: row.endsAt }, now)) visit.needsOutcome = true;
  if (undo) visit.undo = undo;
  return visit;
}

/** How far back the diary looks for visits nobody resolved. */
export const OUTCOME_LOOKBACK_DAYS = 30;

/**
 * Past visits still booked, confirmed or checked in (the newest first, at most 50),
 * through the (status, startsAt) index; one dentist's when `dentistId` is given.
 */
export async function visitsNeedingOutcome(now: Date, dentistId?: string) {
  return prisma.appointment.findMany({
    where: {
      status: { in: ACTIVE_STATUSES },
      startsAt: { gte: new Date(now.getTime() - OUTCOME_LOOKBACK_DAYS * 86_400_000), lt: now },
      endsAt: { lte: now },
      ...(dentistId ? { dentistId } : {}),
    },
    orderBy: { startsAt: "desc" },
    take: 50,
    select: { id: true, date: true, time: true, name: true, dentist: { select: { name: true } } },
  });
}
