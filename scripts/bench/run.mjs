// `npm run bench`: starts the production build on databases seeded for the purpose,
// measures with autocannon on loopback, and prints every figure beside its goal.
// BENCH_SECONDS sets the length of each throughput run (default 10), LOAD_SECONDS the
// length of the load run (default 30). `-- --record` writes the results into
// docs/performance.md; `-- --only=uncached,load` runs only the named parts (list, home,
// sign-ins, javascript, lighthouse, load, uncached, size, image, diary, backup, outbox,
// reminders, waitlist, recall, reports, reviews, audit, day-diary, bookings, patients,
// engines).
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import * as prettier from "prettier";
import bcrypt from "bcryptjs";
import { testPorts } from "../../tests/support/ports.mjs";
import { recordAuditFigures, runAuditBench } from "./audit.mjs";
import { recordBookingsFigures, runBookingsBench } from "./bookings.mjs";
import { recordBackupFigures, runBackupBench } from "./backup.mjs";
import { runDiaryBench } from "./diary.mjs";
import { addSession, addUsers, fillCatalogue } from "./catalogue.mjs";
import { recordDayDiaryFigures, runDayDiaryBench } from "./day-diary.mjs";
import { recordEnginesFigures, runEnginesBench } from "./engines.mjs";
import { imageSize } from "./image.mjs";
import { machineLine, recordSection } from "./record.mjs";
import { build, removeDatabase, startApp, startProcess } from "./server.mjs";
import { buildFixture, measureUncachedPath, signedInCookie, startFixture } from "./uncached.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS || 30);
const BUILD_DIR = ".build-bench";
const TMP = path.resolve("tests/.tmp/bench");
const PORTS = testPorts().bench;
const rows = [];
/** The uncached path's figures: their own table in docs/performance.md. */
const uncachedRows = [];
const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
/** Whether a part of the benchmark runs this time (all of them without --only). */
const wanted = (part) => !only || only.split(",").includes(part);

/** Runs one of the in-process benchmark scripts (scripts/bench/<name>.ts) and reads its JSON line. */
function inProcessBench(name) {
  const output = execFileSync(
    process.execPath,
    ["--import", "tsx", `scripts/bench/${name}.ts`, "--json"],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  return JSON.parse(output.trim().split("\n").at(-1));
}

rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });
const log = (name) => path.join(TMP, `${name}.log`);
const note = (text) => process.stdout.write(`${text}\n`);

function record(name, value, goal, pass, detail = "", into = rows) {
  into.push({ name, value, goal, pass, detail });
  note(
    `  ${pass ? "PASS" : "MISS"}  ${name}: ${value}  (goal ${goal})${detail ? `  ${detail}` : ""}`,
  );
}

async function cannon(url, options = {}) {
  const result = await autocannon({ url, connections: 64, duration: SECONDS, ...options });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 102.4) / 10;
}

/** CPU time (user + system, ms) a process has used so far. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // utime and stime are fields 14 and 15 of the line (11 and 12 after the name).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * Two rounds side by side, alternating, so drift on a shared machine hits both. With a
 * `pid` for each side, also the server's CPU time per answered request: unlike the
 * throughput, it hardly moves with what else the machine runs.
 */
async function sideBySide(a, b) {
  const results = { a: [], b: [] };
  const cpu = { a: { ms: 0, requests: 0 }, b: { ms: 0, requests: 0 } };
  const run = async (side, spec) => {
    const before = spec.pid ? cpuMs(spec.pid) : 0;
    const result = await cannon(spec.url, spec.options);
    if (spec.pid) {
      cpu[side].ms += cpuMs(spec.pid) - before;
      cpu[side].requests += result.total;
    }
    results[side].push(result);
  };
  // Warm up both (JIT, first queries, caches) before anything counts.
  await cannon(a.url, { ...a.options, duration: 2 });
  await cannon(b.url, { ...b.options, duration: 2 });
  for (let round = 0; round < 2; round += 1) {
    await run("a", a);
    await run("b", b);
  }
  const mean = (list) => Math.round(list.reduce((sum, entry) => sum + entry.rps, 0) / list.length);
  const bad = (list) => list.reduce((sum, entry) => sum + entry.errors + entry.non2xx, 0);
  const perRequest = ({ ms, requests }) => (requests > 0 ? ms / requests : null);
  return {
    a: mean(results.a),
    b: mean(results.b),
    failures: bad(results.a) + bad(results.b),
    cpuMs: { a: perRequest(cpu.a), b: perRequest(cpu.b) },
  };
}

note(`Building ${BUILD_DIR}`);
build(BUILD_DIR);
const machine = machineLine();
note(`Machine: ${machine}`);

// --- The main server (seeded catalogue), trusted proxy so each benchmark sign-in is
// its own client for the app's sign-in limiter; with the demo accounts, whose patient the
// booking page's Lighthouse run and the uncached path sign in as (a production start
// creates none, docs/decisions/033-demo-accounts-and-staff-roles.md).
const mainDb = path.join(TMP, "main.db");
const app = await startApp({
  buildDir: BUILD_DIR,
  port: PORTS.app,
  databaseFile: mainDb,
  log: log("app"),
  env: { TRUST_PROXY: "true", DEMO_ACCOUNTS: "true" },
});
const appUrl = `http://127.0.0.1:${PORTS.app}`;

try {
  const ours = await (await fetch(`${appUrl}/api/product-list/1`)).json();
  const html = await (await fetch(`${appUrl}/`)).text();

  // 1. GET /api/product-list/1 against node:http + a prepared statement.
  if (wanted("list")) {
    note("\n1. GET /api/product-list/1 against a minimal node:http + better-sqlite3 baseline");
    const baseline = await startProcess({
      command: process.execPath,
      args: ["scripts/bench/baseline.mjs", mainDb, String(PORTS.baseline)],
      log: log("baseline"),
      url: `http://127.0.0.1:${PORTS.baseline}/api/product-list/1`,
    });
    let list;
    try {
      const theirs = await (
        await fetch(`http://127.0.0.1:${PORTS.baseline}/api/product-list/1`)
      ).json();
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
        throw new Error(
          `The baseline does not return the same JSON as the app:\n${JSON.stringify(ours).slice(0, 300)}\n${JSON.stringify(theirs).slice(0, 300)}`,
        );
      }
      list = await sideBySide(
        { url: `http://127.0.0.1:${PORTS.baseline}/api/product-list/1` },
        { url: `${appUrl}/api/product-list/1` },
      );
    } finally {
      // Also when the check throws: a baseline left running answers the next run.
      await baseline.stop();
    }
    record(
      "GET /api/product-list/1 throughput / baseline",
      (list.b / list.a).toFixed(2),
      ">= 0.25",
      list.b / list.a >= 0.25 && list.failures === 0,
      `(app ${list.b} req/s, baseline ${list.a} req/s, ${list.failures} errors)`,
    );
  }

  // 2. GET / against the same HTML as a static file from the same server.
  if (wanted("home")) {
    note("\n2. GET / against the same HTML served as a static file by the same server");
    writeFileSync(path.join(BUILD_DIR, "client", "build", "bench-home.html"), html);
    const home = await sideBySide(
      { url: `${appUrl}/build/bench-home.html` },
      { url: `${appUrl}/` },
    );
    record(
      "GET / throughput / static file",
      (home.b / home.a).toFixed(2),
      ">= 0.25",
      home.b / home.a >= 0.25 && home.failures === 0,
      `(page ${home.b} req/s, static ${home.a} req/s, ${home.failures} errors)`,
    );
  }

  // 3. Sign-ins do not stall reads.
  if (wanted("sign-ins")) {
    note("\n3. p99 of GET /api/reviews idle, and while 10 sign-ins a second run");
    const hash = bcrypt.hashSync("bench-password", 10);
    const emails = addUsers(mainDb, Math.ceil(SECONDS * 10 * 1.5) + 20, hash);
    const reviewsUrl = `${appUrl}/api/reviews`;
    await cannon(reviewsUrl, { connections: 8, duration: 2 });
    const idle = await cannon(reviewsUrl, { connections: 8 });
    let sent = 0;
    let signedIn = 0;
    const pending = [];
    const logins = setInterval(() => {
      const email = emails[sent % emails.length];
      sent += 1;
      const login = fetch(`${appUrl}/api/login`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": `10.1.${sent >> 8}.${sent & 255}`,
        },
        body: JSON.stringify({ email, password: "bench-password" }),
      }).then(
        (response) => {
          if (response.status === 200) signedIn += 1;
          return response.arrayBuffer();
        },
        () => {},
      );
      pending.push(login);
    }, 100);
    const busy = await cannon(reviewsUrl, { connections: 8 });
    clearInterval(logins);
    // Every sign-in must still be answered (the hashing queue drains), bounded.
    await Promise.race([
      Promise.all(pending),
      new Promise((resolve) => setTimeout(resolve, 60_000)),
    ]);
    const ratio = busy.p99 / Math.max(idle.p99, 1);
    record(
      "p99 GET /api/reviews with 10 sign-ins/s / idle p99",
      ratio.toFixed(2),
      "<= 3",
      ratio <= 3 && signedIn >= sent * 0.9,
      `(idle p99 ${idle.p99} ms, with sign-ins ${busy.p99} ms; ${signedIn} of ${sent} sign-ins answered 200)`,
    );
  }

  // 4. JavaScript the home page and the booking page load, gzipped.
  if (wanted("javascript")) {
    note("\n4. JavaScript the home page and the booking page load, gzipped");
    const home = await pageJavaScript(html);
    const kb = home.gzipped / 1024;
    record(
      "Home page JavaScript (gzipped)",
      `${kb.toFixed(1)} KB`,
      "<= 100 KB",
      kb <= 100,
      `(${home.files} files)`,
    );
    const bookingPath = `/make-appointment?service=${ours.products[0]._id}`;
    const bookingHtml = await (
      await fetch(`${appUrl}${bookingPath}`, { headers: { cookie: await signedInCookie(appUrl) } })
    ).text();
    const booking = await pageJavaScript(bookingHtml);
    record(
      "Booking page JavaScript (gzipped)",
      `${(booking.gzipped / 1024).toFixed(1)} KB`,
      "information",
      true,
      `(${booking.files} files, as the signed-in patient)`,
    );
  }

  // 5. Lighthouse, mobile: the home page, and the booking page of a service as the signed-in
  // demo patient sees it (with its strip of first free times).
  if (wanted("lighthouse")) {
    const pages = [
      { name: "", path: "/", headers: null },
      {
        name: " (booking page)",
        path: `/make-appointment?service=${ours.products[0]._id}`,
        headers: { cookie: await signedInCookie(appUrl) },
      },
    ];
    for (const page of pages) {
      note(`\n5. Lighthouse (mobile) on GET ${page.path}`);
      // What Lighthouse will load: the page itself, not a sign-in prompt.
      const check = await fetch(`${appUrl}${page.path}`, { headers: page.headers ?? {} });
      if (check.status !== 200) throw new Error(`GET ${page.path} answered ${check.status}`);
      // Lighthouse now and then fails to record its trace (NO_NAVSTART on a busy machine):
      // one more try before the row says it did not run.
      const lighthouse =
        (await runLighthouse(`${appUrl}${page.path}`, page.headers)) ??
        (await runLighthouse(`${appUrl}${page.path}`, page.headers));
      if (!lighthouse) {
        record(
          `Lighthouse${page.name}`,
          "not run",
          "scores",
          false,
          "(lighthouse or Chromium missing)",
        );
        continue;
      }
      const goals = { performance: 95, accessibility: 100, "best-practices": 95, seo: 95 };
      for (const [category, goal] of Object.entries(goals)) {
        const score = Math.round((lighthouse.categories[category]?.score ?? 0) * 100);
        const failing =
          score < 100
            ? lighthouse.categories[category].auditRefs
                .map((ref) => lighthouse.audits[ref.id])
                .filter(
                  (audit) =>
                    audit &&
                    audit.score !== null &&
                    audit.score < 1 &&
                    audit.scoreDisplayMode !== "informative" &&
                    audit.scoreDisplayMode !== "manual",
                )
                .map((audit) => audit.id)
                .slice(0, 6)
                .join(", ")
            : "";
        record(
          `Lighthouse ${category}${page.name}`,
          String(score),
          `>= ${goal}`,
          score >= goal,
          failing ? `(below 1: ${failing})` : "",
        );
      }
    }
  }

  // 6. Load: 64 connections over the pages and reads, with resident memory.
  if (wanted("load")) {
    note(
      `\n6. Load: 64 connections for ${LOAD_SECONDS} s over the home page, catalogue pages and JSON reads`,
    );
    const product = ours.products[0];
    const paths = [
      "/",
      "/all-service",
      "/all-service?page=2",
      `/product/${product._id}`,
      `/product/${product.slug}`,
      "/blog",
      "/api/product-list/1",
      "/api/product-list/2",
      "/api/product-count",
      "/api/reviews",
      "/api/get-product",
      `/api/get-product/${product._id}`,
    ];
    const before = rssMb(app.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(app.pid))), 200);
    const load = await cannon(appUrl, {
      duration: LOAD_SECONDS,
      requests: paths.map((entry) => ({ method: "GET", path: entry })),
    });
    clearInterval(sampler);
    record(
      `Load ${LOAD_SECONDS} s, 64 connections: errors + non-2xx`,
      String(load.errors + load.non2xx),
      "0",
      load.errors + load.non2xx === 0,
      `(${load.total} requests, ${load.rps} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms)`,
    );
    record(
      "Resident memory under load",
      `${peak} MB`,
      "< 250 MB",
      peak < 250,
      `(${before} MB before the load run)`,
    );
  }

  // 7. The uncached path: signed-in pages and /healthz against a minimal Remix app.
  if (wanted("uncached")) {
    note("\n7. Signed-in pages and /healthz against a minimal Remix 2 app (32 connections)");
    const fixtureDir = `${BUILD_DIR}/fixture`;
    buildFixture(fixtureDir);
    const fixture = await startFixture({
      buildDir: fixtureDir,
      port: PORTS.fixture,
      log: log("fixture"),
    });
    try {
      await measureUncachedPath({
        appUrl,
        appPid: app.pid,
        fixturePid: fixture.pid,
        fixtureUrl: `http://127.0.0.1:${PORTS.fixture}`,
        cookie: await signedInCookie(appUrl),
        sideBySide,
        record: (...row) => record(...row, uncachedRows),
      });
    } finally {
      await fixture.stop();
    }
  }
} finally {
  await app.stop();
}

// 8. Cost against catalogue size: 100 services and 100,000.
if (wanted("size")) {
  note("\n8. List page and count at 100 and at 100,000 services");
  const sizes = {};
  for (const [name, count, port] of [
    ["small", 100, PORTS.small],
    ["large", 100_000, PORTS.large],
  ]) {
    const file = path.join(TMP, `${name}.db`);
    // Migrate and seed through a first start, then fill up to the size and start again.
    let server = await startApp({ buildDir: BUILD_DIR, port, databaseFile: file, log: log(name) });
    await server.stop();
    fillCatalogue(file, count);
    const token = addSession(file);
    server = await startApp({ buildDir: BUILD_DIR, port, databaseFile: file, log: log(name) });
    try {
      const url = `http://127.0.0.1:${port}`;
      await cannon(`${url}/all-service`, { duration: 2 });
      await cannon(`${url}/api/product-count`, { duration: 2 });
      const page = await cannon(`${url}/all-service`);
      const count_ = await cannon(`${url}/api/product-count`);
      const cold = await coldCosts(url, token);
      sizes[name] = { page, count: count_, cold };
    } finally {
      await server.stop();
      removeDatabase(file);
    }
  }
  for (const [label, key] of [
    ["All Services page", "page"],
    ["GET /api/product-count", "count"],
  ]) {
    const small = sizes.small[key];
    const large = sizes.large[key];
    const ratio = small.rps / Math.max(large.rps, 1);
    record(
      `${label}: cost at 100,000 / cost at 100`,
      ratio.toFixed(2),
      "<= 1.5",
      ratio <= 1.5 && small.non2xx + large.non2xx + small.errors + large.errors === 0,
      `(${small.rps} req/s at 100, ${large.rps} req/s at 100,000)`,
    );
  }
  record(
    "First answer after a write (cache cleared) at 100,000 / at 100",
    (sizes.large.cold / sizes.small.cold).toFixed(2),
    "information",
    true,
    `(mean ${sizes.small.cold.toFixed(1)} ms at 100, ${sizes.large.cold.toFixed(1)} ms at 100,000, for count + list page)`,
  );
}

// 9. The container image.
if (wanted("image")) {
  note("\n9. Container image size (docker build of the Dockerfile)");
  const image = imageSize();
  if ("skipped" in image) {
    note(`  skipped: ${image.skipped}`);
  } else {
    record(`Container image (${image.tag})`, `${image.mib} MiB`, "< 250 MiB", image.mib < 250);
  }
}

// 10-11. The diary: free times against diary size, and bookings under contention.
if (wanted("diary")) {
  await runDiaryBench({ buildDir: BUILD_DIR, dir: path.join(TMP, "diary"), note, record });
}

// 12. A backup at 200,000 appointments against request latency (its own table in the docs).
const backupRows = wanted("backup")
  ? await runBackupBench({
      buildDir: BUILD_DIR,
      port: PORTS.backup,
      dir: path.join(TMP, "backup"),
      note,
    })
  : [];

// 13. The mail outbox (scripts/bench/outbox.ts, the app's own worker code in-process).
if (wanted("outbox")) {
  note("\n13. Mail outbox: 1,000 due messages to a local SMTP server; a pass at 100,000 vs 1,000");
  const outbox = inProcessBench("outbox");
  record(
    "Outbox: 1,000 due messages delivered over SMTP",
    `${outbox.seconds.toFixed(1)} s`,
    "information",
    outbox.delivered === 1000 && outbox.received === 1000,
    `(${Math.round(outbox.perSecond)} messages/s, ${outbox.received} received by the sink)`,
  );
  record(
    "Outbox: pass with nothing due at 100,000 future messages / at 1,000",
    outbox.ratio.toFixed(2),
    "<= 1.5",
    outbox.ratio <= 1.5,
    `(median ${outbox.smallMs.toFixed(2)} ms at 1,000, ${outbox.largeMs.toFixed(2)} ms at 100,000)`,
  );
}

// 16. The reminder sweep (scripts/bench/reminders.ts, the app's own sweep and worker in-process).
if (wanted("reminders")) {
  note("\n16. Reminders: a sweep at 100,000 vs 1,000 future visits; 1,000 due reminders delivered");
  const reminders = inProcessBench("reminders");
  record(
    "Reminders: sweep with nothing due at 100,000 future visits / at 1,000",
    reminders.ratio.toFixed(2),
    "<= 1.5",
    reminders.ratio <= 1.5,
    `(median ${reminders.smallMs.toFixed(2)} ms at 1,000, ${reminders.largeMs.toFixed(2)} ms at 100,000)`,
  );
  record(
    "Reminders: 1,000 due reminders swept and delivered over SMTP",
    `${(reminders.sweepSeconds + reminders.seconds).toFixed(1)} s`,
    "information",
    reminders.enqueued === 1000 && reminders.received === 1000,
    `(sweep ${reminders.sweepSeconds.toFixed(1)} s, delivery ${reminders.seconds.toFixed(1)} s at ${Math.round(reminders.perSecond)} messages/s, ${reminders.received} received by the sink)`,
  );
  record(
    "Reminders: 1,000 due visits by mail and text (2,000 messages) / by mail alone",
    reminders.textsRatio.toFixed(2),
    "information",
    reminders.textsMailReceived === 1000 && reminders.textsReceived === 1000,
    `(sweep ${reminders.textsSweepSeconds.toFixed(1)} s, delivery ${reminders.textsSeconds.toFixed(1)} s at ${Math.round(reminders.textsPerSecond)} messages/s; ${reminders.textsMailReceived} mails and ${reminders.textsReceived} texts received by the stand-ins)`,
  );
}

// 17. The waiting-list lookup inside every cancellation (scripts/bench/waitlist.ts, in-process).
if (wanted("waitlist")) {
  note("\n17. Waiting list: a cancel with 10,000 waiting entries vs with none");
  const waitlist = inProcessBench("waitlist");
  record(
    "Waiting list: cancel with 10,000 waiting entries / with none",
    waitlist.ratio.toFixed(2),
    "<= 1.5",
    waitlist.ratio <= 1.5,
    `(median ${waitlist.noneMs.toFixed(1)} ms with none, ${waitlist.manyMs.toFixed(1)} ms with 10,000 covering the time; a cancel that offers it to 3: ${waitlist.offeringMs.toFixed(1)} ms)`,
  );
}

// 18. The recall sweep (scripts/bench/recall.ts, the app's own sweep in-process).
if (wanted("recall")) {
  note("\n18. Recall: a sweep writing 200 invitations at 100,000 patients vs 1,000");
  const recall = inProcessBench("recall");
  record(
    "Recall: sweep writing 200 due invitations (20 more skipped, booked) at 100,000 patients / at 1,000",
    recall.ratio.toFixed(2),
    "<= 1.5",
    recall.ratio <= 1.5 && recall.written === 200,
    `(best ${recall.smallMs.toFixed(1)} ms at 1,000, ${recall.largeMs.toFixed(1)} ms at 100,000; CPU time ${recall.smallCpuMs.toFixed(1)} and ${recall.largeCpuMs.toFixed(1)} ms, ratio ${recall.cpuRatio.toFixed(2)}; with nothing due ${recall.idleSmallMs.toFixed(2)} and ${recall.idleLargeMs.toFixed(2)} ms, CPU ${recall.idleSmallCpuMs.toFixed(2)} and ${recall.idleLargeCpuMs.toFixed(2)} ms)`,
  );
}

// 19. The reports (scripts/bench/reports.ts, the loader's work in-process).
if (wanted("reports")) {
  note("\n19. Reports: a year by week at 200,000 appointments vs a month by week at 2,000");
  const reports = inProcessBench("reports");
  const ms = (value) => `${value.toFixed(1)} ms`;
  record(
    "Reports: a year's figures by week at 200,000 appointments / a month's at 2,000",
    reports.figuresRatio.toFixed(2),
    "<= 1.5",
    reports.figuresRatio <= 1.5,
    `(${ms(reports.monthFiguresMs)} for the month, ${ms(reports.yearFiguresMs)} for the year; CPU time ${ms(reports.monthFiguresCpuMs)} and ${ms(reports.yearFiguresCpuMs)}, ratio ${reports.figuresCpuRatio.toFixed(2)}; fastest runs ${ms(reports.monthFiguresFastestMs)} and ${ms(reports.yearFiguresFastestMs)}, ratio ${reports.figuresFastestRatio.toFixed(2)})`,
  );
  record(
    "Reports: the page's work with its charts, a year by week at 200,000 / a month by week at 2,000",
    reports.pageRatio.toFixed(2),
    "<= 1.5",
    reports.pageRatio <= 1.5,
    `(${ms(reports.monthPageMs)} and ${ms(reports.yearPageMs)}; CPU time ${ms(reports.monthPageCpuMs)} and ${ms(reports.yearPageCpuMs)}, ratio ${reports.pageCpuRatio.toFixed(2)}; a year by month ${ms(reports.yearByMonthPageMs)}; the first working out of 365 days of 200,000 visits ${reports.catchUpSeconds.toFixed(0)} s)`,
  );
}

// 19b. Reviews held for moderation (scripts/bench/reviews.ts, in-process).
if (wanted("reviews")) {
  note("\n19b. Reviews: moderation and public reads at 200,000 reviews vs 1,000");
  const reviews = inProcessBench("reviews");
  record(
    "Reviews: the moderation screen's reads at 200,000 reviews / at 1,000",
    reviews.moderationRatio.toFixed(2),
    "<= 1.5",
    reviews.moderationRatio <= 1.5,
    `(${reviews.moderationSmallMs.toFixed(1)} ms at 1,000, ${reviews.moderationLargeMs.toFixed(1)} ms at 200,000, ${reviews.waiting} waiting)`,
  );
  record(
    "Reviews: the public reads, uncached, at 200,000 reviews / at 1,000",
    reviews.publicRatio.toFixed(2),
    "<= 1.5",
    reviews.publicRatio <= 1.5,
    `(home page's newest and a service's first page with its average: ${reviews.publicSmallMs.toFixed(1)} ms at 1,000, ${reviews.publicLargeMs.toFixed(1)} ms at 200,000)`,
  );
}

// 20. The patient search and card at 300,000 patients (scripts/bench/patients.ts, in-process).
if (wanted("patients")) {
  note(
    "\n20. Patients: the desk's search, a card and a family's booking at 300,000 patients (a third family members) vs 1,000",
  );
  const patients = inProcessBench("patients");
  const { small, large } = patients;
  record(
    `Patients: the slowest search at ${patients.patients.toLocaleString("en")} patients`,
    `${patients.slowestSearchMs.toFixed(1)} ms`,
    "<= 250 ms",
    patients.slowestSearchMs <= 250,
    `(name ${large.nameMs.toFixed(1)}, phone ${large.phoneMs.toFixed(1)}, date of birth ${large.birthMs.toFixed(1)}, e-mail ${large.emailMs.toFixed(1)}, a dentist's own ${large.dentistMs.toFixed(1)} ms; at 1,000: ${small.nameMs.toFixed(1)}, ${small.phoneMs.toFixed(1)}, ${small.birthMs.toFixed(1)}, ${small.emailMs.toFixed(1)}, ${small.dentistMs.toFixed(1)} ms)`,
  );
  record(
    `Patients: a card read (audited) at ${patients.patients.toLocaleString("en")} / at 1,000`,
    patients.cardRatio.toFixed(2),
    "<= 1.5",
    patients.cardRatio <= 1.5,
    `(median ${small.cardMs.toFixed(1)} ms and ${large.cardMs.toFixed(1)} ms; a third of the patients are family members, the card shows the family)`,
  );
  record(
    `Patients: the booking form's family (members, the one named) at ${patients.patients.toLocaleString("en")} / at 1,000`,
    patients.familyBookingRatio.toFixed(2),
    "<= 1.5",
    patients.familyBookingRatio <= 1.5,
    `(median ${small.familyBookingMs.toFixed(2)} ms and ${large.familyBookingMs.toFixed(2)} ms)`,
  );
}

// 14. A patient's audit-trail page at 1,000 and 1,000,000 entries (its own table in the docs).
const auditRows = wanted("audit")
  ? await runAuditBench({ buildDir: BUILD_DIR, ports: PORTS, dir: path.join(TMP, "audit"), note })
  : [];

// 15. The day diary at 200,000 appointments against only the day's (its own table).
const dayDiaryRows = wanted("day-diary")
  ? await runDayDiaryBench({
      buildDir: BUILD_DIR,
      port: PORTS.dayDiary,
      fixturePort: PORTS.fixture,
      dir: path.join(TMP, "day-diary"),
      note,
      seconds: SECONDS,
    })
  : [];

// 18. Reads beside a stream of bookings (its own table).
const bookingsRows = wanted("bookings")
  ? await runBookingsBench({
      buildDir: BUILD_DIR,
      port: PORTS.bookings,
      dir: path.join(TMP, "bookings"),
      seconds: SECONDS,
      note,
    })
  : [];

// 20. SQLite against PostgreSQL, and two instances on one PostgreSQL (its own table).
const enginesRows = wanted("engines")
  ? await runEnginesBench({
      buildDir: BUILD_DIR,
      ports: PORTS.engines,
      dir: path.join(TMP, "engines"),
      note,
    })
  : [];

removeDatabase(mainDb);
note("\nSummary");
for (const row of [
  ...rows,
  ...uncachedRows,
  ...backupRows,
  ...auditRows,
  ...dayDiaryRows,
  ...bookingsRows,
  ...enginesRows,
])
  note(
    `  ${row.pass ? "PASS" : "MISS"}  ${row.name}: ${row.value} (goal ${row.goal}) ${row.detail}`,
  );
if (process.argv.includes("--record")) {
  // A part that did not run (--only) leaves its figures in the docs as they were.
  if (rows.length > 0) await recordInDocs();
  if (uncachedRows.length > 0) {
    await recordSection(
      "uncached",
      `\`npm run bench -- --only=uncached\` (BENCH_SECONDS=${SECONDS})`,
      uncachedRows,
      machine,
    );
  }
  if (backupRows.length > 0) await recordBackupFigures(backupRows, machine);
  if (auditRows.length > 0) await recordAuditFigures(auditRows, machine);
  if (dayDiaryRows.length > 0) recordDayDiaryFigures(dayDiaryRows);
  if (bookingsRows.length > 0) await recordBookingsFigures(bookingsRows, machine, SECONDS);
  if (enginesRows.length > 0) await recordEnginesFigures(enginesRows, machine);
}

/**
 * The cost of the reads right after a write: a review is added (which clears the read
 * cache), then the count and the list page are fetched once each, timed.
 */
async function coldCosts(url, token) {
  const { products } = await (await fetch(`${url}/api/product-list/1`)).json();
  const times = [];
  for (let i = 0; i < 20; i += 1) {
    const write = await fetch(`${url}/api/create-review`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: token },
      body: JSON.stringify({
        service: products[0]._id,
        name: "Bench",
        message: "Timed write",
        rating: 5,
      }),
    });
    if (write.status !== 201) throw new Error(`create-review answered ${write.status}`);
    const started = performance.now();
    await fetch(`${url}/api/product-count`).then((r) => r.arrayBuffer());
    await fetch(`${url}/all-service`).then((r) => r.arrayBuffer());
    times.push(performance.now() - started);
  }
  return times.reduce((sum, t) => sum + t, 0) / times.length;
}

/** Every script and `modulepreload` a page's HTML names, and their size gzipped. */
async function pageJavaScript(html) {
  const scripts = new Set(
    [...html.matchAll(/<(?:link rel="modulepreload" href|script[^>]*src)="([^"]+\.js)"/g)].map(
      (match) => match[1],
    ),
  );
  for (const match of html.matchAll(/import\s*(?:[^"']*from\s*)?["']([^"']+\.js)["']/g)) {
    scripts.add(match[1]);
  }
  let gzipped = 0;
  for (const src of scripts) {
    const body = Buffer.from(await (await fetch(new URL(src, appUrl))).arrayBuffer());
    gzipped += gzipSync(body).length;
  }
  return { gzipped, files: scripts.size };
}

/** Lighthouse's report of `url` (mobile), sending `headers` (a session cookie) with each request. */
async function runLighthouse(url, headers = null) {
  const bin = path.resolve("node_modules/.bin/lighthouse");
  const chrome = process.env.CHROME_PATH || "/usr/bin/chromium";
  const output = path.join(TMP, "lighthouse.json");
  const flags = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    // Nothing but the site itself: no outside host is reachable here anyway.
    '--host-resolver-rules="MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"',
  ].join(" ");
  const code = await new Promise((resolve) => {
    const child = spawn(
      bin,
      [
        url,
        "--quiet",
        "--output=json",
        `--output-path=${output}`,
        "--only-categories=performance,accessibility,best-practices,seo",
        `--chrome-flags=${flags}`,
        ...(headers ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
      ],
      { env: { ...process.env, CHROME_PATH: chrome }, stdio: ["ignore", "ignore", "inherit"] },
    );
    child.on("exit", resolve);
    child.on("error", () => resolve(1));
  });
  if (code !== 0) return null;
  return JSON.parse(readFileSync(output, "utf8"));
}

/** A row as the tables in docs/performance.md write it. */
function tableRow(row) {
  return `| ${row.name} | ${row.value} | ${row.goal} | ${row.pass ? "yes" : "**no**"} | ${row.detail.replace(/^\(|\)$/g, "")} |`;
}

/**
 * The main table. A whole run writes it anew; a run of some parts (--only) replaces the
 * rows it measured by name (new ones after the last it replaced) and says when, so the
 * rest of the table keeps its own run's figures.
 */
async function recordInDocs() {
  const file = "docs/performance.md";
  const current = readFileSync(file, "utf8");
  const start = "<!-- bench:start -->";
  const end = "<!-- bench:end -->";
  const stamp = new Date().toISOString().slice(0, 16).replace("T", " ");
  let table;
  if (only) {
    const lines = current.slice(current.indexOf(start) + start.length, current.indexOf(end));
    const kept = lines.trim().split("\n");
    const nameOf = (line) => line.split("|")[1]?.trim();
    let after = -1;
    const added = [];
    for (const row of rows) {
      const at = kept.findIndex((line) => line.startsWith("|") && nameOf(line) === row.name);
      if (at >= 0) {
        kept[at] = tableRow(row);
        after = Math.max(after, at);
      } else added.push(tableRow(row));
    }
    kept.splice(after >= 0 ? after + 1 : kept.length, 0, ...added);
    const when = `Rows of \`--only=${only}\` measured again: ${stamp} UTC (BENCH_SECONDS=${SECONDS}), ${machine}.`;
    const whenAt = kept.findIndex((line) => line.startsWith(`Rows of \`--only=${only}\``));
    if (whenAt >= 0) kept[whenAt] = when;
    else
      kept.splice(
        kept.findIndex((line) => line.startsWith("|")),
        0,
        when,
        "",
      );
    table = kept.join("\n");
  } else {
    table = [
      `Latest run: ${stamp} UTC, \`npm run bench\` ` +
        `(BENCH_SECONDS=${SECONDS}, LOAD_SECONDS=${LOAD_SECONDS}).`,
      "",
      `Machine: ${machine}.`,
      "",
      "| Figure | Result | Goal | Met | Detail |",
      "| --- | --- | --- | --- | --- |",
      ...rows.map(tableRow),
    ].join("\n");
  }
  const next = current.replace(new RegExp(`${start}[\\s\\S]*${end}`), `${start}\n${table}\n${end}`);
  const options = await prettier.resolveConfig(file);
  writeFileSync(file, await prettier.format(next, { ...options, filepath: file }));
  note(`Recorded in ${file}`);
}
