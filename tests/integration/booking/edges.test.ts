// Edges of the booking rules that one-line bugs planted in the domain code slipped past
// (issue 31, "Tests that small planted bugs slipped past"): the horizon's last day, "book
// anyway" on the next hold layer when only the chair is taken, two moves of one visit at
// once, and the desk's accepted window of dates. Each test fails if its rule is broken.
import { beforeAll, describe, expect, it } from "vitest";
import { bookAppointment } from "~/models/booking/book.server";
import { CHANGED_MEANWHILE_MESSAGE } from "~/models/booking/place.server";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { bookAtDesk } from "~/models/front-desk/booking.server";
import { staffMove } from "~/models/front-desk/changes.server";
import { createCallerRecord } from "~/models/patients/edit.server";
import { action as staffBook } from "~/routes/api.staff.appointments._index";
import { addDays, clinicNow, clinicTimeToUtc } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { acceptedDateRange, dateOutOfRangeMessage } from "~/validation/dates";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import {
  createService,
  createUser,
  FIRST_CHAIR,
  FIRST_DENTIST,
  sessionFor,
} from "../../support/factories";
import { actionArgs, jsonRequest, outcome } from "../../support/auth-helpers";

let service: { id: string; name: string };
let reception: { id: string; role: "reception" };
let receptionToken: string;

beforeAll(async () => {
  service = await createService({ name: "Edge Check-up", durationMinutes: 30 });
  const desk = await createUser({ role: "reception", name: "Edna Edge" });
  reception = { id: desk.id, role: "reception" };
  receptionToken = (await sessionFor(desk)).token;
});

async function caller(name: string) {
  const created = await createCallerRecord(reception, {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}@example.com`,
    phone: "+1 555 0161",
    // Several test patients share a number: made anyway, as the desk may.
    anyway: "yes",
  });
  if (!created.ok) throw new Error(created.message);
  return prisma.user.findUniqueOrThrow({ where: { id: created.patientId } });
}

describe("the booking horizon's last day", () => {
  it("today + horizon is bookable online and at the desk; one day more is refused with the horizon's message", async () => {
    const { horizonDays, timeZone } = await getClinicSettings();
    // A Tuesday far enough ahead, seen from the day that puts it exactly on the horizon.
    const lastDay = upcoming(TUESDAY, Math.ceil(horizonDays / 7) + 2);
    const now = clinicTimeToUtc(addDays(lastDay, -horizonDays), "08:00", timeZone);
    expect(addDays(clinicNow(now, timeZone).date, horizonDays)).toBe(lastDay);
    const horizonMessage = `Appointments can be booked up to ${horizonDays} days ahead.`;
    const patient = await createUser({ name: "Hana Horizon" });
    const online = (date: string, time: string) =>
      bookAppointment(
        {
          service: service.id,
          name: patient.name,
          email: patient.email,
          phone: "+1 555 0162",
          date,
          time,
          message: "As far ahead as I may",
        },
        patient.id,
        now,
      );

    expect(await online(lastDay, "10:00")).toMatchObject({ ok: true });
    const beyond = await online(addDays(lastDay, 1), "10:00");
    expect(beyond).toMatchObject({ ok: false, status: 400 });
    expect(!beyond.ok && beyond.message).toMatch(new RegExp(`^${horizonMessage}`));

    const desk = (date: string) =>
      bookAtDesk(
        reception,
        { patientId: patient.id, service: service.id, dentist: "any", date, time: "11:00" },
        now,
      );
    expect(await desk(lastDay)).toMatchObject({ ok: true });
    const deskBeyond = await desk(addDays(lastDay, 1));
    expect(deskBeyond).toMatchObject({ ok: false, status: 400 });
    expect(!deskBeyond.ok && deskBeyond.message).toMatch(new RegExp(`^${horizonMessage}`));
  });
});

describe("book anyway over a taken chair while the dentist is free", () => {
  it("one chair, two dentists: the second, booked anyway at the first's 10:00, takes the next hold layer", async () => {
    // The test database has one chair; a second dentist with the first's plan.
    expect(await prisma.chair.count({ where: { active: true } })).toBe(1);
    const first = await prisma.dentist.findUniqueOrThrow({ where: { id: FIRST_DENTIST } });
    const second = await prisma.dentist.create({
      data: {
        slug: `dr-second-chair-${Date.now()}`,
        name: "Dr. Second",
        title: "DDS",
        sortOrder: 95,
        weeklyPlan: first.weeklyPlan,
      },
    });
    try {
      const date = upcoming(TUESDAY, 3);
      const [ann, ben] = await Promise.all([caller("Ann First"), caller("Ben Second")]);
      const booked = await bookAtDesk(reception, {
        patientId: ann.id,
        service: service.id,
        dentist: FIRST_DENTIST,
        date,
        time: "10:00",
      });
      expect(booked).toMatchObject({ ok: true });

      const input = {
        patientId: ben.id,
        service: service.id,
        dentist: second.id,
        date,
        time: "10:00",
      };
      // Dr. Second is free, the only chair is not: refused, with "book anyway" offered.
      const refused = await bookAtDesk(reception, input);
      expect(refused).toMatchObject({ ok: false, status: 409 });
      expect(!refused.ok && refused.message).toContain("Or book it anyway with a reason.");

      const anyway = await bookAtDesk(reception, {
        ...input,
        override: "yes",
        reason: "Second dentist, chair shared",
      });
      expect(anyway).toMatchObject({ ok: true });
      const row = await prisma.appointment.findUniqueOrThrow({
        where: { id: anyway.ok ? anyway.appointment._id : "" },
        include: { holds: true },
      });
      expect(row).toMatchObject({
        dentistId: second.id,
        chairId: FIRST_CHAIR,
        overrideReason: "Second dentist, chair shared",
      });
      // Both of its resources, every step, on layer 1: the chair's layer 0 is the first visit's.
      expect(row.holds.length).toBeGreaterThan(0);
      expect(new Set(row.holds.map((hold) => hold.resource))).toEqual(
        new Set([`dentist:${second.id}`, `chair:${FIRST_CHAIR}`]),
      );
      expect(row.holds.map((hold) => hold.layer)).toEqual(row.holds.map(() => 1));
    } finally {
      await prisma.dentist.update({ where: { id: second.id }, data: { active: false } });
    }
  });
});

describe("two moves of one visit at once", () => {
  it("exactly one succeeds; the other is told the visit changed meanwhile; one moved mail, audit and history row", async () => {
    const date = upcoming(TUESDAY, 4);
    const patient = await caller("Mo Mover");
    const booked = await bookAtDesk(reception, {
      patientId: patient.id,
      service: service.id,
      dentist: FIRST_DENTIST,
      date,
      time: "09:00",
    });
    if (!booked.ok) throw new Error(booked.message);
    const id = booked.appointment._id;
    const other = { id: (await createUser({ role: "admin" })).id, role: "admin" as const };

    const results = await Promise.all([
      staffMove(reception, id, { date, time: "11:00" }),
      staffMove(other, id, { date, time: "14:00" }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({
      ok: false,
      status: 409,
      message: CHANGED_MEANWHILE_MESSAGE,
    });
    const won = results[0]!.ok ? "11:00" : "14:00";
    const [row, history, moveMails, moveAudits, holds] = await Promise.all([
      prisma.appointment.findUniqueOrThrow({ where: { id } }),
      prisma.appointmentStatusChange.findMany({ where: { appointmentId: id } }),
      prisma.outboxMessage.count({ where: { appointmentId: id, kind: "change" } }),
      prisma.auditEntry.count({ where: { entityId: id, action: "appointment.move" } }),
      prisma.slotHold.findMany({ where: { appointmentId: id } }),
    ]);
    expect(row).toMatchObject({ time: won, sequence: 1 });
    expect(history.filter((change) => change.note.startsWith("moved from"))).toHaveLength(1);
    expect(moveMails).toBe(1);
    expect(moveAudits).toBe(1);
    // The holds are the winner's time alone (30 minutes: two 15-minute steps per resource).
    expect(holds).toHaveLength(4);
    expect(Math.min(...holds.map((hold) => hold.startsAt.getTime()))).toBe(
      clinicTimeToUtc(date, won).getTime(),
    );
  });
});

describe("a desk booking's date outside the accepted window", () => {
  it("is refused with the window's message, by the model and over HTTP, before any booking rule", async () => {
    const patient = await caller("Wendy Window");
    const now = new Date();
    const range = acceptedDateRange(now);
    const windowMessage = dateOutOfRangeMessage(range);
    for (const date of [addDays(range.to, 1), addDays(range.from, -1), "9999-12-31"]) {
      const refused = await bookAtDesk(
        reception,
        { patientId: patient.id, service: service.id, dentist: "any", date, time: "10:00" },
        now,
      );
      expect(refused, date).toEqual({ ok: false, status: 400, message: windowMessage });
      const answer = await outcome(
        await staffBook(
          actionArgs(
            jsonRequest(
              "/api/staff/appointments",
              "POST",
              { patient: patient.id, service: service.id, date, time: "10:00" },
              { authorization: `Bearer ${receptionToken}` },
            ),
          ),
        ),
      );
      expect(answer, date).toMatchObject({
        status: 400,
        body: { success: false, message: windowMessage },
      });
    }
    expect(await prisma.appointment.count({ where: { userId: patient.id } })).toBe(0);
  });
});
