// `node scripts/bench/profile.mjs [path...]`: where the time of an uncached request goes.
// Starts the production build (.build-bench, made by `npm run bench`) under
// `node --cpu-prof`, signs the demo patient in, loads each path for PROFILE_SECONDS
// (default 10) at 32 connections with autocannon, stops the server and prints the CPU
// time by package and the heaviest functions. `--visitor` loads without the cookie.
// Paths default to /blog, / and /healthz (each its own profile). `--diary` fills the
// database as the day diary's benchmark does (10 dentists, the measured day's 160 visits and
// BENCH_DIARY_APPOINTMENTS more) and loads the paths as its receptionist.
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { testPorts } from "../../tests/support/ports.mjs";
import { removeDatabase, startApp } from "./server.mjs";
import { summarise } from "./cpu-profile.mjs";
import { signedInCookie } from "./uncached.mjs";
import {
  DIARY_APPOINTMENTS,
  DIARY_SUBMISSIONS,
  fill as fillDiary,
  signIn as diaryReception,
} from "./day-diary.mjs";

const BUILD_DIR = process.env.BUILD_DIR || ".build-bench";
const SECONDS = Number(process.env.PROFILE_SECONDS || 10);
const TMP = path.resolve("tests/.tmp/profile");
const port = testPorts().bench.profile;
const visitor = process.argv.includes("--visitor");
const diary = process.argv.includes("--diary");
const paths = process.argv.slice(2).filter((arg) => arg.startsWith("/"));

rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });

let started = 0;
let stopped = 0;
for (const target of paths.length > 0 ? paths : ["/blog", "/", "/healthz"]) {
  const dir = path.join(TMP, target.replace(/\W+/g, "_") || "root");
  const database = path.join(TMP, "profile.db");
  if (diary) {
    // Migrate and seed through a first start, then fill: the profiled start finds it ready.
    await (
      await startApp({
        buildDir: BUILD_DIR,
        port,
        databaseFile: database,
        log: path.join(TMP, "app.log"),
      })
    ).stop();
    fillDiary(database, DIARY_APPOINTMENTS, DIARY_SUBMISSIONS);
  }
  const app = await startApp({
    buildDir: BUILD_DIR,
    port,
    databaseFile: database,
    log: path.join(TMP, "app.log"),
    env: { TRUST_PROXY: "true", DEMO_ACCOUNTS: "true" },
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    const headers = visitor
      ? {}
      : { cookie: diary ? await diaryReception(url) : await signedInCookie(url) };
    await autocannon({ url: url + target, connections: 32, duration: 2, headers });
    started = performance.now();
    const result = await autocannon({
      url: url + target,
      connections: 32,
      duration: SECONDS,
      headers,
    });
    console.info(
      `\n${visitor ? "Visitor" : "Signed-in"} GET ${target}: ${Math.round(result.requests.average)} req/s, ` +
        `${result.non2xx} non-2xx, ${result.errors + result.timeouts} errors`,
    );
  } finally {
    await app.stop();
    stopped = performance.now();
    removeDatabase(database);
  }
  // scripts/start.mjs runs the server in-process: the one profile is its own.
  const [file] = readdirSync(dir).filter((name) => name.endsWith(".cpuprofile"));
  // Only the samples of the measured run: the profile ends when the server exits, just
  // after stop(); start-up (migrations, seeding) and the warm-up are left out.
  if (file) summarise(JSON.parse(readFileSync(path.join(dir, file), "utf8")), stopped - started);
}
