import { randomBytes } from "node:crypto";
import { enqueueOfferText, textPlan } from "~/models/sms/outbound.server";
import type { Prisma } from "@prisma/client";
import { prisma } from "~/infra/db.server";
import {
  type ClinicClock,
  formatDate,
  formatDateTime,
  formatDuration,
  formatInstant,
  formatTime,
  formatZone,
} from "~/utils/clinic-format";
import { clinicNow } from "~/utils/clinic-time";
import { getEnv } from "~/infra/env.server";
import { LOCKS, lockUntilCommit } from "~/infra/sql-dialect.server";
import { hashToken } from "~/infra/token-hash.server";
import { OFFERS_PER_TIME, offerDentist, offerExpiry, partsOfDayFor } from "./rules";
import { mailRecipient } from "~/models/mail/appointment-mail.server";
import { type DayPlans, loadDayPlans } from "~/models/booking/availability.server";
import { readHolds } from "~/models/booking/holds.server";
import { dentistsFreeAt } from "~/models/booking/evaluate";
import { onlinePolicy } from "~/models/booking/policy";
import { getClinicSettings, type Settings } from "~/models/settings/clinic-settings.server";
import { enqueueMail } from "~/models/mail/outbox.server";

/**
 * Offers of a freed time to the waiting list (docs/decisions/024-waitlist.md), written in
 * the transaction of the change that frees it (a cancellation, a move, a declined or
 * expired offer). Split in two because nothing but the transaction's own queries may run
 * while it is open: `prepareWaitlistOffers` reads what is cached or slow-changing before
 * (the settings, which services are wanted that day, their dentists' plans), and the step
 * it returns decides inside the transaction, from the holds as they are then.
 */

/** A time that has just come free: the start of the visit that held it. */
export type FreedTime = {
  startsAt: Date;
  /** The dentist whose time it was: an "any dentist" entry is offered them first. */
  dentistId: string | null;
  /** The patient who freed it is not offered it back. */
  excludeUserId?: string | null;
};

export type OfferStep = () => Promise<number>;

const WAITING = "waiting";

export function offerUrl(token: string): string {
  return `${getEnv().APP_URL}/waitlist/offer/${token}`;
}

/** Entries whose dates and part of day cover the local `date` and `time`. */
export function coveringEntries(date: string, time: string): Prisma.WaitlistEntryWhereInput {
  return {
    status: WAITING,
    fromDate: { lte: date },
    toDate: { gte: date },
    partOfDay: { in: partsOfDayFor(time) },
  };
}

const clockOf = (settings: Settings): ClinicClock => ({
  timeZone: settings.timeZone,
  locale: settings.locale,
});

export function composeOfferMail(
  offer: {
    firstName: string;
    serviceName: string;
    durationMinutes: number;
    dentistName: string;
    date: string;
    time: string;
    expiresAt: Date;
  },
  token: string,
  settings: Settings,
): { subject: string; text: string } {
  const clock = clockOf(settings);
  const when = formatDateTime(offer.date, offer.time, clock);
  return {
    subject: `A time has come free: ${offer.serviceName} on ${when}`,
    text: [
      `Hello ${offer.firstName},`,
      "",
      "a time you are waiting for has come free:",
      "",
      `Service: ${offer.serviceName} (${formatDuration(offer.durationMinutes)})`,
      `Dentist: ${offer.dentistName}`,
      `Date: ${formatDate(offer.date, clock)}`,
      `Time: ${formatTime(offer.time, clock)} (${formatZone(clock)})`,
      "",
      `We have offered it to a few patients on our waiting list: the first to accept gets it. The offer stands until ${formatInstant(offer.expiresAt, clock)}.`,
      "",
      `Accept or decline: ${offerUrl(token)}`,
      "",
      "If this time does not suit you, do nothing or decline: you stay on the waiting list.",
      "",
      settings.clinicName,
    ].join("\n"),
  };
}

/**
 * One entry the front desk offers the time to by hand (~/models/waitlist/desk-offer.server):
 * the same offer and mail, to that entry alone and for that dentist, whatever other offers
 * of the time are open (a receptionist's deliberate choice is not one of the three).
 */
export type ChosenEntry = { entryId: string };

/**
 * Reads, before the transaction, what offering `freed` needs; null when nobody waits for
 * that day or the time is too close to offer. The step it returns, run inside the
 * transaction after the change released the holds, makes up to OFFERS_PER_TIME open offers
 * of the time (fewer when some are open already) to the longest-waiting entries it suits,
 * each with its mail in the outbox, and answers how many it made. With `chosen`, it offers
 * the time to that entry alone (or to nobody, when the time does not suit it).
 */
export async function prepareWaitlistOffers(
  freed: FreedTime,
  now: Date,
  chosen?: ChosenEntry,
): Promise<OfferStep | null> {
  const settings = await getClinicSettings();
  const expiresAt = offerExpiry({
    now,
    startsAt: freed.startsAt,
    offerHours: settings.waitlistOfferHours,
    minNoticeMinutes: settings.minNoticeMinutes,
  });
  if (!expiresAt) return null;
  const { date, time } = clinicNow(freed.startsAt, settings.timeZone);
  const covering = coveringEntries(date, time);
  const wanted = await prisma.waitlistEntry.groupBy({ by: ["serviceId"], where: covering });
  if (wanted.length === 0) return null;
  const services = await prisma.service.findMany({
    where: { id: { in: wanted.map((row) => row.serviceId) } },
    select: { id: true, name: true, durationMinutes: true, bufferMinutes: true },
  });
  const days = await Promise.all(
    services.map(async (service) => ({ service, plans: await loadDayPlans(date, service.id) })),
  );

  return async () => {
    // The day alone until the commit, as a booking holds it (~/models/booking/place.server):
    // what is free and how many offers are open are read, then written on.
    await lockUntilCommit([LOCKS.day(date)]);
    // The holds as they are now, after the change released its own.
    const holds = await readHolds(date, settings.timeZone);
    const free = new Map<string, { plans: DayPlans; dentistIds: string[] }>();
    for (const { service, plans } of days) {
      // Offered only where the patient could book it online, by the same rules.
      const dentistIds = dentistsFreeAt({
        day: { ...plans, ...holds },
        visit: service,
        time,
        now,
        policy: onlinePolicy(null),
      }).filter((id) => !chosen || id === freed.dentistId);
      if (dentistIds.length > 0) free.set(service.id, { plans, dentistIds });
    }
    if (free.size === 0) return 0;
    // Up to OFFERS_PER_TIME open offers per freed time: its start and, when known, its
    // dentist (two dentists' times at one start are two times, as an accept closes them).
    const room = chosen
      ? 1
      : OFFERS_PER_TIME -
        (await prisma.waitlistOffer.count({
          where: {
            startsAt: freed.startsAt,
            status: "open",
            ...(freed.dentistId ? { dentistId: freed.dentistId } : {}),
          },
        }));
    if (room <= 0) return 0;
    const entries = await prisma.waitlistEntry.findMany({
      where: {
        ...covering,
        ...(chosen ? { id: chosen.entryId } : {}),
        ...(freed.excludeUserId ? { userId: { not: freed.excludeUserId } } : {}),
        OR: [...free].map(([serviceId, { dentistIds }]) => ({
          serviceId,
          OR: [{ dentistId: null }, { dentistId: { in: dentistIds } }],
        })),
        // One open offer per entry at a time, and never the same time twice.
        offers: { none: { OR: [{ status: "open" }, { startsAt: freed.startsAt }] } },
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: room,
      select: {
        id: true,
        userId: true,
        dentistId: true,
        serviceId: true,
        user: { select: { name: true } },
      },
    });
    let made = 0;
    for (const entry of entries) {
      const option = free.get(entry.serviceId)!;
      const dentistId = offerDentist(entry, option.dentistIds, freed.dentistId);
      // By mail, text or both as the clinic settings say (docs/decisions/052-text-messages.md).
      const { textTo, mailToo } = await textPlan(entry.userId, "waitlist_offer", settings);
      const to = mailToo ? await mailRecipient(entry.userId) : null;
      if (!dentistId || (!to && !textTo)) continue;
      const service = services.find((row) => row.id === entry.serviceId)!;
      const token = randomBytes(32).toString("base64url");
      const offer = await prisma.waitlistOffer.create({
        data: {
          entryId: entry.id,
          startsAt: freed.startsAt,
          dentistId,
          tokenHash: hashToken(token),
          expiresAt,
          createdAt: now,
        },
        select: { id: true },
      });
      const { subject, text } = composeOfferMail(
        {
          firstName: entry.user.name.trim().split(/\s+/)[0] ?? "",
          serviceName: service.name,
          durationMinutes: service.durationMinutes,
          dentistName:
            option.plans.dentists.find((dentist) => dentist.id === dentistId)?.name ?? "",
          date,
          time,
          expiresAt,
        },
        token,
        settings,
      );
      if (textTo) {
        const link = offerUrl(token);
        const { startsAt } = freed;
        await enqueueOfferText({ id: offer.id, startsAt, expiresAt, link }, textTo, settings, now);
      }
      if (to)
        await enqueueMail(
          {
            dedupeKey: `waitlist-offer:${offer.id}`,
            kind: "waitlist_offer",
            to,
            subject,
            text,
            userId: entry.userId,
          },
          now,
        );
      made += 1;
    }
    return made;
  };
}

/** Refills the times of offers that just closed: the next in line is offered each. */
export async function prepareRefills(
  offers: { startsAt: Date; dentistId: string }[],
  now: Date,
): Promise<OfferStep[]> {
  const seen = new Set<string>();
  const steps: OfferStep[] = [];
  for (const offer of offers) {
    // One refill per start and dentist: another dentist's time at that start is its own.
    const key = `${offer.startsAt.getTime()} ${offer.dentistId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const step = await prepareWaitlistOffers(
      { startsAt: offer.startsAt, dentistId: offer.dentistId },
      now,
    );
    if (step) steps.push(step);
  }
  return steps;
}
