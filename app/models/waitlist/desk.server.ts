/**
 * The waiting list as the front desk reads it (issue 31 item 11, docs/decisions/024-waitlist.md
 * for the list itself): who waits, for what, with whom, since when, filtered and paged in
 * line order; and who waits for one time of one dentist, judged by the same booking rules
 * the offers ask. Every read that shows patients' phones is audited and bounded like the
 * patient search (docs/decisions/043-need-to-know-for-staff.md). The offer by hand and the
 * entry a desk booking closes are ./desk-offer.server.
 */
import type { Prisma } from "@prisma/client";
import { clinicNow, clinicTimeToUtc, normalizeTime } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { decodeCursor, newerThan, pageOf } from "~/utils/keyset";
import { invalid, ok, type Result } from "~/utils/result";
import type { StaffActor } from "~/models/roles";
import { dateRefusal } from "~/validation/dates";
import { loadDayPlans } from "~/models/booking/availability.server";
import { dentistsFreeAt } from "../booking/evaluate";
import { readHolds } from "../booking/holds.server";
import { type BookingPolicy, deskPolicy } from "../booking/policy";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { readPatients } from "../patients/access.server";
import { isPartOfDay, offerExpiry, type PartOfDay, wishCovers } from "~/models/waitlist/rules";

/** Entries per page of the desk's list. */
export const DESK_WAITLIST_PAGE = 25;
/** The most entries one time's list reads (the longest waiting first). */
const TIME_LIST_LIMIT = 200;

export const NO_SUCH_DENTIST_MESSAGE = "Please choose one of the clinic's dentists.";

/** The list's filters, from its GET form: "" is any. */
export type DeskWaitlistFilters = {
  service: string;
  dentist: string;
  /** Entries that a start in this part of the day suits ("any" entries suit both). */
  partOfDay: "" | Exclude<PartOfDay, "any">;
};

/** One time of one dentist that someone may be waiting for. */
export type WaitedTime = { date: string; time: string; dentistId: string };

export type DeskWaitlistEntry = {
  id: string;
  patientId: string;
  patientName: string;
  phone: string;
  serviceId: string;
  serviceName: string;
  /** The dentist asked for; null for any who performs the service. */
  dentist: { id: string; name: string } | null;
  fromDate: string;
  toDate: string;
  partOfDay: PartOfDay;
  /** When they joined: their place in line. */
  since: string;
  /** The offer that stands for them now, if any. */
  openOffer: { startsAt: string; dentistName: string; expiresAt: string } | null;
};

const param = (query: URLSearchParams, name: string) => query.get(name)?.trim().slice(0, 100) ?? "";

export function waitlistFilters(query: URLSearchParams): DeskWaitlistFilters {
  const part = param(query, "partOfDay");
  return {
    service: param(query, "service"),
    dentist: param(query, "dentist"),
    partOfDay: part === "morning" || part === "afternoon" ? part : "",
  };
}

const ENTRY_FIELDS = {
  id: true,
  userId: true,
  serviceId: true,
  dentistId: true,
  fromDate: true,
  toDate: true,
  partOfDay: true,
  phone: true,
  createdAt: true,
  user: { select: { name: true } },
  service: { select: { name: true, durationMinutes: true, bufferMinutes: true } },
  dentist: { select: { id: true, name: true } },
  offers: {
    where: { status: "open" },
    select: { startsAt: true, expiresAt: true, dentist: { select: { name: true } } },
    take: 1,
  },
} as const satisfies Prisma.WaitlistEntrySelect;

type EntryRow = Prisma.WaitlistEntryGetPayload<{ select: typeof ENTRY_FIELDS }>;

function toDeskEntry(row: EntryRow): DeskWaitlistEntry {
  const offer = row.offers[0];
  return {
    id: row.id,
    patientId: row.userId,
    patientName: row.user.name,
    phone: row.phone,
    serviceId: row.serviceId,
    serviceName: row.service.name,
    dentist: row.dentist,
    fromDate: row.fromDate,
    toDate: row.toDate,
    partOfDay: isPartOfDay(row.partOfDay) ? row.partOfDay : "any",
    since: row.createdAt.toISOString(),
    openOffer: offer
      ? {
          startsAt: offer.startsAt.toISOString(),
          dentistName: offer.dentist.name,
          expiresAt: offer.expiresAt.toISOString(),
        }
      : null,
  };
}

/** Entries a dentist could see: asked for them, or for anyone while they perform the service. */
function seenBy(dentistId: string): Prisma.WaitlistEntryWhereInput {
  return {
    OR: [
      { dentistId },
      {
        dentistId: null,
        service: {
          OR: [
            { dentists: { some: { dentistId } } },
            // Nobody active linked: everyone performs it (as ~/models/booking/availability.server).
            { dentists: { none: { dentist: { active: true } } } },
          ],
        },
      },
    ],
  };
}

function filtersWhere(filters: DeskWaitlistFilters): Prisma.WaitlistEntryWhereInput[] {
  return [
    { status: "waiting" },
    filters.service ? { serviceId: filters.service } : {},
    filters.dentist ? seenBy(filters.dentist) : {},
    filters.partOfDay ? { partOfDay: { in: ["any", filters.partOfDay] } } : {},
  ];
}

/** The contact details a list shows are a read of them: audited and bounded (ADR 043). */
async function shown(actor: StaffActor, entries: DeskWaitlistEntry[], summary: string) {
  const patientIds = [...new Set(entries.map((entry) => entry.patientId))];
  return readPatients(actor, {
    patientIds,
    action: "patient.list",
    entityType: "waitlist",
    summary: `${summary}: ${patientIds.length} ${patientIds.length === 1 ? "patient" : "patients"} shown`,
  });
}

/**
 * The waiting entries that match the filters, longest waiting first, one page after
 * `cursor` (~/utils/keyset, oldest first), with the next page's cursor.
 */
export async function listWaitingEntries(
  actor: StaffActor,
  filters: DeskWaitlistFilters,
  cursor: string | null = null,
): Promise<Result<{ entries: DeskWaitlistEntry[]; next: string | null }>> {
  const rows = await prisma.waitlistEntry.findMany({
    where: { AND: [...filtersWhere(filters), newerThan("createdAt", decodeCursor(cursor))] },
    select: ENTRY_FIELDS,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: DESK_WAITLIST_PAGE + 1,
  });
  const page = pageOf(rows, DESK_WAITLIST_PAGE, (row) => row.createdAt);
  const entries = page.rows.map(toDeskEntry);
  const refused = await shown(actor, entries, "Read the waiting list");
  return refused ?? ok({ entries, next: page.next });
}

/**
 * For each of a day's times, the waiting entries it suits, longest waiting first: their
 * dates and part of day cover it, they asked for its dentist or anyone, and the dentist
 * could take their service then as the day stands (its length, buffer and a free chair),
 * by the booking rules under `policy`. One read of the day's entries, plans and holds.
 */
async function entriesSuiting(
  date: string,
  times: WaitedTime[],
  now: Date,
  policy: BookingPolicy,
): Promise<Map<string, EntryRow[]>> {
  const suiting = new Map<string, EntryRow[]>(times.map((at) => [timeKey(at), []]));
  if (times.length === 0) return suiting;
  const rows = await prisma.waitlistEntry.findMany({
    where: {
      status: "waiting",
      fromDate: { lte: date },
      toDate: { gte: date },
      OR: [{ dentistId: null }, { dentistId: { in: [...new Set(times.map((t) => t.dentistId))] } }],
    },
    select: ENTRY_FIELDS,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: TIME_LIST_LIMIT,
  });
  if (rows.length === 0) return suiting;
  const settings = await getClinicSettings();
  const serviceIds = [...new Set(rows.map((row) => row.serviceId))];
  const [holds, ...plans] = await Promise.all([
    readHolds(date, settings.timeZone),
    ...serviceIds.map((id) => loadDayPlans(date, id)),
  ]);
  const plansOf = new Map(serviceIds.map((id, index) => [id, plans[index]!]));
  const free = new Map<string, string[]>();
  const freeAt = (row: EntryRow, time: string) => {
    const key = `${row.serviceId} ${time}`;
    let dentistIds = free.get(key);
    if (!dentistIds) {
      dentistIds = dentistsFreeAt({
        day: { ...plansOf.get(row.serviceId)!, ...holds },
        visit: row.service,
        time,
        now,
        policy,
      });
      free.set(key, dentistIds);
    }
    return dentistIds;
  };
  for (const at of times) {
    suiting.set(
      timeKey(at),
      rows.filter(
        (row) =>
          (row.dentistId === null || row.dentistId === at.dentistId) &&
          wishCovers(row, date, at.time) &&
          freeAt(row, at.time).includes(at.dentistId),
      ),
    );
  }
  return suiting;
}

const timeKey = (at: Pick<WaitedTime, "time" | "dentistId">) => `${at.time} ${at.dentistId}`;

/**
 * How many wait for each of a day's freed times (the diary's free cells where a visit was
 * cancelled), as the desk could book them. Names and phones are not shown, so not a read.
 */
export async function waitingCounts(
  actor: StaffActor,
  date: string,
  times: Omit<WaitedTime, "date">[],
  now: Date = new Date(),
): Promise<Map<string, number>> {
  const suiting = await entriesSuiting(
    date,
    times.map((at) => ({ ...at, date })),
    now,
    deskPolicy(actor),
  );
  return new Map([...suiting].map(([key, rows]) => [key, rows.length]));
}

export const waitingCountKey = timeKey;

export type TimeWaiting = {
  at: WaitedTime;
  dentistName: string;
  entries: DeskWaitlistEntry[];
  /** Until when an offer of it would stand; null when it is too close to offer by mail. */
  offerUntil: string | null;
};

/**
 * A time named by the page's query (date and time, with the dentist), checked; null when
 * none is named (a dentist alone is the list's filter).
 */
export async function waitedTimeOf(
  query: URLSearchParams,
): Promise<Result<{ at: WaitedTime; dentistName: string }> | null> {
  const [date, rawTime, dentist] = ["date", "time", "dentist"].map((name) => param(query, name));
  if (!date && !rawTime) return null;
  const refusedDate = dateRefusal(date ?? "");
  if (refusedDate) return refusedDate;
  const time = normalizeTime(rawTime ?? "");
  if (!time) return invalid("Please enter the time as HH:MM.");
  const row = dentist
    ? await prisma.dentist.findFirst({
        where: { id: dentist, active: true },
        select: { id: true, name: true },
      })
    : null;
  if (!row) return invalid(NO_SUCH_DENTIST_MESSAGE);
  return ok({ at: { date: date!, time, dentistId: row.id }, dentistName: row.name });
}

/**
 * Who waits for one time of one dentist, longest waiting first (as the desk could book it:
 * no online notice), and whether it can still be offered by mail (the patient accepts it
 * under the online rules, so not inside the minimum notice).
 */
export async function waitingForTime(
  actor: StaffActor,
  at: WaitedTime,
  dentistName: string,
  now: Date = new Date(),
): Promise<Result<TimeWaiting>> {
  const settings = await getClinicSettings();
  const startsAt = clinicTimeToUtc(at.date, at.time, settings.timeZone);
  const until = offerExpiry({
    now,
    startsAt,
    offerHours: settings.waitlistOfferHours,
    minNoticeMinutes: settings.minNoticeMinutes,
  });
  const past = at.date < clinicNow(now, settings.timeZone).date || startsAt <= now;
  const suiting = past ? new Map() : await entriesSuiting(at.date, [at], now, deskPolicy(actor));
  const entries = (suiting.get(timeKey(at)) ?? []).map(toDeskEntry);
  const refused = await shown(actor, entries, "Read who waits for a freed time");
  if (refused) return refused;
  return ok({ at, dentistName, entries, offerUntil: until ? until.toISOString() : null });
}
