// Kills the production server with SIGKILL while its own reminder sweep writes 500 due
// reminders to the outbox and its worker delivers them to a real SMTP server on loopback,
// then restarts it on the same database: every reminder arrives, and at most one (the one
// in flight at the kill) arrives twice. docs/decisions/014-mail-outbox.md and
// 020-reminders.md state the guarantee. Nothing is driven from the test but the data: the
// sweep runs on the server's own schedule and the real clock, in a clinic time zone where
// it is early afternoon now (tests/support/midday-clinic.ts), so quiet hours never hold it.
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { clinicNow } from "~/utils/clinic-time";
import { startMiddayClinic } from "../support/midday-clinic";
import { TMP_DIR } from "../support/paths";
import { testPorts } from "../support/ports.mjs";
import { startProductionServer, type ProductionServer } from "../support/production-server";
import { startSmtpSink } from "../support/smtp-sink";
import { until } from "../support/until";

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

let server: ProductionServer | undefined;
let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;

afterAll(async () => {
  await server?.stop();
  await sink?.close();
  rmSync(path.join(TMP_DIR, `outbox-${PORT}`), { recursive: true, force: true });
}, 30_000);

const run = randomBytes(3).toString("hex");
const addressOf = (i: number) => `reminder-crash-${run}-${i}@example.com`;
const ours = (to: string) => to.startsWith(`reminder-crash-${run}-`);

describe("reminder sweep crash safety", () => {
  it("delivers every due reminder through a SIGKILL mid-sweep, with at most one duplicate", async () => {
    const started = Date.now();
    let arrived = 0;
    let reachedKillPoint!: () => void;
    const killPoint = new Promise<void>((resolve) => (reachedKillPoint = resolve));
    sink = await startSmtpSink({
      onMessage: (mail) => {
        if (!mail.to.some(ours)) return;
        arrived += 1;
        if (arrived >= KILL_AFTER) reachedKillPoint();
      },
    });
    const env = {
      SMTP_URL: sink.url,
      OUTBOX_POLL_SECONDS: "1",
      REMINDER_SWEEP_SECONDS: "2",
      // A claim left by the killed process is taken back this soon after the restart.
      OUTBOX_LOCK_SECONDS: "2",
    };
    const clinic = await startMiddayClinic({ port: PORT, env });
    server = clinic.server;
    const db = server.db();

    // 500 visits a day ahead, booked three days ago: each one's 48-hour reminder time
    // passed yesterday afternoon (clinic time), after the booking, so the next sweep finds
    // them all due at once, as after a long outage of the server.
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
        const local = clinicNow(startsAt, clinic.timeZone);
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
    const reminderRows = {
      kind: "reminder",
      appointmentId: { startsWith: `crash-visit-${run}-` },
    } as const;

    await killPoint;
    await server.kill("SIGKILL");
    const arrivedBeforeKill = arrived;
    const killedAfterMs = Date.now() - started;
    // Mid-sweep: the sweep had not written every reminder yet when the process died.
    const writtenBeforeKill = await db.outboxMessage.count({ where: reminderRows });
    expect(writtenBeforeKill).toBeLessThan(VISITS);
    expect(arrivedBeforeKill).toBeLessThan(VISITS);

    const databaseFile = server.databaseFile;
    await server.stop({ removeDatabase: false });
    server = await startProductionServer({ port: PORT, databaseFile, env });
    const after = server.db();
    await until(
      async () =>
        (await after.outboxMessage.count({ where: { ...reminderRows, status: "sent" } })) ===
        VISITS,
      `all ${VISITS} reminders written and marked sent after the restart`,
    );
    await sink.idle();

    // One reminder per (visit, rule, start time) in the outbox ...
    const rows = await after.outboxMessage.findMany({
      where: reminderRows,
      select: { id: true, dedupeKey: true, toAddress: true, appointmentId: true },
    });
    expect(rows).toHaveLength(VISITS);
    const keys = new Set(rows.map((row) => row.dedupeKey));
    expect(keys.size).toBe(VISITS);
    for (const row of rows) {
      expect(row.dedupeKey).toMatch(
        new RegExp(`^reminder:${row.appointmentId}:${RULE_HOURS}h:\\d{4}-\\d\\d-\\d\\dT`),
      );
    }
    // ... and each one received, by the right patient, once (one duplicate allowed).
    const recipientOf = new Map(rows.map((row) => [`<outbox-${row.id}@127.0.0.1>`, row.toAddress]));
    const perVisit = new Map<string, number>();
    for (const mail of sink.messages.filter((message) => message.to.some(ours))) {
      expect(mail.subject).toMatch(/^Reminder: please confirm your appointment on /);
      expect(recipientOf.get(mail.messageId)).toBe(mail.to[0]);
      perVisit.set(mail.messageId, (perVisit.get(mail.messageId) ?? 0) + 1);
    }
    const duplicates = [...perVisit.values()].reduce((sum, count) => sum + count - 1, 0);
    console.info(
      `[reminders crash] SIGKILL ${(killedAfterMs / 1000).toFixed(1)} s in, after ${arrivedBeforeKill} of ` +
        `${VISITS} reminders arrived and ${writtenBeforeKill} were written by the sweep; after the ` +
        `restart ${perVisit.size} distinct delivered, ${duplicates} duplicate(s), ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s in all`,
    );
    expect(perVisit.size).toBe(VISITS);
    expect(duplicates).toBeLessThanOrEqual(1);
  }, 480_000);
});
