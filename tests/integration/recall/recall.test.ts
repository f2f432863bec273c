// Recall with the clock in the test's hands, as the reminder sweep's tests: a completed visit
// sets the due date, the sweep writes invitations only on the cadence's days while the clinic
// is open and under the daily cap, none while a visit of the type is booked or after an
// opt-out; the invitation's links book with the service and dentist chosen (the booking is
// counted) and stop the invitations. Mail is read at a real SMTP sink.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookAppointment } from "~/models/booking/book.server";
import { changeStatus } from "~/models/booking/status.server";
import { updateClinicSettings } from "~/models/settings/clinic-settings.server";
import { deliverDue } from "~/models/mail/outbox.server";
import {
  recallInvitationKey,
  recallOfBookLink,
  sweepRecallInvitations,
} from "~/models/recall/invitations.server";
import { recallLinkToken } from "~/models/recall/links.server";
import { changeRecall, noteRecallCall, recallList } from "~/models/recall/patient-recalls.server";
import { saveRecallSettings, saveRecallType } from "~/models/recall/recall-types.server";
import { loader as bookLink } from "~/routes/recall.book.$token";
import { action as stopAction, loader as stopLink } from "~/routes/recall.stop.$token";
import { action as bookingAction, loader as bookingPage } from "~/routes/make-appointment";
import { loader as recallPage } from "~/routes/staff.recall._index";
import { action as recallAction } from "~/routes/staff.recall.$id";
import { clinicNow, clinicTimeToUtc } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { limitStaffWrite, rateLimits, staffWriteKey } from "~/infra/rate-limit.server";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import {
  createService,
  createUser,
  FIRST_DENTIST,
  sessionFor,
  storeAppointment,
} from "../../support/factories";
import { startSmtpSink } from "../../support/smtp-sink";
import { actionArgs, formPost, get, loaderArgs, settle } from "../../support/auth-helpers";
import { failWrites } from "../../support/sql";
import { testEngine } from "../../support/engine";

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let serviceId: string;
const HOUR = 3_600_000;
const admin = { id: "recall-admin", role: "admin" as const };
/** The clinic's wall clock (New York), as the sweep reads it. */
const at = (date: string, time: string) => clinicTimeToUtc(date, time);

beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  serviceId = (await createService({ name: "Recall Check-up" })).id;
  await prisma.service.update({
    where: { id: serviceId },
    data: { recallTypeId: "recall-checkup" },
  });
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await sink.close();
});

/** A patient whose check-up on `date` was completed: their recall. */
async function completedCheckup(date: string, email?: string, time = "09:00") {
  const user = await createUser(email ? { email } : {});
  const visit = await storeAppointment({ userId: user.id, serviceId, date, time });
  const after = new Date(visit.startsAt.getTime() + HOUR);
  for (const to of ["checked_in", "completed"] as const) {
    const changed = await changeStatus(visit.id, to, { kind: "system" }, { now: after });
    if (!changed.ok) throw new Error(changed.message);
  }
  const recall = await prisma.patientRecall.findFirstOrThrow({ where: { userId: user.id } });
  return { user, recall };
}

const invitationsTo = (to: string) =>
  sink.messages.filter((mail) => mail.to.includes(to) && mail.subject.startsWith("Time to book"));

describe("recall", () => {
  it("sets the due date from a completed visit, and invites on the cadence's open days only", async () => {
    const to = "recall-rosa@example.com";
    const { user, recall } = await completedCheckup("2026-01-05", to);
    expect(recall).toMatchObject({
      recallTypeId: "recall-checkup",
      dueDate: "2026-07-05",
      lastVisitDate: "2026-01-05",
      serviceId,
      dentistId: FIRST_DENTIST,
      invitationsSent: 0,
      // Four weeks before: Sunday June 7, when the clinic is closed.
      nextInvitationOn: "2026-06-07",
    });
    expect(await sweepRecallInvitations(at("2026-06-06", "12:00"))).toMatchObject({ written: 0 });
    expect(await sweepRecallInvitations(at("2026-06-07", "12:00"))).toMatchObject({
      held: "closed",
      written: 0,
    });
    expect(await sweepRecallInvitations(at("2026-06-08", "08:59"))).toMatchObject({
      held: "closed",
    });
    expect(await sweepRecallInvitations(at("2026-06-08", "09:00"))).toMatchObject({ written: 1 });
    // A second sweep (or a second process) writes nothing twice.
    expect(await sweepRecallInvitations(at("2026-06-08", "09:05"))).toMatchObject({ written: 0 });
    await deliverDue(at("2026-06-08", "09:05"));
    const mail = await sink.waitFor(to, (m) => m.subject.startsWith("Time to book"));
    expect(mail.subject).toBe("Time to book your check-up");
    expect(mail.text).toContain("your check-up is due on");
    expect(mail.text).toContain("Recall Check-up with Dr. Anita Patel");
    const book = /\/recall\/book\/([\w.-]+)/.exec(mail.text)?.[1];
    const stop = /\/recall\/stop\/([\w.-]+)/.exec(mail.text)?.[1];
    expect(book).toBeDefined();
    expect(stop).toBeDefined();
    const stored = await prisma.outboxMessage.findUniqueOrThrow({
      where: { dedupeKey: recallInvitationKey(recall.id, "2026-07-05", 1) },
    });
    // The delivered text held links: erased, like every mail that carries them.
    expect(stored.text).not.toContain("/recall/");

    // The book link opens the booking form with the service and the usual dentist chosen.
    const opened = await settle(() =>
      bookLink(loaderArgs(get(`/recall/book/${book}`), { token: book })),
    );
    expect(opened.status).toBe(302);
    const target = new URL(opened.location!, "http://localhost");
    expect(target.pathname).toBe("/make-appointment");
    expect(target.searchParams.get("service")).toBe(serviceId);
    expect(target.searchParams.get("dentist")).toBe(FIRST_DENTIST);
    const { cookie } = await sessionFor(user);
    const page = await settle(() =>
      bookingPage(loaderArgs(get(`${target.pathname}${target.search}`, cookie))),
    );
    expect(page.body).toMatchObject({
      selected: { service: serviceId, dentist: FIRST_DENTIST },
      recall: book,
    });
    for (const wrong of ["nope", `${recall.id}.${"A".repeat(43)}`, book!.replace(/.$/, "x")]) {
      const refused = await settle(() =>
        bookLink(loaderArgs(get(`/recall/book/${wrong}`), { token: wrong })),
      );
      expect(refused.status, wrong).toBe(404);
    }

    // Booking through it counts the invitation as converted.
    const date = upcoming(TUESDAY, 3);
    const booked = await settle(() =>
      bookingAction(
        actionArgs(
          formPost(
            "/make-appointment",
            {
              name: "Rosa",
              email: to,
              phone: "555 0101",
              date,
              time: "10:00",
              service: serviceId,
              dentist: FIRST_DENTIST,
              message: "Check-up",
              recall: book!,
            },
            cookie,
          ),
        ),
      ),
    );
    expect(booked.status).toBe(302);
    const invitation = await prisma.recallInvitation.findFirstOrThrow({
      where: { recallId: recall.id },
    });
    expect(invitation.convertedAt).not.toBeNull();
    expect(invitation.appointmentId).toBe(
      (await prisma.appointment.findFirstOrThrow({ where: { userId: user.id, date } })).id,
    );

    // On the due date a visit of the type is booked: no invitation, it looks again tomorrow.
    expect(await sweepRecallInvitations(at("2026-07-06", "10:00"))).toMatchObject({ written: 0 });
    expect(
      await prisma.patientRecall.findUniqueOrThrow({ where: { id: recall.id } }),
    ).toMatchObject({
      invitationsSent: 1,
      nextInvitationOn: "2026-07-07",
    });
    expect(invitationsTo(to)).toHaveLength(1);
  });

  it("counts a booking through the link in the booking's own transaction: seen inside it, undone with it", async () => {
    const { user, recall } = await completedCheckup("2025-05-05");
    // The other tests' sweeps must not invite it.
    await prisma.patientRecall.update({
      where: { id: recall.id },
      data: { nextInvitationOn: null },
    });
    const invitation = await prisma.recallInvitation.create({
      data: {
        recallId: recall.id,
        step: 1,
        dueDate: recall.dueDate,
        sentAt: new Date(Date.now() - HOUR),
        sentOn: clinicNow(new Date(Date.now() - HOUR), "America/New_York").date,
        dentistId: FIRST_DENTIST,
      },
    });
    const token = recallLinkToken(recall.id, "book");
    const date = upcoming(TUESDAY, 4);
    const form = (time: string) => ({
      name: "Rosa",
      email: "rosa@example.com",
      phone: "555 0101",
      date,
      time,
      service: serviceId,
      dentist: FIRST_DENTIST,
      message: "Check-up",
    });
    const converted = () =>
      prisma.recallInvitation.findUniqueOrThrow({
        where: { id: invitation.id },
        select: { convertedAt: true, appointmentId: true },
      });

    // Another patient's booking through this link converts nothing; it stands.
    const stranger = await createUser();
    const theirs = await bookAppointment(form("11:00"), stranger.id, undefined, {
      recallId: recallOfBookLink(token),
    });
    expect(theirs.ok).toBe(true);
    expect(await converted()).toEqual({ convertedAt: null, appointmentId: null });

    // The conversion fails: the booking goes with it.
    const allowConversions = await failWrites({
      name: "refuse_conversion",
      table: "RecallInvitation",
      event: "UPDATE",
      message: "conversion refused",
    });
    try {
      await expect(
        bookAppointment(form("12:00"), user.id, undefined, { recallId: recallOfBookLink(token) }),
      ).rejects.toThrow(
        // SQLite's error names the call; PostgreSQL's is the trigger's own message.
        testEngine() === "sqlite" ? /recallInvitation\.updateMany/ : /conversion refused/,
      );
    } finally {
      await allowConversions();
    }
    expect(await prisma.appointment.count({ where: { userId: user.id, date } })).toBe(0);
    expect(await converted()).toEqual({ convertedAt: null, appointmentId: null });

    // It succeeds: already converted inside the booking's transaction, before its commit.
    let inside: Awaited<ReturnType<typeof converted>> | null = null;
    const booked = await bookAppointment(form("12:00"), user.id, undefined, {
      recallId: recallOfBookLink(token),
      async alsoInTransaction() {
        inside = await prisma.recallInvitation.findUniqueOrThrow({
          where: { id: invitation.id },
          select: { convertedAt: true, appointmentId: true },
        });
      },
    });
    if (!booked.ok) throw new Error(booked.message);
    expect(inside).toEqual({
      convertedAt: expect.any(Date),
      appointmentId: booked.appointment._id,
    });
    expect(await converted()).toEqual(inside);
  });

  it("honours the opt-out link, and starts again when asked", async () => {
    const to = "recall-stop@example.com";
    const { recall } = await completedCheckup("2026-01-06", to);
    expect(await sweepRecallInvitations(at("2026-06-08", "10:00"))).toMatchObject({ written: 1 });
    await deliverDue(at("2026-06-08", "10:00"));
    const mail = await sink.waitFor(to, (m) => m.subject.startsWith("Time to book"));
    const stop = /\/recall\/stop\/([\w.-]+)/.exec(mail.text)![1]!;
    // Opening the link changes nothing.
    const page = await settle(() =>
      stopLink(loaderArgs(get(`/recall/stop/${stop}`), { token: stop })),
    );
    expect(page.body).toMatchObject({ state: { optedOut: false } });
    expect(await prisma.recallOptOut.count({ where: { userId: recall.userId } })).toBe(0);
    const stopped = await settle(() =>
      stopAction(
        actionArgs(formPost(`/recall/stop/${stop}`, { intent: "stop" }), undefined, {
          token: stop,
        }),
      ),
    );
    expect(stopped.body).toMatchObject({
      done: expect.stringContaining("no more recall invitations"),
    });
    // The due date comes and goes: nothing more.
    expect(await sweepRecallInvitations(at("2026-07-06", "10:00"))).toMatchObject({ written: 0 });
    expect(
      await prisma.patientRecall.findUniqueOrThrow({ where: { id: recall.id } }),
    ).toMatchObject({ nextInvitationOn: null });
    const resumed = await settle(() =>
      stopAction(
        actionArgs(formPost(`/recall/stop/${stop}`, { intent: "resume" }), undefined, {
          token: stop,
        }),
      ),
    );
    expect(resumed.body).toMatchObject({ done: expect.stringContaining("again") });
    expect(
      await prisma.patientRecall.findUniqueOrThrow({ where: { id: recall.id } }),
    ).toMatchObject({ nextInvitationOn: "2026-07-06" });
    const wrong = await settle(() =>
      stopAction(
        actionArgs(formPost("/recall/stop/x", { intent: "stop" }), undefined, { token: "x" }),
      ),
    );
    expect(wrong.status).toBe(404);
  });

  it("keeps to the daily cap, and after an outage sends only the latest step due", async () => {
    await updateClinicSettings({ recallDailyCap: 1 });
    const first = await completedCheckup("2025-03-02");
    const second = await completedCheckup("2025-03-03");
    // Both were due in September 2025; nothing ran since. Wednesday June 10, 2026.
    const cap = await sweepRecallInvitations(at("2026-06-10", "10:00"));
    expect(cap.written).toBe(1);
    expect(await sweepRecallInvitations(at("2026-06-10", "11:00"))).toMatchObject({
      held: "cap",
      written: 0,
    });
    expect(await sweepRecallInvitations(at("2026-06-11", "10:00"))).toMatchObject({ written: 1 });
    for (const { recall } of [first, second]) {
      const sent = await prisma.recallInvitation.findMany({ where: { recallId: recall.id } });
      // Only the fourth step (six weeks after), once.
      expect(sent.map((invitation) => invitation.step)).toEqual([4]);
      expect(
        await prisma.patientRecall.findUniqueOrThrow({ where: { id: recall.id } }),
      ).toMatchObject({
        invitationsSent: 4,
        nextInvitationOn: null,
      });
    }
    await updateClinicSettings({ recallDailyCap: 40 });
  });

  it("lets staff change the interval or due date and note calls, audited; the list groups them", async () => {
    const { recall, user } = await completedCheckup("2026-05-04");
    const badDate = await changeRecall(
      recall.id,
      { dueDate: "2026-02-30", intervalMonths: "" },
      admin,
    );
    expect(badDate).toMatchObject({ ok: false, status: 400, field: "dueDate" });
    expect(
      await changeRecall(recall.id, { dueDate: recall.dueDate, intervalMonths: "40" }, admin),
    ).toMatchObject({ ok: false, field: "intervalMonths" });
    expect(
      await changeRecall(recall.id, { dueDate: recall.dueDate, intervalMonths: "3" }, admin),
    ).toMatchObject({ ok: true, dueDate: "2026-08-04" });
    expect(
      await changeRecall(recall.id, { dueDate: "2026-06-20", intervalMonths: "3" }, admin),
    ).toMatchObject({ ok: true, dueDate: "2026-06-20" });
    expect(
      await prisma.patientRecall.findUniqueOrThrow({ where: { id: recall.id } }),
    ).toMatchObject({
      intervalMonths: 3,
      dueDate: "2026-06-20",
      invitationsSent: 0,
      nextInvitationOn: "2026-05-23",
    });
    const trail = await prisma.auditEntry.findMany({
      where: { entityId: recall.id },
      orderBy: { at: "asc" },
    });
    expect(trail.map((entry) => entry.action)).toEqual(["recall.change", "recall.change"]);
    expect(JSON.parse(trail[1]!.before!)).toEqual({ intervalMonths: 3, dueDate: "2026-08-04" });
    expect(await noteRecallCall(recall.id, { outcome: "maybe" }, admin)).toMatchObject({
      ok: false,
      field: "outcome",
    });
    expect(
      await noteRecallCall(recall.id, { outcome: "no_answer", note: "x".repeat(501) }, admin),
    ).toMatchObject({ ok: false, field: "note" });
    expect(
      await noteRecallCall(recall.id, { outcome: "call_back", note: "After 5 pm" }, admin),
    ).toMatchObject({ ok: true });
    expect(await noteRecallCall("missing", { outcome: "call_back" }, admin)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(
      await prisma.auditEntry.count({
        where: { entityId: recall.id, action: "recall.call", patientId: user.id },
      }),
    ).toBe(1);

    const list = await recallList({}, at("2026-06-25", "10:00"));
    const mine = list.recalls.find((row) => row.id === recall.id)!;
    expect(mine).toMatchObject({
      standing: "overdue",
      lastCall: { outcome: "Asked to be called back" },
    });
    expect(
      (await recallList({}, at("2026-06-02", "10:00"))).recalls.find((row) => row.id === recall.id)
        ?.standing,
    ).toBe("due");
    // The first test's patient booked through the invitation.
    const july = await recallList({}, at("2026-07-10", "10:00"));
    expect(july.recalls.find((row) => row.dueDate === "2026-07-05")?.standing).toBe("booked");

    const reception = (await sessionFor(await createUser({ role: "reception" }))).cookie;
    const screen = await settle(() =>
      recallPage(loaderArgs(get("/staff/recall?dentist=nobody&type=recall-checkup", reception))),
    );
    expect(screen.status).toBe(200);
    expect(screen.body).toMatchObject({ dentistId: null, typeId: "recall-checkup" });
  });

  it("lets the admin keep recall types and the cadence, which moves the invitations not yet sent", async () => {
    expect(
      await saveRecallType({ name: "Implant review", intervalMonths: "12", active: "on" }, admin),
    ).toMatchObject({ ok: true });
    expect(
      await saveRecallType({ name: "implant review", intervalMonths: "12" }, admin),
    ).toMatchObject({ ok: false, field: "name" });
    expect(await saveRecallType({ name: "", intervalMonths: "12" }, admin)).toMatchObject({
      ok: false,
      field: "name",
    });
    expect(await saveRecallType({ name: "X", intervalMonths: "0" }, admin)).toMatchObject({
      ok: false,
      field: "intervalMonths",
    });
    const { recall } = await completedCheckup("2026-04-07");
    expect(recall.nextInvitationOn).toBe("2026-09-09");
    expect(await saveRecallSettings({ cadence: "7, -14", dailyCap: "25" }, admin)).toMatchObject({
      ok: true,
    });
    expect(
      await prisma.patientRecall.findUniqueOrThrow({ where: { id: recall.id } }),
    ).toMatchObject({ nextInvitationOn: "2026-09-23" });
    for (const cadence of ["", "1,2,3,4,5", "0, 0", "-200", "abc"]) {
      expect(await saveRecallSettings({ cadence, dailyCap: "25" }, admin), cadence).toMatchObject({
        ok: false,
        field: "cadence",
      });
    }
    expect(await saveRecallSettings({ cadence: "0", dailyCap: "-1" }, admin)).toMatchObject({
      ok: false,
      field: "dailyCap",
    });
    await saveRecallSettings({ cadence: "-28, 0, 14, 42", dailyCap: "40" }, admin);
  });

  it("takes the staff-write limit in the models, for either door, and the mail-link limit on the stop link, with Retry-After", async () => {
    const { recall } = await completedCheckup("2026-05-05");
    const staff = await createUser({ role: "reception" });
    const { cookie } = await sessionFor(staff);
    const actor = { id: staff.id, role: "reception" as const };
    const forget = () => rateLimits().staffWrites.forget(staffWriteKey(staff.id));
    try {
      for (let i = 0; i < 120; i += 1) expect(await limitStaffWrite(staff.id)).toBeNull();
      const change = { dueDate: "2026-09-01", intervalMonths: "" };
      expect(await changeRecall(recall.id, change, actor)).toMatchObject({
        ok: false,
        status: 429,
      });
      expect(await noteRecallCall(recall.id, { outcome: "call_back" }, actor)).toMatchObject({
        status: 429,
      });
      expect(await saveRecallType({ name: "Limited", intervalMonths: "6" }, actor)).toMatchObject({
        status: 429,
      });
      const page = await settle(() =>
        recallAction(
          actionArgs(
            formPost(`/staff/recall/${recall.id}`, { intent: "change", ...change }, cookie),
            undefined,
            { id: recall.id },
          ),
        ),
      );
      expect(page.status).toBe(429);
      expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(page.body).toMatchObject({ values: { dueDate: "2026-09-01" } });
      expect(
        await prisma.patientRecall.findUniqueOrThrow({ where: { id: recall.id } }),
      ).toMatchObject({ dueDate: recall.dueDate });
    } finally {
      await forget();
    }
    // The link is looked up after the limit: an unknown token counts the same.
    const press = () =>
      settle(() =>
        stopAction(
          actionArgs(formPost("/recall/stop/x", { intent: "stop" }), "203.0.113.77", {
            token: "x",
          }),
        ),
      );
    for (let i = 0; i < 20; i += 1) expect((await press()).status).toBe(404);
    const limited = await press();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
  it("holds every invitation on a closure day, and only a booked visit of the recall's own type holds one", async () => {
    // Completed on Tuesday February 10: due August 10, the first step Monday July 13.
    const free = await completedCheckup("2026-02-10", undefined, "09:00");
    const cancelled = await completedCheckup("2026-02-10", undefined, "10:00");
    const booked = await completedCheckup("2026-02-10", undefined, "11:00");
    const filling = (await createService({ name: "Recall Filling" })).id;
    const hygiene = (await createService({ name: "Recall Polish" })).id;
    await prisma.service.update({
      where: { id: hygiene },
      data: { recallTypeId: "recall-checkup" },
    });
    // A visit of a service without a recall type, a cancelled visit of the type, and a
    // booked visit of another service of the same type.
    await storeAppointment({
      userId: free.user.id,
      serviceId: filling,
      date: "2026-07-28",
      time: "10:00",
    });
    const dropped = await storeAppointment({
      userId: cancelled.user.id,
      serviceId,
      date: "2026-07-29",
      time: "10:00",
    });
    expect(
      (
        await changeStatus(
          dropped.id,
          "cancelled",
          { kind: "system" },
          { now: at("2026-07-01", "10:00") },
        )
      ).ok,
    ).toBe(true);
    await storeAppointment({
      userId: booked.user.id,
      serviceId: hygiene,
      date: "2026-07-30",
      time: "10:00",
    });
    const closure = await prisma.clinicClosure.create({
      data: { name: "Summer day", startDate: "2026-07-13", endDate: "2026-07-13" },
    });
    const sent = (id: string) => prisma.recallInvitation.count({ where: { recallId: id } });
    try {
      expect(await sweepRecallInvitations(at("2026-07-13", "12:00"))).toMatchObject({
        held: "closed",
        written: 0,
      });
      for (const { recall } of [free, cancelled, booked]) expect(await sent(recall.id)).toBe(0);
      await sweepRecallInvitations(at("2026-07-14", "12:00"));
      expect(await sent(free.recall.id)).toBe(1);
      expect(await sent(cancelled.recall.id)).toBe(1);
      expect(await sent(booked.recall.id)).toBe(0);
      expect(
        await prisma.patientRecall.findUniqueOrThrow({ where: { id: booked.recall.id } }),
      ).toMatchObject({ invitationsSent: 0, nextInvitationOn: "2026-07-15" });
    } finally {
      await prisma.clinicClosure.delete({ where: { id: closure.id } });
    }
  });
});
