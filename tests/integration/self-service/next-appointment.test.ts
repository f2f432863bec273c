// Issue 13.5: after booking, the home page tells a signed-in patient what they booked.
import { afterEach, describe, expect, it, vi } from "vitest";
import { confirmationSentTo } from "~/models/mail/appointment-mail.server";
import { bookAppointment } from "~/models/booking/book.server";
import { nextAppointment } from "~/models/self-service/own-visits.server";
import { bookAtDesk } from "~/models/front-desk/booking.server";
import { createCallerRecord } from "~/models/patients/edit.server";
import { JUST_MOVED_MINUTES } from "~/models/self-service/moved-visit.server";
import { rescheduleOwnVisit } from "~/models/self-service/changes.server";
import { loader as homeLoader } from "~/routes/_index";
import { loader as myAppointmentsLoader } from "~/routes/user.appointments";
import { action as rescheduleAction } from "~/routes/user.appointments_.$id.reschedule";
import { formatDateTime } from "~/utils/clinic-format";
import { prisma } from "~/infra/db.server";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import { createService, createUser, sessionFor, storeAppointment } from "../../support/factories";
import { actionArgs, formPost, get, loaderArgs, settle } from "../../support/auth-helpers";

async function homeFor(cookie?: string) {
  return homeLoader(loaderArgs(get("/", cookie)));
}

describe("the home page's next appointment", () => {
  it("shows the signed-in patient's soonest active visit, and claims no confirmation when none was sent", async () => {
    const patient = await createUser({ emailVerifiedAt: new Date() });
    const { cookie } = await sessionFor(patient);
    const service = await createService({ name: "Panel Crown" });
    const later = await storeAppointment({
      userId: patient.id,
      serviceId: service.id,
      date: upcoming(TUESDAY, 3),
      time: "11:00",
    });
    const sooner = await storeAppointment({
      userId: patient.id,
      serviceId: service.id,
      date: upcoming(TUESDAY, 3),
      time: "09:30",
    });
    // A cancelled one sooner still does not count.
    await storeAppointment({
      userId: patient.id,
      serviceId: service.id,
      date: upcoming(TUESDAY, 3),
      time: "08:30",
      status: "cancelled",
    });

    const { next } = await homeFor(cookie);
    expect(next?.appointment._id).toBe(sooner.id);
    expect(next?.appointment.service.name).toBe("Panel Crown");
    expect(next?.appointment.dentist.name).toBeTruthy();
    // Written straight to the table (as an import would): no confirmation went out, so
    // the panel does not say "We sent the confirmation to" (it once read the address).
    expect(next?.mailedTo).toBeNull();
    expect(next?.clock.timeZone).toBeTruthy();
    expect(later.id).not.toBe(sooner.id);
  });

  it("names the address the confirmation went to, for a booking online or at the desk", async () => {
    const service = await createService({ name: "Panel Filling" });
    const online = await createUser({ emailVerifiedAt: new Date() });
    const booked = await bookAppointment(
      {
        service: service.id,
        name: online.name,
        email: "somewhere-else@example.com",
        phone: "+1 555 0100",
        date: upcoming(TUESDAY, 7),
        time: "10:00",
        message: "Hello",
      },
      online.id,
    );
    expect(booked.ok).toBe(true);
    expect((await homeFor((await sessionFor(online)).cookie)).next?.mailedTo).toBe(online.email);

    const reception = await createUser({ role: "reception" });
    const caller = await createCallerRecord(
      { id: reception.id, role: "reception" },
      { name: "Panel Caller", email: `panel-${Date.now()}@example.com`, phone: "+1 555 0101" },
    );
    const patientId = caller.ok ? caller.patientId : "";
    const desk = await bookAtDesk(
      { id: reception.id, role: "reception" },
      { patient: patientId, service: service.id, date: upcoming(TUESDAY, 7), time: "11:00" },
    );
    expect(desk).toMatchObject({ ok: true, mailedTo: expect.stringMatching(/^panel-/) });
    const callerUser = await prisma.user.findUniqueOrThrow({ where: { id: patientId } });
    expect(await confirmationSentTo(desk.ok ? desk.appointment._id : "")).toBe(callerUser.email);
  });

  it("names no address when the clinic mails none (an address never proven)", async () => {
    const patient = await createUser({ emailVerifiedAt: null });
    const { cookie } = await sessionFor(patient);
    const service = await createService();
    await storeAppointment({
      userId: patient.id,
      serviceId: service.id,
      date: upcoming(TUESDAY, 4),
      time: "14:00",
    });
    const { next } = await homeFor(cookie);
    expect(next?.mailedTo).toBeNull();
  });

  it("is absent for a visitor, and for a patient whose visits are all over or cancelled", async () => {
    expect((await homeFor()).next).toBeNull();
    const patient = await createUser();
    const { cookie } = await sessionFor(patient);
    const service = await createService();
    const past = await storeAppointment({
      userId: patient.id,
      serviceId: service.id,
      date: "2024-03-05",
      time: "09:00",
    });
    expect((await homeFor(cookie)).next).toBeNull();
    expect(await nextAppointment(patient.id)).toBeNull();
    expect(await prisma.appointment.count({ where: { id: past.id } })).toBe(1);
  });

  // The panel is read on every page view (ADR 046: no cache keeps it).
  it("changes at once when a visit is booked or cancelled, and drops a visit once it has ended", async () => {
    const patient = await createUser();
    const { cookie } = await sessionFor(patient);
    const service = await createService();
    expect((await homeFor(cookie)).next).toBeNull();
    const booked = await storeAppointment({
      userId: patient.id,
      serviceId: service.id,
      date: upcoming(TUESDAY, 2),
      time: "10:00",
    });
    expect((await homeFor(cookie)).next?.appointment._id).toBe(booked.id);
    expect((await homeFor(cookie)).next?.appointment._id).toBe(booked.id);
    await prisma.appointment.update({ where: { id: booked.id }, data: { status: "cancelled" } });
    expect((await homeFor(cookie)).next).toBeNull();

    const again = await storeAppointment({
      userId: patient.id,
      serviceId: service.id,
      date: upcoming(TUESDAY, 2),
      time: "11:00",
    });
    expect((await homeFor(cookie)).next?.appointment._id).toBe(again.id);
    // No write, only time: once the visit has ended it is no longer shown.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(again.endsAt.getTime() + 60_000);
    expect((await homeFor(cookie)).next).toBeNull();
  });
});

describe("a visit that has just moved says so where the patient looks for it", () => {
  it("on the home page's panel and its card on My appointments, for a quarter of an hour", async () => {
    const patient = await createUser();
    const { cookie } = await sessionFor(patient);
    const service = await createService({ name: "Moved Check" });
    const date = upcoming(TUESDAY, 5);
    const visit = await storeAppointment({
      userId: patient.id,
      serviceId: service.id,
      date,
      time: "10:00",
    });
    const other = await storeAppointment({
      userId: patient.id,
      serviceId: service.id,
      date: upcoming(TUESDAY, 6),
      time: "10:00",
    });
    expect((await homeFor(cookie)).next?.moved).toBeNull();

    // Moved from My appointments: back to the visit's own card, which says where it went.
    const moved = await settle(() =>
      rescheduleAction(
        actionArgs(
          formPost(`/user/appointments/${visit.id}/reschedule`, { date, time: "14:00" }, cookie),
          undefined,
          { id: visit.id },
        ),
      ),
    );
    expect(moved.location).toBe(`/user/appointments#visit-${visit.id}`);
    const clock = { timeZone: "America/New_York", locale: "en-US" };
    const message = `Your appointment has moved to ${formatDateTime(date, "14:00", clock)}.`;
    expect((await homeFor(cookie)).next?.moved).toBe(message);
    const list = await myAppointmentsLoader(loaderArgs(get("/user/appointments", cookie)));
    const cards = Object.fromEntries(list.upcoming.map((card) => [card._id, card.movedNote]));
    expect(cards).toEqual({ [visit.id]: message, [other.id]: null });

    // A quarter of an hour on, with nothing written, the note is gone.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + JUST_MOVED_MINUTES * 60_000 + 1000);
    expect((await homeFor(cookie)).next?.moved).toBeNull();
    const later = await myAppointmentsLoader(loaderArgs(get("/user/appointments", cookie)));
    expect(later.upcoming.every((card) => card.movedNote === null)).toBe(true);
    vi.useRealTimers();

    // A move through the domain (a mail link's, the front desk's) counts the same.
    expect(
      (
        await rescheduleOwnVisit(other.id, patient.id, {
          date: upcoming(TUESDAY, 6),
          time: "15:00",
        })
      ).ok,
    ).toBe(true);
    const after = await myAppointmentsLoader(loaderArgs(get("/user/appointments", cookie)));
    expect(after.upcoming.find((card) => card._id === other.id)?.movedNote).toMatch(
      /^Your appointment has moved to /,
    );
  });
});

afterEach(() => {
  vi.useRealTimers();
});
