// `node scripts/bench/profile-bookings.mjs [count] [--sql] [--gap=ms]`: where a booking's CPU
// goes. Starts the production build (.build-bench, made by `npm run bench`) under `node --cpu-prof` on the
// bookings benchmark's diary (10 dentists, 10 chairs), books `count` visits (default 200)
// one after another through POST /api/create-appointment, each for its own patient, and
// prints the server's CPU per booking (from /proc, the outbox's delivery of each
// confirmation included) and the profile's heaviest packages and functions. `--sql` also
// prints the statements one booking runs, counted by better-sqlite3's prepares
// (scripts/bench/sql-trace.mjs, preloaded into the server).
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { testPorts } from "../../tests/support/ports.mjs";
import { bookOne, cpuMs, slotsFor } from "./bookings.mjs";
import { addSession } from "./catalogue.mjs";
import { benchDate, tenByTen } from "./diary.mjs";
import { removeDatabase, startApp } from "./server.mjs";
import { summarise } from "./cpu-profile.mjs";

const BUILD_DIR = process.env.BUILD_DIR || ".build-bench";
const COUNT = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 200);
const SQL = process.argv.includes("--sql");
/** `--gap=N`: N ms of rest after each booking, so each booking's busy stretches stand apart in the profile. */
const GAP = Number(process.argv.find((arg) => arg.startsWith("--gap="))?.slice(6) ?? 0);
const TMP = path.resolve("tests/.tmp/profile-bookings");
const port = testPorts().bench.profile;

rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });
const file = path.join(TMP, "bookings.db");
const log = path.join(TMP, "app.log");
const traceFile = path.join(TMP, "sql-trace.json");

const first = await startApp({ buildDir: BUILD_DIR, port, databaseFile: file, log });
await first.stop();
const { checkup } = tenByTen(file);
const slots = slotsFor(file, benchDate(), Math.ceil((COUNT + 20) / 160));
const tokens = Array.from({ length: COUNT + 20 }, () => addSession(file));
const app = await startApp({
  buildDir: BUILD_DIR,
  port,
  databaseFile: file,
  log,
  env: SQL ? { SQL_TRACE_FILE: traceFile } : {},
  nodeArgs: [
    "--cpu-prof",
    `--cpu-prof-dir=${TMP}`,
    ...(SQL ? ["--import", path.resolve("scripts/bench/sql-trace.mjs")] : []),
  ],
});
const url = `http://127.0.0.1:${port}`;
const book = async (index) => {
  const status = await bookOne(url, tokens[index], slots[index], checkup);
  if (status !== 201) throw new Error(`booking ${index}: ${status}`);
};
let started = 0;
let stopped = 0;
/** Wall-clock bounds of the measured bookings (the trace stamps statements with Date.now()). */
let window = [0, 0];
try {
  for (let i = 0; i < 20; i += 1) await book(i);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const cpuBefore = cpuMs(app.pid);
  started = performance.now();
  window = [Date.now(), 0];
  for (let i = 20; i < COUNT + 20; i += 1) {
    await book(i);
    if (GAP > 0) await new Promise((resolve) => setTimeout(resolve, GAP));
  }
  // The outbox delivers each confirmation after its booking: let it finish.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  window[1] = Date.now();
  const cpu = cpuMs(app.pid) - cpuBefore;
  const wall = performance.now() - started;
  console.info(
    `${COUNT} bookings one after another: ${(wall / COUNT).toFixed(1)} ms each (wall), server CPU ${(cpu / COUNT).toFixed(1)} ms per booking`,
  );
} finally {
  await app.stop();
  stopped = performance.now();
}
const [profile] = readdirSync(TMP).filter((name) => name.endsWith(".cpuprofile"));
if (profile)
  summarise(JSON.parse(readFileSync(path.join(TMP, profile), "utf8")), stopped - started);
if (SQL) printStatements(JSON.parse(readFileSync(traceFile, "utf8")));
removeDatabase(file);

/** The statements prepared while the measured bookings ran, per booking, most frequent first. */
function printStatements(trace) {
  const counts = new Map();
  for (const [at, sql] of trace) {
    if (at < window[0] || at > window[1]) continue;
    const key = sql.replace(/\s+/g, " ").slice(0, 160);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  console.info(`  Statements per booking: ${(total / COUNT).toFixed(1)}`);
  for (const [sql, n] of [...counts].sort((a, b) => b[1] - a[1])) {
    console.info(`    ${(n / COUNT).toFixed(2).padStart(6)}  ${sql}`);
  }
}
