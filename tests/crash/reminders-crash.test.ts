// Kills the production server with SIGKILL while its own reminder sweep writes 500 due
// reminders to the outbox and its worker delivers them to a real SMTP server on loopback,
// then restarts it on the same database: every reminder arrives, and at most one (the one
// in flight at the kill) arrives twice. docs/decisions/014-mail-outbox.md and
// 020-reminders.md state the guarantee. Nothing is driven from the test but the data: the
// sweep runs on the server's own schedule and the real clock, in a clinic time zone where
// it is early afternoon now (tests/support/midday-clinic.ts), so quiet hours never hold it.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { clinicNow } from "~/utils/clinic-time";
import { mailCrashTest, messageIdOf } from "../support/mail-crash";
import { startMiddayClinic } from "../support/midday-clinic";
import { testPorts } from "../support/ports.mjs";

const PORT = testPorts().remindersCrash;
/**
 * Enough for the kill to land mid-sweep with room to spare (asserted below). 1,000 took a
 * minute and a half on a busy machine and proved nothing 500 do not: what is tested is the
 * one sweep and the one message in flight that a kill interrupts.
 */
const VISITS = 500;
/**
 * The kill comes once this many reminders arrived: the worker delivers between the sweep's
 * transactions, so the sweep is still writing then (runs: about 440 written when 20 had
 * arrived, 235 when 10 had).
 */
const KILL_AFTER = 5;
const HOUR = 3_600_000;
const RULE_HOURS = 48;

const crashMidDelivery = mailCrashTest(PORT);
const run = randomBytes(3).toString("hex");
const addressOf = (i: number) => `reminder-crash-${run}-${i}@example.com`;

describe("reminder sweep crash safety", () => {
  it("delivers every due reminder through a SIGKILL mid-sweep, with at most one duplicate", async () => {
    let timeZone = "";
    const crash = await crashMidDelivery({
      env: { REMINDER_SWEEP_SECONDS: "2" },
      async start(env) {
        const clinic = await startMiddayClinic({ port: PORT, env });
        timeZone = clinic.timeZone;
        return clinic.server;
      },
      // 500 visits a day ahead, booked three days ago: each one's 48-hour reminder time
      // passed yesterday afternoon (clinic time), after the booking, so the next sweep finds
      // them all due at once, as after a long outage of the server.
      async seed(db) {
        const now = Date.now();
        const service = await db.service.findUniqueOrThrow({ where: { slug: "dental-checkup" } });
        const dentist = await db.dentist.findFirstOrThrow({ orderBy: { sortOrder: "asc" } });
        const chair = await db.chair.findFirstOrThrow({ orderBy: { sortOrder: "asc" } });
        const bookedAt = new Date(now - 72 * HOUR);
        await db.user.createMany({
          data: Array.from({ length: VISITS }, (_, i) => ({
            id: `crash-patient-${run}-${i}`,
            name: `Crash Patient ${i}`,
            email: addressOf(i),
            provider: "local",
            emailVerifiedAt: bookedAt,
            createdAt: bookedAt,
          })),
        });
        await db.appointment.createMany({
          data: Array.from({ length: VISITS }, (_, i) => {
            const startsAt = new Date(now + 24 * HOUR + i * 10_000);
            const local = clinicNow(startsAt, timeZone);
            return {
              id: `crash-visit-${run}-${i}`,
              userId: `crash-patient-${run}-${i}`,
              serviceId: service.id,
              name: `Crash Patient ${i}`,
              email: addressOf(i),
              phone: "555 0100",
              date: local.date,
              time: local.time,
              message: "",
              dentistId: dentist.id,
              chairId: chair.id,
              startsAt,
              endsAt: new Date(startsAt.getTime() + service.durationMinutes * 60_000),
              createdAt: bookedAt,
            };
          }),
        });
      },
      ours: (to) => to.startsWith(`reminder-crash-${run}-`),
      killAfter: KILL_AFTER,
      where: { kind: "reminder", appointmentId: { startsWith: `crash-visit-${run}-` } },
      expected: VISITS,
    });
    // Mid-sweep: the sweep had not written every reminder yet when the process died.
    expect(crash.writtenBeforeKill).toBeLessThan(VISITS);
    expect(crash.arrivedBeforeKill).toBeLessThan(VISITS);

    // One reminder per (visit, rule, start time) in the outbox ...
    expect(crash.rows).toHaveLength(VISITS);
    expect(new Set(crash.rows.map((row) => row.dedupeKey)).size).toBe(VISITS);
    for (const row of crash.rows) {
      expect(row.dedupeKey).toMatch(
        new RegExp(`^reminder:${row.appointmentId}:${RULE_HOURS}h:\\d{4}-\\d\\d-\\d\\dT`),
      );
    }
    // ... and each one received, by the right patient, once (one duplicate allowed).
    const recipientOf = new Map(crash.rows.map((row) => [messageIdOf(row.id), row.toAddress]));
    for (const mail of crash.arrivals) {
      expect(mail.subject).toMatch(/^Reminder: please confirm your appointment on /);
      expect(recipientOf.get(mail.messageId)).toBe(mail.to[0]);
    }
    console.info(
      `[reminders crash] SIGKILL ${(crash.killedAfterMs / 1000).toFixed(1)} s in, after ${crash.arrivedBeforeKill} of ` +
        `${VISITS} reminders arrived and ${crash.writtenBeforeKill} were written by the sweep; after the ` +
        `restart ${crash.perMessage.size} distinct delivered, ${crash.duplicates} duplicate(s), ` +
        `${((Date.now() - crash.startedAt) / 1000).toFixed(1)} s in all`,
    );
    expect(crash.perMessage.size).toBe(VISITS);
    expect(crash.duplicates).toBeLessThanOrEqual(1);
  }, 480_000);
});
