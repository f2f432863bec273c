// The zero-downtime deploy order tried (issue 33 item 4; docs/operations/postgresql.md,
// "Deploying without downtime"): two production instances on one throwaway PostgreSQL behind
// a small round-robin proxy, requests flowing all along (pages, free times, bookings), then
//   1. the next release's migration applied by `migrate deploy` from a copy of the checkout
//      holding one more additive migration (a new nullable column), old code still serving;
//   2. the instances replaced one at a time: a new one started from the next release (the
//      copy) beside the old, put in the proxy once /healthz answers, then the old one taken
//      out, its requests in flight finished, and stopped (SIGTERM).
// It prints the requests answered and failed in each step. A failure is a 5xx, the proxy's
// 502 (no instance answered) or a dropped connection; a refused booking (409, the time went
// to another request) is an answer.
//   TEST_PORT_BASE=<base> node scripts/rehearse-deploy.mjs
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { testPorts } from "../tests/support/ports.mjs";
import { build, startApp } from "./bench/server.mjs";
import { startCluster, stopCluster } from "./postgres-cluster.mjs";

const BUILD_DIR = path.resolve(".build-rehearsal");
const DIR = path.resolve("tests/.tmp/rehearse-deploy");
const NEXT = path.join(DIR, "next");
const LOOPS = 4;
const STEADY_MS = 5000;
const ports = testPorts().rehearsal;
const note = (text) => process.stdout.write(`${text}\n`);

/** The next release: this checkout with one more PostgreSQL migration, adding a column. */
function nextRelease() {
  mkdirSync(NEXT, { recursive: true });
  for (const name of [
    "node_modules",
    "app",
    "public",
    "scripts",
    "package.json",
    "tsconfig.json",
  ]) {
    symlinkSync(path.resolve(name), path.join(NEXT, name));
  }
  cpSync("prisma", path.join(NEXT, "prisma"), { recursive: true });
  cpSync("prisma.config.ts", path.join(NEXT, "prisma.config.ts"));
  const migration = path.join(
    NEXT,
    "prisma",
    "postgresql",
    "migrations",
    "29990101000000_rehearsal",
  );
  mkdirSync(migration);
  writeFileSync(
    path.join(migration, "migration.sql"),
    `-- Additive: the running release never names the column.\nALTER TABLE "Appointment" ADD COLUMN "rehearsalNote" TEXT;\n`,
  );
}

/** A round-robin proxy over the instances; one taken out gets no new requests. */
function startProxy(upstreams) {
  const state = upstreams.map((port) => ({ port, on: true, inFlight: 0 }));
  let turn = 0;
  // With a timeout set, Node's agent drops an idle connection a second before the instance's
  // Keep-Alive hint says the instance will (5 s): a balancer's upstream keep-alive is set
  // below the upstream's, or a request sent on a connection being closed is lost.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 60_000 });
  const server = http.createServer((request, response) => {
    const live = state.filter((upstream) => upstream.on);
    if (live.length === 0) {
      response.writeHead(503).end();
      return;
    }
    const upstream = live[turn++ % live.length];
    upstream.inFlight += 1;
    const done = () => {
      upstream.inFlight -= 1;
    };
    const forward = http.request(
      {
        host: "127.0.0.1",
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        answer.on("end", done);
      },
    );
    forward.on("error", (error) => {
      done();
      if (!response.headersSent) response.writeHead(502);
      response.end(`proxy: ${error.code ?? error.message}`);
    });
    request.pipe(forward);
  });
  // As a balancer does (nginx keeps a client's connection 75 s): an idle connection closed
  // under a client's next request would count against the app.
  server.keepAliveTimeout = 75_000;
  return new Promise((resolve) => {
    server.listen(ports.proxy, "127.0.0.1", () =>
      resolve({
        add(port) {
          state.push({ port, on: true, inFlight: 0 });
        },
        take(port, on) {
          state.find((upstream) => upstream.port === port).on = on;
        },
        async drained(port) {
          const upstream = state.find((entry) => entry.port === port);
          while (upstream.inFlight > 0) await new Promise((r) => setTimeout(r, 20));
        },
        close: () =>
          new Promise((r) => {
            agent.destroy();
            server.close(r);
            server.closeAllConnections();
          }),
      }),
    );
  });
}

/** Patients with sessions, written straight to the database: one per booking. */
async function addPatients(client, count) {
  const tokens = [];
  const now = new Date();
  for (let i = 0; i < count; i += 1) {
    const token = randomBytes(32).toString("base64url");
    const userId = `rehearsal${randomBytes(8).toString("hex")}`;
    await client.query(
      `INSERT INTO "User" (id, name, email, "userImage", address, provider, "emailVerifiedAt", "createdAt", "updatedAt")
       VALUES ($1, 'Rehearsal Patient', $2, '', '', 'local', $3, $3, $3)`,
      [userId, `${userId}@example.com`, now],
    );
    await client.query(
      `INSERT INTO "Session" (id, "tokenHash", "userId", "expiresAt", "createdAt") VALUES ($1, $2, $3, $4, $5)`,
      [
        `rehearsal${randomBytes(8).toString("hex")}`,
        createHash("sha256").update(token).digest("hex"),
        userId,
        new Date(Date.now() + 86_400_000),
        now,
      ],
    );
    tokens.push(token);
  }
  return tokens;
}

/** Weekdays from two weeks ahead, as YYYY-MM-DD. */
function weekdays(count) {
  const days = [];
  for (let ahead = 14; days.length < count; ahead += 1) {
    const day = new Date(Date.now() + ahead * 86_400_000);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

/** LOOPS clients asking the proxy, one request after another, until stopped; counts per step. */
function traffic({ tokens, service }) {
  const url = `http://127.0.0.1:${ports.proxy}`;
  const days = weekdays(20);
  const counts = new Map();
  let step = "steady";
  let running = true;
  let booking = 0;
  let shown = false;
  const count = (ok, what) => {
    const entry = counts.get(step) ?? {
      answered: 0,
      failed: 0,
      bookings: 0,
      refused: {},
      failures: [],
    };
    if (ok) entry.answered += 1;
    else {
      entry.failed += 1;
      if (entry.failures.length < 5) entry.failures.push(what);
    }
    counts.set(step, entry);
    return entry;
  };
  const ask = async (pathname, init) => {
    try {
      const response = await fetch(`${url}${pathname}`, init);
      const body = await response.text();
      const ok = response.status < 500;
      count(
        ok,
        `${init?.method ?? "GET"} ${pathname.split("?")[0]}: ${response.status} ${body.slice(0, 40)}`,
      );
      return { status: response.status, body };
    } catch (error) {
      count(false, `${pathname.split("?")[0]}: ${error.cause?.code ?? error.message}`);
      return { status: 0, body: "" };
    }
  };
  const loop = async (lane) => {
    for (let i = 0; running; i += 1) {
      await ask(i % 2 === 0 ? "/" : "/all-service");
      const date = days[(lane + i) % days.length];
      const free = await ask(`/resources/free-slots?date=${date}&service=${service}&dentist=any`);
      let time = null;
      try {
        time = JSON.parse(free.body).times?.[0] ?? null;
      } catch {
        time = null;
      }
      if (!time && !shown) {
        shown = true;
        note(`No free time on ${date}: ${free.status} ${free.body.slice(0, 300)}`);
      }
      const token = tokens[booking];
      if (time && token) {
        booking += 1;
        const answer = await ask("/api/create-appointment", {
          method: "POST",
          headers: { "content-type": "application/json", authorization: token },
          body: JSON.stringify({
            service,
            name: "Rehearsal Patient",
            email: "rehearsal@example.com",
            phone: "555 0100",
            date,
            time: typeof time === "string" ? time : time.time,
            message: "Booked during the deploy",
          }),
        });
        const entry = counts.get(step);
        if (answer.status === 201) entry.bookings += 1;
        else entry.refused[answer.status] = (entry.refused[answer.status] ?? 0) + 1;
      }
    }
  };
  const loops = Array.from({ length: LOOPS }, (_, lane) => loop(lane));
  return {
    step(name) {
      step = name;
    },
    async stop() {
      running = false;
      await Promise.all(loops);
      return counts;
    },
  };
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

rmSync(DIR, { recursive: true, force: true });
mkdirSync(DIR, { recursive: true });
note(`Building ${path.relative(".", BUILD_DIR)}`);
build(BUILD_DIR);
const clusterDir = path.join(DIR, "cluster");
const url = startCluster({ dir: clusterDir, port: ports.cluster }).replace(
  /\/postgres$/,
  "/clinic",
);
const instances = [];
let proxy = null;
let client = null;
let flow = null;
try {
  const start = (port, cwd) =>
    startApp({
      buildDir: BUILD_DIR,
      port,
      cwd,
      databaseFile: path.join(DIR, `instance-${port}`),
      log: path.join(DIR, `instance-${port}.log`),
      // Behind the balancer every instance's public address is the balancer's.
      env: { DATABASE_URL: url, APP_URL: `http://127.0.0.1:${ports.proxy}` },
    });
  for (const port of ports.instances) instances.push({ port, server: await start(port) });
  nextRelease();
  client = new pg.Client({ connectionString: url });
  await client.connect();
  const tokens = await addPatients(client, 2000);
  const service = (await client.query(`SELECT id FROM "Product" WHERE slug = 'dental-checkup'`))
    .rows[0].id;
  proxy = await startProxy(ports.instances);
  flow = traffic({ tokens, service });
  const timings = {};
  const timed = async (name, work) => {
    flow.step(name);
    const started = Date.now();
    await work();
    timings[name] = Date.now() - started;
  };
  await timed("steady", () => pause(STEADY_MS));
  await timed("migrate deploy (next release's migration, old code serving)", async () => {
    execFileSync(process.execPath, ["node_modules/prisma/build/index.js", "migrate", "deploy"], {
      cwd: NEXT,
      env: { ...process.env, DATABASE_URL: url },
      stdio: ["ignore", "ignore", "inherit"],
    });
    await pause(1000);
  });
  for (const [index, old] of [...instances].entries()) {
    const port = ports.successors[index];
    await timed(`instance ${old.port} replaced by ${port} (next release)`, async () => {
      const successor = { port, server: await start(port, NEXT) };
      instances.push(successor);
      proxy.add(port);
      proxy.take(old.port, false);
      await proxy.drained(old.port);
      await old.server.stop();
      instances.splice(instances.indexOf(old), 1);
      await pause(1000);
    });
  }
  await timed("steady on the next release", () => pause(STEADY_MS));
  const counts = await flow.stop();
  flow = null;
  const column = (
    await client.query(
      `SELECT COUNT(*)::int AS n FROM information_schema.columns WHERE table_name = 'Appointment' AND column_name = 'rehearsalNote'`,
    )
  ).rows[0].n;
  const overlaps = (
    await client.query(`SELECT COUNT(*)::int AS n FROM "Appointment" a JOIN "Appointment" b
      ON a.id < b.id AND a."startsAt" < b."endsAt" AND b."startsAt" < a."endsAt"
      AND (a."dentistId" = b."dentistId" OR a."chairId" = b."chairId")
      WHERE a.status NOT IN ('cancelled') AND b.status NOT IN ('cancelled')`)
  ).rows[0].n;
  note("\nStep | took | answered | failed | bookings made");
  let answered = 0;
  let failed = 0;
  for (const [step, entry] of counts) {
    answered += entry.answered;
    failed += entry.failed;
    note(
      `${step} | ${((timings[step] ?? 0) / 1000).toFixed(1)} s | ${entry.answered} | ${entry.failed}${entry.failures.length ? ` (${entry.failures.join("; ")})` : ""} | ${entry.bookings}${Object.keys(entry.refused).length ? ` (not booked: ${JSON.stringify(entry.refused)})` : ""}`,
    );
  }
  note(
    `\nIn all: ${answered} answered, ${failed} failed; the new column ${column === 1 ? "is there" : "is MISSING"}; ${overlaps} overlapping visits; load average ${os.loadavg()[0].toFixed(1)}`,
  );
  if (failed > 0 || column !== 1 || overlaps > 0) process.exitCode = 1;
} finally {
  await flow?.stop();
  await client?.end();
  await proxy?.close();
  for (const instance of instances) await instance.server.stop();
  stopCluster(clusterDir);
}
