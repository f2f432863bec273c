// SQLite against PostgreSQL (issue 33, Goals): the same production build, the same data (one
// SQLite file filled for the purpose, then copied into a throwaway PostgreSQL cluster with
// `npm run db:copy`), both servers up at once and measured in alternating rounds, so drift on
// a shared machine hits both. Per figure the rate on each engine and their ratio (SQLite's
// rate over PostgreSQL's: how many times slower PostgreSQL is), goal <= 1.5.
// Then two instances on the one PostgreSQL: bookings a second through one instance against
// through two, the CPU each process used (from /proc) and the machine's busy cores, and a
// check that no two visits overlap; once with each booking on another day than the one
// before (as patients book the weeks ahead: the goal), once with all of them on one day
// (its lock places one at a time, docs/decisions/051-postgresql.md).
// The data is modest so a run takes a few minutes: 10 dentists and chairs, ENGINES_VISITS
// (default 20,000) visits over 125 past days and a full measured day, 20,000 patients.
// Called by run.mjs (`npm run bench -- --only=engines`); `node scripts/bench/engines.mjs
// [--record]` runs it alone (it builds first). ENGINES_SECONDS: each round's length (5).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import pg from "pg";
import { testPorts } from "../../tests/support/ports.mjs";
import { startCluster, stopCluster, postgresInstalled } from "../postgres-cluster.mjs";
import { bookOne, cpuMs, slotsFor } from "./bookings.mjs";
import { addSession } from "./catalogue.mjs";
import { DAY, fill, signIn } from "./day-diary.mjs";
import { benchDate, tenByTen } from "./diary.mjs";
import { machineLine, recordSection } from "./record.mjs";
import { build, removeDatabase, startApp } from "./server.mjs";

/** bookOne()'s message: the visits this benchmark booked (the filled ones share one chair). */
const BOOKED_MESSAGE = "Booked beside the reads";
const SECONDS = Number(process.env.ENGINES_SECONDS || 5);
const VISITS = Number(process.env.ENGINES_VISITS || 20_000);
const CONNECTIONS = 8;
const ROUNDS = 2;
/** Bookings per engine and round (SQLite against PostgreSQL), BOOKING_CONNECTIONS at a time. */
const BOOKINGS_PER_ROUND = 60;
/** Bookings per round of the instances' figure (one instance, then two). */
const INSTANCE_BOOKINGS = 120;
const BOOKING_CONNECTIONS = 8;
/** The instances' bookings: as patients book the weeks ahead (the goal's), and a one-day rush. */
const WORKLOADS = ["across days", "one day"];
const GOAL = 1.5;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/**
 * CPU time (ms) of each of the cluster's processes now running (the postmaster and its
 * children), by pid: a backend may end between two readings, so they are compared per pid.
 */
function clusterCpuMs(dataDir) {
  const postmaster = Number(
    readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0],
  );
  const byPid = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const fields = readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1].split(" ");
      // ppid is field 4 of the line (1 after the name).
      if (Number(name) === postmaster || Number(fields[1]) === postmaster) {
        byPid.set(name, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
      }
    } catch {
      // A backend that ended between the listing and the read.
    }
  }
  return byPid;
}

/** The machine's CPU ticks so far (/proc/stat): busy, idle (waiting on disks too) and stolen by the host. */
function machineTicks() {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
  return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
}

/** How many of the machine's cores were busy between two readings of machineTicks(). */
function coresBusy(before, after) {
  const busy = after.busy - before.busy;
  const all = busy + after.idle - before.idle + after.steal - before.steal;
  return all > 0 ? (busy / all) * os.cpus().length : 0;
}

/** The CPU the cluster's processes used between two readings (those still running at the second). */
function clusterCpuSince(dataDir, before) {
  let total = 0;
  for (const [pid, ms] of clusterCpuMs(dataDir)) total += ms - (before.get(pid) ?? 0);
  return total;
}

async function rate(url, headers) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    bad: result.errors + result.timeouts + result.non2xx,
  };
}

/** The slots reordered so each falls on another day than the one before (round robin over their days). */
function acrossDays(slots) {
  const byDate = new Map();
  for (const slot of slots) byDate.set(slot.date, [...(byDate.get(slot.date) ?? []), slot]);
  const days = [...byDate.values()];
  const ordered = [];
  for (let i = 0; ordered.length < slots.length; i += 1) {
    for (const day of days) if (day[i]) ordered.push(day[i]);
  }
  return ordered;
}

/** Books `slots` (each with its own patient's token), `connections` at a time, spread over `urls`. */
async function bookAll(urls, { tokens, slots, checkup }) {
  const answers = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BOOKING_CONNECTIONS }, async (_, lane) => {
      const url = urls[lane % urls.length];
      for (let i = next++; i < slots.length; i = next++) {
        const at = performance.now();
        const status = await bookOne(url, tokens[i], slots[i], checkup).catch(() => 0);
        answers.push({ status, ms: performance.now() - at });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const created = answers.filter((a) => a.status === 201).length;
  return {
    perSecond: created / seconds,
    created,
    sent: slots.length,
    p50: percentile(
      answers.map((a) => a.ms),
      50,
    ),
  };
}

/** The SQLite file the comparison starts from: migrated, seeded, filled, its report days worked out. */
async function prepareSqlite({ buildDir, port, file, log, note }) {
  const first = await startApp({ buildDir, port, databaseFile: file, log });
  await first.stop();
  fill(file, VISITS);
  const { checkup } = tenByTen(file);
  const db = new Database(file);
  try {
    // An admin reads the diary and every dentist's reports.
    db.prepare(`UPDATE User SET role = 'admin' WHERE email = 'bench-reception@example.com'`).run();
    // fill() leaves the report days unmarked; here they are worked out once, before the copy.
    db.prepare(
      `INSERT OR IGNORE INTO ReportDirtyDay (date) SELECT DISTINCT date FROM Appointment`,
    ).run();
  } finally {
    db.close();
  }
  const sweeper = await startApp({ buildDir, port, databaseFile: file, log });
  try {
    const db2 = new Database(file, { readonly: true });
    try {
      const deadline = Date.now() + 300_000;
      for (;;) {
        const left = db2.prepare(`SELECT COUNT(*) AS n FROM ReportDirtyDay`).get().n;
        if (left === 0) break;
        if (Date.now() > deadline) throw new Error(`${left} report days still unworked`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    } finally {
      db2.close();
    }
  } finally {
    await sweeper.stop();
  }
  note(`  SQLite file filled: ${VISITS} visits besides the measured day, report days worked out`);
  return { checkup };
}

/**
 * @param {{ buildDir: string, ports: { sqlite: number, postgres: number, second: number,
 *   cluster: number }, dir: string, note: (text: string) => void }} options
 */
export async function runEnginesBench({ buildDir, ports, dir, note }) {
  if (!postgresInstalled())
    throw new Error("PostgreSQL is not installed: apt-get install -y postgresql");
  mkdirSync(dir, { recursive: true });
  note(
    `\n20. SQLite against PostgreSQL, same data (${CONNECTIONS} connections, ${SECONDS} s rounds)`,
  );
  const file = path.join(dir, "engines.db");
  const clusterDir = path.join(dir, "cluster");
  const servers = [];
  let client = null;
  try {
    const { checkup } = await prepareSqlite({
      buildDir,
      port: ports.sqlite,
      file,
      log: path.join(dir, "sqlite.log"),
      note,
    });
    // A day at a time for each engine's rounds, the second instance's warm-up and the
    // instances' one-day rounds; the rest of the ten weeks (the clinic's horizon is 90 days)
    // round robin over their days for the across-days rounds.
    const weeks = slotsFor(file, benchDate(), 10);
    const dayByDay = BOOKINGS_PER_ROUND * ROUNDS * 3 + INSTANCE_BOOKINGS * ROUNDS * 2;
    const bookingSlots = [...weeks.slice(0, dayByDay), ...acrossDays(weeks.slice(dayByDay))];
    const needed = dayByDay + INSTANCE_BOOKINGS * ROUNDS * 2;
    if (bookingSlots.length < needed) throw new Error("not enough free times for the bookings");
    const tokens = Array.from({ length: needed }, () => addSession(file));

    const postgresUrl = startCluster({ dir: clusterDir, port: ports.cluster }).replace(
      /\/postgres$/,
      "/bench",
    );
    const copyStarted = Date.now();
    execFileSync(
      process.execPath,
      ["scripts/db-copy.mjs", "--from", `file:${file}`, "--to", postgresUrl],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
    note(`  Copied into PostgreSQL 15 in ${((Date.now() - copyStarted) / 1000).toFixed(0)} s`);

    const sqlite = await startApp({
      buildDir,
      port: ports.sqlite,
      databaseFile: file,
      log: path.join(dir, "sqlite.log"),
    });
    servers.push(sqlite);
    const postgresApp = (port, name) =>
      startApp({
        buildDir,
        port,
        databaseFile: path.join(dir, name),
        log: path.join(dir, `${name}.log`),
        env: { DATABASE_URL: postgresUrl },
      });
    const postgres = await postgresApp(ports.postgres, "postgres-1");
    servers.push(postgres);
    const urls = {
      sqlite: `http://127.0.0.1:${ports.sqlite}`,
      postgres: `http://127.0.0.1:${ports.postgres}`,
    };
    const cookies = { sqlite: await signIn(urls.sqlite), postgres: await signIn(urls.postgres) };

    const figures = [
      { name: "GET / (home page)", path: "/" },
      { name: "GET /all-service (services page)", path: "/all-service" },
      {
        name: "GET /resources/free-slots (a day's free times, any dentist)",
        path: `/resources/free-slots?date=${bookingSlots.at(-1).date}&service=${checkup}&dentist=any`,
      },
      { name: "GET /staff (the day diary)", path: `/staff?date=${DAY}`, staff: true },
      {
        name: "GET /staff/reports (a quarter by week)",
        path: "/staff/reports?from=2024-01-01&to=2024-03-31&by=week",
        staff: true,
      },
    ];
    const rows = [];
    const push = (name, a, b, unit, extra) => {
      const ratio = a / b;
      const row = {
        name: `${name}: SQLite / PostgreSQL`,
        value: ratio.toFixed(2),
        goal: `<= ${GOAL}`,
        pass: ratio <= GOAL && extra.bad === 0,
        detail: `(SQLite ${a.toFixed(1)} ${unit}, PostgreSQL ${b.toFixed(1)} ${unit}${extra.text})`,
      };
      rows.push(row);
      note(`  ${row.pass ? "PASS" : "MISS"}  ${row.name}: ${row.value}  ${row.detail}`);
    };
    for (const figure of figures) {
      const headers = (side) => (figure.staff ? { cookie: cookies[side] } : {});
      const results = { sqlite: [], postgres: [] };
      // Warm both (JIT, first queries, caches) before anything counts.
      for (const side of ["sqlite", "postgres"]) {
        await autocannon({
          url: `${urls[side]}${figure.path}`,
          connections: CONNECTIONS,
          duration: 2,
          headers: headers(side),
        });
      }
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const side of round % 2 === 0 ? ["sqlite", "postgres"] : ["postgres", "sqlite"]) {
          results[side].push(await rate(`${urls[side]}${figure.path}`, headers(side)));
        }
      }
      const mean = (list, key) => list.reduce((sum, r) => sum + r[key], 0) / list.length;
      const bad = [...results.sqlite, ...results.postgres].reduce((sum, r) => sum + r.bad, 0);
      push(figure.name, mean(results.sqlite, "rps"), mean(results.postgres, "rps"), "req/s", {
        bad,
        text: `; p50 ${mean(results.sqlite, "p50").toFixed(1)} and ${mean(results.postgres, "p50").toFixed(1)} ms; ${bad} errors`,
      });
    }

    // Bookings: the same slots on each engine (two databases), each for its own patient.
    const booked = { sqlite: [], postgres: [] };
    let offset = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const range = { from: offset, to: offset + BOOKINGS_PER_ROUND };
      offset = range.to;
      for (const side of round % 2 === 0 ? ["sqlite", "postgres"] : ["postgres", "sqlite"]) {
        booked[side].push(
          await bookAll([urls[side]], {
            tokens: tokens.slice(range.from, range.to),
            slots: bookingSlots.slice(range.from, range.to),
            checkup,
          }),
        );
      }
    }
    const sum = (list, key) => list.reduce((total, r) => total + r[key], 0);
    const failed = (side) => sum(booked[side], "sent") - sum(booked[side], "created");
    push(
      `POST /api/create-appointment (${BOOKING_CONNECTIONS} at a time, bookings/s)`,
      sum(booked.sqlite, "perSecond") / ROUNDS,
      sum(booked.postgres, "perSecond") / ROUNDS,
      "bookings/s",
      {
        bad: failed("sqlite") + failed("postgres"),
        text: `; p50 ${(sum(booked.sqlite, "p50") / ROUNDS).toFixed(0)} and ${(sum(booked.postgres, "p50") / ROUNDS).toFixed(0)} ms; ${failed("sqlite") + failed("postgres")} not 201`,
      },
    );

    // Two instances on the one PostgreSQL: the SQLite server stops, a second one starts.
    await sqlite.stop();
    servers.splice(servers.indexOf(sqlite), 1);
    const second = await postgresApp(ports.second, "postgres-2");
    servers.push(second);
    const secondUrl = `http://127.0.0.1:${ports.second}`;
    // The first instance has booked BOOKINGS_PER_ROUND * ROUNDS times by now; the second
    // starts cold (V8 compiles, Prisma plans its queries). It books as many first, uncounted,
    // so the figure compares two warm processes with one, as a deploy would run them.
    const warmUp = { from: offset, to: offset + BOOKINGS_PER_ROUND * ROUNDS };
    offset = warmUp.to;
    await bookAll([secondUrl], {
      tokens: tokens.slice(warmUp.from, warmUp.to),
      slots: bookingSlots.slice(warmUp.from, warmUp.to),
      checkup,
    });
    const data = path.join(clusterDir, "data");
    // The one-day rounds take the slots after the warm-up; the across-days ones the rest.
    const firstSlot = { "one day": offset, "across days": dayByDay };
    const measured = {};
    for (const workload of WORKLOADS) {
      offset = firstSlot[workload];
      const instances = { one: [], two: [] };
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const shape of round % 2 === 0 ? ["one", "two"] : ["two", "one"]) {
          const range = { from: offset, to: offset + INSTANCE_BOOKINGS };
          offset = range.to;
          const before = {
            a: cpuMs(postgres.pid),
            b: cpuMs(second.pid),
            db: clusterCpuMs(data),
            machine: machineTicks(),
          };
          const result = await bookAll(
            shape === "one" ? [urls.postgres] : [urls.postgres, secondUrl],
            {
              tokens: tokens.slice(range.from, range.to),
              slots: bookingSlots.slice(range.from, range.to),
              checkup,
            },
          );
          instances[shape].push({
            ...result,
            cpu: {
              a: (cpuMs(postgres.pid) - before.a) / result.created,
              b: (cpuMs(second.pid) - before.b) / result.created,
              db: clusterCpuSince(data, before.db) / result.created,
            },
            cores: coresBusy(before.machine, machineTicks()),
          });
        }
      }
      measured[workload] = instances;
    }
    client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    const overlaps = Number(
      (
        await client.query(
          `SELECT COUNT(*) AS n FROM "Appointment" a JOIN "Appointment" b
          ON a.id < b.id AND a."startsAt" < b."endsAt" AND b."startsAt" < a."endsAt"
          AND (a."dentistId" = b."dentistId" OR a."chairId" = b."chairId")
          WHERE a.message = $1 AND b.message = $1
          AND a.status NOT IN ('cancelled') AND b.status NOT IN ('cancelled')`,
          [BOOKED_MESSAGE],
        )
      ).rows[0].n,
    );
    for (const workload of WORKLOADS) {
      const instances = measured[workload];
      const per = (shape, key) => sum(instances[shape], key) / ROUNDS;
      const cpu = (shape, key) =>
        instances[shape].reduce((total, r) => total + r.cpu[key], 0) / ROUNDS;
      const notCreated = (shape) =>
        sum(instances[shape], "sent") - sum(instances[shape], "created");
      const gain = per("two", "perSecond") / per("one", "perSecond");
      const goal = workload === "across days";
      const row = {
        name: `Bookings/s through two instances on one PostgreSQL / through one, ${workload === "across days" ? "each booking on another day" : "all on one day"}`,
        value: gain.toFixed(2),
        goal: goal ? ">= 1" : "no overlap",
        pass: (!goal || gain >= 1) && overlaps === 0 && notCreated("one") + notCreated("two") === 0,
        detail: `(one ${per("one", "perSecond").toFixed(1)}/s, two ${per("two", "perSecond").toFixed(1)}/s, ${BOOKING_CONNECTIONS} at a time; CPU per booking: one instance ${cpu("one", "a").toFixed(1)} ms app + ${cpu("one", "db").toFixed(1)} ms PostgreSQL, two instances ${cpu("two", "a").toFixed(1)} + ${cpu("two", "b").toFixed(1)} ms apps + ${cpu("two", "db").toFixed(1)} ms PostgreSQL; machine's cores busy: ${per("one", "cores").toFixed(2)} with one, ${per("two", "cores").toFixed(2)} with two, of ${os.cpus().length}; ${overlaps} overlapping visits, ${notCreated("one") + notCreated("two")} not 201)`,
      };
      rows.push(row);
      note(`  ${row.pass ? "PASS" : "MISS"}  ${row.name}: ${row.value}  ${row.detail}`);
    }
    note(
      `  Load average at the end: ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")}`,
    );
    return rows;
  } finally {
    await client?.end();
    for (const server of servers) await server.stop();
    stopCluster(clusterDir);
    removeDatabase(file);
  }
}

/** Writes the rows into docs/performance.md ("PostgreSQL against SQLite"). */
export function recordEnginesFigures(rows, machine, command = "npm run bench -- --only=engines") {
  return recordSection(
    "engines",
    `\`${command}\` (ENGINES_SECONDS=${SECONDS}, ENGINES_VISITS=${VISITS})`,
    rows,
    machine,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const buildDir = process.env.BENCH_BUILD_DIR || ".build-bench";
  const dir = path.resolve("tests/.tmp/bench-engines");
  rmSync(dir, { recursive: true, force: true });
  if (!process.env.BENCH_BUILD_DIR) {
    process.stdout.write(`Building ${buildDir}\n`);
    build(buildDir);
  }
  const machine = machineLine();
  const rows = await runEnginesBench({
    buildDir,
    ports: testPorts().bench.engines,
    dir,
    note: (text) => process.stdout.write(`${text}\n`),
  });
  if (process.argv.includes("--record")) {
    await recordEnginesFigures(rows, machine, "node scripts/bench/engines.mjs --record");
  }
}
