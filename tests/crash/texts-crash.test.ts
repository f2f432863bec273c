// Kills the production server with SIGKILL while its outbox delivers 1,000 due texts to
// Twilio's stand-in on loopback, then restarts it on the same database: every text arrives,
// and at most one (the one in flight at the kill) arrives twice
// (docs/decisions/014-mail-outbox.md, 052-text-messages.md).
import { describe, expect, it } from "vitest";
import { textCrashTest } from "../support/mail-crash";
import { testPorts } from "../support/ports.mjs";
import { startProductionServer } from "../support/production-server";

const PORT = testPorts().textsCrash;
const TEXTS = 1000;
/** The kill comes once this many texts arrived, with the rest still to send. */
const KILL_AFTER = 150;
const numberOf = (i: number) => `+1201555${String(i).padStart(4, "0")}`;

const crashMidDelivery = textCrashTest(PORT);

describe("text outbox crash safety", () => {
  it("delivers every text through a SIGKILL mid-delivery, with at most one duplicate", async () => {
    const crash = await crashMidDelivery({
      start: (env) => startProductionServer({ port: PORT, env }),
      async seed(db) {
        // No quiet hours and no cap in the way: the test runs at any hour, 1,000 at once.
        await db.clinicSettings.update({
          where: { id: 1 },
          data: { quietHoursStart: "00:00", quietHoursEnd: "00:00", smsMonthlyCap: 1_000_000 },
        });
        const dueAt = new Date(Date.now() - 60_000);
        await db.outboxMessage.createMany({
          data: Array.from({ length: TEXTS }, (_, i) => ({
            dedupeKey: `sms:crash:${i}`,
            kind: "reminder",
            channel: "sms",
            toAddress: numberOf(i),
            subject: "Text: reminders",
            text: `Crash text ${i}. Reply STOP to opt out`,
            nextAttemptAt: dueAt,
            createdAt: dueAt,
          })),
        });
      },
      ours: (to) => to.startsWith("+1201555"),
      killAfter: KILL_AFTER,
      where: { dedupeKey: { startsWith: "sms:crash:" } },
      expected: TEXTS,
    });
    expect(crash.arrivedBeforeKill).toBeLessThan(TEXTS);
    const perText = new Map<string, number>();
    for (const text of crash.arrivals) {
      const i = Number(/^Crash text (\d+)\./.exec(text.body)?.[1]);
      // Each text went to its own row's number.
      expect(text.to).toBe(numberOf(i));
      perText.set(text.body, (perText.get(text.body) ?? 0) + 1);
    }
    const duplicates = [...perText.values()].reduce((sum, count) => sum + count - 1, 0);
    console.info(
      `[texts crash] ${crash.arrivedBeforeKill} of ${TEXTS} delivered before SIGKILL; ` +
        `after the restart ${perText.size} distinct delivered, ${duplicates} duplicate(s)`,
    );
    expect(perText.size).toBe(TEXTS);
    expect(duplicates).toBeLessThanOrEqual(1);
    // Every sent row carries the provider's id of its text.
    const sids = new Set(crash.arrivals.map((text) => text.sid));
    const rows = await crash.after.outboxMessage.findMany({
      where: { dedupeKey: { startsWith: "sms:crash:" } },
      select: { providerId: true },
    });
    expect(rows.every((row) => row.providerId !== null && sids.has(row.providerId))).toBe(true);
  }, 420_000);
});
