// Benchmark of the recall sweep (docs/decisions/035-recall.md), in-process on the app's own
// code (tsx). A clinic of 1,000 patients with a recall and two visits each (a completed
// check-up and, for one in ten, a filling to come) and one of 100,000, each with the same
// 200 invitations due today and 20 more due whose patient has a check-up booked (skipped:
// none is sent while a visit of the type is booked). The sweep that writes them (best of 5
// rounds, the two sizes alternating; wall and CPU time), and a sweep that finds nothing more
// due (median). The sweep reads only the recalls due through the (nextInvitationOn) index
// and the booked visits of their patients through (userId, startsAt), so both sizes must
// cost about the same. Goal: at most 1.5x.
// Run by `npm run bench` (scripts/bench/run.mjs), or alone:
// `npx tsx scripts/bench/recall.ts [--json]`.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { addDays, clinicNow, clinicTimeToUtc } from "~/utils/clinic-time";
import { inChild, medianCost, migratedDatabase, storedInstant as iso } from "./in-process";

const TMP = path.resolve("tests/.tmp/bench-recall");
const SIZES = [1_000, 100_000];
const DUE = Number(process.env.BENCH_RECALL_DUE || 200);
/** Due too, but their patient has a check-up booked: the sweep skips them. */
const BOOKED = 20;
/** Rounds of 1,000 then 100,000, each in a fresh process, so drift on a busy machine hits both. */
const ROUNDS = 5;

/** Noon of the next Wednesday in New York (the migrated clinic's zone): the clinic is open. */
function benchNow(): Date {
  const noon = new Date();
  noon.setUTCHours(17, 0, 0, 0);
  while (noon.getUTCDay() !== 3 || noon.getTime() < Date.now()) {
    noon.setUTCDate(noon.getUTCDate() + 1);
  }
  return noon;
}

/**
 * `patients` verified patients with a check-up recall, their completed check-up and, for one
 * in ten, a filling to come; the first `DUE` are due today, the next `BOOKED` too but with a
 * check-up booked.
 */
function prepareDatabase(name: string, patients: number) {
  const file = path.join(TMP, `${name}.db`);
  const db = migratedDatabase(file);
  const now = benchNow();
  const today = clinicNow(now, "America/New_York").date;
  const stamp = iso(now.getTime() - 200 * 86_400_000);
  const user = db.prepare(
    `INSERT INTO User (id, name, email, emailVerifiedAt, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const recall = db.prepare(
    `INSERT INTO PatientRecall (id, userId, recallTypeId, dentistId, dueDate, lastVisitDate, nextInvitationOn, updatedAt)
     VALUES (?, ?, 'recall-checkup', 'dentist-first', ?, ?, ?, ?)`,
  );
  const service = db.prepare(
    `INSERT INTO Product (id, slug, name, description, priceCents, photo, category, recallTypeId, createdAt, updatedAt)
     VALUES (?, ?, ?, 'A bench service', 5000, '', 'Preventive', ?, ?, ?)`,
  );
  const visit = db.prepare(
    `INSERT INTO Appointment (id, userId, productId, name, email, phone, date, time, message, dentistId, chairId, startsAt, endsAt, status, createdAt, updatedAt)
     VALUES (?, ?, ?, 'Bench Patient', 'bench@example.com', '555', ?, '10:00', '', 'dentist-first', 'chair-1', ?, ?, ?, ?, ?)`,
  );
  const addVisit = (
    id: string,
    userId: string,
    serviceId: string,
    date: string,
    status: string,
  ) => {
    const start = clinicTimeToUtc(date, "10:00").getTime();
    visit.run(
      id,
      userId,
      serviceId,
      date,
      iso(start),
      iso(start + 1_800_000),
      status,
      stamp,
      stamp,
    );
  };
  db.transaction(() => {
    db.prepare(`UPDATE ClinicSettings SET recallDailyCap = 2000 WHERE id = 1`).run();
    service.run("bench-checkup", "bench-checkup", "Check-up", "recall-checkup", stamp, stamp);
    service.run("bench-filling", "bench-filling", "Filling", null, stamp, stamp);
    for (let i = 0; i < patients; i += 1) {
      user.run(`bench-user-${i}`, `Patient ${i}`, `bench-${i}@example.com`, stamp, stamp, stamp);
      // The due ones four weeks before their due date; the rest spread over the coming year.
      const due = i < DUE + BOOKED ? addDays(today, 28) : addDays(today, 60 + (i % 300));
      recall.run(
        `bench-recall-${i}`,
        `bench-user-${i}`,
        due,
        addDays(due, -182),
        addDays(due, -28),
        stamp,
      );
      const userId = `bench-user-${i}`;
      addVisit(`bench-visit-${i}`, userId, "bench-checkup", addDays(due, -182), "completed");
      if (i % 10 === 0) {
        addVisit(
          `bench-later-${i}`,
          userId,
          "bench-filling",
          addDays(today, 3 + (i % 60)),
          "booked",
        );
      }
      if (i >= DUE && i < DUE + BOOKED) {
        addVisit(`bench-booked-${i}`, userId, "bench-checkup", addDays(today, 14), "booked");
      }
    }
  })();
  db.close();
  return file;
}

/** In the child: a sweep writing the due ones, then idle sweeps; then the due ones put back. */
async function measure() {
  const { sweepRecallInvitations } = await import("~/models/recall/invitations.server");
  const { prisma } = await import("~/infra/db.server");
  const now = benchNow();
  const today = clinicNow(now, "America/New_York").date;
  const started = performance.now();
  const usage = process.cpuUsage();
  const { written, skipped } = await sweepRecallInvitations(now);
  const used = process.cpuUsage(usage);
  const writingMs = performance.now() - started;
  const writingCpuMs = (used.user + used.system) / 1000;
  if (written !== DUE || skipped !== BOOKED) {
    throw new Error(`The sweep wrote ${written} invitations and skipped ${skipped}`);
  }
  const idle = await medianCost(async () => {
    if ((await sweepRecallInvitations(now)).written !== 0) throw new Error("Written twice");
  }, 50);
  await prisma.$executeRawUnsafe(`DELETE FROM "RecallInvitation"`);
  await prisma.$executeRawUnsafe(`DELETE FROM "OutboxMessage"`);
  await prisma.$executeRawUnsafe(`DELETE FROM "ReportDirtyDay"`);
  await prisma.$executeRaw`UPDATE "PatientRecall" SET "invitationsSent" = 0, "nextInvitationOn" = ${today}
    WHERE "dueDate" = ${addDays(today, 28)}`;
  return { writingMs, writingCpuMs, idleMs: idle.wallMs, idleCpuMs: idle.cpuMs, written };
}

const [mode] = process.argv.slice(2);
if (mode === "sweep") {
  process.env.SESSION_SECRET ??= "bench-session-secret";
  process.stdout.write(`${JSON.stringify(await measure())}\n`);
  process.exit(0);
}

rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });
const files = SIZES.map((size) => prepareDatabase(`size-${size}`, size));
const best = SIZES.map(() => ({}) as Record<string, number>);
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [index, file] of files.entries()) {
    const result = inChild("scripts/bench/recall.ts", "sweep", file);
    for (const [key, value] of Object.entries(result)) {
      best[index]![key] = Math.min(best[index]![key] ?? Infinity, value);
    }
  }
}
const [small, large] = best as [Record<string, number>, Record<string, number>];
rmSync(TMP, { recursive: true, force: true });
const figures = {
  smallMs: small.writingMs!,
  largeMs: large.writingMs!,
  ratio: large.writingMs! / small.writingMs!,
  smallCpuMs: small.writingCpuMs!,
  largeCpuMs: large.writingCpuMs!,
  cpuRatio: large.writingCpuMs! / small.writingCpuMs!,
  idleSmallMs: small.idleMs!,
  idleLargeMs: large.idleMs!,
  idleRatio: large.idleMs! / small.idleMs!,
  idleSmallCpuMs: small.idleCpuMs!,
  idleLargeCpuMs: large.idleCpuMs!,
  written: large.written!,
};
if (process.argv.includes("--json")) {
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} else {
  console.info(
    `Recall sweep writing ${DUE} invitations and skipping ${BOOKED} booked (best of ${ROUNDS}): ${figures.smallMs.toFixed(1)} ms at 1,000 patients, ${figures.largeMs.toFixed(1)} ms at 100,000: ratio ${figures.ratio.toFixed(2)} (goal <= 1.5); CPU ${figures.smallCpuMs.toFixed(1)} and ${figures.largeCpuMs.toFixed(1)} ms: ratio ${figures.cpuRatio.toFixed(2)}`,
  );
  console.info(
    `Sweep with nothing due (median of 50): ${figures.idleSmallMs.toFixed(2)} ms at 1,000, ${figures.idleLargeMs.toFixed(2)} ms at 100,000: ratio ${figures.idleRatio.toFixed(2)}; CPU ${figures.idleSmallCpuMs.toFixed(2)} and ${figures.idleLargeCpuMs.toFixed(2)} ms`,
  );
}
