// `node scripts/bench/diary-builds.mjs <build dir>... [path...]`: the day diary's CPU per
// request in several production builds of the app (made with
// `NODE_ENV=production BUILD_DIR=<dir> npm run build`, e.g. one before a change and one after),
// in one run beside the bare Remix fixture page, so their figures compare on one machine at
// one load. Each build serves its own database filled as the day diary's benchmark fills it
// (10 dentists, the measured day's 160 visits, 2,000 more appointments and 1,000 signed
// forms); the paths (default: the measured day) are loaded by its receptionist at 2
// connections in alternating rounds (DIARY_BUILDS_ROUNDS, default 4, of
// DIARY_BUILDS_SECONDS, default 5), the CPU time read from /proc like day-diary.mjs.
import { mkdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { testPorts } from "../../tests/support/ports.mjs";
import { fill, signIn } from "./day-diary.mjs";
import { removeDatabase, startApp } from "./server.mjs";
import { buildFixture, startFixture } from "./uncached.mjs";

const builds = process.argv.slice(2).filter((arg) => !arg.startsWith("/"));
const paths = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
if (paths.length === 0) paths.push("/staff?date=2027-03-10");
const SECONDS = Number(process.env.DIARY_BUILDS_SECONDS || 5);
const ROUNDS = Number(process.env.DIARY_BUILDS_ROUNDS || 4);
const dir = path.resolve("tests/.tmp/diary-builds");
const base = testPorts().bench.dayDiary;
const fixturePort = testPorts().bench.fixture;

/** CPU time (user + system, ms) a process has used so far. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function load(pid, url, headers, seconds, into) {
  const before = cpuMs(pid);
  const result = await autocannon({ url, connections: 2, duration: seconds, headers });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors + result.timeouts} errors`);
  }
  if (into) {
    into.cpu += cpuMs(pid) - before;
    into.answered += result.requests.total;
  }
}

if (builds.length === 0) {
  console.error("Usage: node scripts/bench/diary-builds.mjs <build dir>... [path...]");
  process.exit(2);
}
mkdirSync(dir, { recursive: true });
const servers = [];
let fixture;
try {
  for (const [index, buildDir] of builds.entries()) {
    const port = base + index;
    const file = path.join(dir, `diary-${index}.db`);
    const log = path.join(dir, `diary-${index}.log`);
    removeDatabase(file);
    // Migrate and seed through a first start, then fill and start again.
    await (await startApp({ buildDir, port, databaseFile: file, log })).stop();
    fill(file, 2000, 1000);
    const server = await startApp({ buildDir, port, databaseFile: file, log });
    const url = `http://127.0.0.1:${port}`;
    const figures = Object.fromEntries(paths.map((p) => [p, { cpu: 0, answered: 0 }]));
    servers.push({ buildDir, server, url, file, cookie: await signIn(url), figures });
  }
  const fixtureDir = path.join(dir, "fixture-build");
  buildFixture(fixtureDir);
  fixture = await startFixture({
    buildDir: fixtureDir,
    port: fixturePort,
    log: path.join(dir, "fixture.log"),
  });
  const fixtureUrl = `http://127.0.0.1:${fixturePort}/`;
  const bare = { cpu: 0, answered: 0 };
  // Warm-up, not counted.
  for (const s of servers) {
    for (const p of paths) await load(s.server.pid, s.url + p, { cookie: s.cookie }, 2);
  }
  await load(fixture.pid, fixtureUrl, {}, 2);
  const loadAtStart = os.loadavg()[0];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const s of servers) {
      for (const p of paths) {
        await load(s.server.pid, s.url + p, { cookie: s.cookie }, SECONDS, s.figures[p]);
      }
    }
    await load(fixture.pid, fixtureUrl, {}, SECONDS, bare);
  }
  const fixtureCpu = bare.cpu / bare.answered;
  console.info(
    `Load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end; ` +
      `fixture ${fixtureCpu.toFixed(2)} ms of CPU per request (${bare.answered} requests)`,
  );
  for (const s of servers) {
    for (const p of paths) {
      const cpu = s.figures[p].cpu / s.figures[p].answered;
      console.info(
        `${s.buildDir} ${p}: ${cpu.toFixed(2)} ms per request, 1/${(cpu / fixtureCpu).toFixed(1)} ` +
          `of the fixture's rate (${s.figures[p].answered} requests)`,
      );
    }
  }
} finally {
  await fixture?.stop();
  for (const s of servers) {
    await s.server.stop();
    removeDatabase(s.file);
  }
}
