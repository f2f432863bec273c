import type { User } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookAppointment } from "~/models/booking/book.server";
import { cancelAppointment } from "~/models/booking/status.server";
import { moveAppointment } from "~/models/booking/move.server";
import { onlinePolicy } from "~/models/booking/policy";
import { deliverDue } from "~/models/mail/outbox.server";
import {
  joinWaitlist,
  joinedMessage,
  leftMessage,
  WAITLIST_BOOKING_NOTE,
  WAITLIST_MESSAGES,
} from "~/models/waitlist/waitlist.server";
import { sweepWaitlist } from "~/models/waitlist/sweep.server";
import { loader as myAppointments } from "~/routes/user.appointments";
import { action as waitlistAction, loader as waitlistLoader } from "~/routes/user.waitlist";
import { action as offerAction, loader as offerLoader } from "~/routes/waitlist.offer.$token";
import { formatDateTime } from "~/utils/clinic-format";
import { addDays, clinicNow, clinicTimeToUtc } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { MAX_WAITLIST_DAYS, OFFERS_PER_TIME } from "~/models/waitlist/rules";
import { WAITLIST_FIELD_MESSAGES } from "~/validation/waitlist";
import { actionArgs, formPost, get, loaderArgs, settle, toastOf } from "../../support/auth-helpers";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import { createService, createUser, sessionFor } from "../../support/factories";
import { startSmtpSink } from "../../support/smtp-sink";

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const CLOCK = { timeZone: "America/New_York", locale: "en-US" };
const HOUR = 3_600_000;
const PHONE = "+1 555 0199";

beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await sink.close();
});

let people = 0;
async function patient(first = "Ada") {
  people += 1;
  return createUser({
    name: `${first} Waiting${people}`,
    email: `waiting-${people}-${Date.now()}@example.com`,
  });
}

async function book(user: User, serviceId: string, date: string, time: string) {
  const result = await bookAppointment(
    {
      service: serviceId,
      name: user.name,
      email: user.email,
      phone: PHONE,
      date,
      time,
      message: "x",
    },
    user.id,
  );
  if (!result.ok) throw new Error(result.message);
  return result.appointment._id;
}

/** Joins in a known order: each call a second after the one before. */
let joinClock = Date.now();
async function join(user: User, fields: Record<string, string>) {
  joinClock += 1000;
  const result = await joinWaitlist(user.id, { phone: PHONE, ...fields }, new Date(joinClock));
  if (!result.ok) throw new Error(result.message);
  return result.entryId;
}

const offerMails = (userId: string) =>
  prisma.outboxMessage.findMany({
    where: { userId, kind: "waitlist_offer" },
    orderBy: { createdAt: "asc" },
  });

async function offerToken(userId: string) {
  const mails = await offerMails(userId);
  const text = mails[mails.length - 1]?.text ?? "";
  return /\/waitlist\/offer\/([\w-]{43})/.exec(text)?.[1];
}

const offerPage = (token: string) =>
  settle(() => offerLoader({ ...loaderArgs(get(`/waitlist/offer/${token}`)), params: { token } }));
const answer = (token: string, intent: "accept" | "decline") =>
  settle(() =>
    offerAction({
      ...actionArgs(formPost(`/waitlist/offer/${token}`, { intent })),
      params: { token },
    }),
  );

/** A booked time of its own for each test: a service of its own and a date of its own. */
// Week 2 belongs to the joining tests, week 1 to the sweep of past entries.
let week = 2;
async function scene(time = "10:00", durationMinutes = 30) {
  week += 1;
  const service = await createService({ durationMinutes });
  const date = upcoming(TUESDAY, week);
  const booker = await patient("Bea");
  const appointmentId = await book(booker, service.id, date, time);
  const wish = { service: service.id, fromDate: addDays(date, -3), toDate: addDays(date, 3) };
  return { service, date, time, booker, appointmentId, wish };
}

describe("joining and leaving", () => {
  it("joins, updates the one entry per service, caps at three, leaves; My appointments shows it", async () => {
    const user = await patient();
    const { cookie } = await sessionFor(user);
    const services = await Promise.all([1, 2, 3, 4].map(() => createService()));
    const from = upcoming(TUESDAY, 2);
    const post = (fields: Record<string, string>) =>
      settle(() => waitlistAction(actionArgs(formPost("/user/waitlist", fields, cookie))));
    const fields = (serviceId: string) => ({
      intent: "join",
      service: serviceId,
      dentist: "",
      fromDate: from,
      toDate: addDays(from, 6),
      partOfDay: "morning",
      phone: PHONE,
    });

    const joined = await post(fields(services[0]!.id));
    expect(joined).toMatchObject({ status: 302, location: "/user/appointments" });
    expect(await toastOf(joined.headers)).toMatchObject({
      message: joinedMessage(services[0]!.name, false),
    });
    const first = await prisma.waitlistEntry.findFirstOrThrow({ where: { userId: user.id } });

    const again = await post({ ...fields(services[0]!.id), partOfDay: "afternoon" });
    expect(await toastOf(again.headers)).toMatchObject({
      message: joinedMessage(services[0]!.name, true),
    });
    const entries = await prisma.waitlistEntry.findMany({ where: { userId: user.id } });
    expect(entries).toHaveLength(1);
    // Updated in place: the same entry, its place in line kept.
    expect(entries[0]).toMatchObject({
      id: first.id,
      partOfDay: "afternoon",
      createdAt: first.createdAt,
    });

    expect((await post(fields(services[1]!.id))).status).toBe(302);
    expect((await post(fields(services[2]!.id))).status).toBe(302);
    const capped = await post(fields(services[3]!.id));
    expect(capped).toMatchObject({ status: 409, body: { error: WAITLIST_MESSAGES.cap } });

    const page = await settle(() => myAppointments(loaderArgs(get("/user/appointments", cookie))));
    expect(page.body!.waitlist).toEqual([
      expect.objectContaining({ id: first.id, serviceName: services[0]!.name, fromDate: from }),
      expect.objectContaining({ serviceName: services[1]!.name }),
      expect.objectContaining({ serviceName: services[2]!.name }),
    ]);

    const left = await post({ intent: "leave", entryId: first.id });
    expect(left).toMatchObject({ status: 302, location: "/user/appointments" });
    expect(await toastOf(left.headers)).toMatchObject({ message: leftMessage(services[0]!.name) });
    expect(await prisma.waitlistEntry.findUnique({ where: { id: first.id } })).toMatchObject({
      status: "removed",
    });
    expect(await post({ intent: "leave", entryId: first.id })).toMatchObject({
      status: 404,
      body: { error: WAITLIST_MESSAGES.notFound },
    });
    // Another patient's entry is answered as not found, and stays.
    const other = await patient();
    const theirs = await join(other, { service: services[0]!.id, fromDate: from, toDate: from });
    expect(await post({ intent: "leave", entryId: theirs })).toMatchObject({ status: 404 });
    expect((await post(fields(services[3]!.id))).status).toBe(302);
  });

  it("refuses bad dates and choices with a message, and unverified accounts", async () => {
    const user = await patient();
    const service = await createService();
    const today = clinicNow(new Date()).date;
    const base = { service: service.id, fromDate: today, toDate: addDays(today, 5), phone: PHONE };
    const refusal = async (fields: Record<string, string>) => {
      const result = await joinWaitlist(user.id, fields);
      expect(result.ok).toBe(false);
      return !result.ok ? result.message : "";
    };
    expect(await refusal({ ...base, fromDate: addDays(today, -1) })).toBe(
      WAITLIST_MESSAGES.pastStart,
    );
    expect(await refusal({ ...base, toDate: addDays(today, -1) })).toBe(
      WAITLIST_FIELD_MESSAGES.order,
    );
    expect(await refusal({ ...base, toDate: addDays(today, MAX_WAITLIST_DAYS) })).toBe(
      WAITLIST_FIELD_MESSAGES.tooLong,
    );
    expect(
      await refusal({ ...base, fromDate: addDays(today, 85), toDate: addDays(today, 95) }),
    ).toMatch(/^We book up to 90 days ahead/);
    expect(await refusal({ ...base, partOfDay: "evening" })).toBe(
      WAITLIST_FIELD_MESSAGES.partOfDay,
    );
    expect(await refusal({ ...base, fromDate: "tomorrow" })).toBe(
      "Please enter the date as YYYY-MM-DD",
    );
    expect(await refusal({ ...base, service: "nope" })).toMatch(/service/i);
    expect(await refusal({ ...base, dentist: "nobody" })).toMatch(/dentist/i);
    expect(await refusal({ ...base, phone: "call me" })).toBe("Please enter a valid phone number");
    expect(await prisma.waitlistEntry.count({ where: { userId: user.id } })).toBe(0);

    const unverified = await createUser({ emailVerifiedAt: null });
    expect(await joinWaitlist(unverified.id, base)).toMatchObject({ ok: false, status: 403 });
    const { cookie } = await sessionFor(unverified);
    const page = await settle(() => waitlistLoader(loaderArgs(get("/user/waitlist", cookie))));
    expect(page.body!.verifyFirst).toBeTruthy();
  });
});

describe("offers", () => {
  it("a cancel offers the time, in joining order, to the entries it suits: mails with links", async () => {
    const { service, date, booker, appointmentId, wish } = await scene("10:00");
    const longService = await createService({ durationMinutes: 60 });
    // 10:30 is booked too: an hour from 10:00 does not fit.
    await book(await patient(), service.id, date, "10:30");
    const people = await Promise.all(
      ["Ann", "Pia", "Mo", "Kim", "Lu", "Cy", "Al"].map((name) => patient(name)),
    );
    const [ann, pia, mo, kim, lu, cy, al] = people as [User, User, User, User, User, User, User];
    await join(booker, wish); // the patient who frees it is not offered it back
    await join(ann, wish);
    await join(pia, { ...wish, partOfDay: "afternoon" }); // wants afternoons only
    await join(cy, { ...wish, service: longService.id }); // needs an hour
    await join(al, { ...wish, fromDate: addDays(date, 1) }); // not that day
    await join(mo, { ...wish, partOfDay: "morning" });
    await join(kim, { ...wish, dentist: "dentist-first" });
    await join(lu, wish); // fourth in line

    const cancelled = await cancelAppointment(appointmentId, booker.id);
    expect(cancelled.ok).toBe(true);

    const offered = await prisma.waitlistOffer.findMany({
      include: { entry: { select: { userId: true } } },
      where: { startsAt: clinicTimeToUtc(date, "10:00") },
      orderBy: { entry: { createdAt: "asc" } },
    });
    expect(offered.map((offer) => offer.entry.userId)).toEqual([ann.id, mo.id, kim.id]);
    expect(offered).toHaveLength(OFFERS_PER_TIME);
    for (const offer of offered) {
      expect(offer).toMatchObject({ status: "open", dentistId: "dentist-first" });
      expect(offer.expiresAt.getTime()).toBeGreaterThan(Date.now() + 11 * HOUR);
      expect(offer.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 12 * HOUR);
    }
    for (const other of [booker, pia, cy, al, lu]) expect(await offerMails(other.id)).toEqual([]);

    await deliverDue(new Date());
    const when = formatDateTime(date, "10:00", CLOCK);
    const mail = await sink.waitFor(ann.email, (m) => m.subject.startsWith("A time has come free"));
    expect(mail.subject).toBe(`A time has come free: ${service.name} on ${when}`);
    expect(mail.text).toContain(`Hello Ann,`);
    expect(mail.text).toMatch(/Accept or decline: http\S+\/waitlist\/offer\/[\w-]{43}\n/);
    expect(mail.text).toContain("the first to accept gets it");
    // The link's token is stored only hashed; the delivered text is erased from the outbox.
    const token = /\/waitlist\/offer\/([\w-]{43})/.exec(mail.text)![1]!;
    expect(await prisma.waitlistOffer.count({ where: { tokenHash: token } })).toBe(0);
    const stored = await prisma.outboxMessage.findFirstOrThrow({
      where: { userId: ann.id, kind: "waitlist_offer" },
    });
    expect(stored.text).not.toContain(token);
  });

  it("two patients accept at once: exactly one books, the other reads 'already taken' and stays on the list", async () => {
    const { date, booker, appointmentId, wish } = await scene("11:00");
    const [ann, ben, cat] = [await patient("Ann"), await patient("Ben"), await patient("Cat")];
    const entries = [await join(ann, wish), await join(ben, wish), await join(cat, wish)];
    expect((await cancelAppointment(appointmentId, booker.id)).ok).toBe(true);
    const [annToken, benToken, catToken] = [
      (await offerToken(ann.id))!,
      (await offerToken(ben.id))!,
      (await offerToken(cat.id))!,
    ];

    // Opening the link shows the time and changes nothing; only the first name shows.
    const page = await offerPage(annToken);
    expect(page).toMatchObject({
      status: 200,
      body: { offer: { firstName: "Ann", date, time: "11:00" } },
    });
    expect(JSON.stringify(page.body)).not.toContain(ann.email);
    expect(await prisma.waitlistOffer.count({ where: { status: "open" } })).toBeGreaterThan(0);

    const [first, second] = await Promise.all([
      answer(annToken, "accept"),
      answer(benToken, "accept"),
    ]);
    const results = [first, second];
    const won = results.filter((r) => r.status === 200);
    const lost = results.filter((r) => r.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(won[0]!.body!.done).toMatch(/^The time is yours/);
    expect(lost[0]!.body!.error).toBe(WAITLIST_MESSAGES.alreadyTaken);
    expect(lost[0]!.body!.error).toContain("already taken");

    const startsAt = clinicTimeToUtc(date, "11:00");
    const active = await prisma.appointment.findMany({
      where: { startsAt, status: { in: ["booked", "confirmed"] } },
    });
    expect(active).toHaveLength(1);
    const winner = active[0]!.userId === ann.id ? ann : ben;
    const loser = winner === ann ? ben : ann;
    expect(active[0]).toMatchObject({ message: WAITLIST_BOOKING_NOTE, phone: PHONE });
    const statusOf = async (userId: string) =>
      (await prisma.waitlistEntry.findFirstOrThrow({ where: { userId } })).status;
    expect(await statusOf(winner.id)).toBe("booked");
    expect(await statusOf(loser.id)).toBe("waiting");
    expect(await statusOf(cat.id)).toBe("waiting");
    expect(entries).toHaveLength(3);

    // Every other offer of that time now says so, on the page and on the button.
    for (const token of [winner === ann ? benToken : annToken, catToken]) {
      expect(await offerPage(token)).toMatchObject({
        status: 410,
        body: { refusal: WAITLIST_MESSAGES.alreadyTaken },
      });
    }
    expect(await answer(catToken, "accept")).toMatchObject({
      status: 410,
      body: { error: WAITLIST_MESSAGES.alreadyTaken },
    });
    // The winner's own link: accepted, nothing twice.
    expect(await answer(winner === ann ? annToken : benToken, "accept")).toMatchObject({
      status: 410,
      body: { error: WAITLIST_MESSAGES.alreadyAccepted },
    });

    // The winner gets the ordinary booking confirmation, with its calendar part.
    await deliverDue(new Date());
    const confirmation = await sink.waitFor(winner.email, (m) => m.subject.includes("is booked"));
    expect(confirmation.subject).toBe(
      `Your appointment on ${formatDateTime(date, "11:00", CLOCK)} is booked`,
    );
    expect(confirmation.attachments.some((a) => a.contentType === "text/calendar")).toBe(true);
  });

  it("an accept closes only the offers of that dentist and time: another dentist's stays open", async () => {
    const { date, booker, appointmentId, wish } = await scene("15:00");
    const [ann, ben, cat] = [await patient("Ann"), await patient("Ben"), await patient("Cat")];
    await join(ann, wish);
    await join(ben, wish);
    expect((await cancelAppointment(appointmentId, booker.id)).ok).toBe(true);
    // The same start, offered with another dentist (their own time freed at once).
    const first = await prisma.dentist.findUniqueOrThrow({ where: { id: "dentist-first" } });
    const other = await prisma.dentist.create({
      data: {
        slug: `dr-other-${Date.now()}`,
        name: "Dr. Other",
        title: "DDS",
        weeklyPlan: first.weeklyPlan,
      },
    });
    const catEntry = await join(cat, wish);
    const startsAt = clinicTimeToUtc(date, "15:00");
    const catOffer = await prisma.waitlistOffer.create({
      data: {
        entryId: catEntry,
        startsAt,
        dentistId: other.id,
        tokenHash: `other-dentist-${Date.now()}`,
        expiresAt: new Date(Date.now() + HOUR),
      },
    });

    expect((await answer((await offerToken(ann.id))!, "accept")).status).toBe(200);
    const statusOf = async (userId: string) =>
      (await prisma.waitlistOffer.findFirstOrThrow({ where: { entry: { userId } } })).status;
    expect(await statusOf(ann.id)).toBe("accepted");
    expect(await statusOf(ben.id)).toBe("taken");
    expect(
      (await prisma.waitlistOffer.findUniqueOrThrow({ where: { id: catOffer.id } })).status,
    ).toBe("open");
  });

  it("expired offers go to the next in line; a declined one too, and the decliner stays", async () => {
    // Earlier tests' offers would expire in this test's sweeps too: close them first.
    await prisma.waitlistOffer.updateMany({
      where: { status: "open" },
      data: { status: "expired" },
    });
    const { date, booker, appointmentId, wish } = await scene("14:00");
    const line = [];
    for (const name of ["Ann", "Ben", "Cat", "Dan", "Eve"]) line.push(await patient(name));
    const [ann, ben, cat, dan, eve] = line as [User, User, User, User, User];
    for (const person of line) await join(person, wish);
    const start = new Date();
    expect((await cancelAppointment(appointmentId, booker.id, start)).ok).toBe(true);
    const openTo = async () =>
      (
        await prisma.waitlistOffer.findMany({
          where: { status: "open", startsAt: clinicTimeToUtc(date, "14:00") },
          select: { entry: { select: { userId: true } } },
        })
      )
        .map((offer) => offer.entry.userId)
        .sort();
    expect(await openTo()).toEqual([ann.id, ben.id, cat.id].sort());

    // Ann declines: Dan is next in line at once; Ann keeps her place on the list.
    const annToken = (await offerToken(ann.id))!;
    expect(await answer(annToken, "decline")).toMatchObject({
      status: 200,
      body: { done: WAITLIST_MESSAGES.declined },
    });
    expect(await openTo()).toEqual([ben.id, cat.id, dan.id].sort());
    expect(await prisma.waitlistEntry.findFirst({ where: { userId: ann.id } })).toMatchObject({
      status: "waiting",
    });
    expect(await offerPage(annToken)).toMatchObject({
      status: 410,
      body: { refusal: WAITLIST_MESSAGES.declined },
    });

    // Before the offers' time is up the sweep changes nothing.
    expect(await sweepWaitlist(new Date(start.getTime() + 11 * HOUR))).toMatchObject({
      expiredOffers: 0,
      offers: 0,
    });
    // At the end of theirs (Dan's came later), Ben's and Cat's expire and Eve, last in line,
    // gets the time.
    const later = new Date(start.getTime() + 12 * HOUR);
    const swept = await sweepWaitlist(later);
    expect(swept).toMatchObject({ expiredOffers: 2, offers: 1 });
    expect(await openTo()).toEqual([dan.id, eve.id].sort());
    const eveOffer = await prisma.waitlistOffer.findFirstOrThrow({
      where: { entry: { userId: eve.id } },
    });
    expect(eveOffer.expiresAt).toEqual(new Date(later.getTime() + 12 * HOUR));
    expect(await offerMails(eve.id)).toHaveLength(1);
    expect(
      await settle(() =>
        offerLoader({
          ...loaderArgs(get("/waitlist/offer/x")),
          params: { token: "x".repeat(43) },
        }),
      ),
    ).toMatchObject({ status: 404, body: { refusal: WAITLIST_MESSAGES.invalidLink } });
    const benToken = (await offerToken(ben.id))!;
    expect(await offerPage(benToken)).toMatchObject({
      status: 410,
      body: { refusal: WAITLIST_MESSAGES.expired },
    });
    expect(await sweepWaitlist(later)).toMatchObject({ expiredOffers: 0, offers: 0 });
  });

  it("two dentists' times at one start are two times: each expired offer is refilled with its dentist", async () => {
    week += 1;
    const service = await createService();
    const date = upcoming(TUESDAY, week);
    const first = await prisma.dentist.findUniqueOrThrow({ where: { id: "dentist-first" } });
    // Nobody linked to the service: both dentists perform it.
    const other = await prisma.dentist.create({
      data: {
        slug: `dr-second-${Date.now()}`,
        name: "Dr. Second",
        title: "DDS",
        weeklyPlan: first.weeklyPlan,
      },
    });
    const wish = { service: service.id, fromDate: addDays(date, -1), toDate: addDays(date, 1) };
    const line: User[] = [];
    for (const name of ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]) line.push(await patient(name));
    const entries = [];
    for (const person of line) entries.push(await join(person, wish));
    const startsAt = clinicTimeToUtc(date, "16:00");
    // Ann was offered the first dentist's time and Ben the other's; both let them expire.
    for (const [index, dentistId] of [first.id, other.id].entries()) {
      await prisma.waitlistOffer.create({
        data: {
          entryId: entries[index]!,
          startsAt,
          dentistId,
          tokenHash: `two-dentists-${index}-${Date.now()}`,
          expiresAt: new Date(Date.now() - 1000),
        },
      });
    }

    await sweepWaitlist(new Date());
    const open = await prisma.waitlistOffer.findMany({
      where: { startsAt, status: "open" },
      select: { dentistId: true, entry: { select: { userId: true } } },
      orderBy: { entry: { createdAt: "asc" } },
    });
    const [, , cat, dan, eve, fay] = line as [User, User, User, User, User, User];
    expect(open.map((offer) => [offer.entry.userId, offer.dentistId])).toEqual([
      [cat.id, first.id],
      [dan.id, first.id],
      [eve.id, first.id],
      [fay.id, other.id],
    ]);
  });

  it("leaving the list with an open offer passes the time on", async () => {
    const { booker, appointmentId, wish } = await scene("15:00");
    const ann = await patient("Ann");
    const others = [await patient(), await patient(), await patient("Dan")];
    const annEntry = await join(ann, wish);
    for (const person of others) await join(person, wish);
    await cancelAppointment(appointmentId, booker.id);
    expect(await offerMails(others[2]!.id)).toHaveLength(0);
    const { cookie } = await sessionFor(ann);
    await settle(() =>
      waitlistAction(
        actionArgs(formPost("/user/waitlist", { intent: "leave", entryId: annEntry }, cookie)),
      ),
    );
    expect(await prisma.waitlistOffer.findFirst({ where: { entryId: annEntry } })).toMatchObject({
      status: "withdrawn",
    });
    expect(await offerMails(others[2]!.id)).toHaveLength(1);
  });

  it("a move frees the old time: it is offered", async () => {
    const { date, appointmentId, wish } = await scene("16:00");
    const ann = await patient("Ann");
    await join(ann, { ...wish, partOfDay: "afternoon" });
    const moved = await moveAppointment(appointmentId, { date, time: "09:00" }, onlinePolicy(null));
    expect(moved.ok).toBe(true);
    const offer = await prisma.waitlistOffer.findFirstOrThrow({
      where: { entry: { userId: ann.id } },
    });
    expect(offer.startsAt).toEqual(clinicTimeToUtc(date, "16:00"));
    expect(await offerMails(ann.id)).toHaveLength(1);
    // The time it moved to is not on offer: it is held.
    expect(
      await prisma.waitlistOffer.count({ where: { startsAt: clinicTimeToUtc(date, "09:00") } }),
    ).toBe(0);
  });

  it("the sweep closes entries whose last day has passed", async () => {
    const ann = await patient();
    const service = await createService();
    const from = upcoming(TUESDAY, 1);
    const entry = await join(ann, { service: service.id, fromDate: from, toDate: from });
    expect(await sweepWaitlist(clinicTimeToUtc(from, "20:00"))).toMatchObject({
      expiredEntries: 0,
    });
    const after = await sweepWaitlist(clinicTimeToUtc(addDays(from, 1), "08:00"));
    expect(after.expiredEntries).toBeGreaterThanOrEqual(1);
    expect(await prisma.waitlistEntry.findUnique({ where: { id: entry } })).toMatchObject({
      status: "expired",
    });
  });
});
