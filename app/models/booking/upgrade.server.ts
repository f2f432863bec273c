/**
 * Data changes that need the app's code, run once before the server serves
 * (scripts/upgrade-data.mjs): bookings made before the diary get their instants and holds
 * (the diary migration marked them with a 1970 start), and a migration's named upgrade
 * (PendingDataUpgrade) is done and its row deleted. Each visit is placed again by the one
 * writer (~/models/booking/place.server) with the upgrade's policy: where it is, a visit
 * that meets another on the next hold layer (a recorded double booking staff can resolve).
 * It runs in its own process (app/ops/data-upgrade-cli.server.ts), before the server starts.
 */
import { prisma } from "~/infra/db.server";
import { clinicTimeToUtc } from "~/utils/clinic-time";
import type { DayPlans } from "./availability.server";
import { parseSettingsRow, type Settings } from "~/models/settings/row";
import { placeVisit } from "./place.server";
import { UPGRADE_POLICY } from "./policy";
import { FORM_TEMPLATES_UPGRADE, seedFormTemplates } from "~/models/forms/seed-templates";

/** How the diary migration marked the bookings it could not give instants to. */
export const UNMIGRATED_START = new Date("1970-01-01T00:00:00.000Z");
export const HOLDS_15_MINUTES = "slot-holds-15-minutes";

export type UpgradeSummary = {
  earlierBookings: number;
  holdsReplaced: number;
  /** The clinic's forms written where missing (docs/decisions/050-medical-history-and-consent-forms.md). */
  formTemplates: number;
};

type Keep = {
  id: string;
  date: string;
  time: string;
  startsAt: Date;
  endsAt: Date;
  bufferMinutes: number;
  dentistId: string;
  chairId: string;
};

/** Writes the visit's holds where it is, through the one writer. */
async function keepWhereItIs(settings: Settings, visit: Keep) {
  const plans: DayPlans = {
    date: visit.date,
    settings,
    closureName: null,
    dentists: [
      {
        id: visit.dentistId,
        name: "",
        sortOrder: 0,
        active: true,
        performs: true,
        day: null,
        exception: null,
        intervals: [],
      },
    ],
    chairs: [{ id: visit.chairId, sortOrder: 0 }],
  };
  const placed = await placeVisit(
    {
      plans,
      date: visit.date,
      time: visit.time,
      dentistId: visit.dentistId,
      chairId: visit.chairId,
      visit: {
        name: "",
        durationMinutes: (visit.endsAt.getTime() - visit.startsAt.getTime()) / 60_000,
        bufferMinutes: visit.bufferMinutes,
      },
    },
    { kind: "keep", current: visit },
    UPGRADE_POLICY,
    new Date(),
  );
  if (!placed.ok) throw new Error(`Visit ${visit.id} could not be kept: ${placed.message}`);
}

async function readSettings(): Promise<Settings> {
  return parseSettingsRow(await prisma.clinicSettings.findUniqueOrThrow({ where: { id: 1 } }));
}

/** Bookings from before the diary: their instants from the local date and time, then holds. */
async function upgradeEarlierBookings(settings: Settings, now: Date) {
  const rows = await prisma.appointment.findMany({
    where: { startsAt: UNMIGRATED_START },
    select: {
      id: true,
      date: true,
      time: true,
      status: true,
      dentistId: true,
      chairId: true,
      service: { select: { durationMinutes: true, bufferMinutes: true } },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  for (const row of rows) {
    const startsAt = clinicTimeToUtc(row.date, row.time, settings.timeZone);
    const endsAt = new Date(startsAt.getTime() + row.service.durationMinutes * 60_000);
    const { bufferMinutes } = row.service;
    await prisma.appointment.update({
      where: { id: row.id },
      data: { startsAt, endsAt, bufferMinutes },
    });
    await prisma.appointmentStatusChange.create({
      data: {
        id: `upgrade-${row.id}`,
        appointmentId: row.id,
        from: null,
        to: row.status,
        at: now,
        note: "Booked before the diary; moved to the first dentist and chair",
      },
    });
    if (row.status === "cancelled") continue;
    await keepWhereItIs(settings, { ...row, startsAt, endsAt, bufferMinutes });
  }
  return rows.length;
}

/** Holds of 15-minute steps for every visit still to come that holds time. */
async function replaceHolds(settings: Settings, now: Date) {
  const visits = await prisma.appointment.findMany({
    where: { endsAt: { gt: now }, holds: { some: {} } },
    select: {
      id: true,
      date: true,
      time: true,
      startsAt: true,
      endsAt: true,
      bufferMinutes: true,
      dentistId: true,
      chairId: true,
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  // All first, so that no visit meets another's old, coarser holds.
  await prisma.slotHold.deleteMany({ where: { appointmentId: { in: visits.map((v) => v.id) } } });
  for (const visit of visits) await keepWhereItIs(settings, visit);
  return visits.length;
}

/** Runs every pending upgrade in one transaction; answers what it did. */
export async function upgradeData(now = new Date()): Promise<UpgradeSummary> {
  return prisma.$transaction(
    async () => {
      const settings = await readSettings();
      const earlierBookings = await upgradeEarlierBookings(settings, now);
      const pending = await prisma.pendingDataUpgrade.findMany({ select: { name: true } });
      let holdsReplaced = 0;
      let formTemplates = 0;
      for (const { name } of pending) {
        if (name === HOLDS_15_MINUTES) holdsReplaced = await replaceHolds(settings, now);
        else if (name === FORM_TEMPLATES_UPGRADE) formTemplates = await seedFormTemplates(prisma);
        else throw new Error(`Unknown data upgrade: ${name}`);
        await prisma.pendingDataUpgrade.delete({ where: { name } });
      }
      return { earlierBookings, holdsReplaced, formTemplates };
    },
    { timeout: 10 * 60_000 },
  );
}
