// Kills the production server with SIGKILL while its outbox worker delivers 400 due
// messages to a real SMTP server on loopback, then restarts it on the same database: every
// message arrives, and at most one (the one in flight at the kill) arrives twice.
// docs/decisions/014-mail-outbox.md states the guarantee.
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { TMP_DIR } from "../support/paths";
import { testPorts } from "../support/ports.mjs";
import { startProductionServer, type ProductionServer } from "../support/production-server";
import { startSmtpSink } from "../support/smtp-sink";
import { until } from "../support/until";

const PORT = testPorts().outboxCrash;
const MESSAGES = 400;
/** The kill comes once this many messages arrived, with the rest still to send. */
const KILL_AFTER = 80;

let server: ProductionServer | undefined;
let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;

afterAll(async () => {
  await server?.stop();
  await sink?.close();
  rmSync(path.join(TMP_DIR, `outbox-${PORT}`), { recursive: true, force: true });
}, 30_000);

describe("outbox crash safety", () => {
  it("delivers every message through a SIGKILL mid-delivery, with at most one duplicate", async () => {
    let reachedKillPoint!: () => void;
    const killPoint = new Promise<void>((resolve) => (reachedKillPoint = resolve));
    sink = await startSmtpSink({
      onMessage: () => {
        if (sink && sink.messages.length >= KILL_AFTER) reachedKillPoint();
      },
    });
    const env = {
      SMTP_URL: sink.url,
      OUTBOX_POLL_SECONDS: "1",
      // A claim left by the killed process is taken back this soon after the restart.
      OUTBOX_LOCK_SECONDS: "2",
    };
    server = await startProductionServer({ port: PORT, env });
    // All due at once, as after a mail server outage or a reminder sweep.
    const dueAt = new Date(Date.now() - 60_000);
    await server.db().outboxMessage.createMany({
      data: Array.from({ length: MESSAGES }, (_, i) => ({
        dedupeKey: `crash:${i}`,
        kind: "reminder",
        toAddress: `crash-${i}@example.com`,
        subject: `Crash test ${i}`,
        text: `Message ${i}`,
        nextAttemptAt: dueAt,
        createdAt: dueAt,
      })),
    });

    await killPoint;
    await server.kill("SIGKILL");
    const arrivedBeforeKill = sink.messages.length;
    expect(arrivedBeforeKill).toBeLessThan(MESSAGES);

    const databaseFile = server.databaseFile;
    await server.stop({ removeDatabase: false });
    server = await startProductionServer({ port: PORT, databaseFile, env });
    const db = server.db();
    await until(
      async () => (await db.outboxMessage.count({ where: { status: "sent" } })) === MESSAGES,
      `all ${MESSAGES} messages marked sent after the restart`,
    );
    await sink.idle();

    const ids = new Map(
      (await db.outboxMessage.findMany({ select: { id: true, toAddress: true } })).map((row) => [
        `<outbox-${row.id}@127.0.0.1>`,
        row.toAddress,
      ]),
    );
    const arrivals = new Map<string, number>();
    for (const mail of sink.messages) {
      expect(ids.get(mail.messageId)).toBe(mail.to[0]);
      arrivals.set(mail.messageId, (arrivals.get(mail.messageId) ?? 0) + 1);
    }
    const duplicates = [...arrivals.values()].reduce((sum, count) => sum + count - 1, 0);
    console.info(
      `[outbox crash] ${arrivedBeforeKill} of ${MESSAGES} delivered before SIGKILL; ` +
        `after the restart ${arrivals.size} distinct delivered, ${duplicates} duplicate(s)`,
    );
    expect(arrivals.size).toBe(MESSAGES);
    expect(duplicates).toBeLessThanOrEqual(1);
  }, 420_000);
});
