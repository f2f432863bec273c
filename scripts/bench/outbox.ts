// Benchmark of the mail outbox, run in-process on the app's own code (tsx):
// 1. 1,000 due messages delivered to a real SMTP server on loopback: time and rate.
// 2. One delivery pass with nothing due over an outbox of 100,000 future messages against
//    one of 1,000: the pass reads what is due through the (status, nextAttemptAt) index,
//    so it must cost about the same (goal: at most 1.5x).
// Run by `npm run bench` (scripts/bench/run.mjs), or alone:
// `npx tsx scripts/bench/outbox.ts [--json]` (--json prints the figures as one JSON line).
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { deliverAllDue, inChild, migratedDatabase, storedInstant as iso } from "./in-process";

const TMP = path.resolve("tests/.tmp/bench-outbox");
const DUE = Number(process.env.BENCH_OUTBOX_DUE || 1_000);
const SIZES = [1_000, 100_000];
const PASSES = 200;

/** A migrated database holding `future` pending messages due a year from now, and `due` due now. */
function prepareDatabase(name: string, { future, due }: { future: number; due: number }) {
  const file = path.join(TMP, `${name}.db`);
  const db = migratedDatabase(file);
  const insert = db.prepare(
    `INSERT INTO OutboxMessage (id, dedupeKey, kind, toAddress, subject, text, status, attempts, nextAttemptAt, createdAt)
     VALUES (?, ?, 'reminder', ?, ?, ?, 'pending', 0, ?, ?)`,
  );
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < future + due; i += 1) {
      const at = i < future ? now + 365 * 86_400_000 + i * 1000 : now - 60_000;
      insert.run(
        `bench${i}`,
        `bench:${i}`,
        `bench-${i}@example.com`,
        `Bench ${i}`,
        `Text ${i}`,
        iso(at),
        iso(now),
      );
    }
  })();
  db.close();
  return file;
}

/** Runs this script in a child process on one database (a Prisma client per process). */
function child(mode: "deliver" | "pass", file: string): Record<string, number> {
  return inChild("scripts/bench/outbox.ts", mode, file);
}

/** 1. Delivers every due message of the database to a fresh SMTP sink. */
async function deliverAll() {
  const { delivered, seconds, subjects } = await deliverAllDue(() => new Date());
  return { delivered, received: subjects.length, seconds };
}

/** 2. The median time of a delivery pass that finds nothing due. */
async function passWithNothingDue() {
  const { deliverDue } = await import("~/models/mail/outbox.server");
  for (let i = 0; i < 20; i += 1) await deliverDue(new Date());
  const times: number[] = [];
  for (let i = 0; i < PASSES; i += 1) {
    const started = performance.now();
    const summary = await deliverDue(new Date());
    times.push(performance.now() - started);
    if (summary.claimed !== 0) throw new Error("A message not due was claimed");
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)]! };
}

const [mode] = process.argv.slice(2);
if (mode === "deliver" || mode === "pass") {
  process.env.SESSION_SECRET ??= "bench-session-secret";
  const result = mode === "deliver" ? await deliverAll() : await passWithNothingDue();
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });
const delivery = child("deliver", prepareDatabase("due", { future: 0, due: DUE }));
const passMs: Record<number, number> = {};
for (const size of SIZES) {
  passMs[size] = child("pass", prepareDatabase(`size-${size}`, { future: size, due: 0 })).medianMs!;
}
rmSync(TMP, { recursive: true, force: true });
const figures = {
  delivered: delivery.delivered!,
  received: delivery.received!,
  seconds: delivery.seconds!,
  perSecond: delivery.delivered! / delivery.seconds!,
  smallMs: passMs[SIZES[0]!]!,
  largeMs: passMs[SIZES[1]!]!,
  ratio: passMs[SIZES[1]!]! / passMs[SIZES[0]!]!,
};
if (process.argv.includes("--json")) {
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} else {
  console.info(
    `${figures.delivered} due messages delivered (${figures.received} received) in ${figures.seconds.toFixed(2)} s: ${Math.round(figures.perSecond)} messages/s`,
  );
  console.info(
    `Pass with nothing due (median of ${PASSES}): ${figures.smallMs.toFixed(3)} ms at 1,000 future messages, ${figures.largeMs.toFixed(3)} ms at 100,000: ratio ${figures.ratio.toFixed(2)} (goal <= 1.5)`,
  );
}
