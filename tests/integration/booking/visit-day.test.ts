// A visit's status moves on its own day (issue 31 item 2, and item 14's one-action
// completion): an early check-in locked a visit days ahead (nobody could cancel or move it,
// the patient's link said it had started, reports counted it attended). Check-in, completed
// and no-show only from the visit's day in the clinic's time zone; the desk may take a
// check-in back to booked while the visit has not ended; the diary offers "Check in" only
// on the visit's day; a dentist completes a visit nobody checked in in one action, the
// check-in recorded with it.
import { beforeAll, describe, expect, it } from "vitest";
import { CHECK_IN_KEPT_MESSAGE } from "~/models/booking/status.server";
import { staffChangeStatus, staffMove, staffUndo } from "~/models/front-desk/changes.server";
import { diaryDay } from "~/models/front-desk/diary.server";
import { cancelOwnVisit } from "~/models/self-service/changes.server";
import { action as apiPatch } from "~/routes/api.staff.appointments.$id";
import { action as visitAction, loader as visitLoader } from "~/routes/staff.appointments.$id";
import { addDays, clinicNow, clinicTimeToUtc } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import {
  createService,
  createUser,
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

let serviceId: string;
let desk: { id: string; role: "reception"; token: string; cookie: string };
let dentist: { id: string; role: "dentist"; cookie: string };
let slot = 0;

beforeAll(async () => {
  serviceId = (await createService({ name: "Visit-day check-up", durationMinutes: 30 })).id;
  const reception = await createUser({ role: "reception" });
  desk = { id: reception.id, role: "reception", ...(await sessionFor(reception)) };
  const doctor = await createUser({ role: "dentist", name: "Dr. Day's account" });
  const first = await prisma.dentist.findUniqueOrThrow({ where: { id: FIRST_DENTIST } });
  await prisma.dentist.create({
    data: {
      id: "dentist-day",
      slug: "dr-day",
      name: "Dr. Day",
      title: "DDS",
      weeklyPlan: first.weeklyPlan,
      userId: doctor.id,
    },
  });
  dentist = { id: doctor.id, role: "dentist", cookie: (await sessionFor(doctor)).cookie };
});

/** A visit of its own half hour on `date`, booked for a patient account. */
async function visitOn(date: string, dentistId = FIRST_DENTIST) {
  const index = slot++;
  const minutes = 9 * 60 + index * 30;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  const patient = await createUser({ name: `Day Patient ${index}` });
  const row = await storeAppointment({ userId: patient.id, serviceId, date, time, dentistId });
  return { ...row, patientId: patient.id };
}

const history = (appointmentId: string) =>
  prisma.appointmentStatusChange.findMany({
    where: { appointmentId },
    orderBy: [{ at: "asc" }, { id: "asc" }],
    select: { from: true, to: true, at: true, byUserId: true },
  });

const patch = async (id: string, body: unknown) =>
  outcome(
    await apiPatch(
      actionArgs(
        jsonRequest(`/api/staff/appointments/${id}`, "PATCH", body, {
          authorization: `Bearer ${desk.token}`,
        }),
        undefined,
        { id },
      ),
    ),
  );

describe("checking in, completing and missing a visit", () => {
  it("are refused on a visit days ahead, with a clear 409; the visit can still be moved and cancelled", async () => {
    const date = upcoming(TUESDAY, 3);
    const visit = await visitOn(date);
    const early = await patch(visit.id, { status: "checked_in" });
    expect(early).toMatchObject({
      status: 409,
      body: {
        success: false,
        message: expect.stringMatching(
          /^This visit is on .+: it can only be checked in from that day\.$/,
        ),
      },
    });
    for (const status of ["completed", "no_show"]) {
      expect((await patch(visit.id, { status })).status, status).toBe(409);
    }
    expect((await prisma.appointment.findUniqueOrThrow({ where: { id: visit.id } })).status).toBe(
      "booked",
    );
    expect(await history(visit.id)).toEqual([]);
    // Nothing locked it: the patient may still cancel, the desk may still move it.
    const moved = await staffMove(desk, visit.id, { date, time: "15:00" });
    expect(moved.ok).toBe(true);
    const cancelled = await cancelOwnVisit(visit.id, visit.patientId, "Cannot come");
    expect(cancelled).toMatchObject({ ok: true });
  });

  it("are allowed from the visit's own day in the clinic's time zone, before its start for a check-in", async () => {
    const date = upcoming(TUESDAY, 4);
    const visit = await visitOn(date);
    // 23:30 the evening before, by the clinic's clock: still the day before.
    const eveBefore = clinicTimeToUtc(addDays(date, -1), "23:30");
    expect(await staffChangeStatus(desk, visit.id, "checked_in", "", eveBefore)).toMatchObject({
      ok: false,
      status: 409,
    });
    const morning = clinicTimeToUtc(date, "00:05");
    expect(clinicNow(morning).date).toBe(date);
    expect(await staffChangeStatus(desk, visit.id, "checked_in", "", morning)).toMatchObject({
      ok: true,
      appointment: { status: "checked_in" },
    });
  });
});

describe("a check-in taken back", () => {
  it("goes back to booked by the desk while the visit lasts, not after it ended, never by a dentist", async () => {
    const date = upcoming(TUESDAY, 5);
    const visit = await visitOn(date, "dentist-day");
    const during = new Date(visit.startsAt.getTime() + 10 * 60_000);
    const ended = new Date(visit.endsAt.getTime() + 60_000);
    expect((await staffChangeStatus(desk, visit.id, "checked_in", "", during)).ok).toBe(true);
    expect(await staffChangeStatus(dentist, visit.id, "booked", "", during)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await staffChangeStatus(desk, visit.id, "booked", "", ended)).toMatchObject({
      ok: false,
      status: 409,
      message: CHECK_IN_KEPT_MESSAGE,
    });
    // Long after the five minutes of the card's undo, and by someone else: the desk's own move.
    const later = new Date(during.getTime() + 15 * 60_000);
    const other = await createUser({ role: "admin" });
    expect(
      await staffChangeStatus({ id: other.id, role: "admin" }, visit.id, "booked", "", later),
    ).toMatchObject({ ok: true, appointment: { status: "booked" } });
    expect((await history(visit.id)).map((row) => `${row.from}->${row.to}`)).toEqual([
      "booked->checked_in",
      "checked_in->booked",
    ]);
    // Booked again, the visit can be moved as any other.
    expect((await staffMove(desk, visit.id, { date, time: "16:00" }, later)).ok).toBe(true);
  });
});

describe("the diary's card", () => {
  it("offers Check in only on the visit's day, and Back to booked to the desk until it ends", async () => {
    const date = upcoming(TUESDAY, 6);
    const visit = await visitOn(date);
    const cardAt = async (now: Date) =>
      (await diaryDay({ date, view: "dentist", viewer: desk, now })).visits.find(
        (entry) => entry._id === visit.id,
      )!;
    expect((await cardAt(clinicTimeToUtc(addDays(date, -1), "12:00"))).offer.actions).toEqual([
      "confirmed",
    ]);
    expect((await cardAt(clinicTimeToUtc(date, "08:00"))).offer.actions).toEqual([
      "confirmed",
      "checked_in",
    ]);
    const during = new Date(visit.startsAt.getTime() + 5 * 60_000);
    expect((await cardAt(during)).offer.actions).toEqual([
      "confirmed",
      "checked_in",
      "completed",
      "no_show",
    ]);
    const admin = await createUser({ role: "admin" });
    expect(
      (await staffChangeStatus({ id: admin.id, role: "admin" }, visit.id, "checked_in", "", during))
        .ok,
    ).toBe(true);
    // Someone else's check-in: no undo on this card, the desk's own move instead.
    expect((await cardAt(during)).offer.actions).toEqual(["completed", "booked"]);
    const ended = new Date(visit.endsAt.getTime() + 60_000);
    expect((await cardAt(ended)).offer.actions).toEqual(["completed"]);
  });
});

describe("a dentist completing a past visit nobody checked in (issue 31 item 14)", () => {
  it("is one action: the check-in and the completion in the history, one transaction, one audit entry", async () => {
    const date = upcoming(TUESDAY, 7);
    const visit = await visitOn(date, "dentist-day");
    await staffChangeStatus(desk, visit.id, "confirmed", "", clinicTimeToUtc(date, "07:00"));
    const after = new Date(visit.endsAt.getTime() + 2 * 60 * 60_000);
    const audited = await prisma.auditEntry.count({ where: { entityId: visit.id } });
    expect(await staffChangeStatus(dentist, visit.id, "completed", "", after)).toMatchObject({
      ok: true,
      appointment: { status: "completed" },
    });
    const rows = await history(visit.id);
    expect(rows.map((row) => `${row.from}->${row.to}`)).toEqual([
      "booked->confirmed",
      "confirmed->checked_in",
      "checked_in->completed",
    ]);
    expect(rows.slice(1).every((row) => row.byUserId === dentist.id)).toBe(true);
    expect(rows[1]!.at.getTime()).toBeLessThan(rows[2]!.at.getTime());
    expect(await prisma.auditEntry.count({ where: { entityId: visit.id } })).toBe(audited + 1);
    // The completion is what the dentist's undo takes back, to checked in.
    const undone = await staffUndo(dentist, visit.id, new Date(after.getTime() + 60_000));
    expect(undone).toMatchObject({ ok: true, appointment: { status: "checked_in" } });
  });

  it("is one press on the visit page, JavaScript or not", async () => {
    const date = upcoming(TUESDAY, 8);
    const visit = await visitOn(date, "dentist-day");
    await prisma.appointment.update({
      where: { id: visit.id },
      data: {
        // Moved into the past: the page's clock is the real one.
        startsAt: new Date(Date.now() - 2 * 60 * 60_000),
        endsAt: new Date(Date.now() - 90 * 60_000),
        date: clinicNow(new Date(Date.now() - 2 * 60 * 60_000)).date,
      },
    });
    const page = await outcome(
      await visitLoader(
        loaderArgs(get(`/staff/appointments/${visit.id}`, dentist.cookie), { id: visit.id }),
      ),
    );
    expect(page.body).toMatchObject({ offer: { actions: expect.arrayContaining(["completed"]) } });
    const pressed = await outcome(
      await visitAction(
        actionArgs(
          formPost(`/staff/appointments/${visit.id}`, { intent: "completed" }, dentist.cookie),
          undefined,
          { id: visit.id },
        ),
      ),
    );
    expect(pressed.status).toBe(302);
    expect((await history(visit.id)).map((row) => `${row.from}->${row.to}`)).toEqual([
      "booked->checked_in",
      "checked_in->completed",
    ]);
  });
});
