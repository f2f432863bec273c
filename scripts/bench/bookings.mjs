// Reads beside bookings (issue 22, item 7): the p99 of GET /api/product-list/1 while 20
// bookings a second stream in through POST /api/create-appointment, against the same read
// with nothing else going on. Each booking is a transaction, and a read that arrives while
// one is open waits for it (docs/decisions/029-transactions-without-traps.md); it must not
// wait for the ones that came after it. A booking writes only the visits' own tables, so
// the list stays in the response cache (its generation, of the public areas, does not move:
// ADR 046); what the reads share with the stream is the one event loop, hence the CPU one
// booking costs, printed beside the ratio.
// Called by run.mjs (`npm run bench -- --only=bookings`); `node scripts/bench/bookings.mjs
// [--record]` runs it alone (it builds first).
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { testPorts } from "../../tests/support/ports.mjs";
import { addSession } from "./catalogue.mjs";
import { addDays, benchDate, hhmm, tenByTen } from "./diary.mjs";
import { machineLine, recordSection } from "./record.mjs";
import { build, removeDatabase, startApp } from "./server.mjs";

const BOOKINGS_PER_SECOND = 20;
const CONNECTIONS = 8;
const ROUNDS = 2;
const WARM_UP = 10;
const CALIBRATION = 40;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** Every free half hour of the 10 dentists on Tuesdays from `from`, as booking targets. */
export function slotsFor(file, from, weeks) {
  const db = new Database(file, { readonly: true });
  try {
    const dentists = db.prepare(`SELECT id FROM Dentist ORDER BY sortOrder, id`).all();
    const slots = [];
    for (let week = 0; week < weeks; week += 1) {
      const date = addDays(from, week * 7);
      for (let n = 0; n < 16; n += 1) {
        for (const { id } of dentists)
          slots.push({ date, time: hhmm(9 * 60 + n * 30), dentist: id });
      }
    }
    return slots;
  } finally {
    db.close();
  }
}

/** Books `slot` for the patient of `token` through the API; answers the status. */
export async function bookOne(url, token, slot, checkup) {
  const response = await fetch(`${url}/api/create-appointment`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: token },
    body: JSON.stringify({
      service: checkup,
      name: "Stream patient",
      email: "bench@example.com",
      phone: "555 0100",
      date: slot.date,
      time: slot.time,
      dentist: slot.dentist,
      message: "Booked beside the reads",
    }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** CPU time (user + system, ms) a process has used so far. */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * The server's CPU per booking, its mail's delivery included: CALIBRATION bookings one
 * after another (after a few to warm up). At BOOKINGS_PER_SECOND a second they need that
 * many times as much of the one event loop; near all of it, the stream queues up and the
 * reads with it, whatever the connection's turns.
 */
async function cpuPerBooking(url, pid, { tokens, slots, checkup }) {
  for (let i = 0; i < WARM_UP; i += 1) await bookOne(url, tokens[i], slots[i], checkup);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = cpuMs(pid);
  for (let i = WARM_UP; i < WARM_UP + CALIBRATION; i += 1) {
    const status = await bookOne(url, tokens[i], slots[i], checkup);
    if (status !== 201) throw new Error(`calibration booking ${i} answered ${status}`);
  }
  // The outbox delivers each confirmation just after its booking.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return (cpuMs(pid) - before) / CALIBRATION;
}

/**
 * Books one visit every 1000 / BOOKINGS_PER_SECOND ms, each for its own patient and its own
 * free time, until `stop()`; then waits (bounded) for the answers.
 */
function streamBookings(url, { tokens, slots, checkup }) {
  let sent = 0;
  const answers = [];
  const pending = [];
  const timer = setInterval(() => {
    const index = sent;
    sent += 1;
    const slot = slots[index];
    const token = tokens[index];
    if (!slot || !token) return;
    const started = performance.now();
    pending.push(
      bookOne(url, token, slot, checkup).then(
        (status) => answers.push({ status, ms: performance.now() - started }),
        () => answers.push({ status: 0, ms: performance.now() - started }),
      ),
    );
  }, 1000 / BOOKINGS_PER_SECOND);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.race([
        Promise.all(pending),
        new Promise((resolve) => setTimeout(resolve, 60_000)),
      ]);
      return { sent, answers };
    },
  };
}

async function listP99(url, seconds) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    bad: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * @param {{ buildDir: string, port: number, dir: string, seconds: number,
 *   note: (text: string) => void }} options
 * @returns {Promise<{ name: string, value: string, goal: string, pass: boolean, detail: string }[]>}
 */
export async function runBookingsBench({ buildDir, port, dir, seconds, note }) {
  mkdirSync(dir, { recursive: true });
  note(
    `\n18. p99 of GET /api/product-list/1 (${CONNECTIONS} connections) idle, and while ${BOOKINGS_PER_SECOND} bookings a second stream in`,
  );
  const file = path.join(dir, "bookings.db");
  const log = path.join(dir, "bookings.log");
  const needed =
    Math.ceil(BOOKINGS_PER_SECOND * seconds * ROUNDS * 1.2) + 20 + WARM_UP + CALIBRATION;
  let server = null;
  try {
    // Migrate and seed through a first start, then give the diary room and start again.
    const first = await startApp({ buildDir, port, databaseFile: file, log });
    await first.stop();
    const { checkup } = tenByTen(file);
    const slots = slotsFor(file, benchDate(), Math.ceil(needed / 160));
    const tokens = Array.from({ length: needed }, () => addSession(file));
    server = await startApp({ buildDir, port, databaseFile: file, log });
    const url = `http://127.0.0.1:${port}`;
    const list = `${url}/api/product-list/1`;

    const perBooking = await cpuPerBooking(url, server.pid, { tokens, slots, checkup });
    await listP99(list, 2);
    const idle = [];
    const busy = [];
    const booked = { sent: 0, answers: [] };
    let offset = WARM_UP + CALIBRATION;
    for (let round = 0; round < ROUNDS; round += 1) {
      idle.push(await listP99(list, seconds));
      const stream = streamBookings(url, {
        tokens: tokens.slice(offset),
        slots: slots.slice(offset),
        checkup,
      });
      busy.push(await listP99(list, seconds));
      const { sent, answers } = await stream.stop();
      offset += sent;
      booked.sent += sent;
      booked.answers.push(...answers);
    }
    const mean = (rounds, key) => rounds.reduce((sum, r) => sum + r[key], 0) / rounds.length;
    const idleP99 = mean(idle, "p99");
    const busyP99 = mean(busy, "p99");
    const ratio = busyP99 / Math.max(idleP99, 1);
    const bad = [...idle, ...busy].reduce((sum, r) => sum + r.bad, 0);
    const created = booked.answers.filter((a) => a.status === 201).length;
    const bookingMs = booked.answers.map((a) => a.ms);
    const pass = ratio <= 2 && bad === 0 && created === booked.sent;
    const rows = [
      {
        name: `p99 GET /api/product-list/1 with ${BOOKINGS_PER_SECOND} bookings/s / idle p99`,
        value: ratio.toFixed(2),
        goal: "<= 2",
        pass,
        detail: `(idle p99 ${idleP99.toFixed(1)} ms, p50 ${mean(idle, "p50").toFixed(1)} ms, ${Math.round(mean(idle, "rps"))} req/s; with bookings p99 ${busyP99.toFixed(1)} ms, p50 ${mean(busy, "p50").toFixed(1)} ms, ${Math.round(mean(busy, "rps"))} req/s; ${created} of ${booked.sent} bookings answered 201, their p50 ${Math.round(percentile(bookingMs, 50))} ms, p99 ${Math.round(percentile(bookingMs, 99))} ms; ${bad} read errors; one booking costs the server ${perBooking.toFixed(1)} ms of CPU with its mail, ${Math.round(perBooking * BOOKINGS_PER_SECOND) / 10}% of a core at ${BOOKINGS_PER_SECOND}/s; load average ${os.loadavg()[0].toFixed(1)} at the end)`,
      },
    ];
    const row = rows[0];
    note(
      `  ${row.pass ? "PASS" : "MISS"}  ${row.name}: ${row.value}  (goal ${row.goal})  ${row.detail}`,
    );
    return rows;
  } finally {
    await server?.stop();
    removeDatabase(file);
  }
}

/** Writes the rows into docs/performance.md ("Reads beside bookings"). */
export function recordBookingsFigures(rows, machine, seconds) {
  return recordSection(
    "bookings",
    `\`npm run bench -- --only=bookings\` (BENCH_SECONDS=${seconds})`,
    rows,
    machine,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // BENCH_BUILD_DIR: an existing build to measure as it is (to compare two builds).
  const buildDir = process.env.BENCH_BUILD_DIR || ".build-bench";
  const dir = path.resolve("tests/.tmp/bench-bookings");
  const seconds = Number(process.env.BENCH_SECONDS || 10);
  rmSync(dir, { recursive: true, force: true });
  if (!process.env.BENCH_BUILD_DIR) {
    process.stdout.write(`Building ${buildDir}\n`);
    build(buildDir);
  }
  const machine = machineLine();
  const rows = await runBookingsBench({
    buildDir,
    port: testPorts().bench.bookings,
    dir,
    seconds,
    note: (text) => process.stdout.write(`${text}\n`),
  });
  if (process.argv.includes("--record")) await recordBookingsFigures(rows, machine, seconds);
}
