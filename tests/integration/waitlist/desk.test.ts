// The waiting list at the desk (issue 31 item 11), against a real SQLite file: the list in
// line order with its filters and pages, who waits for one freed time (the diary counts them),
// an offer by hand that is the sweep's own offer (its mail, its link, accepted like any other),
// audited and limited, and "book now", which takes the patient off the list.
import type { User } from "@prisma/client";
import { beforeAll, describe, expect, it } from "vitest";
import { bookAtDesk } from "~/models/front-desk/booking.server";
import { diaryDay } from "~/models/front-desk/diary.server";
import type { DiaryColumn } from "~/models/front-desk/diary.server";
import {
  DESK_WAITLIST_PAGE,
  listWaitingEntries,
  waitingForTime,
} from "~/models/waitlist/desk.server";
import {
  alreadyOfferedMessage,
  DESK_OFFER_MESSAGES,
  offerTimeByHand,
  outsideWishMessage,
} from "~/models/waitlist/desk-offer.server";
import { acceptOffer } from "~/models/waitlist/waitlist.server";
import { action as waitlistAction, loader as waitlistLoader } from "~/routes/staff.waitlist";
import { formatDateTime, formatInstant } from "~/utils/clinic-format";
import { addDays, clinicTimeToUtc } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { rateLimits, staffWriteKey } from "~/infra/rate-limit.server";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import {
  createService,
  createUser,
  FIRST_DENTIST,
  sessionFor,
  storeAppointment,
} from "../../support/factories";
import { actionArgs, formPost, get, loaderArgs, settle, toastOf } from "../../support/auth-helpers";

const CLOCK = { timeZone: "America/New_York", locale: "en-US" };
let reception: { id: string; role: "reception" };
let receptionCookie: string;
let dentistCookie: string;
let dentistUser: { id: string; role: "dentist" };

beforeAll(async () => {
  const desk = await createUser({ role: "reception", name: "Wanda Waitlist" });
  reception = { id: desk.id, role: "reception" };
  receptionCookie = (await sessionFor(desk)).cookie;
  const dentist = await createUser({ role: "dentist" });
  dentistUser = { id: dentist.id, role: "dentist" };
  dentistCookie = (await sessionFor(dentist)).cookie;
});

let joined = Date.UTC(2026, 0, 1);
/** A waiting entry, written as joining writes it; each joins a minute after the one before. */
async function entry(
  user: User,
  serviceId: string,
  wish: { fromDate: string; toDate: string; partOfDay?: string; dentistId?: string | null },
) {
  joined += 60_000;
  return prisma.waitlistEntry.create({
    data: {
      userId: user.id,
      serviceId,
      dentistId: wish.dentistId ?? null,
      fromDate: wish.fromDate,
      toDate: wish.toDate,
      partOfDay: wish.partOfDay ?? "any",
      phone: "+1 555 0140",
      createdAt: new Date(joined),
    },
  });
}

let people = 0;
const patient = (first = "Wes") => {
  people += 1;
  return createUser({ name: `${first} Waiting${people}`, phone: "+1 555 0140" });
};

describe("the list", () => {
  it("lists who waits in line order, filtered by service, dentist and time of day, paged by keyset, the read audited", async () => {
    const [cleaning, whitening] = await Promise.all([createService(), createService()]);
    const from = upcoming(TUESDAY, 2);
    const to = addDays(from, 6);
    const morning = await entry(await patient("Mia"), cleaning.id, {
      fromDate: from,
      toDate: to,
      partOfDay: "morning",
    });
    const afternoon = await entry(await patient("Ali"), cleaning.id, {
      fromDate: from,
      toDate: to,
      partOfDay: "afternoon",
      dentistId: FIRST_DENTIST,
    });
    const other = await entry(await patient("Ola"), whitening.id, { fromDate: from, toDate: to });
    const ids = (entries: { id: string }[]) => entries.map((row) => row.id);
    const list = async (filters: Partial<Parameters<typeof listWaitingEntries>[1]>) => {
      const result = await listWaitingEntries(reception, {
        service: "",
        dentist: "",
        partOfDay: "",
        ...filters,
      });
      if (!result.ok) throw new Error(result.message);
      return ids(result.entries).filter((id) => [morning.id, afternoon.id, other.id].includes(id));
    };
    expect(await list({})).toEqual([morning.id, afternoon.id, other.id]);
    expect(await list({ service: cleaning.id })).toEqual([morning.id, afternoon.id]);
    expect(await list({ partOfDay: "morning" })).toEqual([morning.id, other.id]);
    expect(await list({ partOfDay: "afternoon" })).toEqual([afternoon.id, other.id]);
    expect(await list({ dentist: FIRST_DENTIST })).toEqual([morning.id, afternoon.id, other.id]);
    // A dentist who performs none of these (linked to another service only) and is asked by nobody.
    const specialist = await prisma.dentist.create({
      data: {
        slug: `dr-only-${Date.now()}`,
        name: "Dr. Only",
        title: "DDS",
        weeklyPlan: (await prisma.dentist.findUniqueOrThrow({ where: { id: FIRST_DENTIST } }))
          .weeklyPlan,
      },
    });
    const solo = await createService();
    await prisma.dentistService.create({ data: { dentistId: specialist.id, serviceId: solo.id } });
    await prisma.dentistService.create({
      data: { dentistId: FIRST_DENTIST, serviceId: whitening.id },
    });
    expect(await list({ dentist: specialist.id })).toEqual([morning.id]);
    await prisma.dentist.update({ where: { id: specialist.id }, data: { active: false } });

    const audits = await prisma.auditEntry.findMany({
      where: { actorId: reception.id, action: "patient.list", entityType: "waitlist" },
    });
    expect(audits.length).toBeGreaterThan(0);
    expect(audits[0]!.summary).toMatch(/^Read the waiting list: \d+ patients? shown$/);
  });

  it("pages the list through the screen, each page after the last entry of the one before", async () => {
    const service = await createService();
    const from = upcoming(TUESDAY, 3);
    const made = [];
    for (let index = 0; index < DESK_WAITLIST_PAGE + 2; index += 1) {
      made.push(
        await entry(await patient("Pia"), service.id, {
          fromDate: from,
          toDate: addDays(from, 3),
        }),
      );
    }
    const page = async (query: string) =>
      (await settle(() =>
        waitlistLoader(loaderArgs(get(`/staff/waitlist?${query}`, receptionCookie))),
      )) as unknown as {
        status: number;
        body: {
          entries: { id: string }[];
          pages: { next: string | null; first: string | null };
        };
      };
    const first = await page(`service=${service.id}`);
    expect(first.status).toBe(200);
    expect(first.body.entries.map((row) => row.id)).toEqual(
      made.slice(0, DESK_WAITLIST_PAGE).map((row) => row.id),
    );
    expect(first.body.pages.next).toMatch(/^\/staff\/waitlist\?service=.+&after=/);
    const second = await page(first.body.pages.next!.split("?")[1]!);
    expect(second.body.entries.map((row) => row.id)).toEqual(
      made.slice(DESK_WAITLIST_PAGE).map((row) => row.id),
    );
    expect(second.body.pages).toEqual({
      next: null,
      first: `/staff/waitlist?service=${service.id}`,
    });
    // The filters' dentist alone is a filter, not a time.
    const byDentist = await page(
      `service=${service.id}&dentist=${FIRST_DENTIST}&partOfDay=morning`,
    );
    expect(byDentist.status).toBe(200);
    expect(byDentist.body.entries.map((row) => row.id)).toEqual(
      made.slice(0, DESK_WAITLIST_PAGE).map((row) => row.id),
    );
    // A dentist is refused the screen on the server.
    expect(
      (await settle(() => waitlistLoader(loaderArgs(get("/staff/waitlist", dentistCookie)))))
        .status,
    ).toBe(403);
  });
});

/** A freed time: a cancelled 10:00 visit of its own week and service. */
let week = 4;
async function freedTime(durationMinutes = 30) {
  week += 1;
  const service = await createService({ durationMinutes });
  const date = upcoming(TUESDAY, week);
  const cancelled = await storeAppointment({
    userId: (await patient("Cy")).id,
    serviceId: service.id,
    date,
    time: "10:00",
    status: "cancelled",
  });
  return { service, date, cancelled, at: { date, time: "10:00", dentistId: FIRST_DENTIST } };
}

const freedCell = (column: DiaryColumn | undefined, rows: string[]) => {
  const cell = column?.cells[rows.indexOf("10:00")];
  return cell?.kind === "free" ? cell.freed : undefined;
};

describe("who waits for a freed time", () => {
  it("lists the entries the time suits by the booking rules, and the diary counts them on the freed cell", async () => {
    const { service, date, at } = await freedTime();
    const long = await createService({ durationMinutes: 60 });
    // 10:30 is taken: an hour from 10:00 does not fit.
    await storeAppointment({
      userId: (await patient("Bo")).id,
      serviceId: service.id,
      date,
      time: "10:30",
    });
    const wish = { fromDate: date, toDate: date };
    const suits = await entry(await patient("Sue"), service.id, { ...wish, partOfDay: "morning" });
    const alsoSuits = await entry(await patient("Ann"), service.id, {
      ...wish,
      dentistId: FIRST_DENTIST,
    });
    await entry(await patient("Al"), service.id, { ...wish, partOfDay: "afternoon" });
    await entry(await patient("Lon"), long.id, wish);
    await entry(await patient("Dan"), service.id, {
      fromDate: addDays(date, 1),
      toDate: addDays(date, 5),
    });

    const waiting = await waitingForTime(reception, at, "Dr. First");
    expect(waiting.ok && waiting.entries.map((row) => row.id)).toEqual([suits.id, alsoSuits.id]);
    expect(waiting.ok && waiting.offerUntil).toEqual(expect.any(String));

    const diary = await diaryDay({ date, view: "dentist", viewer: reception });
    const column = diary.columns.find((entry) => entry.id === FIRST_DENTIST);
    expect(freedCell(column, diary.rows)).toEqual({ time: "10:00", waiting: 2 });
    // Dentists get no waiting list: their diary marks nothing.
    const theirs = await diaryDay({ date, view: "dentist", viewer: dentistUser });
    const theirColumn = theirs.columns.find((entry) => entry.id === FIRST_DENTIST);
    expect(freedCell(theirColumn, theirs.rows)).toBeUndefined();

    // The page for that time, as the diary's link opens it.
    const page = await settle(() =>
      waitlistLoader(
        loaderArgs(
          get(`/staff/waitlist?date=${date}&time=10:00&dentist=${FIRST_DENTIST}`, receptionCookie),
        ),
      ),
    );
    expect(page.status).toBe(200);
    expect((page.body?.entries as { id: string }[]).map((row) => row.id)).toEqual([
      suits.id,
      alsoSuits.id,
    ]);
    const bad = await settle(() =>
      waitlistLoader(
        loaderArgs(get(`/staff/waitlist?date=${date}&time=25:00&dentist=x`, receptionCookie)),
      ),
    );
    expect(bad.status).toBe(400);
  });
});

describe("an offer by hand", () => {
  it("sends the sweep's own offer to the chosen patient, audited; the link books it like any offer", async () => {
    const { service, date } = await freedTime();
    const first = await entry(await patient("Ed"), service.id, { fromDate: date, toDate: date });
    const chosenUser = await createUser({ name: "Chosen Waiting", phone: "+1 555 0141" });
    const chosen = await entry(chosenUser, service.id, { fromDate: date, toDate: date });
    const form = {
      intent: "offer",
      entryId: chosen.id,
      date,
      time: "10:00",
      dentist: FIRST_DENTIST,
    };
    const posted = await settle(() =>
      waitlistAction(
        actionArgs(
          formPost(
            `/staff/waitlist?date=${date}&time=10:00&dentist=${FIRST_DENTIST}`,
            form,
            receptionCookie,
          ),
        ),
      ),
    );
    expect(posted.status).toBe(302);
    expect(posted.location).toBe(
      `/staff/waitlist?date=${date}&time=10:00&dentist=${FIRST_DENTIST}`,
    );
    const when = formatDateTime(date, "10:00", CLOCK);
    expect((await toastOf(posted.headers))?.message).toMatch(
      new RegExp(
        `^Offered ${service.name} on ${when} with .+ to Chosen Waiting; the offer stands until `,
      ),
    );
    // Only the chosen entry, not the longest waiting one.
    const offers = await prisma.waitlistOffer.findMany({
      where: { entry: { serviceId: service.id } },
    });
    expect(offers.map((offer) => [offer.entryId, offer.status, offer.dentistId])).toEqual([
      [chosen.id, "open", FIRST_DENTIST],
    ]);
    expect(first.id).not.toBe(chosen.id);
    const mail = await prisma.outboxMessage.findFirstOrThrow({
      where: { userId: chosenUser.id, kind: "waitlist_offer" },
    });
    expect(mail.subject).toBe(`A time has come free: ${service.name} on ${when}`);
    const audit = await prisma.auditEntry.findFirstOrThrow({
      where: { action: "waitlist.offer", patientId: chosenUser.id },
    });
    expect(audit).toMatchObject({ actorId: reception.id, entityType: "patient" });
    expect(audit.summary).toContain(`Offered ${service.name} on ${when}`);

    // Again: refused, the offer stands.
    const again = await offerTimeByHand(reception, form);
    expect(again).toMatchObject({
      ok: false,
      status: 409,
      message: alreadyOfferedMessage("Chosen", formatInstant(offers[0]!.expiresAt, CLOCK)),
    });

    // The patient's link books it, as an offer from the sweep would.
    const token = /\/waitlist\/offer\/([\w-]{43})/.exec(mail.text)?.[1];
    const accepted = await acceptOffer(token, { clientIp: "198.51.100.250" });
    expect(accepted).toMatchObject({ ok: true });
    expect(
      await prisma.appointment.findFirst({
        where: { userId: chosenUser.id, date, time: "10:00", status: "booked", source: "waitlist" },
      }),
    ).not.toBeNull();
    expect(
      await prisma.waitlistEntry.findUniqueOrThrow({ where: { id: chosen.id } }),
    ).toMatchObject({ status: "booked" });
  });

  it("refuses with a message: outside the wish, too close, not free, gone, a dentist, bad input, past the limit", async () => {
    const { service, date, at } = await freedTime();
    const user = await createUser({ name: "Rae Refused" });
    const afternoon = await entry(user, service.id, {
      fromDate: date,
      toDate: date,
      partOfDay: "afternoon",
    });
    const offer = (fields: Record<string, string>, now?: Date, actor = reception) =>
      offerTimeByHand(
        actor,
        { entryId: afternoon.id, date, time: at.time, dentist: FIRST_DENTIST, ...fields },
        now,
      );
    expect(await offer({})).toEqual({ ok: false, status: 400, message: outsideWishMessage("Rae") });
    const morning = await entry(await createUser({ name: "Moe Close" }), service.id, {
      fromDate: date,
      toDate: date,
    });
    const justBefore = new Date(clinicTimeToUtc(date, "10:00").getTime() - 30 * 60_000);
    expect(await offer({ entryId: morning.id }, justBefore)).toMatchObject({
      status: 409,
      message: DESK_OFFER_MESSAGES.tooClose,
    });
    // 10:00 taken meanwhile: not free for the service.
    await storeAppointment({
      userId: (await patient("Tim")).id,
      serviceId: service.id,
      date,
      time: "10:00",
    });
    expect(await offer({ entryId: morning.id })).toMatchObject({
      status: 409,
      message: DESK_OFFER_MESSAGES.notFree,
    });
    expect(await offer({ entryId: "nobody" })).toMatchObject({
      status: 404,
      message: DESK_OFFER_MESSAGES.notWaiting,
    });
    expect(
      await offer({}, undefined, { id: dentistUser.id, role: "reception" as const }),
    ).toMatchObject({ ok: false });
    expect(
      await offerTimeByHand(
        { id: dentistUser.id, role: "dentist" } as unknown as typeof reception,
        {
          entryId: morning.id,
        },
      ),
    ).toMatchObject({ status: 403, message: DESK_OFFER_MESSAGES.refused });
    const bads: Record<string, string>[] = [
      { entryId: "" },
      { date: "2026-02-30" },
      { time: "25:61" },
      { dentist: "x" },
    ];
    for (const bad of bads) {
      expect(await offer(bad), JSON.stringify(bad)).toMatchObject({ ok: false, status: 400 });
    }
    const limits = rateLimits().staffWrites;
    try {
      let last;
      for (let index = 0; index < 200; index += 1) {
        last = await offer({ entryId: "nobody" });
        if (!last.ok && last.status === 429) break;
      }
      expect(last).toMatchObject({ ok: false, status: 429 });
    } finally {
      limits.forget(staffWriteKey(reception.id));
    }
    expect(await prisma.waitlistOffer.count({ where: { entry: { serviceId: service.id } } })).toBe(
      0,
    );
  });
});

describe("book now", () => {
  it("books the waiting patient at the desk and takes them off the list, their open offer withdrawn", async () => {
    const { service, date, at } = await freedTime();
    const user = await createUser({ name: "Bea Booked" });
    const waiting = await entry(user, service.id, { fromDate: date, toDate: addDays(date, 2) });
    const offered = await offerTimeByHand(reception, {
      entryId: waiting.id,
      date,
      time: at.time,
      dentist: FIRST_DENTIST,
    });
    expect(offered).toMatchObject({ ok: true });
    const booked = await bookAtDesk(reception, {
      patientId: user.id,
      service: service.id,
      dentist: FIRST_DENTIST,
      date: addDays(date, 1),
      time: "11:00",
      waitlistEntry: waiting.id,
    });
    expect(booked).toMatchObject({ ok: true });
    expect(
      await prisma.waitlistEntry.findUniqueOrThrow({ where: { id: waiting.id } }),
    ).toMatchObject({
      status: "booked",
    });
    expect(
      (await prisma.waitlistOffer.findMany({ where: { entryId: waiting.id } })).map(
        (o) => o.status,
      ),
    ).toEqual(["withdrawn"]);
    // Another patient's entry is never closed by it.
    const stranger = await entry(await patient("Stu"), service.id, {
      fromDate: date,
      toDate: date,
    });
    const other = await bookAtDesk(reception, {
      patientId: user.id,
      service: service.id,
      dentist: FIRST_DENTIST,
      date: addDays(date, 1),
      time: "14:00",
      waitlistEntry: stranger.id,
    });
    expect(other).toMatchObject({ ok: true });
    expect(
      await prisma.waitlistEntry.findUniqueOrThrow({ where: { id: stranger.id } }),
    ).toMatchObject({
      status: "waiting",
    });
  });
});
