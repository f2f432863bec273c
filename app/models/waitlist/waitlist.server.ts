import type { Prisma } from "@prisma/client";
import { formatDate, formatDateTime } from "~/utils/clinic-format";
import { prisma } from "~/infra/db.server";
import { addDays, clinicNow } from "~/utils/clinic-time";
import { fail, invalid, ok, type Result } from "~/utils/result";
import { hashToken } from "~/infra/token-hash.server";
import { limitLinkAction, type LinkClient } from "~/infra/rate-limit.server";
import { MAX_WAITLIST_DAYS, MAX_WAITLIST_ENTRIES, isPartOfDay, type PartOfDay } from "./rules";
import { validateForm } from "~/validation/form";
import { UNKNOWN_SERVICE_MESSAGE } from "~/validation/service";
import { WAITLIST_FIELD_MESSAGES, waitlistJoinSchema } from "~/validation/waitlist";
import { isWellFormedToken } from "~/models/self-service/appointment-link.server";
import { bookAppointment } from "~/models/booking/book.server";
import { findBookableService, resolveDentist } from "~/models/booking/choices.server";
import { waitlistPolicy } from "~/models/booking/policy";
import { getClinicSettings, type Settings } from "~/models/settings/clinic-settings.server";
import { verifiedAccount } from "~/models/accounts/email-verification.server";
import { wakeOutbox } from "~/models/mail/outbox.server";
import { prepareRefills } from "./offers.server";
import { keepPatientPhone } from "~/models/patients/search.server";
import { WAITLIST_REQUIRED_FIELDS } from "~/validation/form-fields";

/**
 * The waiting list (issue 12, docs/decisions/024-waitlist.md): a patient for whom no time
 * fits asks to be told when one frees up; a freed time is offered by mail to the longest
 * waiting entries it suits (~/models/waitlist/offers.server); the first to accept books it
 * through bookAppointment's guard, the others read "already taken" and stay on the list.
 */

export const WAITLIST_MESSAGES = {
  cap: `You are already on the waiting list for ${MAX_WAITLIST_ENTRIES} services. Please leave one of them before joining another.`,
  notFound: "We could not find that entry among your places on the waiting list.",
  chooseEntry: "Please choose a place on the waiting list to leave.",
  pastStart: "The first day cannot be in the past. Please choose today or a later day.",
  invalidLink:
    "This link is not valid. Please use the link in the newest e-mail about the waiting list, or sign in and open My appointments.",
  alreadyTaken:
    "Sorry, this time is already taken: another patient accepted it first. You stay on the waiting list, and we will write again when another time frees up.",
  expired:
    "This offer has expired. You stay on the waiting list, and we will write again when another time frees up.",
  declined:
    "You have turned this time down. You stay on the waiting list, and we will write again when another time frees up.",
  alreadyAccepted: "You have already accepted this time. You find it under My appointments.",
  notWaiting: "This offer is closed: you are no longer on the waiting list for this service.",
} as const;

/** The note of a booking made from an offer (the booking form's message is required). */
export const WAITLIST_BOOKING_NOTE = "Booked from the waiting list";

export function tooFarMessage(horizonDays: number, lastDay: string, settings: Settings) {
  return `We book up to ${horizonDays} days ahead: please choose days up to ${formatDate(lastDay, clockOf(settings))}.`;
}

export function joinedMessage(serviceName: string, updated: boolean) {
  return updated
    ? `Your place on the waiting list for ${serviceName} is updated.`
    : `You are on the waiting list for ${serviceName}. We will e-mail you when a time frees up.`;
}

export function leftMessage(serviceName: string) {
  return `You have left the waiting list for ${serviceName}.`;
}

export function acceptedMessage(when: string) {
  return `The time is yours: your appointment on ${when} is booked. The confirmation is on its way by e-mail.`;
}

const clockOf = (settings: Settings) => ({ timeZone: settings.timeZone, locale: settings.locale });

// ---------------------------------------------------------------- joining and leaving

/**
 * Joins the waiting list for a service, or updates the patient's waiting entry for it (one
 * per service; its place in line stays), for a verified account, up to
 * MAX_WAITLIST_ENTRIES services at once.
 */
export async function joinWaitlist(
  userId: string,
  input: Record<string, unknown>,
  now: Date = new Date(),
): Promise<Result<{ message: string; entryId: string }>> {
  const patient = await verifiedAccount(userId);
  if (!patient.ok) return patient;
  const validated = validateForm(waitlistJoinSchema, input, WAITLIST_REQUIRED_FIELDS);
  if (!validated.ok) return validated;
  const { service: serviceId, dentist: rawDentist, fromDate, toDate, ...wish } = validated.data;
  const service = await findBookableService(serviceId);
  if (!service) return { ...invalid(UNKNOWN_SERVICE_MESSAGE), field: "service" };
  const dentist = await resolveDentist(rawDentist, service);
  if (!dentist.ok) return { ...dentist, field: "dentist" };

  const settings = await getClinicSettings();
  const today = clinicNow(now, settings.timeZone).date;
  const lastDay = addDays(today, settings.horizonDays);
  const refuse = (message: string, field: string) => ({ ...invalid(message), field });
  if (fromDate < today) return refuse(WAITLIST_MESSAGES.pastStart, "fromDate");
  if (toDate < fromDate) return refuse(WAITLIST_FIELD_MESSAGES.order, "toDate");
  if (fromDate > lastDay || toDate > lastDay) {
    return refuse(tooFarMessage(settings.horizonDays, lastDay, settings), "toDate");
  }
  if (toDate > addDays(fromDate, MAX_WAITLIST_DAYS - 1)) {
    return refuse(WAITLIST_FIELD_MESSAGES.tooLong, "toDate");
  }

  const data = { dentistId: dentist.dentistId ?? null, fromDate, toDate, ...wish };
  const outcome = await prisma.$transaction(async () => {
    const existing = await prisma.waitlistEntry.findFirst({
      where: { userId, serviceId, status: "waiting" },
      select: { id: true },
    });
    if (existing) {
      await prisma.waitlistEntry.update({ where: { id: existing.id }, data });
      await keepPatientPhone(userId, wish.phone);
      return { entryId: existing.id, updated: true };
    }
    const active = await prisma.waitlistEntry.count({ where: { userId, status: "waiting" } });
    if (active >= MAX_WAITLIST_ENTRIES) return null;
    const created = await prisma.waitlistEntry.create({
      data: { ...data, userId, serviceId, createdAt: now },
      select: { id: true },
    });
    // The number given on the waiting list is the patient's newest, as a booking's is.
    await keepPatientPhone(userId, wish.phone);
    return { entryId: created.id, updated: false };
  });
  if (!outcome) return fail(409, WAITLIST_MESSAGES.cap);
  return ok({ message: joinedMessage(service.name, outcome.updated), entryId: outcome.entryId });
}

/** Leaves the waiting list: the entry is removed and its open offer goes to the next in line. */
export async function leaveWaitlist(
  userId: string,
  entryId: unknown,
  now: Date = new Date(),
): Promise<Result<{ message: string }>> {
  if (typeof entryId !== "string" || !entryId || entryId.length > 100) {
    return invalid(WAITLIST_MESSAGES.chooseEntry);
  }
  const entry = await prisma.waitlistEntry.findFirst({
    where: { id: entryId, userId, status: "waiting" },
    select: {
      service: { select: { name: true } },
      offers: { where: { status: "open" }, select: { startsAt: true, dentistId: true } },
    },
  });
  if (!entry) return fail(404, WAITLIST_MESSAGES.notFound);
  const refills = await prepareRefills(entry.offers, now);
  const left = await prisma.$transaction(async () => {
    const { count } = await prisma.waitlistEntry.updateMany({
      where: { id: entryId, userId, status: "waiting" },
      data: { status: "removed" },
    });
    if (count === 0) return false;
    await prisma.waitlistOffer.updateMany({
      where: { entryId, status: "open" },
      data: { status: "withdrawn", respondedAt: now },
    });
    for (const step of refills) await step();
    return true;
  });
  if (!left) return fail(404, WAITLIST_MESSAGES.notFound);
  wakeOutbox();
  return ok({ message: leftMessage(entry.service.name) });
}

export type WaitlistEntryView = {
  id: string;
  serviceName: string;
  dentistName: string | null;
  fromDate: string;
  toDate: string;
  partOfDay: PartOfDay;
};

/** The patient's waiting entries, longest waiting first. */
export async function listWaitlist(userId: string): Promise<WaitlistEntryView[]> {
  const rows = await prisma.waitlistEntry.findMany({
    where: { userId, status: "waiting" },
    select: {
      id: true,
      fromDate: true,
      toDate: true,
      partOfDay: true,
      service: { select: { name: true } },
      dentist: { select: { name: true } },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => {
    const partOfDay = isPartOfDay(row.partOfDay) ? row.partOfDay : "any";
    return {
      id: row.id,
      serviceName: row.service.name,
      dentistName: row.dentist?.name ?? null,
      fromDate: row.fromDate,
      toDate: row.toDate,
      partOfDay,
    };
  });
}

// ---------------------------------------------------------------- offers

const OFFER_DETAILS = {
  id: true,
  status: true,
  startsAt: true,
  expiresAt: true,
  dentistId: true,
  dentist: { select: { name: true } },
  entry: {
    select: {
      id: true,
      status: true,
      userId: true,
      serviceId: true,
      phone: true,
      service: { select: { name: true } },
      user: { select: { name: true, email: true } },
    },
  },
} as const;

type OfferRow = Prisma.WaitlistOfferGetPayload<{ select: typeof OFFER_DETAILS }>;

/** What the offer page shows: the patient's first name and the time, nothing else. */
export type OfferView = {
  firstName: string;
  serviceName: string;
  dentistName: string;
  date: string;
  time: string;
  expiresAt: string;
};

const STATUS_REFUSALS: Record<string, { status: number; message: string }> = {
  accepted: { status: 410, message: WAITLIST_MESSAGES.alreadyAccepted },
  taken: { status: 410, message: WAITLIST_MESSAGES.alreadyTaken },
  declined: { status: 410, message: WAITLIST_MESSAGES.declined },
  expired: { status: 410, message: WAITLIST_MESSAGES.expired },
  withdrawn: { status: 410, message: WAITLIST_MESSAGES.notWaiting },
};

function refusalOf(row: OfferRow, now: Date) {
  if (row.status !== "open") {
    const refusal = STATUS_REFUSALS[row.status] ?? STATUS_REFUSALS.expired!;
    return fail(refusal.status, refusal.message);
  }
  if (row.entry.status !== "waiting") return fail(410, WAITLIST_MESSAGES.notWaiting);
  if (row.expiresAt <= now) return fail(410, WAITLIST_MESSAGES.expired);
  return null;
}

/** The open offer a mail link names, or the refusal its page shows ("already taken", ...). */
export async function offerByLink(token: string | undefined, now: Date = new Date()) {
  if (!isWellFormedToken(token)) return fail(404, WAITLIST_MESSAGES.invalidLink);
  const [row, settings] = await Promise.all([
    prisma.waitlistOffer.findUnique({
      where: { tokenHash: hashToken(token) },
      select: OFFER_DETAILS,
    }),
    getClinicSettings(),
  ]);
  if (!row) return fail(404, WAITLIST_MESSAGES.invalidLink);
  const refusal = refusalOf(row, now);
  if (refusal) return refusal;
  const local = clinicNow(row.startsAt, settings.timeZone);
  const view: OfferView = {
    firstName: row.entry.user.name.trim().split(/\s+/)[0] ?? "",
    serviceName: row.entry.service.name,
    dentistName: row.dentist.name,
    date: local.date,
    time: local.time,
    expiresAt: row.expiresAt.toISOString(),
  };
  return ok({ offer: view, row, settings });
}

/** Thrown inside the booking's transaction when the offer closed meanwhile: undoes it. */
class OfferClosed extends Error {}

/**
 * Accepting an offer books its time through bookAppointment under the waiting list's
 * policy (the same rules, holds and messages as the booking form); in that transaction the offer becomes accepted, the entry
 * booked and every other open offer of that dentist and time taken. The first to accept wins; any
 * other gets "already taken" and keeps their place on the list.
 */
export async function acceptOffer(
  token: string | undefined,
  client: LinkClient,
  now: Date = new Date(),
): Promise<Result<{ message: string }>> {
  const limited = await limitLinkAction("waitlist-offer", client);
  if (limited) return limited;
  const found = await offerByLink(token, now);
  if (!found.ok) return found;
  const { row, offer, settings } = found;
  let booked: Awaited<ReturnType<typeof bookAppointment>>;
  try {
    booked = await bookAppointment(
      {
        name: row.entry.user.name,
        email: row.entry.user.email,
        phone: row.entry.phone,
        date: offer.date,
        time: offer.time,
        message: WAITLIST_BOOKING_NOTE,
        service: row.entry.serviceId,
        dentist: row.dentistId,
      },
      row.entry.userId,
      now,
      {
        policy: waitlistPolicy(row.entry.userId),
        async alsoInTransaction() {
          const claimed = await prisma.waitlistOffer.updateMany({
            where: { id: row.id, status: "open", expiresAt: { gt: now } },
            data: { status: "accepted", respondedAt: now },
          });
          const entry = await prisma.waitlistEntry.updateMany({
            where: { id: row.entry.id, status: "waiting" },
            data: { status: "booked" },
          });
          if (claimed.count !== 1 || entry.count !== 1) throw new OfferClosed();
          await prisma.waitlistOffer.updateMany({
            where: { startsAt: row.startsAt, dentistId: row.dentistId, status: "open" },
            data: { status: "taken", respondedAt: now },
          });
        },
      },
    );
  } catch (error) {
    if (!(error instanceof OfferClosed)) throw error;
    const again = await offerByLink(token, now);
    return again.ok ? fail(409, WAITLIST_MESSAGES.alreadyTaken) : again;
  }
  if (!booked.ok) {
    if (booked.rule !== "dentist-free" && booked.rule !== "chair-free") return booked;
    await prisma.waitlistOffer.updateMany({
      where: { id: row.id, status: "open" },
      data: { status: "taken", respondedAt: now },
    });
    return fail(409, WAITLIST_MESSAGES.alreadyTaken);
  }
  return ok({
    message: acceptedMessage(formatDateTime(offer.date, offer.time, clockOf(settings))),
  });
}

/** Declining keeps the place on the list; the time goes to the next in line. */
export async function declineOffer(
  token: string | undefined,
  client: LinkClient,
  now: Date = new Date(),
): Promise<Result<{ message: string }>> {
  const limited = await limitLinkAction("waitlist-offer", client);
  if (limited) return limited;
  const found = await offerByLink(token, now);
  if (!found.ok) return found;
  const { row } = found;
  const refills = await prepareRefills([row], now);
  const declined = await prisma.$transaction(async () => {
    const { count } = await prisma.waitlistOffer.updateMany({
      where: { id: row.id, status: "open" },
      data: { status: "declined", respondedAt: now },
    });
    if (count === 0) return false;
    for (const step of refills) await step();
    return true;
  });
  if (!declined) {
    const again = await offerByLink(token, now);
    return again.ok ? fail(409, WAITLIST_MESSAGES.alreadyTaken) : again;
  }
  wakeOutbox();
  return ok({ message: WAITLIST_MESSAGES.declined });
}

// ---------------------------------------------------------------- the sweep
