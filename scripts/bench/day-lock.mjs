// `node scripts/bench/day-lock.mjs [count]`: how long a booking holds its day's lock on
// PostgreSQL, and with which statements (docs/performance.md, "PostgreSQL against SQLite").
// Starts the production build (.build-bench, made by `npm run bench`) on a throwaway
// PostgreSQL cluster holding the bookings benchmark's diary (10 dentists, 10 chairs), books
// `count` visits (default 30) one after another through POST /api/create-appointment with
// the cluster logging every statement, then reads each booking's span in the log: from its
// `pg_advisory_xact_lock` to its COMMIT. Prints the median and mean span, the statements
// per span, and the statements of the last one.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { testPorts } from "../../tests/support/ports.mjs";
import { startCluster, stopCluster } from "../postgres-cluster.mjs";
import { bookOne, slotsFor } from "./bookings.mjs";
import { addSession } from "./catalogue.mjs";
import { benchDate, tenByTen } from "./diary.mjs";
import { startApp } from "./server.mjs";

const BUILD_DIR = process.env.BUILD_DIR || ".build-bench";
const COUNT = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 30);
/** Bookings before the log starts: the app compiles its code and plans its queries. */
const WARM_UP = 30;
const TMP = path.resolve("tests/.tmp/day-lock");
const ports = testPorts().bench.dayLock;

rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });
const file = path.join(TMP, "day-lock.db");
const clusterDir = path.join(TMP, "cluster");
const first = await startApp({
  buildDir: BUILD_DIR,
  port: ports.app,
  databaseFile: file,
  log: path.join(TMP, "sqlite.log"),
});
await first.stop();
const { checkup } = tenByTen(file);
const slots = slotsFor(file, benchDate(), Math.ceil((WARM_UP + COUNT) / 160));
const tokens = Array.from({ length: WARM_UP + COUNT }, () => addSession(file));

const clusterUrl = startCluster({ dir: clusterDir, port: ports.cluster });
let app = null;
try {
  const url = clusterUrl.replace(/\/postgres$/, "/bench");
  execFileSync(process.execPath, ["scripts/db-copy.mjs", "--from", `file:${file}`, "--to", url], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  app = await startApp({
    buildDir: BUILD_DIR,
    port: ports.app,
    databaseFile: path.join(TMP, "unused.db"),
    log: path.join(TMP, "app.log"),
    env: { DATABASE_URL: url },
  });
  const appUrl = `http://127.0.0.1:${ports.app}`;
  const book = async (index) => {
    const status = await bookOne(appUrl, tokens[index], slots[index], checkup);
    if (status !== 201) throw new Error(`booking ${index}: ${status}`);
  };
  for (let i = 0; i < WARM_UP; i += 1) await book(i);
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  const logging = async (duration) => {
    await admin.query(`ALTER SYSTEM SET log_min_duration_statement = ${duration}`);
    await admin.query(`ALTER SYSTEM SET log_line_prefix = '%m [%p] '`);
    await admin.query("SELECT pg_reload_conf()");
  };
  const logStart = readFileSync(path.join(clusterDir, "log"), "utf8").length;
  await logging(0);
  for (let i = WARM_UP; i < WARM_UP + COUNT; i += 1) await book(i);
  await logging(-1);
  await admin.end();
  report(readFileSync(path.join(clusterDir, "log"), "utf8").slice(logStart));
} finally {
  await app?.stop();
  stopCluster(clusterDir);
}

/** Each booking's span under its day's lock, read from the statement log. */
function report(log) {
  // `2026-11-28 15:50:12.123 UTC [18936] LOG:  duration: 0.045 ms  execute <unnamed>: SELECT ...`
  const line =
    /^\S+ (\d+):(\d+):([\d.]+) \S+ \[(\d+)\] LOG: {2}duration: [\d.]+ ms {2}(\w+)[^:]*: ?(.*)$/;
  const statements = [];
  const lines = log.split("\n");
  for (const [index, text] of lines.entries()) {
    const match = line.exec(text);
    if (!match || !["execute", "statement"].includes(match[5])) continue;
    const [, h, m, s, pid, , sql] = match;
    statements.push({
      at: (Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1000,
      pid,
      // A statement written on several lines starts on the next one.
      sql: sql.trim() || (lines[index + 1] ?? "").trim(),
    });
  }
  const spans = [];
  for (let i = 0; i < statements.length; i += 1) {
    if (!statements[i].sql.includes("pg_advisory_xact_lock")) continue;
    const { pid, at } = statements[i];
    const held = [];
    let j = i + 1;
    for (; j < statements.length; j += 1) {
      if (statements[j].pid !== pid) continue;
      if (/^(COMMIT|ROLLBACK)/.test(statements[j].sql)) break;
      held.push(statements[j].sql);
    }
    if (j === statements.length) break;
    spans.push({ ms: statements[j].at - at, held });
    i = j;
  }
  if (spans.length === 0) throw new Error("No booking took its day's lock in the log");
  const sorted = spans.map((span) => span.ms).sort((a, b) => a - b);
  const mean = sorted.reduce((total, ms) => total + ms, 0) / sorted.length;
  console.info(
    `${spans.length} bookings: the day's lock held ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms (median), ${mean.toFixed(1)} ms (mean), over ${spans.at(-1).held.length} statements after the first lock (the log's times are to the millisecond):`,
  );
  for (const sql of spans.at(-1).held) console.info(`  ${sql.slice(0, 100)}`);
}
