// Benchmark of the reminder sweep, run in-process on the app's own code (tsx):
// 1. One sweep with nothing due over 100,000 future appointments against one over 1,000:
//    the sweep reads only the visits inside the longest rule through the (status,
//    startsAt) index, so it must cost about the same (goal: at most 1.5x).
// 2. 1,000 due reminders: the sweep that writes them to the outbox, then their delivery to
//    a real SMTP server on loopback: time and rate.
// 3. The same 1,000 visits whose patients agreed to texts (docs/decisions/052-text-messages.md):
//    the sweep writes 1,000 mails and 1,000 texts, delivered to the SMTP server and to a
//    stand-in for Twilio's REST API on loopback, beside the mail-only figure of part 2.
// Run by `npm run bench` (scripts/bench/run.mjs), or alone:
// `npx tsx scripts/bench/reminders.ts [--json]`.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { deliverAllDue, inChild, migratedDatabase, storedInstant as iso } from "./in-process";

const TMP = path.resolve("tests/.tmp/bench-reminders");
const DUE = Number(process.env.BENCH_REMINDERS_DUE || 1_000);
const SIZES = [1_000, 100_000];
const SWEEPS = 100;
const HOUR = 3_600_000;

/** Noon tomorrow in New York (the seeded clinic zone): outside quiet hours. */
function benchNow(): Date {
  const noon = new Date();
  noon.setUTCDate(noon.getUTCDate() + 1);
  noon.setUTCHours(17, 0, 0, 0);
  return noon;
}

/**
 * A migrated database with `future` appointments weeks ahead and `due` ones 47 h ahead;
 * with `texts`, every patient has a mobile of their own and agreed to texts.
 */
function prepareDatabase(
  name: string,
  { future, due, texts = false }: { future: number; due: number; texts?: boolean },
) {
  const file = path.join(TMP, `${name}.db`);
  const db = migratedDatabase(file);
  const now = benchNow().getTime();
  const dentist = db.prepare(`SELECT id FROM Dentist ORDER BY sortOrder LIMIT 1`).get() as {
    id: string;
  };
  const chair = db.prepare(`SELECT id FROM Chair ORDER BY sortOrder LIMIT 1`).get() as {
    id: string;
  };
  db.prepare(
    `INSERT INTO Product (id, slug, name, description, priceCents, photo, category, createdAt, updatedAt)
     VALUES ('bench-service', 'bench-service', 'Check-up', 'A check-up', 5000, '', 'general', ?, ?)`,
  ).run(iso(now), iso(now));
  const user = db.prepare(
    `INSERT INTO User (id, name, email, emailVerifiedAt, createdAt, updatedAt, mobile, smsConsent) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // The cap must not stop the benchmark's own texts.
  db.prepare(`UPDATE ClinicSettings SET smsMonthlyCap = 1000000`).run();
  const visit = db.prepare(
    `INSERT INTO Appointment (id, userId, productId, name, email, phone, date, time, message, dentistId, chairId, startsAt, endsAt, status, createdAt, updatedAt)
     VALUES (?, ?, 'bench-service', 'Bench Patient', 'bench@example.com', '555', ?, ?, '', ?, ?, ?, ?, 'booked', ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < future + due; i += 1) {
      const userId = `bench-user-${i}`;
      user.run(
        userId,
        "Bench Patient",
        `bench-${i}@example.com`,
        iso(now - 90 * 24 * HOUR),
        iso(now),
        iso(now),
        texts ? `+1201${String(5_000_000 + i).padStart(7, "0")}` : "",
        texts ? "yes" : "unasked",
      );
      // Each appointment gets its own minute; the sweep does not care about the diary.
      const start =
        i < future ? now + 30 * 24 * HOUR + i * 60_000 : now + 47 * HOUR + (i - future) * 1000;
      const day = new Date(start).toISOString().slice(0, 10);
      const time = new Date(start).toISOString().slice(11, 16);
      visit.run(
        `bench-visit-${i}`,
        userId,
        day,
        time,
        dentist.id,
        chair.id,
        iso(start),
        iso(start + 30 * 60_000),
        iso(now - 30 * 24 * HOUR),
        iso(now),
      );
    }
  })();
  db.close();
  return file;
}

function child(mode: "sweep" | "due" | "due-texts", file: string): Record<string, number> {
  return inChild("scripts/bench/reminders.ts", mode, file);
}

/** 1. The median time of a sweep that finds nothing due. */
async function sweepWithNothingDue() {
  const { sweepReminders } = await import("~/models/mail/reminders.server");
  const now = benchNow();
  for (let i = 0; i < 10; i += 1) await sweepReminders(now);
  const times: number[] = [];
  for (let i = 0; i < SWEEPS; i += 1) {
    const started = performance.now();
    const summary = await sweepReminders(now);
    times.push(performance.now() - started);
    if (summary.enqueued !== 0) throw new Error("A reminder not due was written");
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)]! };
}

/** 2. Sweeps the due reminders into the outbox and delivers them to a fresh SMTP sink. */
async function dueReminders() {
  const { sweepReminders } = await import("~/models/mail/reminders.server");
  const now = benchNow();
  const sweepStarted = performance.now();
  const { enqueued } = await sweepReminders(now);
  const sweepSeconds = (performance.now() - sweepStarted) / 1000;
  const { delivered, seconds, subjects } = await deliverAllDue(() => now);
  const reminders = subjects.filter((subject) => subject.startsWith("Reminder")).length;
  return { enqueued, sweepSeconds, delivered, received: reminders, seconds };
}

/** 3. As 2, with texts: the mail to the SMTP sink and the texts to Twilio's stand-in. */
async function dueRemindersWithTexts() {
  const { startTwilioStandIn } = await import("../../tests/support/twilio-stand-in");
  const twilio = await startTwilioStandIn();
  Object.assign(process.env, {
    SMS_PROVIDER: "twilio",
    TWILIO_API_BASE: twilio.url,
    TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000",
    TWILIO_AUTH_TOKEN: "bench-token",
    TWILIO_FROM: "+15550100999",
  });
  const result = await dueReminders();
  await twilio.close();
  return { ...result, texts: twilio.texts.length };
}

const [mode] = process.argv.slice(2);
if (mode === "sweep" || mode === "due" || mode === "due-texts") {
  process.env.SESSION_SECRET ??= "bench-session-secret";
  const result =
    mode === "sweep"
      ? await sweepWithNothingDue()
      : mode === "due"
        ? await dueReminders()
        : await dueRemindersWithTexts();
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });
const sweepMs: Record<number, number> = {};
for (const size of SIZES) {
  sweepMs[size] = child(
    "sweep",
    prepareDatabase(`size-${size}`, { future: size, due: 0 }),
  ).medianMs!;
}
const due = child("due", prepareDatabase("due", { future: 0, due: DUE }));
const withTexts = child(
  "due-texts",
  prepareDatabase("due-texts", { future: 0, due: DUE, texts: true }),
);
rmSync(TMP, { recursive: true, force: true });
const figures = {
  smallMs: sweepMs[SIZES[0]!]!,
  largeMs: sweepMs[SIZES[1]!]!,
  ratio: sweepMs[SIZES[1]!]! / sweepMs[SIZES[0]!]!,
  enqueued: due.enqueued!,
  sweepSeconds: due.sweepSeconds!,
  delivered: due.delivered!,
  received: due.received!,
  seconds: due.seconds!,
  perSecond: due.delivered! / due.seconds!,
  textsEnqueued: withTexts.enqueued!,
  textsSweepSeconds: withTexts.sweepSeconds!,
  textsDelivered: withTexts.delivered!,
  textsMailReceived: withTexts.received!,
  textsReceived: withTexts.texts!,
  textsSeconds: withTexts.seconds!,
  textsPerSecond: withTexts.delivered! / withTexts.seconds!,
  /** Sweep and delivery of 1,000 mails and 1,000 texts over those of 1,000 mails. */
  textsRatio: (withTexts.sweepSeconds! + withTexts.seconds!) / (due.sweepSeconds! + due.seconds!),
};
if (process.argv.includes("--json")) {
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} else {
  console.info(
    `Sweep with nothing due (median of ${SWEEPS}): ${figures.smallMs.toFixed(3)} ms over 1,000 future appointments, ${figures.largeMs.toFixed(3)} ms over 100,000: ratio ${figures.ratio.toFixed(2)} (goal <= 1.5)`,
  );
  console.info(
    `${figures.enqueued} due reminders written by one sweep in ${figures.sweepSeconds.toFixed(2)} s; ${figures.delivered} delivered (${figures.received} received) in ${figures.seconds.toFixed(2)} s: ${Math.round(figures.perSecond)} messages/s`,
  );
  console.info(
    `With texts: ${figures.textsEnqueued} visits swept in ${figures.textsSweepSeconds.toFixed(2)} s; ${figures.textsDelivered} messages delivered (${figures.textsMailReceived} mails, ${figures.textsReceived} texts received) in ${figures.textsSeconds.toFixed(2)} s: ${Math.round(figures.textsPerSecond)} messages/s; ${figures.textsRatio.toFixed(2)}x the mail-only sweep and delivery`,
  );
}
