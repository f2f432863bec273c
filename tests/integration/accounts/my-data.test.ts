// A patient's own data (issue 15): the export (page, API) and the account deletion, on a
// real SQLite file: what the export holds and never holds, what the deletion removes or
// anonymises, and that a deletion that fails half-way leaves the database as it was.
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { recordAudit } from "~/models/audit/trail.server";
import { bookAppointment } from "~/models/booking/book.server";
import { changeStatus } from "~/models/booking/status.server";
import { getClinicClock } from "~/models/settings/clinic-settings.server";
import { enqueueMail, mailOf } from "~/models/mail/outbox.server";
import { deleteMyAccount, ERASURE_STEPS } from "~/models/accounts/deletion.server";
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  FORMER_PATIENT,
  MY_DATA_MESSAGES,
  REAUTH_WINDOW_MS,
  type MyDataExport,
} from "~/models/accounts/my-data.server";
import { registerUser } from "~/models/accounts/user.server";
import { joinWaitlist } from "~/models/waitlist/waitlist.server";
import { loader as exportApi } from "~/routes/api.me.export";
import { action as meApi } from "~/routes/api.me";
import { action as deletePage, loader as deleteLoader } from "~/routes/user.delete-account";
import { loader as dataLoader } from "~/routes/user.data";
import { action as dataPage } from "~/routes/user.data.export";
import { formatDate, formatDateTime, formatTime } from "~/utils/clinic-format";
import { addDays, clinicNow } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { sendMail } from "~/infra/mail.server";
import { RATE_LIMIT_MESSAGE } from "~/infra/rate-limit.server";
import { hashToken } from "~/infra/token-hash.server";
import {
  actionArgs,
  formPost,
  freshIp,
  get,
  jsonRequest,
  loaderArgs,
  settle,
  toastOf,
} from "../../support/auth-helpers";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import { createService, createUser, sessionFor, storeAppointment } from "../../support/factories";
import { startSmtpSink } from "../../support/smtp-sink";
import { TEST_PASSWORD } from "../../support/test-password";
import { testEngine } from "../../support/engine";
import { tableNames } from "../../support/sql";

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let serviceId: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  serviceId = (await createService({ name: "Gentle Cleaning" })).id;
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await sink.close();
});

const unique = () => randomBytes(4).toString("hex");
let booked = 0;

/** A patient with one of everything: bookings past and upcoming, a review, links, a trail. */
async function patientWithHistory() {
  const tag = unique();
  const user = await createUser({
    name: `Grace ${tag}`,
    email: `grace-${tag}@example.com`,
    address: `12 Harbour Road ${tag}`,
  });
  const phone = `+1 555 ${tag}`;
  const contact = { name: `Grace H ${tag}`, email: `contact-${tag}@example.com`, phone };
  // Each patient its own slot: the first dentist's and chair's holds span the file's tests.
  const times = ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"];
  const slot = booked++;
  const time = times[slot % times.length]!;
  const withContact = (id: string, message: string) =>
    prisma.appointment.update({ where: { id }, data: { ...contact, message } });
  const future = await withContact(
    (
      await storeAppointment({
        userId: user.id,
        serviceId,
        date: upcoming(TUESDAY, 1 + Math.floor(slot / times.length)),
        time,
      })
    ).id,
    `Sensitive tooth ${tag}`,
  );
  const past = await withContact(
    (
      await storeAppointment({
        userId: user.id,
        serviceId,
        date: addDays("2024-03-05", slot),
        time,
      })
    ).id,
    `Past visit ${tag}`,
  );
  const review = await prisma.review.create({
    data: {
      name: user.name,
      message: `Lovely staff ${tag}`,
      rating: 5,
      serviceId,
      userId: user.id,
    },
  });
  const service = await createService({ name: `Whitening ${tag}` });
  await prisma.service.update({ where: { id: service.id }, data: { createdById: user.id } });
  const inAnHour = new Date(Date.now() + 3_600_000);
  await prisma.passwordReset.create({
    data: { userId: user.id, tokenHash: hashToken(unique()), expiresAt: inAnHour },
  });
  await prisma.emailVerification.create({
    data: { userId: user.id, tokenHash: hashToken(unique()), expiresAt: inAnHour },
  });
  const waitlistEntry = await prisma.waitlistEntry.create({
    data: {
      userId: user.id,
      serviceId,
      fromDate: upcoming(TUESDAY, 1),
      toDate: upcoming(TUESDAY, 2),
      partOfDay: "morning",
      phone,
      offers: {
        create: {
          startsAt: new Date(Date.now() + 7 * 86_400_000),
          dentistId: future.dentistId,
          tokenHash: hashToken(unique()),
          expiresAt: inAnHour,
        },
      },
    },
  });
  await recordAudit({
    actor: { id: null, role: "system" },
    action: "patient.view",
    entityType: "User",
    entityId: user.id,
    patientId: user.id,
    // As the desk's card wrote it before issue 21: the patient's name in the sentence.
    summary: `Viewed the card of ${user.name}`,
    before: { name: user.name, phone, time: "09:00" },
    after: { name: "Someone", phone, time: "10:00", note: "call back after 5" },
  });
  const { token, cookie } = await sessionFor(user);
  return {
    user,
    tag,
    phone,
    contact,
    future,
    past,
    review,
    service,
    waitlistEntry,
    token,
    cookie,
  };
}

function exportRequest(cookie: string) {
  return formPost("/user/data/export", {}, cookie);
}

async function exported(cookie: string) {
  const response = (await dataPage(actionArgs(exportRequest(cookie)))) as Response;
  expect(response.status).toBe(200);
  return { response, document: (await response.json()) as MyDataExport };
}

/**
 * The rate limits' counters, which PostgreSQL keeps in tables (shared by the servers) and
 * SQLite in memory: a refused or failed deletion still counts its attempt there.
 */
const COUNTERS = new Set(["rate_limit_points", "rate_limit_items"]);

/** Every row of every table, as text: what a staff screen or a backup could ever show. */
async function wholeDatabase() {
  // In the order the rows are stored: SQLite's rowid, PostgreSQL's ctid.
  const order = testEngine() === "sqlite" ? "rowid" : "ctid";
  const dump: Record<string, unknown[]> = {};
  for (const name of (await tableNames()).filter((table) => !COUNTERS.has(table))) {
    dump[name] = await prisma.$queryRawUnsafe(`SELECT * FROM "${name}" ORDER BY ${order}`);
  }
  return JSON.stringify(dump, (_key, value: unknown) =>
    typeof value === "bigint" ? value.toString() : value,
  );
}

describe("export", () => {
  it("lists the clinic's mail to me by kind, subject and date, never its text or another's mail", async () => {
    const mine = await patientWithHistory();
    const other = await createUser();
    for (const [user, subject] of [
      [mine.user, "Your reset link"],
      [other, "Someone else's reset link"],
    ] as const) {
      await enqueueMail({
        dedupeKey: `my-data-test:${user.id}`,
        kind: "reset",
        to: user.email,
        subject,
        text: "https://clinic.example/reset-password/secret-token",
        userId: user.id,
      });
    }
    const { document } = await exported(mine.cookie);
    expect(document.mails).toEqual([
      expect.objectContaining({ kind: "reset", subject: "Your reset link", status: "pending" }),
    ]);
    expect(JSON.stringify(document)).not.toContain("secret-token");
  });

  it("the page's download: a dated JSON attachment, never cached, with everything about me", async () => {
    const mine = await patientWithHistory();
    await changeStatus(
      mine.future.id,
      "confirmed",
      { kind: "system" },
      { note: "Confirmed by phone" },
    );
    const { response, document } = await exported(mine.cookie);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="dental-clinic-my-data-${clinicNow().date}.json"`,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(document).toMatchObject({
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      profile: {
        id: mine.user.id,
        name: mine.user.name,
        email: mine.user.email,
        address: mine.user.address,
        provider: "local",
        hasPassword: true,
        googleLinked: false,
      },
    });
    expect(Object.keys(document).sort()).toEqual(
      [
        "activity",
        "appointments",
        "emailVerifications",
        "exportedAt",
        "format",
        "forms",
        "mails",
        "passwordResets",
        "profile",
        "recall",
        "reviews",
        "servicesAdded",
        "signInSessions",
        "version",
        "textsReceived",
        "waitlist",
      ].sort(),
    );
    expect(document.appointments.map((a) => a.id)).toEqual([mine.past.id, mine.future.id]);
    expect(document.appointments[1]!.statusHistory).toEqual([
      expect.objectContaining({ from: "booked", to: "confirmed", note: "Confirmed by phone" }),
    ]);
    expect(document.appointments[1]).toMatchObject({
      ...mine.contact,
      status: "confirmed",
      service: { id: serviceId, name: "Gentle Cleaning" },
    });
    expect(document.reviews).toEqual([
      expect.objectContaining({ id: mine.review.id, message: `Lovely staff ${mine.tag}` }),
    ]);
    expect(document.servicesAdded.map((s) => s.id)).toEqual([mine.service.id]);
    expect(document.signInSessions).toHaveLength(1);
    expect(Object.keys(document.signInSessions[0]!).sort()).toEqual([
      "createdAt",
      "expiresAt",
      "ipAddress",
      "lastSeenAt",
      "userAgent",
    ]);
    expect(document.passwordResets).toHaveLength(1);
    expect(document.emailVerifications).toHaveLength(1);
    expect(document.activity[0]).toMatchObject({ action: "patient.view", actorRole: "system" });
    expect(document.waitlist).toEqual([
      expect.objectContaining({
        id: mine.waitlistEntry.id,
        service: expect.objectContaining({ id: serviceId }),
        partOfDay: "morning",
        phone: mine.phone,
        status: "waiting",
        offers: [expect.objectContaining({ status: "open" })],
      }),
    ]);
    expect(Object.keys(document.waitlist[0]!.offers[0]!)).not.toContain("tokenHash");
  });

  it("holds nothing of another patient and no secret: hashes, tokens, Google id", async () => {
    const other = await patientWithHistory();
    const mine = await createUser({ googleId: `google-${unique()}` });
    const { token, cookie } = await sessionFor(mine);
    const text = JSON.stringify((await exported(cookie)).document);
    for (const secret of [mine.passwordHash!, mine.googleId!, token, hashToken(token)]) {
      expect(text).not.toContain(secret);
    }
    for (const theirs of [
      other.user.id,
      other.user.email,
      other.user.name,
      other.phone,
      other.tag,
    ]) {
      expect(text).not.toContain(theirs);
    }
    expect(text).not.toMatch(/tokenHash|passwordHash|googleId/);
  });

  it("is audited, who and when, without its contents", async () => {
    const mine = await patientWithHistory();
    await exported(mine.cookie);
    const entry = await prisma.auditEntry.findFirstOrThrow({
      where: { patientId: mine.user.id, action: "data.export" },
    });
    expect(entry).toMatchObject({
      actorId: mine.user.id,
      actorRole: "patient",
      before: null,
      after: null,
      summary: "The patient downloaded their data",
    });
  });

  it("GET /api/me/export answers the same document to the token, 401 without one", async () => {
    const mine = await patientWithHistory();
    const response = await exportApi(
      loaderArgs(
        new Request("http://localhost/api/me/export", {
          headers: { authorization: `Bearer ${mine.token}` },
        }),
      ),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const document = (await response.json()) as MyDataExport;
    expect(document.profile.email).toBe(mine.user.email);
    expect(document.appointments).toHaveLength(2);
    const anonymous = await exportApi(loaderArgs(get("/api/me/export")));
    expect(anonymous.status).toBe(401);
  });

  it("signed out, the page answers 401 with the way to login and back", async () => {
    expect(await settle(() => dataLoader(loaderArgs(get("/user/data"))))).toMatchObject({
      status: 401,
      body: { signInRequired: true, redirectTo: "/user/data" },
    });
    const posted = await settle(() => dataPage(actionArgs(exportRequest(""))));
    expect(posted.location).toBe("/login?redirectTo=%2Fuser%2Fdata");
  });

  it("is limited to ten a minute per account: back to the page with the message", async () => {
    const mine = await createUser();
    const { cookie } = await sessionFor(mine);
    for (let i = 0; i < 10; i += 1) await exported(cookie);
    const refused = await settle(() => dataPage(actionArgs(exportRequest(cookie))));
    expect(refused).toMatchObject({ status: 302, location: "/user/data" });
    expect(await toastOf(refused.headers)).toEqual({ type: "error", message: RATE_LIMIT_MESSAGE });
  });
});

describe("deletion", () => {
  it("leaves staff nothing of the patient: the patient search finds no one, the diary shows a former patient", async () => {
    const mine = await patientWithHistory();
    const { searchPatients } = await import("~/models/patients/search.server");
    const { diaryDay } = await import("~/models/front-desk/diary.server");
    await prisma.clinicSettings.updateMany({ data: { email: "front-desk@clinic.example" } });
    expect((await searchPatients(mine.user.email)).length).toBe(1);
    await deleteMyAccount(
      mine.user,
      { password: TEST_PASSWORD },
      { request: get("/user/delete-account", mine.cookie) },
    );
    for (const term of [mine.user.email, mine.user.name, mine.contact.name, mine.contact.phone]) {
      expect(await searchPatients(term), term).toEqual([]);
    }
    const staff = await createUser({ role: "reception" });
    const diary = await diaryDay({ date: mine.future.date, view: "dentist", viewer: staff });
    const visit = diary.visits.find((entry) => entry._id === mine.future.id);
    expect(visit).toMatchObject({
      name: "Former patient",
      status: "cancelled",
    });
    expect(JSON.stringify(diary)).not.toContain(mine.user.email);
    expect(JSON.stringify(diary)).not.toContain(mine.contact.name);
    // The clinic hears which time became free, through the outbox, and nothing of whose.
    const notice = await prisma.outboxMessage.findFirstOrThrow({
      where: { toAddress: "front-desk@clinic.example", dedupeKey: { contains: mine.future.id } },
    });
    expect(notice.subject).toBe("1 appointment cancelled: a patient deleted their account");
    expect(notice.text).toContain("Gentle Cleaning with Dr. Anita Patel");
    for (const personal of [
      mine.user.name,
      mine.user.email,
      mine.contact.name,
      mine.contact.phone,
    ]) {
      expect(JSON.stringify(notice)).not.toContain(personal);
    }
  });

  it("removes the profile, sign-ins and links; cancels upcoming bookings; anonymises the rest", async () => {
    const mine = await patientWithHistory();
    const other = await patientWithHistory();
    const otherBefore = await prisma.appointment.findMany({ where: { userId: other.user.id } });

    const result = await deleteMyAccount(
      mine.user,
      { password: TEST_PASSWORD },
      {
        request: get("/user/delete-account", mine.cookie),
      },
    );
    expect(result).toMatchObject({ ok: true, message: MY_DATA_MESSAGES.deleted });

    expect(await prisma.user.findUnique({ where: { id: mine.user.id } })).toBeNull();
    expect(await prisma.session.count({ where: { userId: mine.user.id } })).toBe(0);
    expect(await prisma.passwordReset.count({ where: { userId: mine.user.id } })).toBe(0);
    expect(await prisma.emailVerification.count({ where: { userId: mine.user.id } })).toBe(0);
    expect(await prisma.waitlistEntry.count({ where: { userId: mine.user.id } })).toBe(0);
    expect(await prisma.waitlistOffer.count({ where: { entryId: mine.waitlistEntry.id } })).toBe(0);

    const anonymous = { userId: null, name: FORMER_PATIENT, email: "", phone: "", message: "" };
    expect(await prisma.appointment.findUnique({ where: { id: mine.future.id } })).toMatchObject({
      ...anonymous,
      status: "cancelled",
      date: mine.future.date,
      time: mine.future.time,
      sequence: mine.future.sequence + 1,
    });
    // Cancelled as the patient's own cancel does it: the time freed, the change recorded.
    expect(await prisma.slotHold.count({ where: { appointmentId: mine.future.id } })).toBe(0);
    expect(
      await prisma.appointmentStatusChange.findMany({
        where: { appointmentId: mine.future.id },
        select: { from: true, to: true },
      }),
    ).toEqual([{ from: "booked", to: "cancelled" }]);
    expect(await prisma.appointment.findUnique({ where: { id: mine.past.id } })).toMatchObject({
      ...anonymous,
      date: mine.past.date,
    });
    expect(await prisma.review.findUnique({ where: { id: mine.review.id } })).toMatchObject({
      name: FORMER_PATIENT,
      userId: null,
      rating: 5,
    });
    expect(await prisma.service.findUnique({ where: { id: mine.service.id } })).toMatchObject({
      createdById: null,
    });

    // The trail keeps what happened, not who: the earlier entry loses the patient's fields and
    // name, keeps the staff's note, and the deletion is recorded.
    const trail = await prisma.auditEntry.findMany({
      where: { patientId: mine.user.id },
      orderBy: { at: "asc" },
    });
    expect(trail.map((e) => e.action)).toEqual(["patient.view", "account.delete"]);
    expect(JSON.parse(trail[0]!.before!)).toEqual({
      name: "[removed]",
      phone: "[removed]",
      time: "09:00",
    });
    expect(trail[0]!.summary).toBe("Viewed the patient's card");
    expect(JSON.parse(trail[0]!.after!)).toEqual({
      name: "[removed]",
      phone: "[removed]",
      time: "10:00",
      note: "call back after 5",
    });
    expect(trail[1]).toMatchObject({ actorId: mine.user.id, actorRole: "patient", before: null });
    expect(trail[1]!.summary).toContain("1 upcoming appointment(s) cancelled");

    // Nothing anywhere still names the patient; the other patient is untouched.
    const database = await wholeDatabase();
    for (const personal of [
      mine.user.email,
      mine.user.name,
      mine.phone,
      mine.contact.email,
      mine.contact.name,
      mine.user.address,
    ]) {
      expect(database).not.toContain(personal);
    }
    expect(database).toContain(other.user.email);
    expect(await prisma.appointment.findMany({ where: { userId: other.user.id } })).toEqual(
      otherBefore,
    );

    // The patient gets the cancellation, at the address the account had proven.
    const mail = await sink.waitFor(mine.user.email, (m) => m.subject.includes("is cancelled"));
    const clock = await getClinicClock();
    expect(mail.text).toContain(`Date: ${formatDate(mine.future.date, clock)}`);
    expect(mail.text).toContain(`Time: ${formatTime(mine.future.time, clock)}`);
  });

  it('cuts the link to the person and edits no other text: a patient named "e" (issue 21.6)', async () => {
    const tag = unique();
    const user = await createUser({ name: "e", email: `e-${tag}@example.com` });
    const desk = await createUser({ name: `Desk ${tag}`, role: "reception" });
    const { cookie } = await sessionFor(user);
    const staffWords = {
      summary: "Moved from Tuesday 10:00 (Dr Chen) to Wednesday 11:00 (Dr Chen): she asked",
      after: JSON.stringify({ date: "2099-01-07", reason: "see the desk's note" }),
    };
    await recordAudit({
      actor: { id: desk.id, role: "reception" },
      action: "appointment.move",
      entityType: "appointment",
      entityId: `visit-${tag}`,
      patientId: user.id,
      summary: staffWords.summary,
      after: { date: "2099-01-07", reason: "see the desk's note" },
    });
    // Two cancelled visits: the patient's reason goes with them, the desk's stays.
    const visit = (week: number, time: string) =>
      storeAppointment({ userId: user.id, serviceId, date: upcoming(TUESDAY, week), time });
    const own = await visit(5, "14:00");
    const desks = await visit(5, "14:30");
    await changeStatus(
      own.id,
      "cancelled",
      { kind: "patient", userId: user.id },
      { reason: "e: feeling unwell" },
    );
    await changeStatus(
      desks.id,
      "cancelled",
      { kind: "staff", id: desk.id, role: "reception" },
      { reason: "Dentist ill" },
    );
    // The patient registered the clinic's own address: the clinic's notices are not theirs.
    const clinicNotice = await enqueueMail({
      dedupeKey: `clinic-${tag}`,
      kind: "cancellation",
      to: user.email,
      subject: "A visit was cancelled",
      text: "The time is free again.",
    });
    const theirs = await enqueueMail({
      dedupeKey: `theirs-${tag}`,
      kind: "booking",
      to: user.email,
      subject: "Your visit",
      text: "Dear e, see you soon.",
      userId: user.id,
    });
    // Where mail goes to files, each message's file is named by it.
    const smtp = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    try {
      for (const message of [clinicNotice, theirs]) await sendMail(mailOf(message));
    } finally {
      process.env.SMTP_URL = smtp;
    }
    const outbox = process.env.OUTBOX_DIR!;
    const fileOf = (id: string) =>
      readdirSync(outbox).find((name) => name.endsWith(`-outbox-${id}.eml`));
    expect(fileOf(theirs.id)).toBeDefined();

    const result = await deleteMyAccount(
      user,
      { password: TEST_PASSWORD },
      { request: get("/user/delete-account", cookie) },
    );
    expect(result.ok).toBe(true);

    const moved = await prisma.auditEntry.findFirstOrThrow({
      where: { patientId: user.id, action: "appointment.move" },
    });
    expect({ summary: moved.summary, after: moved.after }).toEqual(staffWords);
    expect(await prisma.appointment.findUnique({ where: { id: own.id } })).toMatchObject({
      cancelReason: null,
      name: FORMER_PATIENT,
    });
    expect(await prisma.appointment.findUnique({ where: { id: desks.id } })).toMatchObject({
      cancelReason: "Dentist ill",
    });
    expect(
      await prisma.outboxMessage.findUnique({ where: { id: clinicNotice.id } }),
    ).not.toBeNull();
    expect(await prisma.outboxMessage.findUnique({ where: { id: theirs.id } })).toBeNull();
    expect(fileOf(theirs.id)).toBeUndefined();
    expect(fileOf(clinicNotice.id)).toBeDefined();
  });

  it("cancels through the booking core: the freed time is offered to the waiting list, nothing is stored for the leaver", async () => {
    const tag = unique();
    const service = await createService({ name: `Polish ${tag}` });
    const date = upcoming(TUESDAY, 6);
    const leaver = await createUser({ name: `Leo ${tag}`, email: `leo-${tag}@example.com` });
    const waiter = await createUser({ name: `Wanda ${tag}`, email: `wanda-${tag}@example.com` });
    const booked = await bookAppointment(
      {
        service: service.id,
        dentist: "dentist-first",
        name: leaver.name,
        email: leaver.email,
        phone: "+1 555 0142",
        date,
        time: "15:00",
        message: "Polish, please",
      },
      leaver.id,
    );
    if (!booked.ok) throw new Error(booked.message);
    const joined = await joinWaitlist(waiter.id, {
      service: service.id,
      fromDate: addDays(date, -1),
      toDate: addDays(date, 1),
      phone: "+1 555 0143",
    });
    if (!joined.ok) throw new Error(joined.message);
    const { cookie } = await sessionFor(leaver);

    const result = await deleteMyAccount(
      leaver,
      { password: TEST_PASSWORD },
      { request: get("/user/delete-account", cookie) },
    );
    expect(result).toMatchObject({ ok: true, counts: { cancelUpcomingAppointments: 1 } });

    const startsAt = booked.appointment.startsAt;
    expect(
      await prisma.waitlistOffer.findMany({
        where: { entryId: joined.entryId },
        select: { startsAt: true, dentistId: true, status: true },
      }),
    ).toEqual([{ startsAt: new Date(startsAt), dentistId: "dentist-first", status: "open" }]);
    const offer = await prisma.outboxMessage.findFirstOrThrow({
      where: { userId: waiter.id, kind: "waitlist_offer" },
    });
    expect(offer.toAddress).toBe(waiter.email);
    expect(offer.subject).toBe(
      `A time has come free: ${service.name} on ${formatDateTime(date, "15:00", await getClinicClock())}`,
    );
    expect(JSON.stringify(offer)).not.toContain(leaver.name);
    // Nothing about the leaver is kept to be mailed: their cancellation goes out unstored.
    expect(await prisma.outboxMessage.count({ where: { toAddress: leaver.email } })).toBe(0);
    expect(
      await prisma.outboxMessage.count({
        where: { appointmentId: booked.appointment._id, kind: "cancellation" },
      }),
    ).toBe(0);
    await sink.waitFor(leaver.email, (m) => m.subject.includes("is cancelled"));
    // The trail has the deletion, and nothing that names the leaver.
    const trail = await prisma.auditEntry.findMany({ where: { patientId: leaver.id } });
    expect(trail.map((entry) => entry.action)).toEqual(["account.delete"]);
    for (const personal of [leaver.name, leaver.email, "+1 555 0142"]) {
      expect(JSON.stringify(trail)).not.toContain(personal);
    }
    expect(
      await prisma.appointment.findUniqueOrThrow({ where: { id: booked.appointment._id } }),
    ).toMatchObject({
      status: "cancelled",
      name: FORMER_PATIENT,
      cancelReason: "Cancelled: the patient deleted their account",
    });
  });

  it("afterwards the address registers again as a new account", async () => {
    const mine = await patientWithHistory();
    await deleteMyAccount(
      mine.user,
      { password: TEST_PASSWORD },
      { request: get("/", mine.cookie) },
    );
    const again = await registerUser(
      {
        name: "Grace Again",
        email: mine.user.email,
        password: "another-secret-1",
        userImage: "https://example.com/a.png",
      },
      { clientIp: freshIp() },
    );
    expect(again).toMatchObject({ ok: true });
    const fresh = await prisma.user.findUniqueOrThrow({ where: { email: mine.user.email } });
    expect(fresh.id).not.toBe(mine.user.id);
    expect(await prisma.appointment.count({ where: { userId: fresh.id } })).toBe(0);
  });

  it("a step that fails half-way leaves every table as it was (one transaction)", async () => {
    const mine = await patientWithHistory();
    const before = await wholeDatabase();
    const failing = [...ERASURE_STEPS];
    const half = failing.findIndex((step) => step.name === "anonymiseAuditTrail");
    failing.splice(half, 0, {
      name: "breaks",
      run: () => Promise.reject(new Error("the disk is full")),
    });
    await expect(
      deleteMyAccount(
        mine.user,
        { password: TEST_PASSWORD },
        { request: get("/", mine.cookie), steps: failing },
      ),
    ).rejects.toThrow("the disk is full");
    expect(await wholeDatabase()).toBe(before);
    await sink.idle();
    expect(sink.messages.filter((m) => m.to.includes(mine.user.email))).toEqual([]);
  });

  it("refuses a missing or wrong password and changes nothing", async () => {
    const mine = await patientWithHistory();
    const before = await wholeDatabase();
    const request = get("/", mine.cookie);
    expect(await deleteMyAccount(mine.user, {}, { request })).toMatchObject({
      ok: false,
      status: 400,
      message: MY_DATA_MESSAGES.passwordRequired,
    });
    for (const password of ["wrong-password", 42, "x".repeat(5000)]) {
      expect(await deleteMyAccount(mine.user, { password }, { request })).toMatchObject({
        ok: false,
        status: password === 42 ? 400 : 403,
      });
    }
    expect(await wholeDatabase()).toBe(before);
  });

  it("limits password attempts per account", async () => {
    const mine = await createUser();
    const request = get("/");
    for (let i = 0; i < 10; i += 1) {
      expect(await deleteMyAccount(mine, { password: "wrong" }, { request })).toMatchObject({
        status: 403,
      });
    }
    expect(await deleteMyAccount(mine, { password: TEST_PASSWORD }, { request })).toMatchObject({
      status: 429,
      message: RATE_LIMIT_MESSAGE,
    });
    expect(await prisma.user.findUnique({ where: { id: mine.id } })).not.toBeNull();
  });

  it("a Google-only account confirms with a Google sign-in of the last 5 minutes", async () => {
    const mine = await createUser({ provider: "google", googleId: `google-${unique()}` });
    const { cookie } = await sessionFor(mine);
    const request = get("/user/delete-account", cookie);
    const session = await prisma.session.findFirstOrThrow({ where: { userId: mine.id } });
    const later = new Date(session.createdAt.getTime() + REAUTH_WINDOW_MS + 1000);
    expect(
      await deleteMyAccount(mine, { password: "anything" }, { request, now: later }),
    ).toMatchObject({
      ok: false,
      status: 403,
      message: MY_DATA_MESSAGES.googleReauthRequired,
    });
    // Another account's fresh session proves nothing about this one.
    const stranger = await createUser();
    const strangers = get("/", (await sessionFor(stranger)).cookie);
    expect(await deleteMyAccount(mine, {}, { request: strangers })).toMatchObject({ status: 403 });
    expect(await deleteMyAccount(mine, {}, { request })).toMatchObject({ ok: true });
    expect(await prisma.user.findUnique({ where: { id: mine.id } })).toBeNull();
  });

  it("staff accounts are not deleted here", async () => {
    const staff = await createUser({ role: "reception" });
    expect(
      await deleteMyAccount(staff, { password: TEST_PASSWORD }, { request: get("/") }),
    ).toMatchObject({
      status: 403,
      message: MY_DATA_MESSAGES.staffAccount,
    });
  });
});

describe("deletion pages and API", () => {
  it("the page: signed-out 401; wrong password shows the message; right one signs out and goes home", async () => {
    expect(await settle(() => deleteLoader(loaderArgs(get("/user/delete-account"))))).toMatchObject(
      {
        status: 401,
      },
    );
    const mine = await patientWithHistory();
    const page = await settle(() =>
      deleteLoader(loaderArgs(get("/user/delete-account", mine.cookie))),
    );
    expect(page.body).toMatchObject({ email: mine.user.email, withGoogle: false });
    const wrong = await settle(() =>
      deletePage(actionArgs(formPost("/user/delete-account", { password: "nope" }, mine.cookie))),
    );
    expect(wrong).toMatchObject({ status: 403, body: { error: MY_DATA_MESSAGES.wrongPassword } });
    const done = await settle(() =>
      deletePage(
        actionArgs(formPost("/user/delete-account", { password: TEST_PASSWORD }, mine.cookie)),
      ),
    );
    expect(done.status).toBe(302);
    expect(done.location).toBe("/");
    expect(await toastOf(done.headers)).toEqual({
      type: "success",
      message: MY_DATA_MESSAGES.deleted,
    });
    expect(done.headers.getSetCookie().some((line) => /expires=Thu, 01 Jan 1970/i.test(line))).toBe(
      true,
    );
    // The old cookie is worth nothing now.
    expect(
      await settle(() => dataLoader(loaderArgs(get("/user/data", mine.cookie)))),
    ).toMatchObject({
      status: 401,
    });
  });

  it("DELETE /api/me: the token and the password; the token is revoked with the account", async () => {
    const mine = await patientWithHistory();
    const auth = { authorization: `Bearer ${mine.token}` };
    const wrong = await meApi(
      actionArgs(jsonRequest("/api/me", "DELETE", { password: "nope" }, auth)),
    );
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ success: false, message: MY_DATA_MESSAGES.wrongPassword });
    const wrongMethod = await meApi(
      actionArgs(jsonRequest("/api/me", "POST", { password: TEST_PASSWORD }, auth)),
    );
    expect(wrongMethod.status).toBe(405);
    const done = await meApi(
      actionArgs(jsonRequest("/api/me", "DELETE", { password: TEST_PASSWORD }, auth)),
    );
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ success: true, message: MY_DATA_MESSAGES.deleted });
    const again = await exportApi(
      loaderArgs(new Request("http://localhost/api/me/export", { headers: auth })),
    );
    expect(again.status).toBe(401);
  });

  it("an unexpected failure answers the message, never the error", async () => {
    const mine = await createUser();
    const { cookie } = await sessionFor(mine);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const spy = vi.spyOn(prisma, "$transaction").mockRejectedValueOnce(new Error("boom"));
    try {
      const result = await settle(() =>
        deletePage(
          actionArgs(formPost("/user/delete-account", { password: TEST_PASSWORD }, cookie)),
        ),
      );
      expect(result.status).toBe(500);
      expect(JSON.stringify(result.body)).not.toContain("boom");
      expect(error).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
      error.mockRestore();
    }
  });
});
