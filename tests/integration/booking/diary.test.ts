import { beforeAll, describe, expect, it } from "vitest";
import { appointmentsNeedingAttention } from "~/models/booking/attention.server";
import { bookAppointment } from "~/models/booking/book.server";
import { cancelAppointment, changeStatus } from "~/models/booking/status.server";
import { getFreeSlots } from "~/models/booking/free-times.server";
import { moveAppointment } from "~/models/booking/move.server";
import { SLOT_TAKEN_MESSAGE } from "~/models/booking/rules";
import { UNKNOWN_DENTIST_MESSAGE } from "~/models/booking/choices.server";
import { onlinePolicy } from "~/models/booking/policy";
import { addClosure, updateClinicSettings } from "~/models/settings/clinic-settings.server";
import { formatDate } from "~/utils/clinic-format";
import { addDays, clinicTimeToUtc } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { MONDAY, TUESDAY, upcoming } from "../../support/clinic-dates";
import {
  createService,
  createUser,
  FIRST_CHAIR,
  FIRST_DENTIST,
  storeAppointment,
} from "../../support/factories";

const WEEK = JSON.stringify({
  monday: { start: "09:00", end: "17:00", breaks: [{ start: "12:30", end: "13:30" }] },
  tuesday: { start: "09:00", end: "17:00", breaks: [] },
  wednesday: { start: "09:00", end: "17:00", breaks: [] },
  thursday: { start: "09:00", end: "17:00", breaks: [] },
  friday: { start: "09:00", end: "17:00", breaks: [] },
  saturday: null,
  sunday: null,
});

let crown: { id: string };
let checkup: { id: string };
let cleaning: { id: string };

beforeAll(async () => {
  crown = await createService({ name: "Crown", durationMinutes: 90 });
  checkup = await createService({ name: "Check-up", durationMinutes: 30 });
  cleaning = await createService({ name: "Cleaning", durationMinutes: 60, bufferMinutes: 30 });
  await prisma.chair.create({ data: { id: "chair-2", name: "Chair 2", sortOrder: 1 } });
  await prisma.dentist.create({
    data: {
      id: "dentist-b",
      slug: "dr-b",
      name: "Dr. B",
      title: "DDS",
      sortOrder: 1,
      weeklyPlan: WEEK,
      services: { create: [{ serviceId: crown.id }, { serviceId: checkup.id }] },
    },
  });
  // Only the first dentist cleans.
  await prisma.dentistService.create({
    data: { dentistId: FIRST_DENTIST, serviceId: cleaning.id },
  });
  await prisma.dentistService.createMany({
    data: [crown.id, checkup.id].map((serviceId) => ({ dentistId: FIRST_DENTIST, serviceId })),
  });
});

function booking(overrides: Record<string, unknown>) {
  return {
    name: "Dee Patient",
    email: "dee@example.com",
    phone: "+1 555 0101",
    time: "10:00",
    message: "Please.",
    ...overrides,
  };
}

async function book(userId: string, overrides: Record<string, unknown>) {
  const result = await bookAppointment(booking(overrides), userId);
  if (!result.ok) throw new Error(result.message);
  return result.appointment;
}

describe("booking with dentists, chairs and lengths", () => {
  it("a 90-minute visit holds six 15-minute steps of its dentist and chair; a 30-minute one inside it needs another dentist", async () => {
    const [ann, bob, cy] = [await createUser(), await createUser(), await createUser()];
    const date = upcoming(TUESDAY, 1);
    const long = await book(ann.id, { service: crown.id, date, dentist: FIRST_DENTIST });
    expect(long).toMatchObject({ dentist: { _id: FIRST_DENTIST }, chair: { _id: FIRST_CHAIR } });
    expect(await prisma.slotHold.count({ where: { appointmentId: long._id } })).toBe(12);
    expect(new Date(long.endsAt).getTime() - new Date(long.startsAt).getTime()).toBe(90 * 60_000);

    const same = await bookAppointment(
      booking({ service: checkup.id, date, time: "10:30", dentist: "dr-anita-patel" }),
      bob.id,
    );
    expect(same).toMatchObject({ ok: false, status: 409 });
    if (same.ok) return;
    expect(same.message.startsWith(`${SLOT_TAKEN_MESSAGE} Still free on `)).toBe(true);
    expect(same.message).toContain("with Dr. Anita Patel: 9:00 AM, 9:30 AM, 11:30 AM,");

    const any = await book(bob.id, { service: checkup.id, date, time: "10:30" });
    expect(any).toMatchObject({ dentist: { _id: "dentist-b" }, chair: { _id: "chair-2" } });
    // Both chairs are held at 10:30 now: nobody else gets that time.
    const third = await bookAppointment(
      booking({ service: checkup.id, date, time: "10:30" }),
      cy.id,
    );
    expect(third).toMatchObject({ ok: false, status: 409 });
  });

  it("a buffer keeps the time after a visit held, and the free times fit the service's length", async () => {
    const user = await createUser();
    const date = upcoming(TUESDAY, 2);
    await book(user.id, { service: cleaning.id, date, time: "09:00" });
    // 09:00-10:00 plus a 30-minute buffer: Dr. Patel's next start is 10:30.
    const patel = await getFreeSlots({ date, service: checkup.id, dentist: FIRST_DENTIST });
    expect(patel.ok && patel.times.slice(0, 2)).toEqual(["10:30", "11:00"]);
    const crowns = await getFreeSlots({ date, service: crown.id });
    expect(crowns.ok && crowns.times.at(-1)).toBe("15:30");
    expect(crowns.ok && crowns.labels.at(-1)).toBe("3:30 PM");
    // Monday has a lunch break: a 90-minute visit cannot start at 11:30 or 12:00.
    const monday = await getFreeSlots({
      date: upcoming(MONDAY, 2),
      service: crown.id,
      dentist: "dentist-b",
    });
    expect(monday.ok && monday.times).toEqual([
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
    ]);
  });

  it("'any dentist' takes the least busy dentist of the day", async () => {
    const [ann, bob] = [await createUser(), await createUser()];
    const date = upcoming(TUESDAY, 3);
    await book(ann.id, { service: checkup.id, date, time: "09:00", dentist: FIRST_DENTIST });
    const next = await book(bob.id, { service: checkup.id, date, time: "15:00" });
    expect(next.dentist._id).toBe("dentist-b");
  });

  it("refuses a dentist who does not perform the service, an unknown one, and a closure", async () => {
    const user = await createUser();
    const date = upcoming(TUESDAY, 4);
    expect(
      await bookAppointment(booking({ service: cleaning.id, date, dentist: "dentist-b" }), user.id),
    ).toMatchObject({
      ok: false,
      status: 400,
      message:
        "Dr. B does not perform Test Service 3. Please choose another dentist or Any dentist.".replace(
          "Test Service 3",
          (await prisma.service.findUniqueOrThrow({ where: { id: cleaning.id } })).name,
        ),
    });
    expect(
      await bookAppointment(booking({ service: checkup.id, date, dentist: "nobody" }), user.id),
    ).toMatchObject({
      ok: false,
      status: 400,
      message: UNKNOWN_DENTIST_MESSAGE,
    });
    await addClosure({ name: "Staff training", startDate: date, endDate: date });
    const closed = await bookAppointment(booking({ service: checkup.id, date }), user.id);
    expect(closed).toMatchObject({ ok: false, status: 400 });
    expect(!closed.ok && closed.message).toMatch(
      /^The clinic is closed on Tuesday, \w+ \d+, \d{4} \(Staff training\)\. Please choose another day\.$/,
    );
    const free = await getFreeSlots({ date, service: checkup.id });
    expect(free).toMatchObject({ ok: true, times: [] });
    expect(free.ok && free.message).toMatch(/Staff training/);
  });
});

describe("the appointment lifecycle", () => {
  it("allows booked → confirmed → checked in → completed in order, each once its time has come, keeps holds on completion, records each step", async () => {
    const user = await createUser();
    const date = upcoming(TUESDAY, 5);
    const visit = await book(user.id, { service: checkup.id, date, time: "11:00" });
    const actor = { kind: "patient" as const, userId: user.id };
    const before = clinicTimeToUtc(date, "10:00");
    const during = clinicTimeToUtc(date, "11:10");
    expect(await changeStatus(visit._id, "completed", actor, { now: before })).toMatchObject({
      ok: false,
      status: 409,
      message: "An appointment can only be marked completed once it has started.",
    });
    expect(await changeStatus(visit._id, "confirmed", actor, { now: before })).toMatchObject({
      ok: true,
    });
    expect(await changeStatus(visit._id, "no_show", actor, { now: before })).toMatchObject({
      ok: false,
      message: "An appointment can only be marked missed once it has started.",
    });
    expect(await changeStatus(visit._id, "checked_in", actor, { now: during })).toMatchObject({
      ok: true,
    });
    expect(await changeStatus(visit._id, "cancelled", actor, { now: during })).toMatchObject({
      ok: false,
      message: "A checked in appointment cannot become cancelled.",
    });
    expect(
      await changeStatus(visit._id, "completed", actor, { now: during, note: "All fine" }),
    ).toMatchObject({ ok: true });
    expect(await prisma.slotHold.count({ where: { appointmentId: visit._id } })).toBe(4);
    const history = await prisma.appointmentStatusChange.findMany({
      where: { appointmentId: visit._id },
      orderBy: { at: "asc" },
      select: { from: true, to: true, note: true },
    });
    expect(history.map((row) => `${row.from}->${row.to}`)).toEqual([
      "null->booked",
      "booked->confirmed",
      "confirmed->checked_in",
      "checked_in->completed",
    ]);
    expect(history.at(-1)?.note).toBe("All fine");
  });

  it("a no-show after the start releases the time", async () => {
    const user = await createUser();
    const date = upcoming(TUESDAY, 6);
    const visit = await book(user.id, {
      service: checkup.id,
      date,
      time: "11:00",
      dentist: FIRST_DENTIST,
    });
    const after = clinicTimeToUtc(date, "11:20");
    expect(
      await changeStatus(visit._id, "no_show", { kind: "system" }, { now: after }),
    ).toMatchObject({ ok: true });
    expect(await prisma.slotHold.count({ where: { appointmentId: visit._id } })).toBe(0);
  });
});

describe("moving an appointment", () => {
  it("moves onto its own old steps, keeps dentist and chair, bumps the sequence and notes where it was", async () => {
    const user = await createUser();
    const date = upcoming(TUESDAY, 7);
    const visit = await book(user.id, {
      service: crown.id,
      date,
      time: "10:00",
      dentist: FIRST_DENTIST,
    });
    const moved = await moveAppointment(visit._id, { date, time: "10:30" }, onlinePolicy(user.id));
    expect(moved).toMatchObject({
      ok: true,
      appointment: {
        date,
        time: "10:30",
        dentist: { _id: FIRST_DENTIST },
        chair: { _id: FIRST_CHAIR },
      },
    });
    const row = await prisma.appointment.findUniqueOrThrow({
      where: { id: visit._id },
      include: { holds: true },
    });
    expect(row.sequence).toBe(1);
    expect(row.startsAt).toEqual(clinicTimeToUtc(date, "10:30"));
    expect(row.holds.map((hold) => hold.startsAt.getTime()).sort()).toEqual(
      [...new Set(row.holds.map((hold) => hold.startsAt.getTime()))]
        .sort()
        .flatMap((t) => [t, t])
        .sort(),
    );
    expect(new Set(row.holds.map((hold) => hold.startsAt.getTime()))).toEqual(
      new Set(
        ["10:30", "10:45", "11:00", "11:15", "11:30", "11:45"].map((time) =>
          clinicTimeToUtc(date, time).getTime(),
        ),
      ),
    );
    const note = await prisma.appointmentStatusChange.findFirstOrThrow({
      where: { appointmentId: visit._id, note: { startsWith: "moved from" } },
    });
    expect(note.note).toMatch(
      /^moved from Tuesday, \w+ \d+, \d{4} at 10:00 AM with Dr\. Anita Patel$/,
    );
  });

  it("refuses a move onto another visit and leaves the appointment and its holds as they were", async () => {
    const [ann, bob] = [await createUser(), await createUser()];
    const date = upcoming(TUESDAY, 8);
    const first = await book(ann.id, {
      service: checkup.id,
      date,
      time: "09:00",
      dentist: FIRST_DENTIST,
    });
    await book(bob.id, { service: checkup.id, date, time: "14:00", dentist: FIRST_DENTIST });
    const refused = await moveAppointment(
      first._id,
      { date, time: "14:00", dentistId: FIRST_DENTIST },
      onlinePolicy(ann.id),
    );
    expect(refused).toMatchObject({ ok: false, status: 409 });
    const row = await prisma.appointment.findUniqueOrThrow({
      where: { id: first._id },
      include: { holds: true },
    });
    expect(row).toMatchObject({ time: "09:00", sequence: 0 });
    expect(row.holds).toHaveLength(4);
    // A cancelled visit cannot move.
    expect((await cancelAppointment(first._id, ann.id)).ok).toBe(true);
    expect(
      await moveAppointment(first._id, { date, time: "15:00" }, onlinePolicy(ann.id)),
    ).toMatchObject({ ok: false, status: 409 });
  });
});

const CLOCK = { timeZone: "America/New_York", locale: "en-US" };

describe("bookings needing attention", () => {
  it("lists active bookings inside a closure, on a dentist's exception or outside a changed plan", async () => {
    const user = await createUser();
    // The Tuesday and Wednesday after that Monday, whatever day the test runs on.
    const from = upcoming(MONDAY, 9);
    const tuesday = addDays(from, 1);
    const wednesday = addDays(from, 2);
    const ok = await storeAppointment({
      userId: user.id,
      serviceId: checkup.id,
      date: from,
      time: "10:00",
    });
    const closed = await storeAppointment({
      userId: user.id,
      serviceId: checkup.id,
      date: tuesday,
      time: "10:00",
    });
    const off = await storeAppointment({
      userId: user.id,
      serviceId: checkup.id,
      date: wednesday,
      time: "10:00",
      dentistId: "dentist-b",
      chairId: "chair-2",
    });
    const late = await storeAppointment({
      userId: user.id,
      serviceId: checkup.id,
      date: from,
      time: "16:00",
      dentistId: "dentist-b",
      chairId: "chair-2",
    });
    await storeAppointment({
      userId: user.id,
      serviceId: checkup.id,
      date: tuesday,
      time: "11:00",
      status: "cancelled",
    });

    await addClosure({ name: "Burst pipe", startDate: tuesday, endDate: tuesday });
    await prisma.dentistException.create({
      data: {
        dentistId: "dentist-b",
        startDate: wednesday,
        endDate: wednesday,
        dayPlan: "null",
        note: "Conference",
      },
    });
    await prisma.dentist.update({
      where: { id: "dentist-b" },
      data: {
        weeklyPlan: WEEK.replace(
          '"monday":{"start":"09:00","end":"17:00"',
          '"monday":{"start":"09:00","end":"15:00"',
        ),
      },
    });
    const found = await appointmentsNeedingAttention({ from, to: wednesday });
    expect(found.map((entry) => [entry.appointment._id, entry.reason])).toEqual([
      [
        late.id,
        "That time is outside Dr. B's working hours on Mondays (9:00 AM to 12:30 PM and 1:30 PM to 3:00 PM).",
      ],
      [closed.id, `The clinic is closed on ${formatDate(tuesday, CLOCK)} (Burst pipe).`],
      [off.id, `Dr. B is away on ${formatDate(wednesday, CLOCK)} (Conference).`],
    ]);
    expect(found.map((entry) => entry.appointment._id)).not.toContain(ok.id);
  });
});

describe("settings drive the rules", () => {
  it("a 15-minute grid offers quarter hours", async () => {
    await updateClinicSettings({ gridMinutes: 15 });
    try {
      const free = await getFreeSlots({ date: upcoming(TUESDAY, 11), service: checkup.id });
      expect(free.ok && free.times.slice(0, 3)).toEqual(["09:00", "09:15", "09:30"]);
    } finally {
      await updateClinicSettings({ gridMinutes: 30 });
    }
  });
});
