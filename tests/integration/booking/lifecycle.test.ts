// The appointment lifecycle guarded from outside the app's own table (issue 26, item 11):
// the moves the clinic allows are written here by hand, from the product's rules (ADR 017:
// booked -> confirmed -> checked in -> completed, or cancelled / missed before that; issue
// 31: a visit nobody checked in is completed in one action, its check-in recorded with it,
// and the desk takes a check-in back to booked while the visit lasts), never read from
// TRANSITIONS; every (from, to) pair goes through the real staff path against SQLite. And
// two staff changing one visit at once: one wins, one history row.
import { beforeAll, describe, expect, it } from "vitest";
import { ALREADY_CANCELLED_MESSAGE } from "~/models/booking/status.server";
import type { AppointmentStatus } from "~/models/booking/appointment-status";
import { CHANGED_MEANWHILE_MESSAGE } from "~/models/booking/place.server";
import { staffChangeStatus } from "~/models/front-desk/changes.server";
import { clinicTimeToUtc } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import { createService, createUser, storeAppointment } from "../../support/factories";

const ALL: AppointmentStatus[] = [
  "booked",
  "confirmed",
  "checked_in",
  "completed",
  "cancelled",
  "no_show",
];

/** The allowed moves, by hand. A pair not listed must be refused and write nothing. */
const ALLOWED: Record<AppointmentStatus, AppointmentStatus[]> = {
  booked: ["confirmed", "checked_in", "completed", "cancelled", "no_show"],
  confirmed: ["checked_in", "completed", "cancelled", "no_show"],
  checked_in: ["completed", "booked"],
  completed: [],
  cancelled: [],
  no_show: [],
};

let serviceId: string;
let patientId: string;
let admin: { id: string; role: "admin" };
let desk: { id: string; role: "reception" };
let slot = 0;

beforeAll(async () => {
  serviceId = (await createService({ name: "Lifecycle Check-up" })).id;
  patientId = (await createUser({ name: "Lena Lifecycle" })).id;
  admin = { id: (await createUser({ role: "admin" })).id, role: "admin" };
  desk = { id: (await createUser({ role: "reception" })).id, role: "reception" };
});

/** A visit of its own half hour in `status`, stored as it would be (holds while active). */
async function visitIn(status: AppointmentStatus) {
  const index = slot++;
  const date = upcoming(TUESDAY, 2 + Math.floor(index / 14));
  const minutes = 9 * 60 + (index % 14) * 30;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  return storeAppointment({ userId: patientId, serviceId, date, time, status });
}

/** Everything a status change could write about one visit. */
async function traceOf(appointmentId: string) {
  const [row, history, holds, mail, audit] = await Promise.all([
    prisma.appointment.findUniqueOrThrow({ where: { id: appointmentId } }),
    prisma.appointmentStatusChange.findMany({
      where: { appointmentId },
      select: { from: true, to: true },
    }),
    prisma.slotHold.count({ where: { appointmentId } }),
    prisma.outboxMessage.count({ where: { appointmentId } }),
    prisma.auditEntry.count({ where: { entityId: appointmentId } }),
  ]);
  return { row, history, holds, mail, audit };
}

describe("the lifecycle, every (from, to) pair", () => {
  it("allows exactly the hand-written moves, each with one history row; refuses the rest with no write", async () => {
    const outcomes: string[] = [];
    for (const from of ALL) {
      for (const to of ALL) {
        const visit = await visitIn(from);
        // The visit has started and not ended: a move that needs either is judged by the
        // table alone.
        const now = new Date(visit.startsAt.getTime() + 10 * 60_000);
        const before = await traceOf(visit.id);
        const result = await staffChangeStatus(admin, visit.id, to, "Told on the phone", now);
        const after = await traceOf(visit.id);
        const pair = `${from} -> ${to}`;
        outcomes.push(`${pair}: ${result.ok ? "allowed" : "refused"}`);
        if (ALLOWED[from].includes(to)) {
          expect(result, pair).toMatchObject({ ok: true, appointment: { status: to } });
          expect(after.row.status, pair).toBe(to);
          // Completed without a check-in: the check-in is recorded first, in the same write.
          expect(after.history, pair).toEqual(
            to === "completed" && from !== "checked_in"
              ? [
                  { from, to: "checked_in" },
                  { from: "checked_in", to },
                ]
              : [{ from, to }],
          );
          expect(after.audit, pair).toBe(1);
        } else {
          expect(result, pair).toMatchObject({ ok: false });
          expect(!result.ok && [400, 409].includes(result.status), pair).toBe(true);
          expect(after, pair).toEqual(before);
        }
      }
    }
    // Every pair was asked, and as many allowed as the table lists.
    expect(outcomes).toHaveLength(ALL.length * ALL.length);
    expect(outcomes.filter((line) => line.endsWith("allowed"))).toHaveLength(
      Object.values(ALLOWED).flat().length,
    );
  });
});

describe("two staff changing one visit at once", () => {
  it("both cancel: one wins, one history row and one mail; the other reads 'already cancelled'", async () => {
    const visit = await visitIn("booked");
    const results = await Promise.all([
      staffChangeStatus(desk, visit.id, "cancelled", "Dentist ill"),
      staffChangeStatus(admin, visit.id, "cancelled", "Chair broken"),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({
      ok: false,
      status: 409,
      message: ALREADY_CANCELLED_MESSAGE,
    });
    const trace = await traceOf(visit.id);
    expect(trace.history).toEqual([{ from: "booked", to: "cancelled" }]);
    expect(trace.row).toMatchObject({ status: "cancelled", sequence: 1 });
    expect(trace.mail).toBe(1);
    expect(trace.audit).toBe(1);
  });

  it("one confirms while the other cancels: one wins; the other is told it changed, not that it was cancelled", async () => {
    const visit = await visitIn("booked");
    const now = clinicTimeToUtc(visit.date, "08:00");
    const [confirmed, cancelled] = await Promise.all([
      staffChangeStatus(desk, visit.id, "confirmed", null, now),
      staffChangeStatus(admin, visit.id, "cancelled", "Chair broken", now),
    ]);
    const winner = confirmed.ok ? "confirmed" : "cancelled";
    expect([confirmed.ok, cancelled.ok].filter(Boolean)).toHaveLength(1);
    const loser = confirmed.ok ? cancelled : confirmed;
    expect(loser).toMatchObject({ ok: false, status: 409, message: CHANGED_MEANWHILE_MESSAGE });
    const trace = await traceOf(visit.id);
    expect(trace.history).toEqual([{ from: "booked", to: winner }]);
    expect(trace.row.status).toBe(winner);
  });
});
