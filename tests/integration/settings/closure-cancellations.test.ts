// A closure that falls on booked visits (issue 23, "Setting up a clinic"): the admin cancels
// them all with one reason through the booking core's cancel, each patient who can be
// mailed is told the reason through the outbox, and the freed times are not offered to the
// waiting list, the clinic being closed. Also: a rejected patient-added service leaves the
// public team page.
import { beforeAll, describe, expect, it } from "vitest";
import { createCallerRecord } from "~/models/patients/edit.server";
import { reviewService } from "~/models/services/moderation.server";
import { staffChangeStatus } from "~/models/front-desk/changes.server";
import { action as closuresAction, loader as closuresLoader } from "~/routes/staff.closures";
import { loader as teamLoader } from "~/routes/team";
import { prisma } from "~/infra/db.server";
import { CLOSURE_REASON_MESSAGE } from "~/models/settings/closures.server";
import { THURSDAY, TUESDAY, upcoming } from "../../support/clinic-dates";
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
  loaderArgs,
  outcome,
  toastOf,
} from "../../support/auth-helpers";

let service: { id: string; name: string };
let adminCookie: string;
let reception: { id: string; role: "reception" };

beforeAll(async () => {
  service = await createService({ name: "Closure Clean", durationMinutes: 30 });
  adminCookie = (await sessionFor(await createUser({ role: "admin" }))).cookie;
  const desk = await createUser({ role: "reception" });
  reception = { id: desk.id, role: "reception" };
});

const post = async (fields: Record<string, string>) =>
  outcome(await closuresAction(actionArgs(formPost("/staff/closures", fields, adminCookie))));

async function waitingFor(date: string) {
  const waiting = await createUser({ name: "Walt Waiting" });
  await prisma.waitlistEntry.create({
    data: {
      userId: waiting.id,
      serviceId: service.id,
      fromDate: date,
      toDate: date,
      phone: "+1 555 0400",
    },
  });
  return waiting;
}

const offersTo = (userId: string) => prisma.waitlistOffer.count({ where: { entry: { userId } } });

describe("cancelling the visits a closure falls on", () => {
  it("cancels each visit with the reason, mails those who can be mailed, and offers no freed time", async () => {
    const date = upcoming(TUESDAY, 3);
    const mailed = await createUser({ name: "Mia Mailed" });
    const desk = await createCallerRecord(reception, {
      name: "Ned Nomail",
      email: "",
      phone: "+1 555 0401",
    });
    if (!desk.ok) throw new Error(desk.message);
    const visits = [
      await storeAppointment({ userId: mailed.id, serviceId: service.id, date, time: "09:00" }),
      await storeAppointment({
        userId: desk.patientId,
        serviceId: service.id,
        date,
        time: "10:00",
      }),
    ];
    const waiting = await waitingFor(date);

    expect(
      await post({ intent: "add", name: "Flood repairs", startDate: date, endDate: "" }),
    ).toMatchObject({
      status: 302,
    });
    const closure = await prisma.clinicClosure.findFirstOrThrow({
      where: { name: "Flood repairs" },
    });
    const offered = await outcome(
      await closuresLoader(
        loaderArgs(get(`/staff/closures?cancelVisits=${closure.id}`, adminCookie)),
      ),
    );
    expect(offered.body).toMatchObject({ empty: { id: closure.id, visits: 2 } });

    const noReason = await post({ intent: "cancel-visits", closureId: closure.id, reason: " " });
    expect(noReason).toMatchObject({ status: 400, body: { error: CLOSURE_REASON_MESSAGE } });

    const reason = "A burst pipe flooded the clinic";
    const done = await post({ intent: "cancel-visits", closureId: closure.id, reason });
    expect(done.status).toBe(302);
    expect(await toastOf(done.headers)).toEqual({
      type: "success",
      message:
        "2 visits on Flood repairs cancelled; each patient with an e-mail address is told why.",
    });
    for (const visit of visits) {
      const row = await prisma.appointment.findUniqueOrThrow({
        where: { id: visit.id },
        include: { statusChanges: true },
      });
      expect(row).toMatchObject({ status: "cancelled", cancelReason: reason });
      expect(row.statusChanges.at(-1)).toMatchObject({
        to: "cancelled",
        note: "The clinic is closed: Flood repairs",
      });
    }
    const mail = await prisma.outboxMessage.findFirstOrThrow({
      where: { userId: mailed.id, kind: "cancellation" },
    });
    expect(mail.text).toContain(`Reason: ${reason}`);
    expect(await prisma.outboxMessage.count({ where: { userId: desk.patientId } })).toBe(0);
    expect(await offersTo(waiting.id)).toBe(0);
    expect(
      await prisma.auditEntry.count({
        where: { action: "appointment.cancel", entityId: { in: visits.map((visit) => visit.id) } },
      }),
    ).toBe(2);
    const summary = await prisma.auditEntry.findFirstOrThrow({
      where: { action: "closure.cancel_visits", entityId: closure.id },
    });
    expect(summary.summary).toContain(`Cancelled 2 visits on the closure Flood repairs`);
    // Nothing is left to cancel, so the screen no longer offers it.
    const after = await outcome(
      await closuresLoader(
        loaderArgs(get(`/staff/closures?cancelVisits=${closure.id}`, adminCookie)),
      ),
    );
    expect(after.body).toMatchObject({ empty: null });
  });

  it("offers a freed time on an open day, as always (the waiting list above would have been offered)", async () => {
    const date = upcoming(THURSDAY, 3);
    const patient = await createUser();
    const visit = await storeAppointment({
      userId: patient.id,
      serviceId: service.id,
      date,
      time: "09:00",
    });
    const waiting = await waitingFor(date);
    expect((await staffChangeStatus(reception, visit.id, "cancelled", "Patient is ill")).ok).toBe(
      true,
    );
    expect(await offersTo(waiting.id)).toBe(1);
  });

  it("refuses a past or unknown closure", async () => {
    expect(
      await post({ intent: "cancel-visits", closureId: "missing", reason: "Closed" }),
    ).toMatchObject({ status: 404 });
  });
});

describe("a rejected patient-added service", () => {
  // The staff dentist page and the team's count: tests/integration/team/dentist-admin.test.ts.
  it("is not on the public team page's list of what a dentist treats, before or after", async () => {
    const author = await createUser();
    const proposed = await createService({
      name: `Proposed Sparkle ${Date.now()}`,
      status: "awaiting_review",
      createdById: author.id,
    });
    await prisma.dentistService.create({
      data: { dentistId: FIRST_DENTIST, serviceId: proposed.id },
    });
    const treats = async () => {
      const { team } = await teamLoader();
      return team.find((member) => member.id === FIRST_DENTIST)!.services.map((s) => s.id);
    };
    expect(await treats()).not.toContain(proposed.id);
    const decided = await reviewService(
      { intent: "reject-service", serviceId: proposed.id, reason: "Not offered here." },
      reception,
    );
    expect(decided.ok).toBe(true);
    expect(await treats()).not.toContain(proposed.id);
  });
});
