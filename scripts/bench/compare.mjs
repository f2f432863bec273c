// `node scripts/bench/compare.mjs [--before=<checkout>] [--caches] [--only=blog,home,...]`:
// several builds of the app, or the same build with one cache off, measured side by side in
// one run against the bare Remix fixture (scripts/bench/fixture), in alternating rounds, so
// that the machine's load hits them all alike. Each row gives requests a second and the
// server's CPU time per answered request (from /proc), which moves far less with other work
// on the machine than the rate does.
//
// - `--before=<checkout>`: a second checkout with its own node_modules and its build in
//   `build/` (the code before a change), started from its own folder.
// - `--caches`: this build again with DATA_CACHE_MB=0 and with RESPONSE_CACHE_MB=0 (what each
//   cache earns, docs/decisions/046-one-cache-rule.md).
// Builds this checkout into .build-bench first unless it is there (`--build` forces it).
// BENCH_SECONDS (default 5) is each measurement's length; BENCH_DIARY_APPOINTMENTS the
// diary database's size beside its measured day (default 2,000).
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { testPorts } from "../../tests/support/ports.mjs";
import { DAY, fill as fillDiary, signIn as receptionCookie } from "./day-diary.mjs";
import { build, removeDatabase, startApp } from "./server.mjs";
import { buildFixture, signedInCookie, startFixture } from "./uncached.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const EXTRA_VISITS = Number(process.env.BENCH_DIARY_APPOINTMENTS || 2000);
const BUILD_DIR = ".build-bench";
const TMP = path.resolve("tests/.tmp/bench-compare");
const port = testPorts().compare;
const argument = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const only = argument("only")?.split(",");
const note = (text) => process.stdout.write(`${text}\n`);

/** CPU time (user + system, ms) a process has used so far. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });
if (!existsSync(path.join(BUILD_DIR, "server.js")) || process.argv.includes("--build")) {
  note(`Building ${BUILD_DIR}`);
  build(BUILD_DIR);
}

const variants = [{ name: "this build", cwd: process.cwd(), buildDir: BUILD_DIR, env: {} }];
const before = argument("before");
if (before) variants.unshift({ name: "before", cwd: path.resolve(before), buildDir: "build" });
if (process.argv.includes("--caches")) {
  variants.push(
    { name: "no data cache", cwd: process.cwd(), buildDir: BUILD_DIR, env: { DATA_CACHE_MB: "0" } },
    {
      name: "no response cache",
      cwd: process.cwd(),
      buildDir: BUILD_DIR,
      env: { RESPONSE_CACHE_MB: "0" },
    },
  );
}

const servers = [];
let fixture;
try {
  for (const [index, variant] of variants.entries()) {
    const databaseFile = path.join(TMP, `app-${index}.db`);
    const log = path.join(TMP, `app-${index}.log`);
    const options = {
      buildDir: variant.buildDir,
      cwd: variant.cwd,
      port: port + index,
      databaseFile,
      log,
      env: { TRUST_PROXY: "true", DEMO_ACCOUNTS: "true", ...variant.env },
    };
    // Migrate and seed through a first start, then add the diary's day and start again.
    await (await startApp(options)).stop();
    fillDiary(databaseFile, EXTRA_VISITS);
    const db = new Database(databaseFile);
    const serviceId = db.prepare("SELECT id FROM Product ORDER BY name LIMIT 1").pluck().get();
    db.close();
    const server = await startApp(options);
    const url = `http://127.0.0.1:${port + index}`;
    servers.push({
      ...variant,
      server,
      url,
      databaseFile,
      serviceId,
      patient: await signedInCookie(url),
      reception: await receptionCookie(url),
    });
  }
  const fixtureDir = path.join(TMP, "fixture-build");
  buildFixture(fixtureDir);
  fixture = await startFixture({ buildDir: fixtureDir, port: port + 9, log: path.join(TMP, "f") });
  const fixtureUrl = `http://127.0.0.1:${port + 9}`;

  /** What is measured: a path per server (or none), the fixture's counterpart, connections. */
  const rows = [
    { key: "blog", name: "Signed-in GET /blog", path: "/blog", as: "patient", bare: "/" },
    { key: "home", name: "Signed-in GET /", path: "/", as: "patient", bare: "/" },
    { key: "healthz", name: "GET /healthz", path: "/healthz", bare: "/resource" },
    {
      key: "diary",
      name: `Day diary /staff (160 visits, ${EXTRA_VISITS} more)`,
      path: `/staff?date=${DAY}`,
      as: "reception",
      bare: "/",
      connections: 2,
    },
    { key: "visitor-home", name: "Visitor GET /", path: "/" },
    { key: "list", name: "Visitor GET /api/product-list/1", path: "/api/product-list/1" },
    { key: "catalogue", name: "Visitor GET /all-service?page=2", path: "/all-service?page=2" },
    {
      key: "booking",
      name: "Signed-in booking page with its first free times",
      path: (server) => `/make-appointment?service=${server.serviceId}`,
      as: "patient",
    },
  ].filter((row) => !only || only.includes(row.key));

  const measure = async (url, { headers = {}, connections = 8, pid, seconds = SECONDS }) => {
    const cpuBefore = pid ? cpuMs(pid) : 0;
    const result = await autocannon({ url, connections, duration: seconds, headers });
    const cpu = pid ? cpuMs(pid) - cpuBefore : 0;
    return {
      rps: result.requests.average,
      total: result.requests.total,
      cpu,
      bad: result.errors + result.timeouts + result.non2xx,
    };
  };
  note(`Machine: ${os.cpus()[0]?.model}, load average ${os.loadavg()[0].toFixed(1)} at start`);
  for (const row of rows) {
    const targets = servers.map((server) => ({
      name: server.name,
      url: `${server.url}${typeof row.path === "function" ? row.path(server) : row.path}`,
      headers: row.as ? { cookie: server[row.as] } : {},
      pid: server.server.pid,
    }));
    if (row.bare)
      targets.push({ name: "fixture", url: `${fixtureUrl}${row.bare}`, pid: fixture.pid });
    for (const target of targets) {
      await measure(target.url, { ...target, connections: row.connections, seconds: 2 });
      target.rounds = [];
    }
    for (let round = 0; round < 2; round += 1) {
      for (const target of targets) {
        target.rounds.push(await measure(target.url, { ...target, connections: row.connections }));
      }
    }
    note(`\n${row.name} (load average ${os.loadavg()[0].toFixed(1)})`);
    const bare = targets.find((target) => target.name === "fixture");
    const summary = (target) => {
      const rps = target.rounds.reduce((sum, r) => sum + r.rps, 0) / target.rounds.length;
      const total = target.rounds.reduce((sum, r) => sum + r.total, 0);
      const cpu = target.rounds.reduce((sum, r) => sum + r.cpu, 0) / Math.max(total, 1);
      const bad = target.rounds.reduce((sum, r) => sum + r.bad, 0);
      return { rps, cpu, bad };
    };
    const bareSummary = bare && summary(bare);
    for (const target of targets) {
      const { rps, cpu, bad } = summary(target);
      const against =
        bareSummary && target !== bare
          ? `; / fixture: rate ${(rps / bareSummary.rps).toFixed(3)}, CPU ${(bareSummary.cpu / cpu).toFixed(3)}`
          : "";
      note(
        `  ${target.name.padEnd(18)} ${rps.toFixed(1).padStart(8)} req/s, CPU ${cpu.toFixed(2)} ms/request, ${bad} bad${against}`,
      );
    }
  }
} finally {
  await fixture?.stop();
  for (const server of servers) {
    await server.server.stop();
    removeDatabase(server.databaseFile);
  }
}
