// Kills the production server with SIGKILL while its outbox worker delivers 400 due
// messages to a real SMTP server on loopback, then restarts it on the same database: every
// message arrives, and at most one (the one in flight at the kill) arrives twice.
// docs/decisions/014-mail-outbox.md states the guarantee.
import { describe, expect, it } from "vitest";
import { mailCrashTest, messageIdOf } from "../support/mail-crash";
import { testPorts } from "../support/ports.mjs";
import { startProductionServer } from "../support/production-server";

const PORT = testPorts().outboxCrash;
const MESSAGES = 400;
/** The kill comes once this many messages arrived, with the rest still to send. */
const KILL_AFTER = 80;

const crashMidDelivery = mailCrashTest(PORT);

describe("outbox crash safety", () => {
  it("delivers every message through a SIGKILL mid-delivery, with at most one duplicate", async () => {
    const crash = await crashMidDelivery({
      start: (env) => startProductionServer({ port: PORT, env }),
      // All due at once, as after a mail server outage or a reminder sweep.
      async seed(db) {
        const dueAt = new Date(Date.now() - 60_000);
        await db.outboxMessage.createMany({
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
      },
      ours: (to) => to.startsWith("crash-"),
      killAfter: KILL_AFTER,
      where: { dedupeKey: { startsWith: "crash:" } },
      expected: MESSAGES,
    });
    expect(crash.arrivedBeforeKill).toBeLessThan(MESSAGES);

    const recipientOf = new Map(crash.rows.map((row) => [messageIdOf(row.id), row.toAddress]));
    for (const mail of crash.arrivals) expect(recipientOf.get(mail.messageId)).toBe(mail.to[0]);
    console.info(
      `[outbox crash] ${crash.arrivedBeforeKill} of ${MESSAGES} delivered before SIGKILL; ` +
        `after the restart ${crash.perMessage.size} distinct delivered, ${crash.duplicates} duplicate(s)`,
    );
    expect(crash.perMessage.size).toBe(MESSAGES);
    expect(crash.duplicates).toBeLessThanOrEqual(1);
  }, 420_000);
});
