import { clinicNow } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { type BackgroundJob, startSweep } from "~/infra/sweep.server";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { wakeOutbox } from "~/models/mail/outbox.server";
import { prepareRefills } from "./offers.server";

export type WaitlistSweepSummary = {
  expiredEntries: number;
  expiredOffers: number;
  offers: number;
};

/**
 * Closes what time has ended: entries whose last day has passed, and offers past their
 * expiry; each expired offer's time goes to the next in line (when it can still be booked).
 * Reads through the (status, toDate) and (status, expiresAt) indexes.
 */
export async function sweepWaitlist(now: Date = new Date()): Promise<WaitlistSweepSummary> {
  const settings = await getClinicSettings();
  const today = clinicNow(now, settings.timeZone).date;
  const { count: expiredEntries } = await prisma.waitlistEntry.updateMany({
    where: { status: "waiting", toDate: { lt: today } },
    data: { status: "expired" },
  });
  const due = await prisma.waitlistOffer.findMany({
    where: { status: "open", expiresAt: { lte: now } },
    select: { id: true, startsAt: true, dentistId: true },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    take: 500,
  });
  let expiredOffers = 0;
  let offers = 0;
  const byTime = new Map<number, typeof due>();
  for (const offer of due) {
    byTime.set(offer.startsAt.getTime(), [...(byTime.get(offer.startsAt.getTime()) ?? []), offer]);
  }
  for (const group of byTime.values()) {
    const refills = await prepareRefills(group, now);
    // One short transaction per time: its expired offers and the next in line together.
    const made = await prisma.$transaction(async () => {
      const { count } = await prisma.waitlistOffer.updateMany({
        where: { id: { in: group.map((offer) => offer.id) }, status: "open" },
        data: { status: "expired" },
      });
      expiredOffers += count;
      let total = 0;
      if (count > 0) for (const step of refills) total += await step();
      return total;
    });
    offers += made;
  }
  if (offers > 0) wakeOutbox();
  return { expiredEntries, expiredOffers, offers };
}

/** Sweeps every minute, at half past (expired offers pass to the next in line). */
export function startWaitlistSweep(): BackgroundJob {
  return startSweep("waitlist", () => sweepWaitlist(), { pattern: "30 * * * * *" });
}
