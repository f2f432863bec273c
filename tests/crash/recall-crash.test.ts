// Kills the production server with SIGKILL while its own recall sweep writes 250 due
// invitations to the outbox and its worker delivers them to a real SMTP server on loopback,
// then restarts it on the same database: every invitation arrives, each recall has written
// exactly one, and at most one mail (the one in flight at the kill) arrives twice, which is
// what the outbox already allows (docs/decisions/014-mail-outbox.md, 035-recall.md).
// Nothing is driven from the test but the data: the sweep runs on the server's own schedule
// and the real clock, in a clinic time zone where it is early afternoon now and the clinic
// open every day, closures covering today removed (tests/support/midday-clinic.ts).
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { addDays, clinicNow } from "~/utils/clinic-time";
import { mailCrashTest, messageIdOf } from "../support/mail-crash";
import { startMiddayClinic } from "../support/midday-clinic";
import { testPorts } from "../support/ports.mjs";

const PORT = testPorts().recallCrash;
/** Enough for the kill to land mid-sweep with room to spare (asserted below). */
const PATIENTS = 250;
/**
 * The kill comes once this many invitations arrived: the sweep is still writing then (runs:
 * 100 written when 20 had arrived, 80 to 120 when 10 had).
 */
const KILL_AFTER = 5;
const OPEN_ALL_WEEK = JSON.stringify(
  Object.fromEntries(
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((day) => [
      day,
      { start: "08:00", end: "20:00", breaks: [] },
    ]),
  ),
);

const crashMidDelivery = mailCrashTest(PORT);
const run = randomBytes(3).toString("hex");
const addressOf = (i: number) => `recall-crash-${run}-${i}@example.com`;

describe("recall sweep crash safety", () => {
  it("delivers every due invitation through a SIGKILL mid-sweep, with at most one duplicate", async () => {
    let timeZone = "";
    const crash = await crashMidDelivery({
      env: { RECALL_SWEEP_SECONDS: "2" },
      async start(env) {
        const clinic = await startMiddayClinic({
          port: PORT,
          env,
          settings: { weeklyHours: OPEN_ALL_WEEK, recallDailyCap: 2_000 },
        });
        timeZone = clinic.timeZone;
        return clinic.server;
      },
      // 250 patients whose check-up is due in four weeks: the cadence's first step is
      // today, a day the clinic is open whatever holidays the seed closes.
      async seed(db) {
        const today = clinicNow(new Date(), timeZone).date;
        await db.clinicClosure.deleteMany({
          where: { startDate: { lte: today }, endDate: { gte: today } },
        });
        const verifiedAt = new Date(Date.now() - 200 * 86_400_000);
        await db.user.createMany({
          data: Array.from({ length: PATIENTS }, (_, i) => ({
            id: `recall-crash-${run}-${i}`,
            name: `Recall Patient ${i}`,
            email: addressOf(i),
            emailVerifiedAt: verifiedAt,
          })),
        });
        await db.patientRecall.createMany({
          data: Array.from({ length: PATIENTS }, (_, i) => ({
            id: `recall-crash-${run}-${i}`,
            userId: `recall-crash-${run}-${i}`,
            recallTypeId: "recall-checkup",
            dueDate: addDays(today, 28),
            lastVisitDate: addDays(today, -154),
            nextInvitationOn: today,
          })),
        });
      },
      ours: (to) => to.startsWith(`recall-crash-${run}-`),
      killAfter: KILL_AFTER,
      where: { kind: "recall_invitation", userId: { startsWith: `recall-crash-${run}-` } },
      expected: PATIENTS,
    });
    // Mid-sweep: the sweep had not written every invitation when the process died.
    expect(crash.writtenBeforeKill).toBeLessThan(PATIENTS);
    expect(crash.arrivedBeforeKill).toBeLessThan(PATIENTS);

    // One invitation per recall, each recall's step taken once ...
    expect(crash.rows).toHaveLength(PATIENTS);
    expect(new Set(crash.rows.map((row) => row.dedupeKey)).size).toBe(PATIENTS);
    expect(
      await crash.after.recallInvitation.count({
        where: { recallId: { startsWith: `recall-crash-${run}-` } },
      }),
    ).toBe(PATIENTS);
    expect(
      await crash.after.patientRecall.count({
        where: { id: { startsWith: `recall-crash-${run}-` }, invitationsSent: 1 },
      }),
    ).toBe(PATIENTS);
    // ... and each one received by its patient, once (one duplicate allowed).
    const recipientOf = new Map(crash.rows.map((row) => [messageIdOf(row.id), row.toAddress]));
    for (const mail of crash.arrivals) {
      expect(mail.subject).toBe("Time to book your check-up");
      expect(recipientOf.get(mail.messageId)).toBe(mail.to[0]);
    }
    console.info(
      `[recall crash] SIGKILL ${(crash.killedAfterMs / 1000).toFixed(1)} s in, after ${crash.arrivedBeforeKill} of ` +
        `${PATIENTS} invitations arrived and ${crash.writtenBeforeKill} were written by the sweep; after the ` +
        `restart ${crash.perMessage.size} distinct delivered, ${crash.duplicates} duplicate(s), ` +
        `${((Date.now() - crash.startedAt) / 1000).toFixed(1)} s in all`,
    );
    expect(crash.perMessage.size).toBe(PATIENTS);
    expect(crash.duplicates).toBeLessThanOrEqual(1);
  }, 480_000);
});
