// The diary the desk works in (issue 23 part 2a), against a real SQLite file: the undo of a
// status change through the booking core (its history, holds, review request and recall),
// the diary's day (needs an outcome, counts, a closed day's reason, chairs all taken, a
// dentist's own day), a dentist's week, and the diary page's action.
import { beforeAll, describe, expect, it } from "vitest";
import { addClosure } from "~/models/settings/clinic-settings.server";
import { NOTHING_TO_UNDO_MESSAGE, TIME_TAKEN_SINCE_MESSAGE } from "~/models/booking/undo.server";
import { staffChangeStatus, staffUndo } from "~/models/front-desk/changes.server";
import { type DiaryColumn, diaryDay } from "~/models/front-desk/diary.server";
import { diaryWeek } from "~/models/front-desk/diary-week.server";
import { action as diaryAction, loader as diaryLoader } from "~/routes/staff._index";
import { UNDO_MINUTES } from "~/models/booking/appointment-status";
import { addDays, clinicNow, clinicTimeToUtc } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { MONDAY, SUNDAY, TUESDAY, upcoming, WEDNESDAY } from "../../support/clinic-dates";
import {
  createService,
  createUser,
  FIRST_CHAIR,
  FIRST_DENTIST,
  sessionFor,
  storeAppointment,
} from "../../support/factories";
import { actionArgs, formPost, get, loaderArgs, outcome } from "../../support/auth-helpers";

let checkup: { id: string };
let desk: { id: string; role: "reception" };
let deskCookie: string;
let other: { id: string; role: "reception" };

beforeAll(async () => {
  const type = await prisma.recallType.create({
    data: { name: "Diary check-up", intervalMonths: 6 },
  });
  checkup = await createService({ name: "Diary check-up", durationMinutes: 30 });
  await prisma.service.update({ where: { id: checkup.id }, data: { recallTypeId: type.id } });
  const [first, second] = await Promise.all([
    createUser({ role: "reception", name: "Dana Desk" }),
    createUser({ role: "reception", name: "Otto Other" }),
  ]);
  desk = { id: first!.id, role: "reception" };
  other = { id: second!.id, role: "reception" };
  deskCookie = (await sessionFor(first!)).cookie;
});

async function patient(name = "Pat Undo") {
  return createUser({ name, emailVerifiedAt: new Date() });
}

/** A visit on `date` at `time`; `now` for the changes is an hour after it starts. */
async function visitAt(date: string, time: string, userId: string | null = null) {
  const stored = await storeAppointment({ userId, serviceId: checkup.id, date, time });
  return { ...stored, later: new Date(stored.startsAt.getTime() + 60 * 60_000) };
}

const cardsOf = (column: DiaryColumn) =>
  column.cells.flatMap((cell) => (cell.kind === "visits" ? cell.visits : []));

const minutes = (at: Date, count: number) => new Date(at.getTime() + count * 60_000);

describe("undoing a status change", () => {
  it("takes a check-in back to the status before, keeps both history rows and audits it", async () => {
    const visit = await visitAt(upcoming(MONDAY, 2), "09:00");
    expect((await staffChangeStatus(desk, visit.id, "confirmed", "", visit.later)).ok).toBe(true);
    expect((await staffChangeStatus(desk, visit.id, "checked_in", "", visit.later)).ok).toBe(true);
    const undone = await staffUndo(desk, visit.id, minutes(visit.later, 2));
    expect(undone).toMatchObject({
      ok: true,
      undone: "checked_in",
      appointment: { status: "confirmed" },
    });
    const history = await prisma.appointmentStatusChange.findMany({
      where: { appointmentId: visit.id },
      orderBy: { at: "asc" },
    });
    expect(history.map((row) => `${row.from}>${row.to}`)).toEqual([
      "booked>confirmed",
      "confirmed>checked_in",
      "checked_in>confirmed",
    ]);
    const audit = await prisma.auditEntry.findFirstOrThrow({
      where: { entityId: visit.id },
      orderBy: { at: "desc" },
    });
    expect(audit.summary).toBe("Undone: Checked in -> Confirmed");
    // An undo is not undone again: the change before it is not its own to take back.
    expect(await staffUndo(desk, visit.id, minutes(visit.later, 3))).toMatchObject({
      ok: false,
      status: 409,
      message: NOTHING_TO_UNDO_MESSAGE,
    });
  });

  it(`refuses after ${UNDO_MINUTES} minutes, for someone else's change, and for a cancellation`, async () => {
    const visit = await visitAt(upcoming(MONDAY, 2), "10:00");
    await staffChangeStatus(desk, visit.id, "confirmed", "", visit.later);
    expect(await staffUndo(other, visit.id, minutes(visit.later, 1))).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await staffUndo(desk, visit.id, minutes(visit.later, UNDO_MINUTES + 1))).toMatchObject({
      ok: false,
      status: 409,
    });
    const ahead = await visitAt(upcoming(TUESDAY, 3), "10:00");
    const now = new Date(ahead.startsAt.getTime() - 86_400_000);
    expect((await staffChangeStatus(desk, ahead.id, "cancelled", "Asked to", now)).ok).toBe(true);
    expect(await staffUndo(desk, ahead.id, minutes(now, 1))).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await staffUndo(desk, "no-such-visit")).toMatchObject({ ok: false, status: 404 });
  });

  it("gives a missed visit its time back, unless someone was booked into it since", async () => {
    const date = upcoming(WEDNESDAY, 2);
    const visit = await visitAt(date, "11:00");
    await staffChangeStatus(desk, visit.id, "no_show", "", visit.later);
    expect(await prisma.slotHold.count({ where: { appointmentId: visit.id } })).toBe(0);
    expect(await staffUndo(desk, visit.id, minutes(visit.later, 1))).toMatchObject({
      ok: true,
      appointment: { status: "booked" },
    });
    expect(await prisma.slotHold.count({ where: { appointmentId: visit.id } })).toBe(4);

    await staffChangeStatus(desk, visit.id, "no_show", "", minutes(visit.later, 2));
    await storeAppointment({ userId: null, serviceId: checkup.id, date, time: "11:00" });
    expect(await staffUndo(desk, visit.id, minutes(visit.later, 3))).toMatchObject({
      ok: false,
      status: 409,
      message: TIME_TAKEN_SINCE_MESSAGE,
    });
    expect(await prisma.appointment.findUniqueOrThrow({ where: { id: visit.id } })).toMatchObject({
      status: "no_show",
    });
  });

  it("takes a completion back with its review request (still waiting) and the recall it set", async () => {
    const person = await patient("Rhea Recall");
    const earlier = await visitAt(upcoming(MONDAY, 1), "13:00", person.id);
    await staffChangeStatus(desk, earlier.id, "checked_in", "", earlier.later);
    await staffChangeStatus(desk, earlier.id, "completed", "", earlier.later);
    const firstDue = (await prisma.patientRecall.findFirstOrThrow({ where: { userId: person.id } }))
      .dueDate;
    await prisma.outboxMessage.deleteMany({ where: { userId: person.id } });

    const visit = await visitAt(upcoming(MONDAY, 3), "13:00", person.id);
    await staffChangeStatus(desk, visit.id, "checked_in", "", visit.later);
    await staffChangeStatus(desk, visit.id, "completed", "", visit.later);
    const request = await prisma.outboxMessage.findFirstOrThrow({
      where: { userId: person.id, kind: "review_request" },
    });
    // It waits out the undo window before it may be sent.
    expect(request.nextAttemptAt.getTime()).toBe(minutes(visit.later, UNDO_MINUTES).getTime());
    expect(
      (await prisma.patientRecall.findFirstOrThrow({ where: { userId: person.id } })).dueDate,
    ).not.toBe(firstDue);

    expect(await staffUndo(desk, visit.id, minutes(visit.later, 1))).toMatchObject({
      ok: true,
      appointment: { status: "checked_in" },
    });
    expect(
      await prisma.outboxMessage.count({ where: { userId: person.id, kind: "review_request" } }),
    ).toBe(0);
    expect(
      (await prisma.patientRecall.findFirstOrThrow({ where: { userId: person.id } })).dueDate,
    ).toBe(firstDue);

    // With no other completed visit, the recall the completion made goes with it.
    const newcomer = await patient("Nia New");
    const only = await visitAt(upcoming(TUESDAY, 1), "13:00", newcomer.id);
    await staffChangeStatus(desk, only.id, "checked_in", "", only.later);
    await staffChangeStatus(desk, only.id, "completed", "", only.later);
    expect(await prisma.patientRecall.count({ where: { userId: newcomer.id } })).toBe(1);
    await staffUndo(desk, only.id, minutes(only.later, 1));
    expect(await prisma.patientRecall.count({ where: { userId: newcomer.id } })).toBe(0);
  });

  it("is a dentist's on their own visits only", async () => {
    const user = await createUser({ role: "dentist", name: "Dr. Undo" });
    await prisma.dentist.update({ where: { id: FIRST_DENTIST }, data: { userId: user.id } });
    try {
      const dentist = { id: user.id, role: "dentist" as const };
      const visit = await visitAt(upcoming(TUESDAY, 2), "09:00");
      await staffChangeStatus(desk, visit.id, "confirmed", "", visit.later);
      await staffChangeStatus(dentist, visit.id, "checked_in", "", visit.later);
      expect((await staffUndo(dentist, visit.id, minutes(visit.later, 1))).ok).toBe(true);
    } finally {
      await prisma.dentist.update({ where: { id: FIRST_DENTIST }, data: { userId: null } });
    }
  });
});

describe("the day diary", () => {
  it("flags past visits nobody resolved, on the card and under needs attention", async () => {
    const date = upcoming(MONDAY, 4);
    const open = await visitAt(date, "09:00");
    const done = await visitAt(date, "09:30");
    await staffChangeStatus(desk, done.id, "checked_in", "", done.later);
    await staffChangeStatus(desk, done.id, "completed", "", done.later);
    const diary = await diaryDay({ date, view: "dentist", viewer: desk, now: open.later });
    const cards = cardsOf(diary.columns.find((c) => c.id === FIRST_DENTIST)!);
    expect(cards.find((c) => c._id === open.id)).toMatchObject({
      needsOutcome: true,
      status: "booked",
    });
    expect(cards.find((c) => c._id === done.id)?.needsOutcome).toBeUndefined();
    expect(diary.needsOutcome.map((v) => v._id)).toContain(open.id);
    expect(diary.needsOutcome.map((v) => v._id)).not.toContain(done.id);
    // Before the visit ends, it is not flagged.
    const before = await diaryDay({ date, view: "dentist", viewer: desk, now: open.startsAt });
    expect(before.needsOutcome.map((v) => v._id)).not.toContain(open.id);
  });

  it("counts the day and the week as the cards are, missed visits included, cancelled ones not", async () => {
    const date = upcoming(TUESDAY, 5);
    const missed = await visitAt(date, "09:00");
    await visitAt(date, "10:00");
    const cancelled = await visitAt(date, "11:00");
    await staffChangeStatus(desk, missed.id, "no_show", "", missed.later);
    await staffChangeStatus(
      desk,
      cancelled.id,
      "cancelled",
      "Ill",
      minutes(cancelled.startsAt, -600),
    );
    const diary = await diaryDay({ date, view: "dentist", viewer: desk, now: missed.later });
    const cards = diary.columns.flatMap(cardsOf);
    expect(cards).toHaveLength(2);
    expect(diary.count).toBe(2);
    expect(diary.week.find((day) => day.date === date)!.visits).toBe(2);
    expect(diary.visits).toHaveLength(3);
  });

  it("gives the cards with the same offer one object, which the loader data then writes once", async () => {
    const date = upcoming(TUESDAY, 10);
    await visitAt(date, "09:00");
    await visitAt(date, "10:00");
    const [first, second] = (await diaryDay({ date, view: "dentist", viewer: desk })).visits;
    expect(first!.offer).toEqual({ actions: ["confirmed"], cancel: true, move: true });
    expect(second!.offer).toBe(first!.offer);
  });

  it("says why a closed day is closed: the closure's name, or the clinic's day off", async () => {
    const sunday = upcoming(SUNDAY, 3);
    expect((await diaryDay({ date: sunday, view: "dentist", viewer: desk })).closed).toEqual({
      kind: "day-off",
    });
    const date = upcoming(WEDNESDAY, 6);
    await addClosure({ name: "Diary training day", startDate: date, endDate: date });
    expect((await diaryDay({ date, view: "dentist", viewer: desk })).closed).toEqual({
      kind: "closure",
      name: "Diary training day",
    });
    expect((await diaryDay({ date: addDays(date, 1), view: "dentist", viewer: desk })).closed).toBe(
      null,
    );
  });

  it("shows 'no chair free' in a free dentist's column when every chair is taken", async () => {
    const date = upcoming(MONDAY, 6);
    await prisma.dentist.create({
      data: {
        id: "dentist-second",
        slug: "dr-second",
        name: "Dr. Second",
        title: "DDS",
        sortOrder: 5,
        weeklyPlan: (await prisma.dentist.findUniqueOrThrow({ where: { id: FIRST_DENTIST } }))
          .weeklyPlan,
      },
    });
    try {
      // One chair in the clinic, taken by the first dentist at 10:00.
      await visitAt(date, "10:00");
      const diary = await diaryDay({ date, view: "dentist", viewer: desk });
      const second = diary.columns.find((c) => c.id === "dentist-second")!;
      const row = diary.rows.indexOf("10:00");
      expect(second.cells[row]).toEqual({ kind: "no-chair" });
      expect(second.cells[row + 1]).toMatchObject({ kind: "free", chairId: FIRST_CHAIR });
    } finally {
      await prisma.dentist.update({ where: { id: "dentist-second" }, data: { active: false } });
    }
  });

  it("gives a dentist their own column alone, the clinic's on asking, and the now line today", async () => {
    const user = await createUser({ role: "dentist", name: "Dr. First's account" });
    await prisma.dentist.update({ where: { id: FIRST_DENTIST }, data: { userId: user.id } });
    try {
      const viewer = { id: user.id, role: "dentist" };
      const date = upcoming(TUESDAY, 6);
      const own = await diaryDay({ date, view: "dentist", viewer });
      expect(own).toMatchObject({
        scope: "mine",
        viewer: { book: false, dentistId: FIRST_DENTIST },
      });
      expect(own.columns.map((c) => c.id)).toEqual([FIRST_DENTIST]);
      const clinic = await diaryDay({ date, view: "dentist", viewer, scope: "clinic" });
      expect(clinic.scope).toBe("clinic");
      const noon = clinicTimeToUtc(date, "12:10");
      expect((await diaryDay({ date, view: "dentist", viewer, now: noon })).now).toBe("12:10");
      expect((await diaryDay({ date, view: "dentist", viewer: desk })).viewer).toEqual({
        book: true,
        dentistId: null,
      });
    } finally {
      await prisma.dentist.update({ where: { id: FIRST_DENTIST }, data: { userId: null } });
    }
  });

  it("lays out a dentist's week, one column per day, with the week's visits", async () => {
    const date = upcoming(MONDAY, 7);
    const visit = await visitAt(addDays(date, 2), "14:00");
    const week = await diaryWeek({ date: addDays(date, 3), dentist: FIRST_DENTIST, viewer: desk });
    expect(week!.monday).toBe(date);
    expect(week!.columns.map((c) => c.id)).toEqual(
      Array.from({ length: 7 }, (_, k) => addDays(date, k)),
    );
    expect(cardsOf(week!.columns[2]!).map((v) => v._id)).toEqual([visit.id]);
    expect(week!.count).toBe(1);
  });
});

describe("the diary page's action", () => {
  const post = (fields: Record<string, string>, cookie = deskCookie) =>
    diaryAction(actionArgs(formPost("/staff?index", fields, cookie)));

  it("checks a visit in from its card and comes back to the same day with a toast", async () => {
    // Check-in is offered from the visit's own day: today, by the clinic's clock.
    const date = clinicNow(new Date()).date;
    const visit = await visitAt(date, "07:30");
    // Read once before the change: the diary's read cache must not outlive it.
    const before = await diaryDay({ date, view: "dentist", viewer: desk });
    expect(before.visits.find((v) => v._id === visit.id)).toMatchObject({ status: "booked" });
    const answer = await outcome(
      await diaryAction(
        actionArgs(
          formPost(
            `/staff?index&date=${date}`,
            // As the card's button posts it: what to do, then the visit.
            { intent: `status:checked_in ${visit.id}` },
            deskCookie,
          ),
        ),
      ),
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`/staff?date=${date}`);
    expect((await prisma.appointment.findUniqueOrThrow({ where: { id: visit.id } })).status).toBe(
      "checked_in",
    );
    // The card shows the new status and, for the one who made it, its undo (not for others).
    const after = await diaryDay({ date, view: "dentist", viewer: desk });
    expect(after.visits.find((v) => v._id === visit.id)).toMatchObject({
      status: "checked_in",
      undo: "checked_in",
    });
    const theirs = await diaryDay({ date, view: "dentist", viewer: other });
    expect(theirs.visits.find((v) => v._id === visit.id)).toBeDefined();
    expect(theirs.visits.find((v) => v._id === visit.id)?.undo).toBeUndefined();
    const undone = await outcome(
      await post({ intent: `undo ${visit.id}`, back: "//evil.example" }),
    );
    expect(undone.headers.get("location")).toBe("/staff");
    expect((await prisma.appointment.findUniqueOrThrow({ where: { id: visit.id } })).status).toBe(
      "booked",
    );
  });

  it("answers bad input with a message, never a 500", async () => {
    const bad: Record<string, string>[] = [
      {},
      { intent: "status:checked_in" },
      { intent: "status:checked_in " },
      { intent: "undo  " },
      { intent: "status:cancelled", id: "x" },
      { intent: "status:nonsense", id: "x" },
      { intent: "dance", id: "x" },
      { intent: "move", id: "x", date: "not a date", time: "25:99" },
    ];
    for (const fields of bad) {
      const answer = await outcome(await post(fields));
      expect(answer.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(fields)).toBeLessThan(500);
      expect(answer.body).toMatchObject({ error: expect.any(String) });
    }
  });

  it("moves a visit dropped on another time", async () => {
    const date = upcoming(TUESDAY, 8);
    const visit = await visitAt(date, "09:00");
    const answer = await outcome(
      await post({ intent: "move", id: visit.id, date, time: "15:00", dentist: FIRST_DENTIST }),
    );
    expect(answer.status).toBe(302);
    expect(await prisma.appointment.findUniqueOrThrow({ where: { id: visit.id } })).toMatchObject({
      time: "15:00",
    });
  });

  it("renders the week view through the loader", async () => {
    const answer = await outcome(
      await diaryLoader(
        loaderArgs(get(`/staff?view=week&date=${upcoming(MONDAY, 9)}`, deskCookie)),
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ diary: null, week: { dentist: { id: FIRST_DENTIST } } });
  });
});
