import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookAppointment } from "~/models/booking/book.server";
import { cancelAppointment, changeStatus } from "~/models/booking/status.server";
import { moveAppointment } from "~/models/booking/move.server";
import { onlinePolicy } from "~/models/booking/policy";
import { deliverDue } from "~/models/mail/outbox.server";
import { formatDateTime } from "~/utils/clinic-format";
import { clinicTimeToUtc } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { upcoming, TUESDAY } from "../../support/clinic-dates";
import { createService, createUser } from "../../support/factories";
import { startSmtpSink, type ReceivedMail } from "../../support/smtp-sink";

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let serviceId: string;
const CLOCK = { timeZone: "America/New_York", locale: "en-US" };

beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  serviceId = (await createService({ name: "Whitening" })).id;
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await sink.close();
});

function booking(date: string, time: string) {
  return {
    service: serviceId,
    name: "Grace Hopper",
    email: "form-address@example.com",
    phone: "+1 555 0199",
    date,
    time,
    message: "First visit",
  };
}

/** The calendar part as a calendar client reads it, and the MIME header it came with. */
function calendarOf(mail: ReceivedMail) {
  const part = mail.attachments.find((a) => a.contentType === "text/calendar");
  expect(part, "a text/calendar part").toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(part!.content));
  const event = calendar.getFirstSubcomponent("vevent")!;
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.getFirstPropertyValue("uid"),
    sequence: event.getFirstPropertyValue("sequence"),
    status: event.getFirstPropertyValue("status"),
    organizer: String(event.getFirstPropertyValue("organizer")),
    start: new ICAL.Event(event).startDate.toJSDate().toISOString(),
  };
}

async function deliver() {
  await deliverDue(new Date());
}

describe("appointment mail through the outbox", () => {
  it("carries one UID and a rising SEQUENCE across book, move and cancel, REQUEST then CANCEL", async () => {
    const user = await createUser({ email: "grace@example.com" });
    const date = upcoming(TUESDAY, 3);
    const booked = await bookAppointment(booking(date, "10:00"), user.id);
    if (!booked.ok) throw new Error(booked.message);
    const id = booked.appointment._id;

    // Written with the booking, not sent yet: the worker delivers it.
    const queued = await prisma.outboxMessage.findMany({ where: { appointmentId: id } });
    expect(queued).toMatchObject([
      {
        kind: "booking",
        toAddress: "grace@example.com",
        status: "pending",
        calendarMethod: "REQUEST",
      },
    ]);
    await deliver();
    const confirmation = await sink.waitFor("grace@example.com", (m) =>
      m.subject.endsWith("is booked"),
    );
    expect(confirmation.subject).toBe(
      `Your appointment on ${formatDateTime(date, "10:00", CLOCK)} is booked`,
    );
    expect(confirmation.text).toContain("Time: 10:00 AM (Eastern Time)");
    expect(confirmation.text).toMatch(/Confirm: http:\/\/localhost:\d+\/visit\/[\w-]{43}\/confirm/);
    expect(confirmation.text).toMatch(
      /Reschedule: http:\/\/localhost:\d+\/visit\/[\w-]{43}\/reschedule/,
    );
    expect(confirmation.text).toMatch(/Cancel: http:\/\/localhost:\d+\/visit\/[\w-]{43}\/cancel/);
    expect(confirmation.raw).toMatch(
      /Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i,
    );
    // Once delivered, the database keeps no copy of the links.
    expect(
      (
        await prisma.outboxMessage.findFirstOrThrow({
          where: { appointmentId: id, kind: "booking" },
        })
      ).text,
    ).not.toContain("/visit/");
    const first = calendarOf(confirmation);
    expect(first).toMatchObject({
      method: "REQUEST",
      uid: `appointment-${id}@localhost`,
      sequence: 0,
      status: "CONFIRMED",
      start: clinicTimeToUtc(date, "10:00").toISOString(),
    });
    expect(first.organizer).toMatch(/^mailto:/);

    const moved = await moveAppointment(id, { date, time: "14:00" }, onlinePolicy(user.id));
    expect(moved.ok).toBe(true);
    // The moved visit answers with its service, dentist and chair as stored.
    const stored = await prisma.appointment.findUniqueOrThrow({
      where: { id },
      include: { service: true, dentist: true, chair: true },
    });
    expect(moved.ok && moved.appointment).toMatchObject({
      time: "14:00",
      service: { _id: serviceId, slug: stored.service.slug, name: "Whitening" },
      dentist: { _id: stored.dentistId, slug: stored.dentist.slug, name: stored.dentist.name },
      chair: { _id: stored.chairId, name: stored.chair.name },
    });
    await deliver();
    const change = await sink.waitFor("grace@example.com", (m) =>
      m.subject.startsWith("Your appointment has moved"),
    );
    expect(change.subject).toBe(
      `Your appointment has moved to ${formatDateTime(date, "14:00", CLOCK)}`,
    );
    expect(change.text).toContain(`from ${formatDateTime(date, "10:00", CLOCK)}`);
    const second = calendarOf(change);
    expect(second).toMatchObject({
      method: "REQUEST",
      uid: first.uid,
      sequence: 1,
      start: clinicTimeToUtc(date, "14:00").toISOString(),
    });
    // The links stay the same across mails of one booking.
    const link = (text: string) => /\/visit\/([\w-]{43})\//.exec(text)?.[1];
    expect(link(change.text)).toBe(link(confirmation.text));

    const cancelled = await cancelAppointment(id, user.id, new Date(), "Feeling better");
    expect(cancelled.ok).toBe(true);
    await deliver();
    const cancellation = await sink.waitFor("grace@example.com", (m) =>
      m.subject.endsWith("is cancelled"),
    );
    expect(cancellation.subject).toBe(
      `Your appointment on ${formatDateTime(date, "14:00", CLOCK)} is cancelled`,
    );
    expect(cancellation.text).not.toContain("/visit/");
    expect(cancellation.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/i);
    expect(calendarOf(cancellation)).toMatchObject({
      method: "CANCEL",
      uid: first.uid,
      sequence: 2,
      status: "CANCELLED",
    });
    // Nothing went to the booking form's address (docs/decisions/010-clinic-mail.md).
    expect(sink.messages.filter((m) => m.to.includes("form-address@example.com"))).toEqual([]);
  });

  it("a visit moved twice gets two move mails, SEQUENCE 1 then 2 (one message per calendar version)", async () => {
    const user = await createUser({ email: "twice-moved@example.com" });
    const date = upcoming(TUESDAY, 5);
    const booked = await bookAppointment(booking(date, "09:00"), user.id);
    if (!booked.ok) throw new Error(booked.message);
    const id = booked.appointment._id;
    for (const time of ["11:00", "13:00"]) {
      expect((await moveAppointment(id, { date, time }, onlinePolicy(user.id))).ok).toBe(true);
    }
    expect(await prisma.outboxMessage.count({ where: { appointmentId: id, kind: "change" } })).toBe(
      2,
    );
    await deliver();
    const movedTo = (time: string) =>
      sink.waitFor(
        "twice-moved@example.com",
        (m) => m.subject === `Your appointment has moved to ${formatDateTime(date, time, CLOCK)}`,
      );
    const calendars = [calendarOf(await movedTo("11:00")), calendarOf(await movedTo("13:00"))];
    expect(calendars).toMatchObject([
      { method: "REQUEST", sequence: 1, start: clinicTimeToUtc(date, "11:00").toISOString() },
      { method: "REQUEST", sequence: 2, start: clinicTimeToUtc(date, "13:00").toISOString() },
    ]);
    expect(new Set(calendars.map((calendar) => calendar.uid)).size).toBe(1);
  });

  it("mails a staff cancellation too, and writes no mail when the change is refused", async () => {
    const user = await createUser({ email: "staff-cancel@example.com" });
    const date = upcoming(TUESDAY, 4);
    const booked = await bookAppointment(booking(date, "11:00"), user.id);
    if (!booked.ok) throw new Error(booked.message);
    const id = booked.appointment._id;
    expect(
      await changeStatus(id, "cancelled", { kind: "system" }, { reason: "Dentist ill" }),
    ).toMatchObject({ ok: true });
    expect(await changeStatus(id, "cancelled", { kind: "system" })).toMatchObject({
      ok: false,
      status: 409,
    });
    const kinds = await prisma.outboxMessage.findMany({
      where: { appointmentId: id },
      select: { kind: true },
      orderBy: { createdAt: "asc" },
    });
    expect(kinds.map((row) => row.kind).sort()).toEqual(["booking", "cancellation"]);
  });

  it("writes no mail for an account whose address is no longer verified", async () => {
    const user = await createUser({ email: "lapsed-mail@example.com" });
    const date = upcoming(TUESDAY, 4);
    const booked = await bookAppointment(booking(date, "15:00"), user.id);
    if (!booked.ok) throw new Error(booked.message);
    await prisma.user.update({ where: { id: user.id }, data: { emailVerifiedAt: null } });
    expect((await cancelAppointment(booked.appointment._id, user.id)).ok).toBe(true);
    expect(
      await prisma.outboxMessage.count({
        where: { appointmentId: booked.appointment._id, kind: "cancellation" },
      }),
    ).toBe(0);
  });
});
