// Issue 13.5: after booking, the home page tells a signed-in patient what they booked.
import { afterEach, describe, expect, it, vi } from "vitest";
import { nextAppointment } from "~/models/appointment.server";
import { loader as homeLoader } from "~/routes/_index";
import { prisma } from "~/utils/db.server";
import { TUESDAY, upcoming } from "../support/clinic-dates";
import { createService, createUser, sessionFor, storeAppointment } from "../support/factories";
import { get, loaderArgs } from "./auth-helpers";

async function homeFor(cookie?: string) {
  return homeLoader(loaderArgs(get("/", cookie)));
}

describe("the home page's next appointment", () => {
  it("shows the signed-in patient's soonest active visit, with the address the confirmation went to", async () => {
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
    expect(next?.mailedTo).toBe(patient.email);
    expect(next?.clock.timeZone).toBeTruthy();
    expect(later.id).not.toBe(sooner.id);
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

  // The panel is kept between page views until the database is written (ADR 025).
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

afterEach(() => {
  vi.useRealTimers();
});
