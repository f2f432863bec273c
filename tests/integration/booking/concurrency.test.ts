import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { SLOT_TAKEN_MESSAGE } from "~/models/booking/rules";
import { prisma } from "~/infra/db.server";
import { bookThroughApi, tally, type BookingAnswer } from "../../support/book-slot";
import { MONDAY, upcoming } from "../../support/clinic-dates";
import { createService, createUser, FIRST_DENTIST, sessionFor } from "../../support/factories";

const ATTEMPTS = 50;

async function patientTokens(count: number) {
  const users = await Promise.all(Array.from({ length: count }, () => createUser()));
  return Promise.all(users.map(async (user) => (await sessionFor(user)).token));
}

/**
 * Half the requests ask for a 90-minute crown at 10:00, half for a 30-minute check-up at
 * 10:30, all with the same dentist: the times overlap although they start differently. A
 * second chair makes the dentist the only thing they compete for.
 */
async function overlappingRequests() {
  const crown = await createService({ name: "Crown", durationMinutes: 90 });
  const checkup = await createService({ name: "Check-up", durationMinutes: 30 });
  await prisma.chair.upsert({
    where: { id: "chair-2" },
    update: {},
    create: { id: "chair-2", name: "Chair 2", sortOrder: 1 },
  });
  return (date: string, index: number) => ({
    service: index % 2 === 0 ? crown.id : checkup.id,
    dentist: FIRST_DENTIST,
    name: "Rush Hour",
    email: "rush@example.com",
    phone: "555 0199",
    date,
    time: index % 2 === 0 ? "10:00" : "10:30",
    message: "Any chair will do.",
  });
}

/** No two active visits of one dentist or chair overlap (read back from the table). */
async function overlaps(date: string) {
  const rows = await prisma.appointment.findMany({
    where: { date, status: { not: "cancelled" } },
    orderBy: { startsAt: "asc" },
  });
  return rows.filter((row, index) =>
    rows
      .slice(index + 1)
      .some(
        (other) =>
          (other.dentistId === row.dentistId || other.chairId === row.chairId) &&
          other.startsAt < row.endsAt,
      ),
  );
}

describe("fifty patients booking overlapping times with one dentist at once", () => {
  it("through the API in one server: exactly one booking, 49 clear refusals, no 500", async () => {
    const bookingFor = await overlappingRequests();
    const date = upcoming(MONDAY, 1);
    const tokens = await patientTokens(ATTEMPTS);

    const started = performance.now();
    const answers = await Promise.all(
      tokens.map((token, index) => bookThroughApi(token, bookingFor(date, index))),
    );
    const elapsed = Math.round(performance.now() - started);
    const figures = tally(answers);
    console.info(
      `[concurrency, one process] ${ATTEMPTS} simultaneous requests for ${date} 10:00 (90 min) and 10:30 (30 min): ` +
        `${figures.booked} booked (201), ${figures.refused} refused (409), ` +
        `${figures.other.length} other, ${retries(answers)} retried after a 503; ${elapsed} ms`,
    );

    // Anything but 201 and 409 (after the retries a 503 asks for) is shown in full.
    expect(figures).toEqual({ booked: 1, refused: ATTEMPTS - 1, other: [] });
    for (const answer of answers.filter((answer) => answer.status === 409)) {
      expect(answer.message.startsWith(SLOT_TAKEN_MESSAGE)).toBe(true);
      expect(answer.message).toContain("with Dr. Anita Patel:");
      expect(answer.message).not.toContain(" 10:30 AM,");
    }
    expect(await prisma.appointment.count({ where: { date } })).toBe(1);
    expect(await overlaps(date)).toEqual([]);
  });

  it("from five processes on one SQLite file: still exactly one booking", async () => {
    const bookingFor = await overlappingRequests();
    const date = upcoming(MONDAY, 2);
    const tokens = await patientTokens(ATTEMPTS);
    const WORKERS = 5;
    const per = ATTEMPTS / WORKERS;

    const workers = Array.from({ length: WORKERS }, (_, index) => {
      const child = spawn(
        process.execPath,
        [
          "--import",
          "tsx",
          "tests/support/book-slot-worker.ts",
          JSON.stringify({
            tokens: tokens.slice(index * per, (index + 1) * per),
            inputs: tokens
              .slice(index * per, (index + 1) * per)
              .map((_, offset) => bookingFor(date, index * per + offset)),
          }),
        ],
        { env: { ...process.env }, stdio: ["pipe", "pipe", "inherit"] },
      );
      let output = "";
      const ready = new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes("ready\n")) resolve();
        });
        child.on("exit", (code) => reject(new Error(`worker exited with ${code} before ready`)));
      });
      const done = new Promise<BookingAnswer[]>((resolve, reject) => {
        child.on("exit", (code) => {
          if (code !== 0) return reject(new Error(`worker exited with ${code}`));
          const line = output.split("\n").find((entry) => entry.startsWith("result:"));
          if (!line) return reject(new Error(`worker printed no result: ${output}`));
          resolve(JSON.parse(line.slice("result:".length)));
        });
      });
      return { child, ready, done };
    });

    await Promise.all(workers.map((worker) => worker.ready));
    for (const worker of workers) worker.child.stdin.end("go\n");
    const results = (await Promise.all(workers.map((worker) => worker.done))).flat();
    const figures = tally(results);
    console.info(
      `[concurrency, ${WORKERS} processes] ${results.length} simultaneous overlapping bookings on ${date}: ` +
        `${figures.booked} booked, ${figures.refused} refused (409), ` +
        `${figures.other.length} other, ${retries(results)} retried after a 503`,
    );

    expect(figures).toEqual({ booked: 1, refused: ATTEMPTS - 1, other: [] });
    expect(await prisma.appointment.count({ where: { date } })).toBe(1);
    expect(await overlaps(date)).toEqual([]);
  }, 120_000);
});

function retries(answers: BookingAnswer[]) {
  return answers.reduce((sum, answer) => sum + answer.attempts - 1, 0);
}
