import type { User } from "@prisma/client";
import { beforeAll, describe, expect, it } from "vitest";
import { getFreeSlots } from "~/models/booking/free-times.server";
import { tooManyBookingsMessage } from "~/models/booking/rules";
import { addClosure } from "~/models/settings/clinic-settings.server";
import {
  freeDaysFor,
  nextFreeDays,
  STRIP_DAYS,
  STRIP_SCAN_DAYS,
} from "~/models/booking/next-free-times.server";
import { loader as bookLoader } from "~/routes/make-appointment";
import { loader as freeDaysLoader } from "~/routes/resources.free-days";
import { formatDate } from "~/utils/clinic-format";
import { addDays, clinicTimeToUtc, weekdayOf } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { DATE_FORMAT_MESSAGE } from "~/validation/appointment";
import { UNKNOWN_SERVICE_MESSAGE } from "~/validation/service";
import { MONDAY, SATURDAY, TUESDAY, WEDNESDAY, upcoming } from "../../support/clinic-dates";
import {
  createService,
  createUser,
  FIRST_DENTIST,
  sessionFor,
  storeAppointment,
} from "../../support/factories";
import { get, loaderArgs, settle } from "../../support/auth-helpers";

/** Dr. B works Monday to Friday only. */
const WEEKDAYS_ONLY = JSON.stringify({
  monday: { start: "09:00", end: "17:00", breaks: [] },
  tuesday: { start: "09:00", end: "17:00", breaks: [] },
  wednesday: { start: "09:00", end: "17:00", breaks: [] },
  thursday: { start: "09:00", end: "17:00", breaks: [] },
  friday: { start: "09:00", end: "17:00", breaks: [] },
  saturday: null,
  sunday: null,
});

const CLOCK = { timeZone: "America/New_York", locale: "en-US" };

/** A Monday two weeks ahead, 08:00 at the clinic: with two hours' notice, 10:00 is the first. */
const MONDAY_MORNING = upcoming(MONDAY, 2);
const NOW = clinicTimeToUtc(MONDAY_MORNING, "08:00");

let checkup: { id: string; name: string };
let extraction: { id: string; name: string };
let patient: User;
let cookie: string;

beforeAll(async () => {
  checkup = await createService({ name: "Strip Check-up", durationMinutes: 30 });
  // Only Dr. Patel extracts.
  extraction = await createService({ name: "Strip Extraction", durationMinutes: 60 });
  await prisma.dentist.create({
    data: {
      id: "dentist-b",
      slug: "dr-b",
      name: "Dr. B",
      title: "DDS",
      sortOrder: 1,
      weeklyPlan: WEEKDAYS_ONLY,
      services: { create: [{ serviceId: checkup.id }] },
    },
  });
  await prisma.dentistService.createMany({
    data: [checkup.id, extraction.id].map((serviceId) => ({ dentistId: FIRST_DENTIST, serviceId })),
  });
  await prisma.chair.create({ data: { id: "chair-2", name: "Chair 2", sortOrder: 1 } });
  patient = await createUser({ phone: "" });
  ({ cookie } = await sessionFor(patient));
});

describe("the next days with a free time", () => {
  it("lists seven open days from today, each with the very times booking offers", async () => {
    const strip = await nextFreeDays({
      service: { id: checkup.id, durationMinutes: 30, bufferMinutes: 0 },
      now: NOW,
    });
    expect(strip.from).toBe(MONDAY_MORNING);
    expect(strip.days).toHaveLength(STRIP_DAYS);
    // Monday to Saturday, the closed Sunday left out, then Monday again.
    expect(strip.days.map((day) => addDays(day.date, 0))).toEqual([
      ...[0, 1, 2, 3, 4, 5].map((k) => addDays(MONDAY_MORNING, k)),
      addDays(MONDAY_MORNING, 7),
    ]);
    expect(strip.days.map((day) => weekdayOf(day.date))).not.toContain(0);
    expect(strip.days[0]).toMatchObject({
      label: new Intl.DateTimeFormat("en-US", {
        weekday: "long",
        month: "short",
        day: "numeric",
        timeZone: "UTC",
      }).format(new Date(`${MONDAY_MORNING}T12:00:00Z`)),
      weekday: "Mon",
      // The notice: nothing before 10:00 today.
      times: expect.arrayContaining(["10:00", "16:30"]),
    });
    expect(strip.days[0]!.times[0]).toBe("10:00");
    expect(strip.days[0]!.labels[0]).toBe("10:00 AM");
    for (const day of strip.days) {
      const slots = await getFreeSlots({ date: day.date, service: checkup.id }, NOW);
      expect(slots.ok && slots.times).toEqual(day.times);
    }
    expect(strip.next).toBe(addDays(MONDAY_MORNING, 8));
  });

  it("leaves out a day with nothing free, and a dentist's days off", async () => {
    const tuesday = upcoming(TUESDAY, 2);
    expect(tuesday).toBe(addDays(MONDAY_MORNING, 1));
    // Dr. Patel, the only one who extracts, is booked all Tuesday.
    await storeAppointment({
      userId: null,
      serviceId: extraction.id,
      date: tuesday,
      time: "09:00",
      minutes: 480,
    });
    const extractions = await nextFreeDays({
      service: { id: extraction.id, durationMinutes: 60, bufferMinutes: 0 },
      now: NOW,
    });
    expect(extractions.days.map((day) => day.date)).not.toContain(tuesday);
    expect(extractions.days[1]!.date).toBe(addDays(MONDAY_MORNING, 2));

    const withB = await nextFreeDays({
      service: { id: checkup.id, durationMinutes: 30, bufferMinutes: 0 },
      dentistId: "dentist-b",
      now: NOW,
    });
    // Dr. B never works Saturdays: the strip skips them instead of showing "nothing free".
    expect(withB.days.map((day) => weekdayOf(day.date))).toEqual([1, 2, 3, 4, 5, 1, 2]);
  });

  it("looks at most six weeks ahead per strip, then says so and where to go on", async () => {
    const from = addDays(MONDAY_MORNING, 35);
    await addClosure({ name: "Strip renovation", startDate: from, endDate: addDays(from, 40) });
    const answer = await freeDaysFor({ service: checkup.id, from }, NOW);
    expect(answer).toMatchObject({ ok: true, days: [], from });
    if (!answer.ok) return;
    expect(answer.next).toBe(addDays(from, STRIP_SCAN_DAYS));
    expect(answer.message).toMatch(/^Nothing is free for Strip Check-up up to \w+day, /);
    // Past the horizon (90 days) there is nothing further to offer.
    const late = await freeDaysFor({ service: checkup.id, from: addDays(MONDAY_MORNING, 89) }, NOW);
    expect(late.ok && late.next).toBeNull();
  });

  it("refuses an unknown service, a malformed date and a dentist who does not perform it", async () => {
    expect(await freeDaysFor({ service: "nope" }, NOW)).toMatchObject({
      ok: false,
      status: 400,
      message: UNKNOWN_SERVICE_MESSAGE,
    });
    expect(await freeDaysFor({ service: null }, NOW)).toMatchObject({ ok: false, status: 400 });
    for (const from of ["tomorrow", "2026-13-45", "2026-1-5"]) {
      expect(await freeDaysFor({ service: checkup.id, from }, NOW)).toMatchObject({
        ok: false,
        message: DATE_FORMAT_MESSAGE,
      });
    }
    expect(await freeDaysFor({ service: extraction.id, dentist: "dentist-b" }, NOW)).toMatchObject({
      ok: false,
      status: 400,
      message:
        "Dr. B does not perform Strip Extraction. Please choose another dentist or Any dentist.",
    });
  });
});

describe("the booking form's picker on a day without a time", () => {
  it("names the real reason: the dentist's day off or absence, a closure and its name, or a day booked up", async () => {
    // Only Dr. B seals; Dr. B and Dr. C (weekdays only too) both polish.
    const sealant = await createService({ name: "Strip Sealant" });
    const polish = await createService({ name: "Strip Polish" });
    await prisma.dentistService.create({ data: { dentistId: "dentist-b", serviceId: sealant.id } });
    await prisma.dentist.create({
      data: {
        id: "dentist-c",
        slug: "dr-c",
        name: "Dr. C",
        title: "DDS",
        sortOrder: 2,
        weeklyPlan: WEEKDAYS_ONLY,
        services: { create: [{ serviceId: polish.id }] },
      },
    });
    await prisma.dentistService.create({ data: { dentistId: "dentist-b", serviceId: polish.id } });
    const saturday = upcoming(SATURDAY, 3);
    const wednesday = upcoming(WEDNESDAY, 3);
    const slots = async (service: string, date: string, dentist?: string) => {
      const answer = await getFreeSlots({ date, service, dentist }, NOW);
      expect(answer).toMatchObject({ ok: true, times: [] });
      return answer.ok ? answer.message : null;
    };
    const saturdayText = formatDate(saturday, CLOCK);

    // The clinic opens on Saturdays, Dr. B does not work them: with Dr. B, or "any" when
    // only Dr. B performs the service.
    expect(await slots(sealant.id, saturday, "dentist-b")).toBe(
      "Dr. B does not work on Saturdays. Please choose another day.",
    );
    expect(await slots(sealant.id, saturday)).toBe(
      "Dr. B does not work on Saturdays. Please choose another day.",
    );
    expect(await slots(polish.id, saturday)).toBe(
      `No dentist who performs Strip Polish works on ${saturdayText}. Please choose another day.`,
    );

    await prisma.dentistException.create({
      data: { dentistId: "dentist-b", startDate: wednesday, endDate: wednesday },
    });
    expect(await slots(sealant.id, wednesday, "dentist-b")).toBe(
      `Dr. B is away on ${formatDate(wednesday, CLOCK)}. Please choose another day.`,
    );
    // Dr. C still works that Wednesday: a polish is only booked up if Dr. C is.
    await storeAppointment({
      userId: null,
      serviceId: polish.id,
      dentistId: "dentist-c",
      date: wednesday,
      time: "09:00",
      minutes: 480,
    });
    expect(await slots(polish.id, wednesday)).toBe(
      `Nothing is free on ${formatDate(wednesday, CLOCK)} any more. Please choose another day.`,
    );

    const closed = upcoming(TUESDAY, 4);
    await addClosure({ name: "Strip flood", startDate: closed, endDate: closed });
    expect(await slots(sealant.id, closed, "dentist-b")).toBe(
      `The clinic is closed on ${formatDate(closed, CLOCK)} (Strip flood). Please choose another day.`,
    );
  });
});

describe("GET /resources/free-days", () => {
  it("answers the strip as JSON, never cached, and a refusal as { success: false, message }", async () => {
    const response = await freeDaysLoader(
      loaderArgs(get(`/resources/free-days?service=${checkup.id}&dentist=any`)),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { success: boolean; days: unknown[]; dentist: string };
    expect(body).toMatchObject({ success: true, service: checkup.id, dentist: "" });
    expect(body.days.length).toBeGreaterThan(0);

    const refused = await freeDaysLoader(
      loaderArgs(get(`/resources/free-days?service=${checkup.id}&from=someday`)),
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ success: false, message: DATE_FORMAT_MESSAGE });
  });
});

describe("the booking form opens", () => {
  const open = (query: string, as = cookie) =>
    settle(() => bookLoader(loaderArgs(get(`/make-appointment${query}`, as))));

  it("with the strip of the service asked for, and the choice the query carries", async () => {
    const date = upcoming(TUESDAY, 3);
    const result = await open(`?service=${checkup.id}&dentist=dentist-b&date=${date}&time=9:30`);
    expect(result.body).toMatchObject({
      selected: { service: checkup.id, dentist: "dentist-b", date, time: "09:30" },
      strip: { service: checkup.id, dentist: "dentist-b" },
      capped: null,
    });
    const strip = (result.body as { strip: { days: { date: string }[] } }).strip;
    expect(strip.days).toHaveLength(STRIP_DAYS);

    // What does not fit is left out: a dentist who does not perform it, a date past the
    // horizon or malformed, a time without a date.
    const odd = await open(
      `?service=${extraction.id}&dentist=dentist-b&date=${addDays(date, 400)}&time=09:00`,
    );
    expect(odd.body).toMatchObject({
      selected: { service: extraction.id, dentist: "", date: "", time: "" },
      strip: { service: extraction.id, dentist: "" },
    });
    const none = await open("?date=yesterday");
    expect(none.body).toMatchObject({ selected: { service: "", date: "" }, strip: null });
  });

  it("asked by the form's own GET (no JavaScript), keeps only the choice in the address", async () => {
    const query = new URLSearchParams({
      recall: "",
      service: checkup.id,
      dentist: "dentist-b",
      name: "Pat Patient",
      email: "pat@example.com",
      phone: "+1 555 0100",
      date: "",
      time: "",
      message: "Private words",
    });
    const result = await open(`?${query}`);
    expect(result.status).toBe(302);
    expect(result.location).toBe(
      `/make-appointment?service=${checkup.id}&dentist=dentist-b#first-free`,
    );
    const date = upcoming(TUESDAY, 3);
    const kept = await open(`?service=${checkup.id}&date=${date}&time=10:00&recall=abc&name=Pat`);
    expect(kept.location).toBe(
      `/make-appointment?service=${checkup.id}&date=${date}&time=10%3A00&recall=abc#first-free`,
    );
  });

  it("with the phone the patient gave before", async () => {
    const fresh = await createUser({ phone: "" });
    const freshCookie = (await sessionFor(fresh)).cookie;
    expect((await open("", freshCookie)).body).toMatchObject({ user: { phone: "" } });
    await storeAppointment({
      userId: fresh.id,
      serviceId: checkup.id,
      date: upcoming(TUESDAY, 5),
      time: "15:00",
      status: "cancelled",
    });
    expect((await open("", freshCookie)).body).toMatchObject({ user: { phone: "+1 555 0100" } });
    const withPhone = await createUser({ phone: "+1 555 0199" });
    expect((await open("", (await sessionFor(withPhone)).cookie)).body).toMatchObject({
      user: { phone: "+1 555 0199" },
    });
  });

  it("at the visit cap: says so at once, and shows no strip", async () => {
    const busy = await createUser();
    const settings = await prisma.clinicSettings.findUniqueOrThrow({ where: { id: 1 } });
    for (let week = 0; week < settings.maxUpcomingPerPatient; week += 1) {
      await storeAppointment({
        userId: busy.id,
        serviceId: checkup.id,
        date: upcoming(TUESDAY, 6 + week),
        time: "11:00",
        dentistId: "dentist-b",
        chairId: "chair-2",
      });
    }
    const result = await open(`?service=${checkup.id}`, (await sessionFor(busy)).cookie);
    expect(result.body).toMatchObject({
      capped: tooManyBookingsMessage(settings.maxUpcomingPerPatient),
      strip: null,
    });
  });
});
