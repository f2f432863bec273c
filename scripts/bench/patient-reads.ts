// What the hourly bound on distinct patients read (app/infra/distinct-limit.server.ts) costs a
// staff read: in memory (SQLite, one process) against the database (PostgreSQL, shared by the
// instances), with one `SELECT 1` round trip on the same pool as the unit. A scratch database
// on POSTGRES_URL's server (a superuser's URL) holds `rate_limit_items` as its migration makes
// it, with 50 staff members' full hour of 400 patients each; then, interleaved, median of 300
// runs after 30 to warm up: a diary of 20 patients read again (the common case), one new
// patient, and the baseline. By hand: `POSTGRES_URL=postgresql://... npx tsx scripts/bench/patient-reads.ts`.
import pg from "pg";
import { DistinctBucket, SharedDistinctBucket } from "~/infra/distinct-limit.server";
import { postgresSettings } from "../postgres-url.mjs";

const URL_ = process.env.POSTGRES_URL;
if (!URL_) throw new Error("POSTGRES_URL: a PostgreSQL server's URL (a superuser's)");
const DATABASE = "clinic_bench_patient_reads";
const RUNS = 300;
const WARM = 30;
const BOUND = 400;
const message = () => "refused";

const admin = new pg.Client(postgresSettings(URL_));
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${DATABASE}`);
const pool = new pg.Pool({ ...postgresSettings(URL_, DATABASE), max: 4 });
await pool.query(`CREATE TABLE "rate_limit_items" ("key" TEXT NOT NULL, "item" TEXT NOT NULL,
  "expire" BIGINT NOT NULL, CONSTRAINT "rate_limit_items_pkey" PRIMARY KEY ("key","item"))`);
const expire = Date.now() + 3_600_000;
await pool.query(
  `INSERT INTO "rate_limit_items" SELECT 'patientReads:staff-' || s, 'patient-' || p, $1
   FROM generate_series(1, 50) AS s, generate_series(1, ${BOUND - 100}) AS p`,
  [expire],
);
await pool.query(`ANALYZE "rate_limit_items"`);

const shared = new SharedDistinctBucket(BOUND, 3600, message, { name: "patientReads", pool });
const memory = new DistinctBucket(BOUND, 3600, message);
const diary = Array.from({ length: 20 }, (_, n) => `patient-${n + 1}`);
await memory.take("staff-1", diary);
let fresh = 0;

const cases: Record<string, () => Promise<unknown>> = {
  "memory: a diary of 20 read again": () => memory.take("staff-1", diary),
  "database: a diary of 20 read again": () => shared.take("staff-1", diary),
  "database: one new patient": () => {
    fresh += 1;
    // Spread over the 50 staff members so no one reaches the bound.
    return shared.take(`staff-${(fresh % 50) + 1}`, [`new-${fresh}`]);
  },
  "one round trip (SELECT 1)": async () => void (await pool.query("SELECT 1")),
};
const times: Record<string, number[]> = Object.fromEntries(
  Object.keys(cases).map((name) => [name, []]),
);
for (let run = 0; run < WARM + RUNS; run += 1) {
  for (const [name, work] of Object.entries(cases)) {
    const start = process.hrtime.bigint();
    const refused = await work();
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (refused) throw new Error(`${name}: refused`);
    if (run >= WARM) times[name]!.push(ms);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const unit = median(times["one round trip (SELECT 1)"]!);
for (const [name, values] of Object.entries(times)) {
  const ms = median(values);
  console.log(`${name.padEnd(38)} ${ms.toFixed(3)} ms  (${(ms / unit).toFixed(1)} round trips)`);
}
await pool.end();
await admin.query(`DROP DATABASE ${DATABASE} WITH (FORCE)`);
await admin.end();
