import type { User } from "@prisma/client";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "~/utils/clinic-format";
import { clinicTimeToUtc } from "~/utils/clinic-time";
import {
  ALREADY_CANCELLED_MESSAGE,
  ALREADY_PAST_MESSAGE,
  cancelAppointment,
} from "~/models/booking/status.server";
import { APPOINTMENT_NOT_FOUND_MESSAGE } from "~/models/booking/move.server";
import { bookAppointment } from "~/models/booking/book.server";
import { getFreeSlots } from "~/models/booking/free-times.server";
import { listAppointments } from "~/models/self-service/own-visits.server";
import { SLOT_TAKEN_MESSAGE, tooManyBookingsMessage } from "~/models/booking/rules";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { VERIFY_MESSAGES } from "~/models/accounts/email-verification.server";
import { startOutboxWorker, type OutboxWorker } from "~/models/mail/outbox.server";
import { prisma } from "~/infra/db.server";
import { acceptedDateRange, dateOutOfRangeMessage } from "~/validation/dates";
import { UNKNOWN_SERVICE_MESSAGE } from "~/validation/service";
import { upcoming, MONDAY, SUNDAY, TUESDAY } from "../../support/clinic-dates";
import {
  createService,
  createUser,
  FIRST_CHAIR,
  FIRST_DENTIST,
  storeAppointment,
} from "../../support/factories";
import { startSmtpSink } from "../../support/smtp-sink";

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let worker: OutboxWorker;
let serviceId: string;
let serviceName: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  // Mail leaves through the outbox: its worker runs here as in the server.
  worker = startOutboxWorker({ pollSeconds: 1 });
  const product = await createService({ name: "Root Canal Care" });
  serviceId = product.id;
  serviceName = product.name;
});

afterAll(async () => {
  await worker.stop();
  delete process.env.SMTP_URL;
  await sink.close();
});

function booking(overrides: Record<string, unknown> = {}) {
  return {
    service: serviceId,
    name: "Ada Patient",
    email: "ada@example.com",
    phone: "+1 555 0100",
    date: upcoming(MONDAY),
    time: "10:00",
    message: "A tooth aches when I drink something cold.",
    ...overrides,
  };
}

const CLOCK = { timeZone: "America/New_York", locale: "en-US" };

/** A booking written straight to the table, for dates the rules would refuse now. */
function storeBooking(userId: string, date: string, time: string) {
  return storeAppointment({ userId, serviceId, date, time });
}

async function refusal(input: Record<string, unknown>, user: User, now?: Date) {
  const result = await bookAppointment(input, user.id, now);
  if (result.ok) throw new Error(`expected a refusal, got a booking at ${result.appointment.time}`);
  return result;
}

describe("booking a slot", () => {
  it("stores the booking with the first dentist and chair, holds its time, and mails a confirmation with a valid calendar file", async () => {
    const user = await createUser({ email: "confirm@example.com" });
    const date = upcoming(MONDAY, 2);
    const result = await bookAppointment(booking({ date, time: "9:30" }), user.id);
    expect(result.ok).toBe(true);
    const stored = await prisma.appointment.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored).toMatchObject({
      date,
      time: "09:30",
      dentistId: FIRST_DENTIST,
      chairId: FIRST_CHAIR,
      status: "booked",
      sequence: 0,
      startsAt: clinicTimeToUtc(date, "09:30"),
      endsAt: clinicTimeToUtc(date, "10:00"),
    });
    const holds = await prisma.slotHold.findMany({ where: { appointmentId: stored.id } });
    // A 30-minute visit holds two 15-minute steps of its dentist and its chair.
    expect(holds.map((hold) => hold.resource).sort()).toEqual([
      `chair:${FIRST_CHAIR}`,
      `chair:${FIRST_CHAIR}`,
      `dentist:${FIRST_DENTIST}`,
      `dentist:${FIRST_DENTIST}`,
    ]);
    expect(
      await prisma.appointmentStatusChange.findMany({
        where: { appointmentId: stored.id },
        select: { from: true, to: true, byUserId: true },
      }),
    ).toEqual([{ from: null, to: "booked", byUserId: user.id }]);

    const mail = await sink.waitFor("confirm@example.com", (m) => m.subject.includes("booked"));
    expect(mail.subject).toBe(
      `Your appointment on ${formatDateTime(date, "09:30", CLOCK)} is booked`,
    );
    expect(mail.subject).toMatch(
      /^Your appointment on \w+day, \w+ \d{1,2}, \d{4} at 9:30 AM is booked$/,
    );
    expect(mail.text).toContain(`Service: ${serviceName}`);
    expect(mail.text).toContain("Time: 9:30 AM (Eastern Time)");
    expect(mail.text).toContain("Dentist: Dr. Anita Patel");
    expect(mail.text).toContain("Phone: +1 555 0100");

    const ics = mail.attachments.find((attachment) => attachment.contentType === "text/calendar");
    expect(ics?.contentType).toBe("text/calendar");
    const calendar = new ICAL.Component(ICAL.parse(ics!.content));
    const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(event.uid).toBe(`appointment-${stored.id}@localhost`);
    expect(event.summary).toBe(`Dental Clinic: ${serviceName}`);
    expect(event.startDate.toJSDate().toISOString()).toBe(
      clinicTimeToUtc(date, "09:30").toISOString(),
    );
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(
      30 * 60_000,
    );
    expect(event.description).toBe(`${serviceName} with Dr. Anita Patel`);
    // CRLF line ends and no line over 75 octets (RFC 5545 3.1).
    for (const line of ics!.content.split("\r\n")) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      expect(line).not.toContain("\n");
    }
  });

  it("refuses a date in the past, a closed day, a time outside hours or off the grid", async () => {
    const user = await createUser();
    const monday = upcoming(MONDAY, 3);
    expect(await refusal(booking({ date: "2020-01-06" }), user)).toMatchObject({
      status: 400,
      message: "That date and time has already passed. Please choose a time in the future.",
    });
    expect(await refusal(booking({ date: upcoming(SUNDAY) }), user)).toMatchObject({
      status: 400,
      message: "The clinic is closed on Sundays. We are open Monday to Saturday.",
    });
    const early = await refusal(booking({ date: monday, time: "08:30" }), user);
    const allDay = Array.from({ length: 16 }, (_, i) => {
      const hour = 9 + Math.floor(i / 2);
      return `${hour > 12 ? hour - 12 : hour}:${i % 2 ? "30" : "00"} ${hour < 12 ? "AM" : "PM"}`;
    });
    expect(early.message).toBe(
      `We are open from 9:00 AM to 5:00 PM: a visit of 30 minutes can start between 9:00 AM and 4:30 PM. Still free on ${formatDate(monday, CLOCK)}: ${allDay.join(", ")}.`,
    );
    expect((await refusal(booking({ date: monday, time: "16:45" }), user)).message).toMatch(
      /^We are open from 9:00 AM to 5:00 PM/,
    );
    expect((await refusal(booking({ date: monday, time: "17:00" }), user)).message).toMatch(
      /^We are open from 9:00 AM to 5:00 PM/,
    );
    expect((await refusal(booking({ date: monday, time: "09:15" }), user)).message).toMatch(
      /^Appointments start every 30 minutes \(9:00 AM, 9:30 AM, \.\.\.\)\. Please choose one of those times\. Still free on /,
    );
    expect(await refusal(booking({ date: upcoming(MONDAY, 30) }), user)).toMatchObject({
      status: 400,
      message: "Appointments can be booked up to 90 days ahead. Please choose an earlier date.",
    });
    // Beyond the dates any request may carry (app/validation/dates.ts): the window's message.
    expect(await refusal(booking({ date: "2099-01-05" }), user)).toMatchObject({
      status: 400,
      message: dateOutOfRangeMessage(acceptedDateRange()),
    });
    expect(await refusal(booking({ date: "2026-02-30" }), user)).toMatchObject({
      status: 400,
      message: "Please enter the date as YYYY-MM-DD",
    });
    expect(await refusal(booking({ time: "25:00" }), user)).toMatchObject({
      status: 400,
      message: "Please enter the time as HH:MM",
    });
    expect(await prisma.appointment.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses a time that has started or is inside the notice, and names the times still free", async () => {
    const user = await createUser();
    const date = upcoming(TUESDAY, 1);
    // 12:10 clinic time on that Tuesday: with two hours' notice, 14:30 is the first time.
    const now = new Date(clinicTimeToUtc(date, "12:10").getTime());
    const stillFree = `Still free on ${formatDate(date, CLOCK)}: 2:30 PM, 3:00 PM, 3:30 PM, 4:00 PM, 4:30 PM.`;
    expect((await refusal(booking({ date, time: "12:00" }), user, now)).message).toBe(
      `That date and time has already passed. Please choose a time in the future. ${stillFree}`,
    );
    expect((await refusal(booking({ date, time: "14:00" }), user, now)).message).toBe(
      `Online bookings need at least 2 hours notice. Please choose a later time. ${stillFree}`,
    );
    expect((await bookAppointment(booking({ date, time: "14:30" }), user.id, now)).ok).toBe(true);
  });

  it("refuses a full slot with 409 and says which times are still free that day", async () => {
    const [first, second] = [await createUser(), await createUser()];
    const date = upcoming(MONDAY, 4);
    expect((await bookAppointment(booking({ date, time: "09:00" }), first.id)).ok).toBe(true);
    const result = await refusal(booking({ date, time: "09:00" }), second);
    expect(result.status).toBe(409);
    expect(result.message).toMatch(
      new RegExp(
        `^${SLOT_TAKEN_MESSAGE.replace(/[.?]/g, "\\$&")} Still free on .*: 9:30 AM, 10:00 AM,`,
      ),
    );
    expect(result.message).not.toContain(" 9:00 AM,");
  });

  it("needs a real service", async () => {
    const user = await createUser();
    expect(await refusal(booking({ service: "no-such-service" }), user)).toMatchObject({
      status: 400,
      message: UNKNOWN_SERVICE_MESSAGE,
    });
    expect(await refusal(booking({ service: "" }), user)).toMatchObject({
      status: 400,
      message: "Please choose a service",
    });
  });

  it("lets one account hold at most 3 upcoming bookings", async () => {
    expect((await getClinicSettings()).maxUpcomingPerPatient).toBe(3);
    expect(tooManyBookingsMessage(3)).toBe(
      "You already have 3 upcoming appointments. Please cancel one before booking another.",
    );
    const user = await createUser();
    const date = upcoming(MONDAY, 5);
    for (const time of ["09:00", "09:30", "10:00"]) {
      expect((await bookAppointment(booking({ date, time }), user.id)).ok).toBe(true);
    }
    expect(await refusal(booking({ date, time: "14:00" }), user)).toMatchObject({
      status: 409,
      message: tooManyBookingsMessage(3),
    });
    // A cancelled booking frees its place under the cap.
    const first = await prisma.appointment.findFirstOrThrow({ where: { userId: user.id } });
    expect((await cancelAppointment(first.id, user.id)).ok).toBe(true);
    expect((await bookAppointment(booking({ date, time: "14:00" }), user.id)).ok).toBe(true);
  });

  it("refuses an account whose address is not verified, with 403 and the reason", async () => {
    const user = await createUser({ emailVerifiedAt: null });
    expect(await refusal(booking({ date: upcoming(MONDAY, 5), time: "15:00" }), user)).toEqual({
      ok: false,
      status: 403,
      message: VERIFY_MESSAGES.required,
    });
    expect(await prisma.appointment.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("clinic mail goes to the account's verified address only", () => {
  it("sends the confirmation and the cancellation to the account, nothing to the form's e-mail", async () => {
    const user = await createUser({ email: "account-owner@example.com" });
    const date = upcoming(TUESDAY, 5);
    const booked = await bookAppointment(
      booking({ date, time: "10:30", email: "someone-else@example.com" }),
      user.id,
    );
    if (!booked.ok) throw new Error(booked.message);
    // The form's address is kept as the booking's contact data.
    expect(booked.appointment.email).toBe("someone-else@example.com");
    await sink.waitFor("account-owner@example.com", (m) =>
      m.subject.includes("10:30 AM is booked"),
    );
    expect((await cancelAppointment(booked.appointment._id, user.id)).ok).toBe(true);
    await sink.waitFor("account-owner@example.com", (m) =>
      m.subject.includes("10:30 AM is cancelled"),
    );
    // Everything the app sent so far has arrived: none of it went to the form's address.
    await sink.idle();
    expect(sink.messages.filter((m) => m.to.includes("someone-else@example.com"))).toEqual([]);
  });

  it("mails no cancellation to an account whose address is no longer verified", async () => {
    const user = await createUser({ email: "lapsed@example.com" });
    const booked = await bookAppointment(
      booking({ date: upcoming(TUESDAY, 6), time: "11:30" }),
      user.id,
    );
    if (!booked.ok) throw new Error(booked.message);
    await sink.waitFor("lapsed@example.com", (m) => m.subject.includes("is booked"));
    await prisma.user.update({ where: { id: user.id }, data: { emailVerifiedAt: null } });
    expect((await cancelAppointment(booked.appointment._id, user.id)).ok).toBe(true);
    // A mail sent after the cancellation reaches the sink after any cancellation mail would.
    const marker = await createUser({ email: "marker@example.com" });
    await bookAppointment(booking({ date: upcoming(TUESDAY, 6), time: "12:30" }), marker.id);
    await sink.waitFor("marker@example.com");
    await sink.idle();
    expect(sink.messages.filter((m) => m.subject.includes("11:30 AM is cancelled"))).toEqual([]);
  });
});

describe("free slots", () => {
  it("lists the free times of an open day and leaves out held ones", async () => {
    const user = await createUser();
    const date = upcoming(TUESDAY, 2);
    await bookAppointment(booking({ date, time: "11:00" }), user.id);
    const result = await getFreeSlots({ date });
    expect(result).toMatchObject({ ok: true, date, message: null });
    if (!result.ok) return;
    expect(result.times).toHaveLength(15);
    expect(result.times).not.toContain("11:00");
    expect(result.times[0]).toBe("09:00");
    expect(result.times.at(-1)).toBe("16:30");
  });

  it("gives no times and the reason on a closed or past day, and 400 for a bad date", async () => {
    expect(await getFreeSlots({ date: upcoming(SUNDAY) })).toMatchObject({
      ok: true,
      times: [],
      message: "The clinic is closed on Sundays. We are open Monday to Saturday.",
    });
    expect(await getFreeSlots({ date: "2020-01-06" })).toMatchObject({ ok: true, times: [] });
    expect(await getFreeSlots({ date: "tomorrow" })).toMatchObject({ ok: false, status: 400 });
    expect(await getFreeSlots({ date: null })).toMatchObject({ ok: false, status: 400 });
  });
});

describe("my appointments and cancelling", () => {
  it("lists only the patient's own bookings, upcoming and past apart", async () => {
    const [patient, other] = [await createUser(), await createUser()];
    const date = upcoming(MONDAY, 6);
    await bookAppointment(booking({ date, time: "14:00" }), patient.id);
    await bookAppointment(booking({ date, time: "14:30" }), other.id);
    await storeBooking(patient.id, "2024-03-04", "10:00");
    const list = await listAppointments(patient.id);
    expect(list.upcoming.map((a) => `${a.date} ${a.time}`)).toEqual([`${date} 14:00`]);
    expect(list.past.map((a) => `${a.date} ${a.time}`)).toEqual(["2024-03-04 10:00"]);
    expect(list.upcoming[0]?.service.name).toBe(serviceName);
  });

  it("cancels an upcoming booking, frees the slot for someone else and mails a cancellation", async () => {
    const [patient, next] = [
      await createUser({ email: "cancel-me@example.com" }),
      await createUser(),
    ];
    const date = upcoming(TUESDAY, 3);
    const booked = await bookAppointment(booking({ date, time: "15:00" }), patient.id);
    if (!booked.ok) throw new Error(booked.message);
    expect((await bookAppointment(booking({ date, time: "15:00" }), next.id)).ok).toBe(false);

    const cancelled = await cancelAppointment(booked.appointment._id, patient.id);
    expect(cancelled).toMatchObject({ ok: true, appointment: { status: "cancelled" } });
    const row = await prisma.appointment.findUniqueOrThrow({
      where: { id: booked.appointment._id },
    });
    expect(row).toMatchObject({ status: "cancelled", sequence: 1 });
    expect(await prisma.slotHold.count({ where: { appointmentId: row.id } })).toBe(0);
    expect(
      await prisma.appointmentStatusChange.findMany({
        where: { appointmentId: row.id },
        orderBy: { at: "asc" },
        select: { from: true, to: true },
      }),
    ).toEqual([
      { from: null, to: "booked" },
      { from: "booked", to: "cancelled" },
    ]);
    expect((await bookAppointment(booking({ date, time: "15:00" }), next.id)).ok).toBe(true);

    const mail = await sink.waitFor("cancel-me@example.com", (m) =>
      m.subject.includes("cancelled"),
    );
    expect(mail.subject).toBe(
      `Your appointment on ${formatDateTime(date, "15:00", CLOCK)} is cancelled`,
    );
    const ics = mail.attachments.find((attachment) => attachment.contentType === "text/calendar");
    const event = new ICAL.Component(ICAL.parse(ics!.content)).getFirstSubcomponent("vevent")!;
    expect(event.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(event.getFirstPropertyValue("uid")).toBe(
      `appointment-${booked.appointment._id}@localhost`,
    );

    expect(await cancelAppointment(booked.appointment._id, patient.id)).toMatchObject({
      ok: false,
      status: 409,
      message: ALREADY_CANCELLED_MESSAGE,
    });
  });

  it("answers another patient's booking exactly like one that does not exist", async () => {
    const [owner, intruder] = [
      await createUser({ email: "owner@example.com" }),
      await createUser(),
    ];
    const booked = await bookAppointment(
      booking({ date: upcoming(TUESDAY, 4), time: "16:00" }),
      owner.id,
    );
    if (!booked.ok) throw new Error(booked.message);
    const notFound = { ok: false, status: 404, message: APPOINTMENT_NOT_FOUND_MESSAGE };
    expect(await cancelAppointment(booked.appointment._id, intruder.id)).toEqual(notFound);
    expect(await cancelAppointment("no-such-id", intruder.id)).toEqual(notFound);
    expect(
      await prisma.appointment.findUniqueOrThrow({ where: { id: booked.appointment._id } }),
    ).toMatchObject({ status: "booked", chairId: FIRST_CHAIR });
    expect((await listAppointments(intruder.id)).upcoming).toEqual([]);
    // The booking's mail is sent in the background: let it arrive before the sink closes.
    await sink.waitFor("owner@example.com", (mail) =>
      mail.subject.includes(" at 4:00 PM is booked"),
    );
  });

  it("does not cancel a booking that has already started", async () => {
    const patient = await createUser();
    const past = await storeBooking(patient.id, "2024-03-05", "11:00");
    expect(await cancelAppointment(past.id, patient.id)).toMatchObject({
      ok: false,
      status: 409,
      message: ALREADY_PAST_MESSAGE,
    });
  });
});
