import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookAppointment } from "~/models/booking/book.server";
import { moveAppointment } from "~/models/booking/move.server";
import { onlinePolicy } from "~/models/booking/policy";
import { deliverDue } from "~/models/mail/outbox.server";
import { reminderKey, sweepReminders } from "~/models/mail/reminders.server";
import { confirmByLink } from "~/models/self-service/changes.server";
import { formatDateTime } from "~/utils/clinic-format";
import { addDays, clinicTimeToUtc } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import { createService, createUser } from "../../support/factories";
import { startSmtpSink, type ReceivedMail } from "../../support/smtp-sink";
import { testEngine } from "../../support/engine";
import { queryPlan } from "../../support/sql";

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let serviceId: string;
const CLOCK = { timeZone: "America/New_York", locale: "en-US" };
const HOUR = 3_600_000;

beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  serviceId = (await createService({ name: "Implant Check" })).id;
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await sink.close();
});

async function book(email: string, date: string, time: string) {
  const user = await createUser({ email });
  const result = await bookAppointment(
    {
      service: serviceId,
      name: "Rosa Patient",
      email,
      phone: "+1 555 0111",
      date,
      time,
      message: "Check",
    },
    user.id,
  );
  if (!result.ok) throw new Error(result.message);
  return result.appointment._id;
}

/** The sweep and then the worker, both at `now`, as the server runs them. */
async function tick(now: Date) {
  const summary = await sweepReminders(now);
  await deliverDue(now);
  return summary;
}

const reminders = (to: string) =>
  sink.messages.filter((m) => m.to.includes(to) && m.subject.startsWith("Reminder"));
const sequenceOf = (mail: ReceivedMail) => {
  const part = mail.attachments.find((a) => a.contentType === "text/calendar")!;
  const calendar = new ICAL.Component(ICAL.parse(part.content));
  return {
    method: calendar.getFirstPropertyValue("method"),
    sequence: calendar.getFirstSubcomponent("vevent")!.getFirstPropertyValue("sequence"),
  };
};

describe("reminders", () => {
  it("sends 48 h and 2 h before, once each; after confirming, no more 'please confirm'", async () => {
    const to = "rosa@example.com";
    const date = upcoming(TUESDAY, 5);
    const id = await book(to, date, "10:00");
    const startsAt = clinicTimeToUtc(date, "10:00");
    const when = formatDateTime(date, "10:00", CLOCK);

    expect((await tick(new Date(startsAt.getTime() - 48 * HOUR - 60_000))).enqueued).toBe(0);
    expect((await tick(new Date(startsAt.getTime() - 48 * HOUR))).enqueued).toBe(1);
    // A repeated sweep (or a second process) writes nothing twice.
    expect((await tick(new Date(startsAt.getTime() - 47 * HOUR))).enqueued).toBe(0);
    const first = await sink.waitFor(to, (m) => m.subject.startsWith("Reminder"));
    expect(first.subject).toBe(`Reminder: please confirm your appointment on ${when}`);
    expect(first.text).toContain("Please confirm that you are coming.");
    const token = /\/visit\/([\w-]{43})\/confirm/.exec(first.text)?.[1];
    expect(token).toBeDefined();
    expect(first.text).toContain(`/visit/${token}/reschedule`);
    expect(first.text).toContain(`/visit/${token}/cancel`);
    expect(sequenceOf(first)).toEqual({ method: "REQUEST", sequence: 0 });

    expect(
      await confirmByLink(
        token,
        { clientIp: "198.51.100.250" },
        new Date(startsAt.getTime() - 30 * HOUR),
      ),
    ).toMatchObject({
      ok: true,
    });
    expect((await tick(new Date(startsAt.getTime() - 2 * HOUR))).enqueued).toBe(1);
    await sink.waitFor(to, (m) => m.subject === `Reminder: your appointment on ${when}`);
    const second = reminders(to)[1]!;
    expect(second.text).toContain("Thank you for confirming it.");
    expect(second.text).not.toMatch(/please confirm|Confirm:/i);
    // Two hours before is inside the 24-hour cutoff, where the links would refuse: the
    // reminder gives the clinic's phone instead.
    expect(second.text).not.toContain(`/visit/${token}/cancel`);
    expect(second.text).not.toContain(`/visit/${token}/reschedule`);
    expect(second.text).toContain(
      "Changes by phone only: the visit starts within 24 hours, so please call us to move or cancel it: tel:+15550102040",
    );
    expect(reminders(to)).toHaveLength(2);
    expect(
      await prisma.outboxMessage.count({ where: { dedupeKey: reminderKey(id, 2, startsAt) } }),
    ).toBe(1);
  });

  it("gives a moved visit fresh reminders and none for its old time", async () => {
    const to = "moved-rosa@example.com";
    const date = upcoming(TUESDAY, 6);
    const id = await book(to, date, "11:00");
    const oldStart = clinicTimeToUtc(date, "11:00");
    expect((await tick(new Date(oldStart.getTime() - 48 * HOUR))).enqueued).toBe(1);
    const later = addDays(date, 7);
    const moved = await moveAppointment(
      id,
      { date: later, time: "15:00" },
      onlinePolicy(null),
      new Date(),
    );
    expect(moved.ok).toBe(true);
    const newStart = clinicTimeToUtc(later, "15:00");
    expect((await tick(new Date(oldStart.getTime() - 2 * HOUR))).enqueued).toBe(0);
    expect((await tick(new Date(newStart.getTime() - 48 * HOUR))).enqueued).toBe(1);
    await sink.waitFor(
      to,
      (m) =>
        m.subject.includes(formatDateTime(later, "15:00", CLOCK)) &&
        m.subject.startsWith("Reminder"),
    );
    const fresh = reminders(to).at(-1)!;
    expect(sequenceOf(fresh)).toEqual({ method: "REQUEST", sequence: 1 });
  });

  it("holds a reminder in quiet hours until 08:00, and skips one already past at booking", async () => {
    const to = "early-rosa@example.com";
    const date = upcoming(TUESDAY, 7);
    const id = await book(to, date, "09:00");
    const startsAt = clinicTimeToUtc(date, "09:00");
    // Booked (as far as the sweep knows) 30 hours before: the 48-hour reminder is skipped.
    await prisma.appointment.update({
      where: { id },
      data: { createdAt: new Date(startsAt.getTime() - 30 * HOUR) },
    });
    expect((await tick(new Date(startsAt.getTime() - 29 * HOUR))).enqueued).toBe(0);
    expect((await tick(clinicTimeToUtc(date, "07:00"))).enqueued).toBe(0);
    expect((await tick(clinicTimeToUtc(date, "07:59"))).enqueued).toBe(0);
    expect((await tick(clinicTimeToUtc(date, "08:00"))).enqueued).toBe(1);
    await sink.waitFor(to, (m) => m.subject.startsWith("Reminder"));
    expect(reminders(to)).toHaveLength(1);
  });

  it("reads what is due through the (status, startsAt) index", async () => {
    const plan = await queryPlan(
      `SELECT id FROM "Appointment" WHERE status IN ('booked', 'confirmed') AND "startsAt" > ? AND "startsAt" <= ?`,
      new Date(),
      new Date(),
    );
    expect(plan).toMatch(
      testEngine() === "sqlite"
        ? /USING INDEX Appointment_status_startsAt_idx/
        : // On a small table PostgreSQL may prefer the start alone: an index either way.
          /Index Scan using "Appointment_(status_)?startsAt_idx"/,
    );
  });
});
