// The appointment mail as a patient receives it (issue 12: "every mail is checked in tests
// as a patient would receive it"), from the production build over real HTTP and a real SMTP
// server on loopback: each mail after the real action that causes it (the booking form,
// the mail's own links, the server's own reminder sweep), its subject and text, its links
// (absolute, to the right page, the page opens, and opening it changes nothing: mail
// scanners follow links), and its calendar part as a calendar client parses it (ical.js).
// The rules behind each mail are tested in-process with a controlled clock
// (tests/integration/mail/appointment-mail.test.ts, reminders.test.ts); this suite checks what
// leaves the building.
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateTime } from "~/utils/clinic-format";
import { clinicNow, clinicTimeToUtc } from "~/utils/clinic-time";
import { TUESDAY, upcoming } from "../support/clinic-dates";
import { startMiddayClinic } from "../support/midday-clinic";
import { testPorts } from "../support/ports.mjs";
import { NO_RATE_LIMITS, type ProductionServer } from "../support/production-server";
import { startSmtpSink, type ReceivedMail } from "../support/smtp-sink";

const PORT = testPorts().patientMail;
const HOUR = 3_600_000;
const PAGE_TITLES = {
  Confirm: "Confirm your appointment",
  Reschedule: "Reschedule your appointment",
  Cancel: "Cancel your appointment",
} as const;
type LinkName = keyof typeof PAGE_TITLES;

let server: ProductionServer;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let clock: { timeZone: string; locale: string };
let serviceId: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  const clinic = await startMiddayClinic({
    port: PORT,
    env: {
      SMTP_URL: sink.url,
      OUTBOX_POLL_SECONDS: "1",
      REMINDER_SWEEP_SECONDS: "2",
      ...NO_RATE_LIMITS,
    },
  });
  server = clinic.server;
  clock = { timeZone: clinic.timeZone, locale: "en-US" };
  serviceId = (await server.db().service.findUniqueOrThrow({ where: { slug: "dental-checkup" } }))
    .id;
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await sink?.close();
}, 30_000);

/** A form posted as the site's own page posts it (same origin), with the patient's cookie. */
async function postForm(url: string, form: Record<string, string>, cookie?: string) {
  const response = await fetch(url.startsWith("http") ? url : `${server.url}${url}`, {
    method: "POST",
    body: new URLSearchParams(form),
    headers: {
      origin: server.url,
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
    },
    redirect: "manual",
  });
  return { status: response.status, text: await response.text() };
}

/** The one-click links in a mail's text, by name. */
function linksOf(mail: ReceivedMail): Partial<Record<LinkName, string>> {
  return Object.fromEntries(
    [...mail.text.matchAll(/^(Confirm|Reschedule|Cancel): (\S+)$/gm)].map((m) => [m[1], m[2]]),
  );
}

/** What a GET must never change. */
async function visitState(id: string) {
  const row = await server.db().appointment.findUniqueOrThrow({ where: { id } });
  const { status, sequence, startsAt, cancelReason, updatedAt, dentistId, chairId } = row;
  return { status, sequence, startsAt, cancelReason, updatedAt, dentistId, chairId };
}

/**
 * Each link is absolute, on this site, for this booking's action, and opens its page as a
 * mail scanner would (no cookie); the visit is the same afterwards.
 */
async function expectLinksOpenAndChangeNothing(
  links: Partial<Record<LinkName, string>>,
  visitId: string,
) {
  const before = await visitState(visitId);
  for (const [name, link] of Object.entries(links) as Array<[LinkName, string]>) {
    expect(link).toMatch(
      new RegExp(
        `^${server.url.replace(/[.:/]/g, "\\$&")}/visit/[\\w-]{43}/${name.toLowerCase()}$`,
      ),
    );
    const page = await fetch(link);
    expect(page.status, link).toBe(200);
    expect(await page.text()).toContain(`<title>${PAGE_TITLES[name]} | Dental Clinic</title>`);
  }
  expect(await visitState(visitId)).toEqual(before);
}

/** The calendar part as a calendar client reads it, with its MIME method. */
function calendarOf(mail: ReceivedMail) {
  const parts = mail.attachments.filter((a) => a.contentType === "text/calendar");
  expect(parts, "one text/calendar part").toHaveLength(1);
  const calendar = new ICAL.Component(ICAL.parse(parts[0]!.content));
  const event = calendar.getFirstSubcomponent("vevent")!;
  return {
    method: calendar.getFirstPropertyValue("method"),
    mimeMethod: /Content-Type: text\/calendar;[^\r\n]*method=(\w+)/i.exec(mail.raw)?.[1],
    uid: event.getFirstPropertyValue("uid"),
    sequence: Number(event.getFirstPropertyValue("sequence")),
    status: event.getFirstPropertyValue("status"),
    organizer: String(event.getFirstPropertyValue("organizer")),
    start: new ICAL.Event(event).startDate.toJSDate().toISOString(),
  };
}

describe("appointment mail as the patient receives it", () => {
  it("booking, then the mail's links: confirm, reschedule (change mail) and cancel (cancellation mail)", async () => {
    const { user, cookie } = await server.signedInUser({ name: "Mail Patient" });
    const date = upcoming(TUESDAY, 2);
    const booked = await postForm(
      "/make-appointment",
      {
        service: serviceId,
        name: "Mail Patient",
        email: "contact@example.com",
        phone: "555 0100",
        date,
        time: "10:00",
        message: "Check-up",
      },
      cookie,
    );
    expect(booked.status).toBe(302);
    const visit = await server.db().appointment.findFirstOrThrow({
      where: { userId: user.id },
      include: { dentist: true },
    });
    const uid = `appointment-${visit.id}@127.0.0.1`;

    // The confirmation.
    const when = formatDateTime(date, "10:00", clock);
    const confirmation = await sink.waitFor(
      user.email,
      (m) => m.subject.endsWith("is booked"),
      60_000,
    );
    expect(confirmation.subject).toBe(`Your appointment on ${when} is booked`);
    expect(confirmation.text).toMatch(/^Hello Mail Patient,\n\nyour appointment is booked\./);
    expect(confirmation.text).toContain("Service: Dental Check-up");
    expect(confirmation.text).toContain(`Dentist: ${visit.dentist.name}`);
    expect(confirmation.text).toContain("Time: 10:00 AM (");
    expect(confirmation.text).toContain("Phone: 555 0100");
    const links = linksOf(confirmation);
    expect(Object.keys(links).sort()).toEqual(["Cancel", "Confirm", "Reschedule"]);
    await expectLinksOpenAndChangeNothing(links, visit.id);
    const booking = calendarOf(confirmation);
    expect(booking).toMatchObject({
      method: "REQUEST",
      mimeMethod: "REQUEST",
      uid,
      sequence: visit.sequence,
      status: "CONFIRMED",
      start: clinicTimeToUtc(date, "10:00", clock.timeZone).toISOString(),
    });
    expect(booking.organizer).toMatch(/^mailto:/);

    // The Confirm link's button.
    expect((await postForm(links.Confirm!, {})).status).toBeLessThan(400);
    expect((await visitState(visit.id)).status).toBe("confirmed");

    // The Reschedule link's form: the change mail.
    expect((await postForm(links.Reschedule!, { date, time: "14:00" })).status).toBeLessThan(400);
    const movedRow = await visitState(visit.id);
    expect(movedRow.startsAt.toISOString()).toBe(
      clinicTimeToUtc(date, "14:00", clock.timeZone).toISOString(),
    );
    const newWhen = formatDateTime(date, "14:00", clock);
    const change = await sink.waitFor(user.email, (m) => m.subject.includes("has moved"), 60_000);
    expect(change.subject).toBe(`Your appointment has moved to ${newWhen}`);
    expect(change.text).toContain(`your appointment has moved from ${when} to ${newWhen}.`);
    expect(change.text).toContain("Time: 2:00 PM (");
    const changeLinks = linksOf(change);
    // Confirmed already: nothing asks for it again; the other links are the booking's own.
    expect(changeLinks).toEqual({ Reschedule: links.Reschedule, Cancel: links.Cancel });
    await expectLinksOpenAndChangeNothing(changeLinks, visit.id);
    const moved = calendarOf(change);
    expect(moved).toMatchObject({
      method: "REQUEST",
      mimeMethod: "REQUEST",
      uid,
      sequence: movedRow.sequence,
      status: "CONFIRMED",
      start: movedRow.startsAt.toISOString(),
    });
    expect(moved.sequence).toBeGreaterThan(booking.sequence);

    // The Cancel link's button: the cancellation, which carries no links.
    // (Without JavaScript the answer is the page again, whose loader now refuses the
    // cancelled visit: 410, with the action's confirmation shown.)
    const cancelled = await postForm(links.Cancel!, { reason: "Feeling better" });
    expect(cancelled.text).toContain(`Your appointment on ${newWhen} is cancelled.`);
    const cancelledRow = await visitState(visit.id);
    expect(cancelledRow.status).toBe("cancelled");
    const cancellation = await sink.waitFor(
      user.email,
      (m) => m.subject.endsWith("is cancelled"),
      60_000,
    );
    expect(cancellation.subject).toBe(`Your appointment on ${newWhen} is cancelled`);
    expect(cancellation.text).toContain("your appointment has been cancelled");
    expect(cancellation.text).not.toMatch(/https?:\/\//);
    expect(calendarOf(cancellation)).toMatchObject({
      method: "CANCEL",
      mimeMethod: "CANCEL",
      uid,
      sequence: cancelledRow.sequence,
      status: "CANCELLED",
    });
    expect(cancelledRow.sequence).toBeGreaterThan(moved.sequence);
    // Every mail went to the account's address, none to the form's.
    expect(sink.messages.filter((m) => m.to.includes("contact@example.com"))).toEqual([]);
  });

  it("reminders from the server's own sweep, with and without 'please confirm'", async () => {
    const db = server.db();
    const service = await db.service.findUniqueOrThrow({ where: { id: serviceId } });
    const dentist = await db.dentist.findFirstOrThrow({ orderBy: { sortOrder: "asc" } });
    const chair = await db.chair.findFirstOrThrow({ orderBy: { sortOrder: "asc" } });
    // Booked three days ago for 28 hours from now: the 48-hour reminder is due, and the
    // visit is still outside the cancellation cutoff, so every link's page offers its action.
    // Whole minutes: the calendar holds times to the second.
    const now = Math.floor(Date.now() / 60_000) * 60_000;
    const bookedAt = new Date(now - 72 * HOUR);
    async function storedVisit(status: "booked" | "confirmed", minutes: number) {
      const { user } = await server.signedInUser({ name: `Reminded ${status}` });
      const startsAt = new Date(now + 28 * HOUR + minutes * 60_000);
      const local = clinicNow(startsAt, clock.timeZone);
      const visit = await db.appointment.create({
        data: {
          userId: user.id,
          serviceId,
          name: `Reminded ${status}`,
          email: user.email,
          phone: "555 0100",
          date: local.date,
          time: local.time,
          message: "",
          dentistId: dentist.id,
          chairId: chair.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + service.durationMinutes * 60_000),
          status,
          createdAt: bookedAt,
        },
      });
      return { user, visit, when: formatDateTime(local.date, local.time, clock) };
    }
    const unconfirmed = await storedVisit("booked", 0);
    const confirmed = await storedVisit("confirmed", 30);

    // The sweep runs every 2 s here; the bound is for a busy machine.
    const pleaseConfirm = await sink.waitFor(
      unconfirmed.user.email,
      (m) => m.subject.startsWith("Reminder"),
      180_000,
    );
    expect(pleaseConfirm.subject).toBe(
      `Reminder: please confirm your appointment on ${unconfirmed.when}`,
    );
    expect(pleaseConfirm.text).toContain(
      `this is a reminder of your appointment on ${unconfirmed.when}. Please confirm that you are coming.`,
    );
    const links = linksOf(pleaseConfirm);
    expect(Object.keys(links).sort()).toEqual(["Cancel", "Confirm", "Reschedule"]);
    await expectLinksOpenAndChangeNothing(links, unconfirmed.visit.id);
    expect(calendarOf(pleaseConfirm)).toMatchObject({
      method: "REQUEST",
      mimeMethod: "REQUEST",
      uid: `appointment-${unconfirmed.visit.id}@127.0.0.1`,
      sequence: 0,
      status: "CONFIRMED",
      start: unconfirmed.visit.startsAt.toISOString(),
    });

    const thanks = await sink.waitFor(
      confirmed.user.email,
      (m) => m.subject.startsWith("Reminder"),
      180_000,
    );
    expect(thanks.subject).toBe(`Reminder: your appointment on ${confirmed.when}`);
    expect(thanks.text).toContain("Thank you for confirming it.");
    expect(thanks.text).not.toMatch(/please confirm|Confirm:/i);
    const thanksLinks = linksOf(thanks);
    expect(Object.keys(thanksLinks).sort()).toEqual(["Cancel", "Reschedule"]);
    await expectLinksOpenAndChangeNothing(thanksLinks, confirmed.visit.id);
    expect(calendarOf(thanks)).toMatchObject({
      method: "REQUEST",
      uid: `appointment-${confirmed.visit.id}@127.0.0.1`,
      sequence: 0,
      status: "CONFIRMED",
      start: confirmed.visit.startsAt.toISOString(),
    });
  });
});
