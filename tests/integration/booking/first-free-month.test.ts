// Issue 31.9: a busy clinic's next month is full. The strip reads the days ahead in ranges
// (their holds in one query each, as numbers without a daily cap, as rows with one), skips
// the full days, still shows seven days with a free start, and names why each day it passed
// over is empty; every day answers what the one-day free times answer.
import { beforeAll, describe, expect, it } from "vitest";
import { getFreeSlots } from "~/models/booking/free-times.server";
import { addClosure, getClinicSettings } from "~/models/settings/clinic-settings.server";
import { saveClinicSettings } from "~/models/settings/admin.server";
import { nextFreeDays, STRIP_DAYS, type FreeDays } from "~/models/booking/next-free-times.server";
import { formatDate } from "~/utils/clinic-format";
import { addDays, clinicTimeToUtc, weekdayOf } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { datesFullyHeld, readHeldStepsOfDays, readHolds } from "~/models/booking/holds.server";
import { chairResource, dentistResource, holdKey } from "~/models/booking/slot-engine";
import { MONDAY, upcoming } from "../../support/clinic-dates";
import {
  createService,
  createUser,
  FIRST_DENTIST,
  storeAppointment,
} from "../../support/factories";

const CLOCK = { timeZone: "America/New_York", locale: "en-US" };
/** A Monday two weeks ahead, 08:00 at the clinic. */
const TODAY = upcoming(MONDAY, 2);
const NOW = clinicTimeToUtc(TODAY, "08:00");
/** Every working hour of both dentists is booked on these days from today. */
const FULL_DAYS = 30;
const FIRST_FREE = addDays(TODAY, FULL_DAYS);

const WEEKDAYS_ONLY = JSON.stringify({
  monday: { start: "09:00", end: "17:00", breaks: [] },
  tuesday: { start: "09:00", end: "17:00", breaks: [] },
  wednesday: { start: "09:00", end: "17:00", breaks: [] },
  thursday: { start: "09:00", end: "17:00", breaks: [] },
  friday: { start: "09:00", end: "17:00", breaks: [] },
  saturday: null,
  sunday: null,
});

let service: { id: string; name: string; durationMinutes: number; bufferMinutes: number };
let admin: { id: string; role: "admin" };

beforeAll(async () => {
  service = {
    ...(await createService({ name: "Month Check-up", durationMinutes: 30 })),
    durationMinutes: 30,
    bufferMinutes: 0,
  };
  admin = { id: (await createUser({ role: "admin" })).id, role: "admin" };
  await prisma.dentist.create({
    data: {
      id: "dentist-chen",
      slug: "dr-chen",
      name: "Dr. Chen",
      title: "DDS",
      sortOrder: 1,
      weeklyPlan: WEEKDAYS_ONLY,
    },
  });
  await prisma.dentistService.createMany({
    data: [FIRST_DENTIST, "dentist-chen"].map((dentistId) => ({
      dentistId,
      serviceId: service.id,
    })),
  });
  await prisma.chair.create({ data: { id: "chair-2", name: "Chair 2", sortOrder: 1 } });
  for (let day = 0; day < FULL_DAYS; day += 1) {
    const date = addDays(TODAY, day);
    if (weekdayOf(date) === 0) continue;
    await storeAppointment({
      userId: null,
      serviceId: service.id,
      date,
      time: "09:00",
      minutes: 480,
    });
    if (weekdayOf(date) === 6) continue;
    await storeAppointment({
      userId: null,
      serviceId: service.id,
      date,
      time: "09:00",
      minutes: 480,
      dentistId: "dentist-chen",
      chairId: "chair-2",
    });
  }
  // After the full month: Dr. Patel's afternoons are taken, and one day the clinic closes.
  for (let day = FULL_DAYS; day < FULL_DAYS + 14; day += 1) {
    const date = addDays(TODAY, day);
    if (weekdayOf(date) === 0) continue;
    await storeAppointment({
      userId: null,
      serviceId: service.id,
      date,
      time: "13:00",
      minutes: 240,
    });
  }
  await addClosure({
    name: "Month Thanksgiving",
    startDate: addDays(FIRST_FREE, 2),
    endDate: addDays(FIRST_FREE, 2),
  });
});

async function setDailyCap(value: number) {
  const settings = await getClinicSettings();
  const saved = await saveClinicSettings(
    {
      intent: "booking",
      gridMinutes: String(settings.gridMinutes),
      minNoticeMinutes: String(settings.minNoticeMinutes),
      horizonDays: String(settings.horizonDays),
      cancellationCutoffHours: String(settings.cancellationCutoffHours),
      maxUpcomingPerPatient: String(settings.maxUpcomingPerPatient),
      maxVisitsPerDentistPerDay: String(value),
    },
    admin,
  );
  expect(saved.ok).toBe(true);
}

const strip = (dentistId?: string) => nextFreeDays({ service, dentistId, now: NOW });

/** Each day from the strip's first to its last shown answers what one day's free times answer. */
async function expectSameAsOneDay(answer: FreeDays, dentist?: string, serviceId = service.id) {
  const shown = new Map(answer.days.map((day) => [day.date, day.times]));
  for (let date = answer.from; date <= answer.days.at(-1)!.date; date = addDays(date, 1)) {
    const one = await getFreeSlots({ date, service: serviceId, dentist }, NOW);
    expect(one.ok && one.times, date).toEqual(shown.get(date) ?? []);
  }
}

describe("the first free times of a clinic booked up for a month", () => {
  it("skip the full days and still show seven days with a free start, each with the times booking offers", async () => {
    const answer = await strip();
    expect(answer.days).toHaveLength(STRIP_DAYS);
    expect(answer.days[0]!.date).toBe(FIRST_FREE);
    expect(answer.days.every((day) => day.date >= FIRST_FREE)).toBe(true);
    // Dr. Chen's whole day is free, Dr. Patel's morning.
    expect(answer.days[0]!.times).toEqual(
      Array.from(
        { length: 16 },
        (_, k) => `${String(9 + Math.floor(k / 2)).padStart(2, "0")}:${k % 2 ? "30" : "00"}`,
      ),
    );
    await expectSameAsOneDay(answer);
  });

  it("name why each day passed over is empty: booked up, the clinic's closed day, a closure", async () => {
    const answer = await strip();
    const reasons = new Map(answer.empty.map((day) => [day.date, day]));
    // Today is open: every day from it to the last shown without a free time is listed.
    for (let date = TODAY; date < answer.days.at(-1)!.date; date = addDays(date, 1)) {
      expect(reasons.has(date) || answer.days.some((day) => day.date === date), date).toBe(true);
    }
    const monday = TODAY;
    expect(reasons.get(monday)).toEqual({
      date: monday,
      label: expect.stringMatching(/^Monday, /),
      message: `Nothing is free on ${formatDate(monday, CLOCK)} any more.`,
      advice: "Please choose another day.",
      bookedUp: true,
    });
    const sunday = addDays(TODAY, 6);
    expect(reasons.get(sunday)).toMatchObject({
      message: "The clinic is closed on Sundays.",
      advice: "We are open Monday to Saturday.",
      bookedUp: false,
    });
    const closed = addDays(FIRST_FREE, 2);
    expect(reasons.get(closed)).toMatchObject({
      message: `The clinic is closed on ${formatDate(closed, CLOCK)} (Month Thanksgiving).`,
      bookedUp: false,
    });
  });

  it("with one dentist chosen, names their day off", async () => {
    const answer = await strip("dentist-chen");
    expect(answer.days[0]!.date).toBe(FIRST_FREE);
    expect(answer.days.map((day) => weekdayOf(day.date))).not.toContain(6);
    const saturday = answer.empty.find((day) => weekdayOf(day.date) === 6 && day.date > FIRST_FREE);
    expect(saturday).toMatchObject({
      message: "Dr. Chen does not work on Saturdays.",
      advice: "Please choose another day.",
      bookedUp: false,
    });
    await expectSameAsOneDay(answer, "dentist-chen");
  });

  it("answers the same with a daily cap, whose count of visits needs the holds as rows", async () => {
    const without = await strip();
    await setDailyCap(20);
    try {
      expect(await strip()).toEqual(without);
      // Dr. Patel's one visit a day fills a cap of one: only Dr. Chen's weekdays are left.
      await setDailyCap(1);
      const capped = await strip();
      expect(capped.days[0]!.date).toBe(FIRST_FREE);
      expect(capped.days.map((day) => weekdayOf(day.date))).not.toContain(6);
      await expectSameAsOneDay(capped);
    } finally {
      await setDailyCap(0);
    }
  });
});

describe("the days planned and read", () => {
  it("follow a change of the team's data made after the last strip (a closure on a day shown)", async () => {
    const before = await strip();
    const shown = before.days[1]!.date;
    const closure = await addClosure({ name: "Month Flood", startDate: shown, endDate: shown });
    try {
      const after = await strip();
      expect(after.days.map((day) => day.date)).not.toContain(shown);
      expect(after.empty.find((day) => day.date === shown)).toMatchObject({
        message: `The clinic is closed on ${formatDate(shown, CLOCK)} (Month Flood).`,
      });
    } finally {
      await prisma.clinicClosure.delete({ where: { id: closure.id } });
    }
    expect(await strip()).toEqual(before);
  });

  it("read a day's holds up to its last start's buffer: a visit just after closing takes the last start", async () => {
    const buffered = {
      ...(await createService({
        name: "Buffered Check-up",
        durationMinutes: 30,
        bufferMinutes: 15,
      })),
      durationMinutes: 30,
      bufferMinutes: 15,
    };
    await prisma.dentistService.create({
      data: { dentistId: "dentist-chen", serviceId: buffered.id },
    });
    let date = addDays(FIRST_FREE, 3);
    while ([0, 6].includes(weekdayOf(date))) date = addDays(date, 1);
    // Dr. Chen works until 17:00; a visit at 17:00 meets the buffer of a start at 16:30.
    const late = await storeAppointment({
      userId: null,
      serviceId: buffered.id,
      date,
      time: "17:00",
      minutes: 15,
      dentistId: "dentist-chen",
      chairId: "chair-2",
    });
    try {
      const answer = await nextFreeDays({
        service: buffered,
        dentistId: "dentist-chen",
        from: date,
        now: NOW,
      });
      expect(answer.days[0]!.date).toBe(date);
      expect(answer.days[0]!.times).toContain("16:00");
      expect(answer.days[0]!.times).not.toContain("16:30");
      await expectSameAsOneDay(answer, "dentist-chen", buffered.id);
    } finally {
      await prisma.appointment.delete({ where: { id: late.id } });
    }
  });
});

describe("a booked-up day, counted rather than read", () => {
  it("is a date whose every period has every step held on the first layer", async () => {
    let full = addDays(TODAY, 8);
    while ([0, 6].includes(weekdayOf(full))) full = addDays(full, 1);
    let open = addDays(FIRST_FREE, 1);
    while ([0, 6].includes(weekdayOf(open))) open = addDays(open, 1);
    const period = (date: string, dentistId: string) => ({
      resource: dentistResource(dentistId),
      from: clinicTimeToUtc(date, "09:00").getTime(),
      to: clinicTimeToUtc(date, "17:00").getTime(),
    });
    const periods = new Map(
      [full, open].map((date) => [
        date,
        [FIRST_DENTIST, "dentist-chen"].map((dentist) => period(date, dentist)),
      ]),
    );
    expect(await datesFullyHeld(periods)).toEqual(new Set([full]));
    // Dr. Patel's morning alone is free on the open day: so is the day.
    expect(await datesFullyHeld(new Map([[open, [period(open, FIRST_DENTIST)]]]))).toEqual(
      new Set(),
    );
    const afternoon = {
      ...period(open, FIRST_DENTIST),
      from: clinicTimeToUtc(open, "13:00").getTime(),
    };
    // A date without periods is not counted, whatever the others.
    expect(
      await datesFullyHeld(
        new Map([
          [full, []],
          [open, [afternoon]],
        ]),
      ),
    ).toEqual(new Set([open]));
    // One step freed on the full day opens it.
    const step = {
      resource: dentistResource("dentist-chen"),
      startsAt: clinicTimeToUtc(full, "12:00"),
    };
    const freed = await prisma.slotHold.findMany({ where: step });
    await prisma.slotHold.deleteMany({ where: step });
    // A double booking's second layer over another step leaves it open.
    const doubled = {
      ...step,
      startsAt: clinicTimeToUtc(full, "14:00"),
      layer: 1,
      appointmentId: freed[0]!.appointmentId,
    };
    try {
      expect(await datesFullyHeld(periods)).toEqual(new Set());
      await prisma.slotHold.create({ data: doubled });
      expect(await datesFullyHeld(periods)).toEqual(new Set());
    } finally {
      await prisma.slotHold.deleteMany({ where: doubled });
      await prisma.slotHold.createMany({ data: freed });
    }
  });

  it("still offers the one half hour a dentist has left, and not a quarter hour", async () => {
    let date = addDays(TODAY, 10);
    while ([0, 6].includes(weekdayOf(date))) date = addDays(date, 1);
    // Dr. Chen's visit that day holds his time and chair 2's.
    const chen = { in: [dentistResource("dentist-chen"), chairResource("chair-2")] };
    const at = (time: string) => clinicTimeToUtc(date, time);
    const freed = await prisma.slotHold.findMany({
      where: { resource: chen, startsAt: { in: [at("16:30"), at("16:45")] } },
    });
    expect(freed).toHaveLength(4);
    const from = addDays(date, -2);
    try {
      await prisma.slotHold.deleteMany({ where: { resource: chen, startsAt: at("16:45") } });
      const quarter = await nextFreeDays({ service, from, now: NOW });
      expect(quarter.days[0]!.date).toBe(FIRST_FREE);
      expect(quarter.empty.find((day) => day.date === date)).toMatchObject({ bookedUp: true });

      await prisma.slotHold.deleteMany({ where: { resource: chen, startsAt: at("16:30") } });
      const half = await nextFreeDays({ service, from, now: NOW });
      expect(half.days[0]).toMatchObject({ date, times: ["16:30"] });
      const chosen = await nextFreeDays({ service, dentistId: "dentist-chen", from, now: NOW });
      expect(chosen.days[0]).toMatchObject({ date, times: ["16:30"] });
      const patel = await nextFreeDays({ service, dentistId: FIRST_DENTIST, from, now: NOW });
      expect(patel.days[0]!.date).toBe(FIRST_FREE);
      await expectSameAsOneDay(half);
    } finally {
      await prisma.slotHold.createMany({ data: freed });
    }
  });
});

describe("the holds of several days read as steps", () => {
  it("hold exactly the steps the rows do, day by day, on every layer and across midnight", async () => {
    const first = addDays(FIRST_FREE, 20);
    const last = addDays(first, 1);
    // Across midnight into the second day, and a second layer over a visit.
    await storeAppointment({
      userId: null,
      serviceId: service.id,
      date: first,
      time: "23:30",
      minutes: 60,
    });
    const under = await storeAppointment({
      userId: null,
      serviceId: service.id,
      date: addDays(first, 1),
      time: "10:00",
      dentistId: "dentist-chen",
      chairId: "chair-2",
    });
    await prisma.slotHold.create({
      data: {
        resource: "dentist:dentist-chen",
        startsAt: under.startsAt,
        layer: 1,
        appointmentId: under.id,
      },
    });
    const resources = [FIRST_DENTIST, "dentist-chen"].map(dentistResource);
    resources.push(chairResource("chair-1"), chairResource("chair-2"));
    const steps = await readHeldStepsOfDays(first, last, CLOCK.timeZone, resources);
    for (let date = first; date <= last; date = addDays(date, 1)) {
      const rows = await readHolds(date, CLOCK.timeZone);
      const asSteps = steps.get(date)!;
      let held = 0;
      // Every quarter hour from the day before to the day after, for every resource.
      const from = clinicTimeToUtc(addDays(date, -1), "00:00").getTime();
      for (let at = from; at < from + 3 * 86_400_000; at += 900_000) {
        for (const resource of resources) {
          const key = holdKey(resource, new Date(at));
          expect(asSteps.held.has(key), key).toBe(rows.held.has(key));
          held += Number(rows.held.has(key));
        }
      }
      expect(held).toBeGreaterThan(0);
      expect(asSteps.visitsByDentist.size).toBe(0);
    }
    // Only the part of each day asked about: the first day from 10:00 to past its end (kept
    // inside the day), the second day's 10:00 alone; any other step reads as free.
    const asked = new Map([
      [first, { from: clinicTimeToUtc(first, "10:00"), to: clinicTimeToUtc(last, "01:00") }],
      [last, { from: clinicTimeToUtc(last, "10:00"), to: clinicTimeToUtc(last, "10:15") }],
    ]);
    const part = await readHeldStepsOfDays(first, last, CLOCK.timeZone, resources, asked);
    let inside = 0;
    for (const [date, span] of asked) {
      const rows = await readHolds(date, CLOCK.timeZone);
      const end = Math.min(span.to.getTime(), clinicTimeToUtc(addDays(date, 1), "00:00").getTime());
      const from = clinicTimeToUtc(addDays(date, -1), "00:00").getTime();
      for (let at = from; at < from + 3 * 86_400_000; at += 900_000) {
        for (const resource of resources) {
          const key = holdKey(resource, new Date(at));
          const read = at >= span.from.getTime() && at < end && rows.held.has(key);
          expect(part.get(date)!.held.has(key), key).toBe(read);
          inside += Number(read);
        }
      }
    }
    // Patel's 23:30 and chair 1's on the first day; Dr. Chen's 10:00 and chair 2's on the second.
    expect(inside).toBe(6);
  });
});
