// Issue 31.10: the desk's booking form shows the first free times of the service (the
// booking page's strip, one home) under the desk's rules: several days from the next open
// one, across the dentists who perform it or the one chosen, each empty day with its reason,
// the next free time as a link, and the day being booked with its times.
import { beforeAll, describe, expect, it } from "vitest";
import { addClosure } from "~/models/settings/clinic-settings.server";
import { deskFreeDays } from "~/models/front-desk/free-days.server";
import { nextFreeDays } from "~/models/booking/next-free-times.server";
import { action as deskAction, loader as deskPage } from "~/routes/staff.bookings.new";
import { formatDate } from "~/utils/clinic-format";
import { addDays, clinicNow, clinicTimeToUtc, weekdayOf } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { MONDAY, SUNDAY, upcoming } from "../../support/clinic-dates";
import {
  createService,
  createUser,
  FIRST_DENTIST,
  sessionFor,
  storeAppointment,
} from "../../support/factories";
import { actionArgs, formPost, get, loaderArgs, outcome, settle } from "../../support/auth-helpers";

const CLOCK = { timeZone: "America/New_York", locale: "en-US" };
const WEEKDAYS_ONLY = JSON.stringify({
  monday: { start: "09:00", end: "17:00", breaks: [] },
  tuesday: { start: "09:00", end: "17:00", breaks: [] },
  wednesday: { start: "09:00", end: "17:00", breaks: [] },
  thursday: { start: "09:00", end: "17:00", breaks: [] },
  friday: { start: "09:00", end: "17:00", breaks: [] },
  saturday: null,
  sunday: null,
});

let service: { id: string; name: string };
let reception: { id: string; role: "reception" };
let cookie: string;
let caller: { id: string };

beforeAll(async () => {
  service = await createService({ name: "Desk Check-up", durationMinutes: 30 });
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
  const desk = await createUser({ role: "reception", name: "Desk Dana" });
  reception = { id: desk.id, role: "reception" };
  ({ cookie } = await sessionFor(desk));
  caller = await createUser({ name: "Calling Carla" });
});

describe("the desk's first free times", () => {
  // A Sunday three weeks ahead: the clinic is closed, the strip starts on Monday.
  const sunday = addDays(upcoming(MONDAY, 3), -1);

  it("start at the next open day, skip a closure and Dr. Chen's Saturday, and name each empty day's reason", async () => {
    const monday = addDays(sunday, 1);
    await addClosure({
      name: "Desk Thanksgiving",
      startDate: addDays(monday, 3),
      endDate: addDays(monday, 3),
    });
    // Monday is booked up: both dentists all day.
    await storeAppointment({
      userId: null,
      serviceId: service.id,
      date: monday,
      time: "09:00",
      minutes: 480,
    });
    await storeAppointment({
      userId: null,
      serviceId: service.id,
      date: monday,
      time: "09:00",
      minutes: 480,
      dentistId: "dentist-chen",
      chairId: "chair-2",
    });
    const now = clinicTimeToUtc(addDays(sunday, -1), "12:00");
    const any = await deskFreeDays(reception, { service: service.id, from: sunday }, now);
    if (!any.ok) throw new Error(any.message);
    // The closed Sunday it starts on is not listed; Monday, booked up, is, with its reason.
    expect(any.empty.map((day) => day.date)).not.toContain(sunday);
    expect(any.empty[0]).toMatchObject({
      date: monday,
      message: `Nothing is free on ${formatDate(monday, CLOCK)} any more.`,
      bookedUp: true,
    });
    expect(any.empty).toContainEqual(
      expect.objectContaining({
        date: addDays(monday, 3),
        message: `The clinic is closed on ${formatDate(addDays(monday, 3), CLOCK)} (Desk Thanksgiving).`,
      }),
    );
    expect(any.days).toHaveLength(7);
    expect(any.days[0]!.date).toBe(addDays(monday, 1));
    expect(any.first).toEqual({
      date: addDays(monday, 1),
      time: "09:00",
      label: `${any.days[0]!.label} at 9:00 AM`,
    });
    // The day booked is the first with a free time unless one is asked for.
    expect(any.chosen).toMatchObject({ date: addDays(monday, 1), reason: null });

    const chen = await deskFreeDays(
      reception,
      { service: service.id, dentist: "dentist-chen", from: sunday },
      now,
    );
    if (!chen.ok) throw new Error(chen.message);
    expect(chen.days.map((day) => weekdayOf(day.date))).not.toContain(6);
    expect(chen.empty).toContainEqual(
      expect.objectContaining({
        date: addDays(monday, 5),
        message: "Dr. Chen does not work on Saturdays.",
        bookedUp: false,
      }),
    );
    // A closed day asked for says why it has no time.
    const closed = await deskFreeDays(
      reception,
      { service: service.id, from: sunday, day: sunday },
      now,
    );
    expect(closed.ok && closed.chosen).toMatchObject({
      date: sunday,
      times: [],
      reason: "The clinic is closed on Sundays.",
    });
  });

  it("offer the desk the times within the online notice", async () => {
    const today = addDays(sunday, 8);
    const now = clinicTimeToUtc(today, "08:00");
    const desk = await deskFreeDays(reception, { service: service.id }, now);
    const online = await nextFreeDays({
      service: { ...service, durationMinutes: 30, bufferMinutes: 0 },
      now,
    });
    expect(desk.ok && desk.days[0]!.times[0]).toBe("09:00");
    // Online bookings need two hours' notice.
    expect(online.days[0]!.times[0]).toBe("10:00");
  });

  it("refuse a dentist who does not perform the service by name", async () => {
    const other = await createService({ name: "Desk Whitening" });
    await prisma.dentistService.create({ data: { dentistId: FIRST_DENTIST, serviceId: other.id } });
    expect(
      await deskFreeDays(reception, { service: other.id, dentist: "dentist-chen" }),
    ).toMatchObject({
      ok: false,
      message:
        "Dr. Chen does not perform Desk Whitening. Please choose another dentist or Any dentist.",
    });
  });
});

describe("the desk's booking page", () => {
  const open = (query: string) =>
    settle(() => deskPage(loaderArgs(get(`/staff/bookings/new?${query}`, cookie))));

  it("shows the strip for the service and the day and time a link chose, and books it", async () => {
    const page = await open(`patient=${caller.id}&service=${service.id}&dentist=any`);
    const free = page.body?.free as {
      from: string;
      days: { date: string; times: string[] }[];
      first: { date: string; time: string };
      chosen: { date: string };
    };
    const today = clinicNow(new Date(), CLOCK.timeZone).date;
    expect(free.from).toBe(today);
    expect(free.days.length).toBeGreaterThan(1);
    expect(free.chosen.date).toBe(free.first.date);

    // A time's link: that day, that time checked.
    const second = free.days[1]!;
    const chosen = await open(
      `patient=${caller.id}&service=${service.id}&dentist=any&from=${free.from}&day=${second.date}&start=${second.times[1]}`,
    );
    expect(chosen.body).toMatchObject({
      start: second.times[1],
      free: { from: free.from, chosen: { date: second.date, times: second.times } },
    });
    const booked = await outcome(
      await deskAction(
        actionArgs(
          formPost(
            "/staff/bookings/new",
            {
              intent: "book",
              patientId: caller.id,
              service: service.id,
              dentist: "any",
              date: second.date,
              time: second.times[1]!,
            },
            cookie,
          ),
        ),
      ),
    );
    expect(booked.location).toMatch(/^\/staff\/appointments\//);
    expect(
      await prisma.appointment.findFirst({ where: { userId: caller.id, date: second.date } }),
    ).toMatchObject({ time: second.times[1] });
  });

  it("looks from the day typed, and books the first free day after a closed one", async () => {
    const sunday = upcoming(SUNDAY, 5);
    const page = await open(
      `patient=${caller.id}&service=${service.id}&dentist=any&date=${sunday}`,
    );
    expect(page.body).toMatchObject({
      date: sunday,
      free: {
        from: sunday,
        first: { date: addDays(sunday, 1) },
        chosen: { date: addDays(sunday, 1) },
      },
    });
  });

  it("says a dentist's refusal instead of the strip, and refuses a malformed date with 400", async () => {
    const other = await createService({ name: "Desk Crown" });
    await prisma.dentistService.create({ data: { dentistId: FIRST_DENTIST, serviceId: other.id } });
    const page = await open(`patient=${caller.id}&service=${other.id}&dentist=dentist-chen`);
    expect(page.body).toMatchObject({
      free: null,
      refusal:
        "Dr. Chen does not perform Desk Crown. Please choose another dentist or Any dentist.",
    });
    expect((await open(`patient=${caller.id}&service=${service.id}&from=someday`)).status).toBe(
      400,
    );
  });
});
