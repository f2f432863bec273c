// Benchmark of the waiting-list lookup that runs inside every cancellation, in-process on
// the app's own code (tsx): the median cancel over 100 visits (after 20 to warm up) with an empty waiting list
// against the same with 10,000 waiting entries whose dates cover the cancelled times but
// whose service cannot fit in them (the lookup's worst case: everything is read, nothing is
// offered, so no offer is written to make the second cancel slower for a good reason).
// Goal: at most 1.5x. It also prints a cancel that does make three offers (information).
// Run by `npm run bench` (scripts/bench/run.mjs), or alone:
// `npx tsx scripts/bench/waitlist.ts [--json]`.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { addDays, clinicNow, clinicTimeToUtc, weekdayOf } from "~/utils/clinic-time";
import { inChild, migratedDatabase, storedInstant as iso } from "./in-process";

const TMP = path.resolve("tests/.tmp/bench-waitlist");
const ENTRIES = Number(process.env.BENCH_WAITLIST_ENTRIES || 10_000);
/** Pairs of visits a day: the first is cancelled, the second keeps an hour from fitting. */
const TIMES = [
  ["09:00", "09:30"],
  ["10:00", "10:30"],
  ["11:00", "11:30"],
  ["14:00", "14:30"],
] as const;
const DAYS = 30;
const WARM_UP = 20;

/** Working days (Monday to Saturday, the migrated clinic's) from a week ahead on. */
function benchDates(today: string): string[] {
  const dates: string[] = [];
  for (let date = addDays(today, 7); dates.length < DAYS; date = addDays(date, 1)) {
    if (weekdayOf(date) !== 0) dates.push(date);
  }
  return dates;
}

function prepareDatabase(name: string, entries: number, entryMinutes: number) {
  const file = path.join(TMP, `${name}.db`);
  const db = migratedDatabase(file);
  const now = Date.now();
  const today = clinicNow(new Date(now)).date;
  const dates = benchDates(today);
  const service = db.prepare(
    `INSERT INTO Product (id, slug, name, description, priceCents, photo, category, durationMinutes, createdAt, updatedAt)
     VALUES (?, ?, ?, 'Bench', 5000, '', 'general', ?, ?, ?)`,
  );
  const user = db.prepare(
    `INSERT INTO User (id, name, email, emailVerifiedAt, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const visit = db.prepare(
    `INSERT INTO Appointment (id, userId, productId, name, email, phone, date, time, message, dentistId, chairId, startsAt, endsAt, status, createdAt, updatedAt)
     VALUES (?, ?, 'bench-visit', 'Bench Patient', 'bench@example.com', '555', ?, ?, '', 'dentist-first', 'chair-1', ?, ?, 'booked', ?, ?)`,
  );
  const hold = db.prepare(
    `INSERT INTO SlotHold (resource, startsAt, layer, appointmentId) VALUES (?, ?, 0, ?)`,
  );
  const entry = db.prepare(
    `INSERT INTO WaitlistEntry (id, userId, productId, fromDate, toDate, partOfDay, phone, status, createdAt, updatedAt)
     VALUES (?, ?, 'bench-wanted', ?, ?, 'any', '+1 555 0100', 'waiting', ?, ?)`,
  );
  db.transaction(() => {
    service.run("bench-visit", "bench-visit", "Check-up", 30, iso(now), iso(now));
    service.run("bench-wanted", "bench-wanted", "Long visit", entryMinutes, iso(now), iso(now));
    user.run("bench-patient", "Bench Patient", "bench@example.com", iso(now), iso(now), iso(now));
    let n = 0;
    for (const date of dates) {
      for (const pair of TIMES) {
        for (const time of pair) {
          const start = clinicTimeToUtc(date, time).getTime();
          const id = `bench-visit-${(n += 1)}`;
          visit.run(
            id,
            "bench-patient",
            date,
            time,
            iso(start),
            iso(start + 30 * 60_000),
            iso(now),
            iso(now),
          );
          hold.run("dentist:dentist-first", iso(start), id);
          hold.run("chair:chair-1", iso(start), id);
        }
      }
    }
    // Entries spread over the horizon, two weeks each: about a fifth cover any given day.
    for (let i = 0; i < entries; i += 1) {
      const userId = `bench-waiting-${i}`;
      user.run(userId, `Waiting ${i}`, `waiting-${i}@example.com`, iso(now), iso(now), iso(now));
      const from = addDays(today, i % 75);
      entry.run(
        `bench-entry-${i}`,
        userId,
        from,
        addDays(from, 13),
        iso(now - (entries - i) * 1000),
        iso(now),
      );
    }
  })();
  db.close();
  return file;
}

function child(file: string): Record<string, number> {
  return inChild("scripts/bench/waitlist.ts", "cancel", file);
}

/** Cancels every first visit of a pair, as staff would: the median time and offers made. */
async function cancelEach() {
  (await import("~/models/visit-subscribers.server")).hearVisitEvents();
  const { changeStatus } = await import("~/models/booking/status.server");
  const { prisma } = await import("~/infra/db.server");
  const rows = await prisma.appointment.findMany({
    where: { time: { in: TIMES.map(([first]) => first) } },
    select: { id: true },
    orderBy: { startsAt: "asc" },
  });
  const times: number[] = [];
  for (const { id } of rows) {
    const started = performance.now();
    const result = await changeStatus(id, "cancelled", { kind: "system" });
    times.push(performance.now() - started);
    if (!result.ok) throw new Error(result.message);
  }
  // The first cancels warm the code and the caches up: they are not counted.
  times.splice(0, WARM_UP);
  times.sort((a, b) => a - b);
  const offers = await prisma.waitlistOffer.count();
  return { medianMs: times[Math.floor(times.length / 2)]!, cancels: times.length, offers };
}

const [mode] = process.argv.slice(2);
if (mode === "cancel") {
  process.env.SESSION_SECRET ??= "bench-session-secret";
  // No mail leaves: the offers stay in the outbox, as they would until the worker's pass.
  process.stdout.write(`${JSON.stringify(await cancelEach())}\n`);
  process.exit(0);
}

rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });
const none = child(prepareDatabase("none", 0, 60));
const many = child(prepareDatabase("many", ENTRIES, 60));
const offering = child(prepareDatabase("offering", ENTRIES, 30));
rmSync(TMP, { recursive: true, force: true });
const figures = {
  entries: ENTRIES,
  noneMs: none.medianMs!,
  manyMs: many.medianMs!,
  ratio: many.medianMs! / none.medianMs!,
  manyOffers: many.offers!,
  offeringMs: offering.medianMs!,
  offeringOffers: offering.offers!,
  cancels: none.cancels!,
};
if (figures.manyOffers !== 0) throw new Error("The entries that cannot fit were offered a time");
if (process.argv.includes("--json")) {
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} else {
  console.info(
    `Cancel (median of ${figures.cancels}): ${figures.noneMs.toFixed(2)} ms with an empty waiting list, ${figures.manyMs.toFixed(2)} ms with ${ENTRIES.toLocaleString("en-US")} entries covering the time that cannot take it: ratio ${figures.ratio.toFixed(2)} (goal <= 1.5)`,
  );
  console.info(
    `Cancel that offers the time (median of ${figures.cancels}): ${figures.offeringMs.toFixed(2)} ms, ${figures.offeringOffers} offers written with their mail (information)`,
  );
}
