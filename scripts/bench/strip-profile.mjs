// Profiles the booking page's strip of first free times (issue 31.9) on the clinic of the
// diary benchmark's step 10b (10 dentists, 10 chairs, the next 30 days full): sequential
// requests, so the time per request is the server's own, and the server's CPU per request;
// then the CPU profile's summary. `node scripts/bench/strip-profile.mjs` (STRIP_REQUESTS,
// default 40; SKIP_BUILD=1 reuses the last build); `--against=<another checkout>` measures
// that checkout's build too on a copy of the same database, in alternating rounds.
import path from "node:path";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { testPorts } from "../../tests/support/ports.mjs";
import { addDays, fillDiary, tenByTen } from "./diary.mjs";
import { removeDatabase, startApp } from "./server.mjs";
import { summarise } from "./cpu-profile.mjs";

const REQUESTS = Number(process.env.STRIP_REQUESTS || 40);
const against = process.argv.find((arg) => arg.startsWith("--against="))?.slice(10);
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
  const nodeArgs = !against ? ["--cpu-prof", `--cpu-prof-dir=${profiles}`] : [];
  const server = await startApp({ cwd, buildDir, port, databaseFile, log, nodeArgs });
  const url = `http://127.0.0.1:${port}/resources/free-days?service=${checkup}`;
  const answer = await (await fetch(url)).json();
  console.info(`${name}: first day shown ${answer.days?.[0]?.date}, ${answer.days?.length} days`);
  for (let i = 0; i < 5; i += 1) await (await fetch(url)).text();
  servers[name] = { server, url, times: [], cpu: 0 };
}
let window = 0;
for (let round = 0; round < 4; round += 1) {
  for (const [name, entry] of Object.entries(servers)) {
    const cpu = cpuOf(entry.server.pid);
    const started = performance.now();
    for (let i = 0; i < REQUESTS / 4; i += 1) {
      const at = performance.now();
      await (await fetch(entry.url)).text();
      entry.times.push(performance.now() - at);
    }
    if (name === "this") window += performance.now() - started;
    entry.cpu += cpuOf(entry.server.pid) - cpu;
  }
}
for (const [name, { server, times, cpu }] of Object.entries(servers)) {
  await server.stop();
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  console.info(
    `${name}: ${times.length} strips one at a time: server CPU ${(cpu / times.length).toFixed(1)} ms a request; wall mean ${mean.toFixed(1)} ms, p50 ${times[times.length >> 1].toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms`,
  );
}
if (!against) {
  const [profile] = readdirSync(profiles);
  summarise(JSON.parse(readFileSync(path.join(profiles, profile), "utf8")), window);
}
