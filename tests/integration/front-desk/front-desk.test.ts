// The front desk's domain functions and its pages and API, against a real SQLite file.
import { beforeAll, describe, expect, it } from "vitest";
import { SLOT_TAKEN_MESSAGE } from "~/models/booking/rules";
import { bookAtDesk, OVERRIDE_DENTIST_MESSAGE } from "~/models/front-desk/booking.server";
import { createCallerRecord } from "~/models/patients/edit.server";
import { diaryDay, type DiaryColumn } from "~/models/front-desk/diary.server";
import { patientCard } from "~/models/patients/card.server";
import {
  REASON_REQUIRED_MESSAGE,
  staffChangeStatus,
  staffMove,
} from "~/models/front-desk/changes.server";
import { searchPatients } from "~/models/patients/search.server";
import {
  action as appointmentAction,
  loader as appointmentLoader,
} from "~/routes/staff.appointments.$id";
import { loader as diaryLoader } from "~/routes/staff._index";
import { action as bookingAction } from "~/routes/staff.bookings.new";
import { loader as apiList } from "~/routes/api.staff.appointments._index";
import { action as apiPatch } from "~/routes/api.staff.appointments.$id";
import { clinicTimeToUtc } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { MONDAY, TUESDAY, upcoming } from "../../support/clinic-dates";
import {
  createService,
  createUser,
  FIRST_CHAIR,
  FIRST_DENTIST,
  sessionFor,
  storeAppointment,
} from "../../support/factories";
import {
  actionArgs,
  formPost,
  get,
  jsonRequest,
  loaderArgs,
  outcome,
} from "../../support/auth-helpers";

let service: { id: string };
let reception: { id: string; role: "reception" };
let receptionCookies: string[];
let receptionToken: string;
let patientToken: string;

beforeAll(async () => {
  service = await createService({ name: "Check-up", durationMinutes: 30 });
  const [first, second] = await Promise.all([
    createUser({ role: "reception", name: "Rita Reception" }),
    createUser({ role: "reception", name: "Ray Reception" }),
  ]);
  reception = { id: first!.id, role: "reception" };
  const sessions = await Promise.all([sessionFor(first!), sessionFor(second!)]);
  receptionCookies = sessions.map((session) => session.cookie);
  receptionToken = sessions[0]!.token;
  patientToken = (await sessionFor(await createUser())).token;
});

/** The visits a column of the diary shows as cards. */
const cardsOf = (column: DiaryColumn) =>
  column.cells.flatMap((cell) => (cell.kind === "visits" ? cell.visits : []));

async function visit(date: string, time: string, userId: string | null = null) {
  const patient = userId ?? (await createUser({ name: "Pat Diary" })).id;
  return storeAppointment({ userId: patient, serviceId: service.id, date, time });
}

const auditsOf = (entityId: string) =>
  prisma.auditEntry.findMany({ where: { entityId }, orderBy: { at: "asc" } });

describe("the day diary", () => {
  it("shows one day's visits in one column per dentist (or chair), with the working hours to shade the rest", async () => {
    const date = upcoming(MONDAY, 3);
    const mine = await visit(date, "10:00");
    await visit(upcoming(TUESDAY, 3), "10:00");
    const diary = await diaryDay({ date, view: "dentist", viewer: reception });
    expect(diary.date).toBe(date);
    expect(diary.visits.map((a) => a._id)).toEqual([mine.id]);
    const column = diary.columns.find((entry) => entry.id === FIRST_DENTIST)!;
    expect(cardsOf(column).map((a) => a._id)).toEqual([mine.id]);
    expect(column.open.length).toBeGreaterThan(0);
    expect(diary.rows[0]).toMatch(/^\d\d:\d\d$/);
    expect(diary.rows).toContain("10:00");

    const byChair = await diaryDay({ date, view: "chair", viewer: reception });
    expect(cardsOf(byChair.columns.find((entry) => entry.id === FIRST_CHAIR)!)).toHaveLength(1);
  });

  it("falls back to today for a missing or malformed date", async () => {
    const diary = await diaryDay({ date: "not-a-date", view: "dentist", viewer: reception });
    expect(diary.date).toBe(diary.today);
  });

  it("renders for staff through the page loader, with the list and chair switches", async () => {
    const date = upcoming(MONDAY, 3);
    const result = await outcome(
      await diaryLoader(
        loaderArgs(get(`/staff?date=${date}&view=chair&layout=list`, receptionCookies[0])),
      ),
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ list: true, diary: { date, view: "chair" } });
  });
});

describe("status changes by staff", () => {
  it("confirms, checks in and completes a visit, each audited with before and after", async () => {
    const date = upcoming(TUESDAY, 4);
    const appointment = await visit(date, "09:30");
    const started = new Date(clinicTimeToUtc(date, "09:35").getTime());
    expect((await staffChangeStatus(reception, appointment.id, "confirmed", "")).ok).toBe(true);
    expect((await staffChangeStatus(reception, appointment.id, "checked_in", "", started)).ok).toBe(
      true,
    );
    const done = await staffChangeStatus(reception, appointment.id, "completed", "", started);
    expect(done.ok && done.appointment.status).toBe("completed");
    const audits = await auditsOf(appointment.id);
    expect(audits.map((entry) => entry.action)).toEqual([
      "appointment.status",
      "appointment.status",
      "appointment.status",
    ]);
    expect(JSON.parse(audits[0]!.before!)).toMatchObject({ status: "booked" });
    expect(JSON.parse(audits[0]!.after!)).toMatchObject({ status: "confirmed" });
    expect(audits[0]!.actorId).toBe(reception.id);
  });

  it("refuses a no-show before the visit starts, and accepts it after", async () => {
    const date = upcoming(TUESDAY, 4);
    const appointment = await visit(date, "11:00");
    const early = await staffChangeStatus(reception, appointment.id, "no_show", "");
    expect(early).toMatchObject({ ok: false, status: 409 });
    expect(!early.ok && early.message).toMatch(/once it has started/);
    const late = await staffChangeStatus(
      reception,
      appointment.id,
      "no_show",
      "",
      clinicTimeToUtc(date, "11:20"),
    );
    expect(late.ok).toBe(true);
    expect(await prisma.slotHold.count({ where: { appointmentId: appointment.id } })).toBe(0);
  });

  it("cancels only with a reason, releases the time and audits it; bad statuses get a clear message", async () => {
    const appointment = await visit(upcoming(TUESDAY, 4), "13:00");
    expect(await staffChangeStatus(reception, appointment.id, "cancelled", " ")).toMatchObject({
      ok: false,
      status: 400,
      message: REASON_REQUIRED_MESSAGE,
    });
    expect(await staffChangeStatus(reception, appointment.id, "sleeping", "")).toMatchObject({
      ok: false,
      status: 400,
    });
    const cancelled = await staffChangeStatus(
      reception,
      appointment.id,
      "cancelled",
      "Patient is ill",
    );
    expect(cancelled.ok).toBe(true);
    const row = await prisma.appointment.findUniqueOrThrow({ where: { id: appointment.id } });
    expect(row.cancelReason).toBe("Patient is ill");
    expect(await prisma.slotHold.count({ where: { appointmentId: appointment.id } })).toBe(0);
    const [audit] = await auditsOf(appointment.id);
    expect(audit).toMatchObject({ action: "appointment.cancel" });
    expect(await staffChangeStatus(reception, "missing", "confirmed", "")).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});

describe("moves by staff", () => {
  it("moves a visit to a free time and audits the old and new time", async () => {
    const date = upcoming(MONDAY, 5);
    const appointment = await visit(date, "09:00");
    const moved = await staffMove(reception, appointment.id, { date, time: "15:00" });
    expect(moved.ok && moved.appointment.time).toBe("15:00");
    const [audit] = await auditsOf(appointment.id);
    expect(audit!.action).toBe("appointment.move");
    expect(JSON.parse(audit!.before!)).toMatchObject({ time: "09:00" });
    expect(JSON.parse(audit!.after!)).toMatchObject({ time: "15:00" });
  });

  it("lets exactly one of two receptionists moving two visits into one free slot win; the other is told it is taken", async () => {
    const date = upcoming(MONDAY, 6);
    const [first, second] = [await visit(date, "09:00"), await visit(date, "10:00")];
    const answers = await Promise.all(
      [first, second].map(async (appointment, index) =>
        outcome(
          await appointmentAction(
            actionArgs(
              formPost(
                `/staff/appointments/${appointment.id}`,
                { intent: "move", date, time: "14:00", dentist: FIRST_DENTIST, chair: FIRST_CHAIR },
                receptionCookies[index],
              ),
              undefined,
              { id: appointment.id },
            ),
          ),
        ),
      ),
    );
    const won = answers.filter((answer) => answer.status === 302);
    const lost = answers.filter((answer) => answer.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(String(lost[0]!.body?.error)).toContain(SLOT_TAKEN_MESSAGE);
    const at14 = await prisma.appointment.count({ where: { date, time: "14:00" } });
    expect(at14).toBe(1);
    const moves = await prisma.auditEntry.count({
      where: { action: "appointment.move", entityId: { in: [first.id, second.id] } },
    });
    expect(moves).toBe(1);
  });
});

describe("patients", () => {
  it("finds patients by name, e-mail or phone and audits every card read", async () => {
    const created = await createCallerRecord(reception, {
      name: "Carla Caller",
      email: "Carla.Caller@example.com",
      phone: "+1 555 0142",
    });
    expect(created.ok).toBe(true);
    const patientId = created.ok ? created.patientId : "";
    const user = await prisma.user.findUniqueOrThrow({ where: { id: patientId } });
    expect(user.passwordHash).toBeNull();
    expect(user.email).toBe("carla.caller@example.com");
    for (const query of ["carla", "CALLER@example", "0142"]) {
      expect((await searchPatients(query)).map((p) => p.id)).toContain(patientId);
    }
    expect(await searchPatients("c")).toEqual([]);
    const again = await createCallerRecord(reception, {
      name: "Carla Again",
      email: "carla.caller@example.com",
      phone: "+1 555 0142",
    });
    expect(again).toMatchObject({ ok: false, status: 409 });

    const card = await patientCard(reception, patientId);
    expect(card).toMatchObject({ patient: { name: "Carla Caller", hasAccount: false } });
    const views = await prisma.auditEntry.count({
      where: { action: "patient.view", patientId, actorId: reception.id },
    });
    expect(views).toBe(1);
    expect(await patientCard(reception, "missing")).toBeNull();
  });
});

describe("bookings for callers", () => {
  it("books a free time, refuses a taken one, and books anyway only with a dentist and a reason", async () => {
    const date = upcoming(TUESDAY, 5);
    const created = await createCallerRecord(reception, {
      name: "Phone Booker",
      email: `phone-${Date.now()}@example.com`,
      phone: "+1 555 0177",
    });
    const patientId = created.ok ? created.patientId : "";
    const input = { patientId, service: service.id, dentist: FIRST_DENTIST, date, time: "10:00" };
    const booked = await bookAtDesk(reception, input);
    expect(booked.ok).toBe(true);
    const row = await prisma.appointment.findUniqueOrThrow({
      where: { id: booked.ok ? booked.appointment._id : "" },
    });
    expect(row).toMatchObject({ source: "staff", createdById: reception.id, userId: patientId });

    const taken = await bookAtDesk(reception, input);
    expect(taken).toMatchObject({ ok: false, status: 409 });
    expect(await bookAtDesk(reception, { ...input, override: "yes" })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(
      await bookAtDesk(reception, {
        ...input,
        dentist: "any",
        override: "yes",
        reason: "Emergency",
      }),
    ).toMatchObject({ ok: false, message: OVERRIDE_DENTIST_MESSAGE });
    const anyway = await bookAtDesk(reception, {
      ...input,
      override: "yes",
      reason: "Emergency",
    });
    expect(anyway.ok).toBe(true);
    const id = anyway.ok ? anyway.appointment._id : "";
    const overridden = await prisma.appointment.findUniqueOrThrow({
      where: { id },
      include: { holds: true },
    });
    expect(overridden.overrideReason).toBe("Emergency");
    expect(overridden.holds.every((hold) => hold.layer === 1)).toBe(true);
    const [audit] = await auditsOf(id);
    expect(audit).toMatchObject({ action: "appointment.book_override", actorId: reception.id });
    expect(audit!.summary).toContain("Emergency");
  });

  it("takes a booking through the page without JavaScript and refuses bad input with a message", async () => {
    const date = upcoming(TUESDAY, 6);
    const patient = await createUser({ name: "Walk In" });
    const post = (fields: Record<string, string>) =>
      bookingAction(actionArgs(formPost("/staff/bookings/new", fields, receptionCookies[0])));
    const good = await outcome(
      await post({
        intent: "book",
        patientId: patient.id,
        service: service.id,
        dentist: "any",
        date,
        time: "11:00",
      }),
    );
    expect(good.status).toBe(302);
    expect(good.location).toMatch(/^\/staff\/appointments\//);
    const bad = await outcome(
      await post({
        intent: "book",
        patientId: patient.id,
        service: "x",
        date: "2026-13-45",
        time: "25:99",
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body?.error).toEqual(expect.any(String));
  });
});

describe("the staff API", () => {
  it("lists a day's visits for a token with a staff role, and refuses patients and bad dates", async () => {
    const date = upcoming(MONDAY, 7);
    const appointment = await visit(date, "09:30");
    const list = async (query: string, token?: string) =>
      outcome(
        await apiList(
          loaderArgs(
            new Request(`http://localhost/api/staff/appointments${query}`, {
              headers: token ? { authorization: `Bearer ${token}` } : {},
            }),
          ),
        ),
      );
    const ok = await list(`?date=${date}&dentist=${FIRST_DENTIST}`, receptionToken);
    expect(ok.status).toBe(200);
    expect((ok.body?.appointments as { _id: string }[]).map((a) => a._id)).toEqual([
      appointment.id,
    ]);
    expect((await list(`?date=${date}`, patientToken)).status).toBe(403);
    expect((await list(`?date=${date}`)).status).toBe(401);
    const bad = await list("?date=tomorrow", receptionToken);
    expect(bad).toMatchObject({ status: 400, body: { success: false } });
  });

  it("changes status and moves through PATCH with the screens' rules", async () => {
    const date = upcoming(MONDAY, 7);
    const appointment = await visit(date, "11:00");
    const patch = async (body: unknown, token = receptionToken) =>
      outcome(
        await apiPatch(
          actionArgs(
            jsonRequest(`/api/staff/appointments/${appointment.id}`, "PATCH", body, {
              authorization: `Bearer ${token}`,
            }),
            undefined,
            { id: appointment.id },
          ),
        ),
      );
    expect(await patch({ status: "confirmed" })).toMatchObject({
      status: 200,
      body: { success: true, appointment: { status: "confirmed" } },
    });
    expect(await patch({ date, time: "16:00" })).toMatchObject({
      status: 200,
      body: { appointment: { time: "16:00" } },
    });
    expect(await patch({ status: "no_show" })).toMatchObject({
      status: 409,
      body: { success: false },
    });
    expect(await patch({})).toMatchObject({ status: 400, body: { success: false } });
    expect((await patch({ status: "confirmed" }, patientToken)).status).toBe(403);
  });
});

describe("dentists at the front desk", () => {
  it("see their own column first, and may update only their own visits' status", async () => {
    const date = upcoming(TUESDAY, 7);
    const user = await createUser({ role: "dentist", name: "Dr. Own's account" });
    const first = await prisma.dentist.findUniqueOrThrow({ where: { id: FIRST_DENTIST } });
    await prisma.dentist.create({
      data: {
        id: "dentist-own",
        slug: "dr-own",
        name: "Dr. Own",
        title: "DDS",
        sortOrder: 50,
        weeklyPlan: first.weeklyPlan,
        userId: user.id,
      },
    });
    const dentist = { id: user.id, role: "dentist" as const };
    try {
      const diary = await diaryDay({ date, view: "dentist", viewer: dentist, scope: "clinic" });
      expect(diary.columns[0]!.id).toBe("dentist-own");

      const theirs = await storeAppointment({
        userId: null,
        serviceId: service.id,
        date,
        time: "10:00",
        dentistId: "dentist-own",
      });
      const other = await visit(date, "11:00");
      expect((await staffChangeStatus(dentist, theirs.id, "confirmed", "")).ok).toBe(true);
      expect(await staffChangeStatus(dentist, other.id, "confirmed", "")).toMatchObject({
        ok: false,
        status: 403,
      });
      expect(await staffChangeStatus(dentist, theirs.id, "cancelled", "No")).toMatchObject({
        ok: false,
        status: 403,
      });
      expect(await staffMove(dentist, theirs.id, { date, time: "15:00" })).toMatchObject({
        ok: false,
        status: 403,
      });

      // The appointment page offers them what the table lets them do, and nothing else.
      const { cookie } = await sessionFor(user);
      const offered = async (id: string) =>
        (
          await outcome(
            await appointmentLoader(loaderArgs(get(`/staff/appointments/${id}`, cookie), { id })),
          )
        ).body;
      expect(await offered(theirs.id)).toMatchObject({
        may: { changeStatus: true, cancel: false, move: false },
      });
      expect(await offered(other.id)).toMatchObject({
        may: { changeStatus: false, cancel: false, move: false },
      });
    } finally {
      await prisma.dentist.update({ where: { id: "dentist-own" }, data: { active: false } });
    }
  });

  it("counts the week's visits per day for the week overview", async () => {
    const date = upcoming(MONDAY, 8);
    await visit(date, "09:00");
    await visit(date, "11:00");
    const diary = await diaryDay({ date, view: "dentist", viewer: reception });
    expect(diary.week).toHaveLength(7);
    expect(diary.week[0]).toEqual({ date, visits: 2 });
  });
});

describe("the staff write limit", () => {
  it("answers 429 with Retry-After once a staff member passes 120 changes a minute", async () => {
    const { limitStaffWrite, rateLimits, staffWriteKey } =
      await import("~/infra/rate-limit.server");
    const forget = () => rateLimits().staffWrites.forget(staffWriteKey(reception.id));
    const appointment = await visit(upcoming(MONDAY, 9), "09:00");
    await forget();
    try {
      for (let i = 0; i < 120; i += 1) expect(await limitStaffWrite(reception.id)).toBeNull();
      const answer = await outcome(
        await appointmentAction(
          actionArgs(
            formPost(
              `/staff/appointments/${appointment.id}`,
              { intent: "confirmed" },
              receptionCookies[0],
            ),
            undefined,
            { id: appointment.id },
          ),
        ),
      );
      expect(answer.status).toBe(429);
      expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
      const row = await prisma.appointment.findUniqueOrThrow({ where: { id: appointment.id } });
      expect(row.status).toBe("booked");
    } finally {
      await forget();
    }
  });
});
