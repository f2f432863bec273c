// `node scripts/bench/profile-bookings.mjs [count] [--gap=ms]`: where a booking's CPU
// goes. Starts the production build (.build-bench, made by `npm run bench`) under `node --cpu-prof` on the
// bookings benchmark's diary (10 dentists, 10 chairs), books `count` visits (default 200)
// one after another through POST /api/create-appointment, each for its own patient, and
// prints the server's CPU per booking (from /proc, the outbox's delivery of each
// confirmation included) and the profile's heaviest packages and functions.
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
/** `--gap=N`: N ms of rest after each booking, so each booking's busy stretches stand apart in the profile. */
const GAP = Number(process.argv.find((arg) => arg.startsWith("--gap="))?.slice(6) ?? 0);
const TMP = path.resolve("tests/.tmp/profile-bookings");
const port = testPorts().bench.profile;

rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });
const file = path.join(TMP, "bookings.db");
const log = path.join(TMP, "app.log");

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
  nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${TMP}`],
});
const url = `http://127.0.0.1:${port}`;
const book = async (index) => {
  const status = await bookOne(url, tokens[index], slots[index], checkup);
  if (status !== 201) throw new Error(`booking ${index}: ${status}`);
};
let started = 0;
let stopped = 0;
try {
  for (let i = 0; i < 20; i += 1) await book(i);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const cpuBefore = cpuMs(app.pid);
  started = performance.now();
  for (let i = 20; i < COUNT + 20; i += 1) {
    await book(i);
    if (GAP > 0) await new Promise((resolve) => setTimeout(resolve, GAP));
  }
  // The outbox delivers each confirmation after its booking: let it finish.
  await new Promise((resolve) => setTimeout(resolve, 2000));
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
removeDatabase(file);
