// Kills the production server with SIGKILL while its own recall sweep writes 250 due
// invitations to the outbox and its worker delivers them to a real SMTP server on loopback,
// then restarts it on the same database: every invitation arrives, each recall has written
// exactly one, and at most one mail (the one in flight at the kill) arrives twice, which is
// what the outbox already allows (docs/decisions/014-mail-outbox.md, 035-recall.md).
// Nothing is driven from the test but the data: the sweep runs on the server's own schedule
// and the real clock, in a clinic time zone where it is early afternoon now and the clinic
// open every day, closures covering today removed (tests/support/midday-clinic.ts).
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { addDays, clinicNow } from "~/utils/clinic-time";
import { startMiddayClinic } from "../support/midday-clinic";
import { TMP_DIR } from "../support/paths";
import { testPorts } from "../support/ports.mjs";
import { startProductionServer, type ProductionServer } from "../support/production-server";
import { startSmtpSink } from "../support/smtp-sink";
import { until } from "../support/until";

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

let server: ProductionServer | undefined;
let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;

afterAll(async () => {
  await server?.stop();
  await sink?.close();
  rmSync(path.join(TMP_DIR, `outbox-${PORT}`), { recursive: true, force: true });
}, 30_000);

const run = randomBytes(3).toString("hex");
const addressOf = (i: number) => `recall-crash-${run}-${i}@example.com`;
const ours = (to: string) => to.startsWith(`recall-crash-${run}-`);

describe("recall sweep crash safety", () => {
  it("delivers every due invitation through a SIGKILL mid-sweep, with at most one duplicate", async () => {
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
      RECALL_SWEEP_SECONDS: "2",
      // A claim left by the killed process is taken back this soon after the restart.
      OUTBOX_LOCK_SECONDS: "2",
    };
    const clinic = await startMiddayClinic({
      port: PORT,
      env,
      settings: { weeklyHours: OPEN_ALL_WEEK, recallDailyCap: 2_000 },
    });
    server = clinic.server;
    const db = server.db();

    // 250 patients whose check-up is due in four weeks: the cadence's first step is today,
    // a day the clinic is open whatever holidays the seed closes (its Thanksgiving, say).
    const today = clinicNow(new Date(), clinic.timeZone).date;
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
    const invitationRows = {
      kind: "recall_invitation",
      userId: { startsWith: `recall-crash-${run}-` },
    } as const;

    await killPoint;
    await server.kill("SIGKILL");
    const arrivedBeforeKill = arrived;
    const killedAfterMs = Date.now() - started;
    const writtenBeforeKill = await db.outboxMessage.count({ where: invitationRows });
    expect(writtenBeforeKill).toBeLessThan(PATIENTS);
    expect(arrivedBeforeKill).toBeLessThan(PATIENTS);

    const databaseFile = server.databaseFile;
    await server.stop({ removeDatabase: false });
    server = await startProductionServer({ port: PORT, databaseFile, env });
    const after = server.db();
    await until(
      async () =>
        (await after.outboxMessage.count({ where: { ...invitationRows, status: "sent" } })) ===
        PATIENTS,
      `all ${PATIENTS} invitations written and marked sent after the restart`,
    );
    await sink.idle();

    // One invitation per recall, each recall's step taken once ...
    const rows = await after.outboxMessage.findMany({
      where: invitationRows,
      select: { id: true, dedupeKey: true, toAddress: true },
    });
    expect(rows).toHaveLength(PATIENTS);
    expect(new Set(rows.map((row) => row.dedupeKey)).size).toBe(PATIENTS);
    expect(
      await after.recallInvitation.count({
        where: { recallId: { startsWith: `recall-crash-${run}-` } },
      }),
    ).toBe(PATIENTS);
    expect(
      await after.patientRecall.count({
        where: { id: { startsWith: `recall-crash-${run}-` }, invitationsSent: 1 },
      }),
    ).toBe(PATIENTS);
    // ... and each one received by its patient, once (one duplicate allowed).
    const recipientOf = new Map(rows.map((row) => [`<outbox-${row.id}@127.0.0.1>`, row.toAddress]));
    const perMessage = new Map<string, number>();
    for (const mail of sink.messages.filter((message) => message.to.some(ours))) {
      expect(mail.subject).toBe("Time to book your check-up");
      expect(recipientOf.get(mail.messageId)).toBe(mail.to[0]);
      perMessage.set(mail.messageId, (perMessage.get(mail.messageId) ?? 0) + 1);
    }
    const duplicates = [...perMessage.values()].reduce((sum, count) => sum + count - 1, 0);
    console.info(
      `[recall crash] SIGKILL ${(killedAfterMs / 1000).toFixed(1)} s in, after ${arrivedBeforeKill} of ` +
        `${PATIENTS} invitations arrived and ${writtenBeforeKill} were written by the sweep; after the ` +
        `restart ${perMessage.size} distinct delivered, ${duplicates} duplicate(s), ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s in all`,
    );
    expect(perMessage.size).toBe(PATIENTS);
    expect(duplicates).toBeLessThanOrEqual(1);
  }, 480_000);
});
