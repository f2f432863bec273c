/**
 * The front desk's two writes to the waiting list (issue 31 item 11): a freed time offered
 * by hand to one waiting patient, which is the offer and mail the sweep sends, made by the
 * same step (prepareWaitlistOffers) and audited; and the entry a desk booking closes when
 * reception books a waiting patient ("book now"), its open offer withdrawn and its time
 * offered to the next in line, in the booking's transaction.
 */
import { type ClinicClock, formatDateTime, formatInstant } from "~/utils/clinic-format";
import { clinicTimeToUtc, normalizeTime } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { limitStaffWrite } from "~/infra/rate-limit.server";
import { fail, invalid, ok, type Result } from "~/utils/result";
import { may } from "~/models/permissions";
import type { StaffActor } from "~/models/roles";
import { dateRefusal } from "~/validation/dates";
import { mailRecipient } from "~/models/mail/appointment-mail.server";
import { recordAudit } from "~/models/audit/trail.server";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { wakeOutbox } from "~/models/mail/outbox.server";
import { prepareRefills, prepareWaitlistOffers } from "~/models/waitlist/offers.server";
import { offerExpiry, wishCovers } from "~/models/waitlist/rules";
import { NO_SUCH_DENTIST_MESSAGE } from "./desk.server";

export const DESK_OFFER_MESSAGES = {
  refused: "Only the front desk and administrators work the waiting list.",
  chooseEntry: "Please choose a patient on the waiting list.",
  notWaiting: "This patient is no longer on the waiting list.",
  time: "Please enter the time as HH:MM.",
  past: "That time has passed: choose a time still to come.",
  tooClose:
    "This time is too close to offer by e-mail: patients book online only with the clinic's notice. Call the patient and book now instead.",
  notFree: "This time is no longer free for the patient's service: choose another time.",
  offeredBefore: "This patient was offered this time before: book now if they want it after all.",
  noAddress:
    "This patient has no e-mail address the clinic may write to: call them and book now instead.",
} as const;

export function outsideWishMessage(firstName: string) {
  return `That time is outside what ${firstName} asked for (their days, part of the day or dentist).`;
}

export function alreadyOfferedMessage(firstName: string, until: string) {
  return `${firstName} already has an open offer, which stands until ${until}: wait for their answer, or book now.`;
}

export function offeredMessage(details: {
  name: string;
  service: string;
  when: string;
  dentist: string;
  until: string;
}) {
  return `Offered ${details.service} on ${details.when} with ${details.dentist} to ${details.name}; the offer stands until ${details.until}.`;
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/**
 * Offers one time of one dentist to one waiting entry, by hand: the offer mail of the
 * sweep, made by its step, only when the time suits the entry and can still be booked
 * online; audited in the offer's transaction. Under the staff-write limit.
 */
export async function offerTimeByHand(
  actor: StaffActor,
  input: { entryId?: unknown; date?: unknown; time?: unknown; dentist?: unknown },
  now: Date = new Date(),
): Promise<Result<{ message: string }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  if (!may(actor, "waitlist.manage")) return fail(403, DESK_OFFER_MESSAGES.refused);
  const entryId = text(input.entryId);
  if (!entryId || entryId.length > 100) return invalid(DESK_OFFER_MESSAGES.chooseEntry);
  const date = text(input.date);
  const refusedDate = dateRefusal(date, now);
  if (refusedDate) return refusedDate;
  const time = normalizeTime(text(input.time));
  if (!time) return invalid(DESK_OFFER_MESSAGES.time);
  const dentistId = text(input.dentist);
  const [entry, dentist, settings] = await Promise.all([
    prisma.waitlistEntry.findFirst({
      where: { id: entryId, status: "waiting" },
      select: {
        id: true,
        userId: true,
        dentistId: true,
        fromDate: true,
        toDate: true,
        partOfDay: true,
        user: { select: { name: true } },
        service: { select: { name: true } },
        offers: { where: { status: "open" }, select: { expiresAt: true }, take: 1 },
      },
    }),
    dentistId && dentistId.length <= 100
      ? prisma.dentist.findFirst({
          where: { id: dentistId, active: true },
          select: { id: true, name: true },
        })
      : null,
    getClinicSettings(),
  ]);
  if (!dentist) return invalid(NO_SUCH_DENTIST_MESSAGE);
  if (!entry) return fail(404, DESK_OFFER_MESSAGES.notWaiting);
  const clock: ClinicClock = { timeZone: settings.timeZone, locale: settings.locale };
  const firstName = firstNameOf(entry.user.name);
  if (!wishCovers(entry, date, time) || (entry.dentistId && entry.dentistId !== dentist.id)) {
    return invalid(outsideWishMessage(firstName));
  }
  const open = entry.offers[0];
  if (open) {
    return fail(409, alreadyOfferedMessage(firstName, formatInstant(open.expiresAt, clock)));
  }
  const startsAt = clinicTimeToUtc(date, time, settings.timeZone);
  if (startsAt <= now) return invalid(DESK_OFFER_MESSAGES.past);
  const expiresAt = offerExpiry({
    now,
    startsAt,
    offerHours: settings.waitlistOfferHours,
    minNoticeMinutes: settings.minNoticeMinutes,
  });
  if (!expiresAt) return fail(409, DESK_OFFER_MESSAGES.tooClose);
  const step = await prepareWaitlistOffers({ startsAt, dentistId: dentist.id }, now, {
    entryId: entry.id,
  });
  const when = formatDateTime(date, time, clock);
  const made = step
    ? await prisma.$transaction(async () => {
        const count = await step();
        if (count === 1) {
          await recordAudit({
            actor,
            action: "waitlist.offer",
            entityType: "patient",
            entityId: entry.userId,
            patientId: entry.userId,
            summary: `Offered ${entry.service.name} on ${when} with ${dentist.name} from the waiting list`,
            after: { service: entry.service.name, date, time, dentist: dentist.name },
          });
        }
        return count;
      })
    : 0;
  if (made === 0) return fail(409, await whyNotOffered(entry.id, entry.userId, startsAt));
  wakeOutbox();
  return ok({
    message: offeredMessage({
      name: entry.user.name,
      service: entry.service.name,
      when,
      dentist: dentist.name,
      until: formatInstant(expiresAt, clock),
    }),
  });
}

/** Why the offer step made nothing: offered this time before, no address, or not free. */
async function whyNotOffered(entryId: string, userId: string, startsAt: Date): Promise<string> {
  const [before, address] = await Promise.all([
    prisma.waitlistOffer.findFirst({ where: { entryId, startsAt }, select: { id: true } }),
    mailRecipient(userId),
  ]);
  if (before) return DESK_OFFER_MESSAGES.offeredBefore;
  return address ? DESK_OFFER_MESSAGES.notFree : DESK_OFFER_MESSAGES.noAddress;
}

/**
 * What a desk booking of a waiting patient ("book now") does to their entry, read before
 * the booking's transaction: the step, run inside it, marks the entry booked (if it is
 * still that patient's waiting entry for that service), withdraws its open offer and offers
 * that offer's time to the next in line. Null when the entry is not waiting any more.
 */
export async function prepareEntryBooked(
  entryId: string,
  patient: { userId: string; serviceId: string },
  now: Date,
): Promise<(() => Promise<void>) | null> {
  if (!entryId || entryId.length > 100) return null;
  const entry = await prisma.waitlistEntry.findFirst({
    where: { id: entryId, status: "waiting", ...patient },
    select: { offers: { where: { status: "open" }, select: { startsAt: true, dentistId: true } } },
  });
  if (!entry) return null;
  const refills = await prepareRefills(entry.offers, now);
  return async () => {
    const { count } = await prisma.waitlistEntry.updateMany({
      where: { id: entryId, status: "waiting" },
      data: { status: "booked" },
    });
    if (count === 0) return;
    await prisma.waitlistOffer.updateMany({
      where: { entryId, status: "open" },
      data: { status: "withdrawn", respondedAt: now },
    });
    for (const refill of refills) await refill();
  };
}
