// Profiles the booking page's strip of first free times (issue 31.9) on the clinic of the
// diary benchmark's step 10b (10 dentists, 10 chairs, the next 30 days full): sequential
// requests (STRIP_CONNECTIONS, default 1, at once), so the time per request is the server's
// own, and the server's CPU per request; then the CPU profile's summary.
// `node scripts/bench/strip-profile.mjs` (STRIP_REQUESTS, default 40; SKIP_BUILD=1 reuses
// the last build); `--against=<another checkout>` measures that checkout's build too on a
// copy of the same database, in alternating rounds.
// `--heap`: the bytes each server allocates a strip instead of its CPU profile: the
// collector's own count (`--trace-gc-nvp`: allocated and promoted between collections,
// the scavenges and full collections) and, by function, a sampling heap profile that counts
// the freed objects too (heap-sampler.mjs, the measured rounds only, one request at a time).
import path from "node:path";
import { spawnSync } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { testPorts } from "../../tests/support/ports.mjs";
import { addDays, fillDiary, tenByTen } from "./diary.mjs";
import { removeDatabase, startApp } from "./server.mjs";
import { summarise } from "./cpu-profile.mjs";
import { summariseHeap } from "./heap-profile.mjs";

const REQUESTS = Number(process.env.STRIP_REQUESTS || 40);
const CONNECTIONS = Number(process.env.STRIP_CONNECTIONS || 1);
const against = process.argv.find((arg) => arg.startsWith("--against="))?.slice(10);
const heap = process.argv.includes("--heap");
const dir = path.resolve("tests/.tmp/strip-profile");
mkdirSync(dir, { recursive: true });

function buildIn(cwd, buildDir) {
  if (process.env.SKIP_BUILD) return;
  const result = spawnSync("npm", ["run", "build"], {
    cwd,
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error(`npm run build failed in ${cwd}`);
}

const checkouts = { this: { cwd: process.cwd(), buildDir: path.join(dir, "build") } };
if (against)
  checkouts.against = { cwd: path.resolve(against), buildDir: path.join(dir, "build-against") };
for (const { cwd, buildDir } of Object.values(checkouts)) buildIn(cwd, buildDir);

const file = path.join(dir, "strip.db");
removeDatabase(file);
const ports = testPorts().bench;
const log = path.join(dir, "strip.log");
const first = await startApp({
  buildDir: checkouts.this.buildDir,
  port: ports.diaryEmpty,
  databaseFile: file,
  log,
});
await first.stop();
const { checkup } = tenByTen(file);
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
fillDiary(file, { from: today, days: 30, perDay: 160, workingHours: true, serviceId: checkup });
fillDiary(file, { from: addDays(today, 30), days: 30, perDay: 275, serviceId: checkup });

const profiles = path.join(dir, "profiles");
rmSync(profiles, { recursive: true, force: true });
const cpuOf = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in ms (100 Hz)
};
const servers = {};
for (const [name, { cwd, buildDir }] of Object.entries(checkouts)) {
  const databaseFile = name === "this" ? file : path.join(dir, "strip-against.db");
  if (name !== "this") {
    removeDatabase(databaseFile);
    copyFileSync(file, databaseFile);
  }
  const port = name === "this" ? ports.diaryEmpty : ports.diaryFull;
  // A profiler costs CPU: a comparison runs both servers without.
  const sampler = path.resolve("scripts/bench/heap-sampler.mjs");
  const nodeArgs = heap
    ? ["--trace-gc-nvp", `--import=${sampler}`]
    : !against
      ? ["--cpu-prof", `--cpu-prof-dir=${profiles}`]
      : [];
  const ownLog = heap ? path.join(dir, `strip-${name}.log`) : log;
  if (heap) rmSync(ownLog, { force: true });
  const heapFile = path.join(dir, `heap-${name}.json`);
  rmSync(heapFile, { force: true });
  const env = { HEAP_SAMPLER_FILE: heapFile };
  const server = await startApp({ cwd, buildDir, port, databaseFile, log: ownLog, nodeArgs, env });
  const url = `http://127.0.0.1:${port}/resources/free-days?service=${checkup}`;
  const answer = await (await fetch(url)).json();
  console.info(`${name}: first day shown ${answer.days?.[0]?.date}, ${answer.days?.length} days`);
  for (let i = 0; i < 5; i += 1) await (await fetch(url)).text();
  servers[name] = { server, url, times: [], cpu: 0, log: ownLog, heapFile, gc: newGcCount() };
}

function newGcCount() {
  return { allocated: 0, promoted: 0, scavenges: 0, full: 0 };
}

/** Adds the collections the server logged from byte `from` of its log. */
function countGc(count, log, from) {
  const text = readFileSync(log).subarray(from).toString("utf8");
  for (const line of text.split("\n")) {
    const kind = / gc=(\w+) /.exec(line)?.[1];
    if (!kind) continue;
    // A full collection's "allocated" is not the bytes since the collection before.
    if (kind !== "s") {
      count.full += 1;
      continue;
    }
    count.scavenges += 1;
    count.allocated += Number(/ allocated=(\d+)/.exec(line)?.[1] ?? 0);
    count.promoted += Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0);
  }
}

/** Signals the server's heap sampler and waits for its word in the log. */
async function toggleSampler({ server, log }, word) {
  const seen = () => readFileSync(log, "utf8").split(`heap-sampler: ${word}`).length - 1;
  const before = seen();
  process.kill(server.pid, "SIGUSR2");
  while (seen() === before) await sleep(50);
}
// The sampler keeps every sample it takes: one request at a time only (a server's heap limit).
const sampled = heap && CONNECTIONS === 1;
if (sampled) for (const entry of Object.values(servers)) await toggleSampler(entry, "started");
let window = 0;
for (let round = 0; round < 4; round += 1) {
  for (const [name, entry] of Object.entries(servers)) {
    const cpu = cpuOf(entry.server.pid);
    const logAt = heap ? statSync(entry.log).size : 0;
    const started = performance.now();
    let left = REQUESTS / 4;
    const client = async () => {
      while (left > 0) {
        left -= 1;
        const at = performance.now();
        await (await fetch(entry.url)).text();
        entry.times.push(performance.now() - at);
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, client));
    if (name === "this") window += performance.now() - started;
    entry.cpu += cpuOf(entry.server.pid) - cpu;
    if (heap) countGc(entry.gc, entry.log, logAt);
  }
}
if (sampled) for (const entry of Object.values(servers)) await toggleSampler(entry, "written");
for (const [name, { server, times, cpu, gc, heapFile }] of Object.entries(servers)) {
  await server.stop();
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  console.info(
    `${name}: ${times.length} strips ${CONNECTIONS} at a time: server CPU ${(cpu / times.length).toFixed(1)} ms a request; wall mean ${mean.toFixed(1)} ms, p50 ${times[times.length >> 1].toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms`,
  );
  if (!heap) continue;
  const per = (bytes) => `${(bytes / times.length / 1024).toFixed(0)} KB`;
  console.info(
    `${name}: allocated ${per(gc.allocated)} a strip (between scavenges), promoted ${per(gc.promoted)}; ${gc.scavenges} scavenges, ${gc.full} full collections in ${times.length} strips`,
  );
  if (!sampled) continue;
  summariseHeap(JSON.parse(readFileSync(heapFile, "utf8")), times.length);
  rmSync(heapFile, { force: true });
}
if (!against && !heap) {
  const [profile] = readdirSync(profiles);
  summarise(JSON.parse(readFileSync(path.join(profiles, profile), "utf8")), window);
}
