// `npm run db:copy -- --from file:./data/clinic.db --to postgresql://user@host/clinic`:
// moves a clinic's SQLite data to PostgreSQL (issue 33 item 4; docs/operations/postgresql.md).
// The target is migrated first (its own history), then every table is copied in one
// transaction, parents before children (foreign keys), each row upserted on its primary
// key: the source wins over the starting rows the migrations wrote (the settings, the first
// dentist and chair, the recall types), and a second run changes nothing. Before the commit
// every table is counted on both sides; any difference rolls the whole copy back.
// What is not data is left alone: the migration history, the cache generations, the sweep
// leases and the rate limits (each instance's running state). The report day marks the
// visits' triggers write on the target are counted as at least the source's.
// Stop the app on the SQLite file first: a copy of a file still being written is not whole.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { connectMakingDatabase } from "./postgres-db.mjs";
import { isPostgresUrl, postgresSettings } from "./postgres-url.mjs";

/** Tables that hold no clinic data: history, caches' generations, leases, limits. */
const NOT_COPIED = new Set([
  "_prisma_migrations",
  "CacheGeneration",
  "SweepLease",
  "rate_limit_points",
  "rate_limit_items",
]);
/** Tables the target's triggers also write (a copied visit marks its day): at least the source's. */
const AT_LEAST = new Set(["ReportDirtyDay"]);
/**
 * Tables whose target rows the source's replace: the data upgrades a fresh target's
 * migrations ask for (the forms' templates) were done on the source, whose data arrives
 * upgraded; what is still to do is what the source still had to do.
 */
const REPLACED = new Set(["PendingDataUpgrade"]);
const BATCH = 500;

function argument(name) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}

const from = argument("from");
const to = argument("to");
if (!from?.startsWith("file:") || !isPostgresUrl(to)) {
  console.error(
    "Usage: npm run db:copy -- --from file:./data/clinic.db --to postgresql://user:password@host:5432/clinic",
  );
  process.exit(1);
}
const file = path.resolve(from.slice("file:".length));
if (!existsSync(file)) {
  console.error(`No SQLite database at ${file}`);
  process.exit(1);
}

const source = new Database(file, { readonly: true, fileMustExist: true });

/** The source must have every migration this checkout has: the same tables, the same columns. */
function checkSourceMigrated() {
  const applied = new Set(
    source
      .prepare(
        "SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
      )
      .all()
      .map((row) => row.name),
  );
  const missing = readdirSync(path.join("prisma", "migrations"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !applied.has(entry.name))
    .map((entry) => entry.name);
  if (missing.length > 0) {
    throw new Error(
      `The SQLite database lacks migrations (${missing.join(", ")}): start the app on it once, or run DATABASE_URL=${from} npm run db:migrate`,
    );
  }
}

/** The source's tables, each after the tables its foreign keys name. */
function tablesInOrder() {
  const names = source
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all()
    .map((row) => row.name)
    .filter((name) => !NOT_COPIED.has(name));
  const parents = new Map(
    names.map((name) => [
      name,
      source
        .prepare('SELECT DISTINCT "table" AS parent FROM pragma_foreign_key_list(?)')
        .all(name)
        .map((row) => row.parent)
        .filter((parent) => parent !== name),
    ]),
  );
  const ordered = [];
  const placed = new Set();
  const place = (name, path = []) => {
    if (placed.has(name)) return;
    if (path.includes(name))
      throw new Error(`Foreign keys in a circle: ${[...path, name].join(" -> ")}`);
    for (const parent of parents.get(name) ?? []) place(parent, [...path, name]);
    placed.add(name);
    ordered.push(name);
  };
  for (const name of names) place(name);
  return ordered;
}

/** The target's columns of `table`: name -> data type, and its primary key's columns. */
async function targetShape(client, table) {
  const columns = await client.query(
    `SELECT column_name AS name, data_type AS type FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = $1`,
    [table],
  );
  const key = await client.query(
    `SELECT a.attname AS name FROM pg_index i
     JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
     WHERE i.indrelid = format('%I', $1::text)::regclass AND i.indisprimary`,
    [table],
  );
  return {
    types: new Map(columns.rows.map((row) => [row.name, row.type])),
    key: key.rows.map((row) => row.name),
  };
}

/** A SQLite value as PostgreSQL's column of `type` takes it. */
function converted(value, type) {
  if (value === null || value === undefined) return null;
  if (type === "boolean") return value === true || Number(value) === 1;
  if (type.startsWith("timestamp") && typeof value === "number") {
    return new Date(value).toISOString();
  }
  if (typeof value === "bigint") return value.toString();
  return value;
}

const quote = (name) => `"${name.replaceAll('"', '""')}"`;

async function copyTable(client, table) {
  const { types, key } = await targetShape(client, table);
  if (types.size === 0) throw new Error(`The target has no table ${table}: is it migrated?`);
  const columns = source
    .prepare("SELECT name FROM pragma_table_info(?)")
    .all(table)
    .map((row) => row.name);
  const absent = columns.filter((column) => !types.has(column));
  if (absent.length > 0) throw new Error(`The target's ${table} lacks ${absent.join(", ")}`);
  const rest = columns.filter((column) => !key.includes(column));
  const onConflict =
    key.length === 0
      ? "ON CONFLICT DO NOTHING"
      : `ON CONFLICT (${key.map(quote).join(", ")}) ${
          rest.length === 0
            ? "DO NOTHING"
            : `DO UPDATE SET ${rest.map((c) => `${quote(c)} = EXCLUDED.${quote(c)}`).join(", ")}`
        }`;
  const read = source.prepare(`SELECT ${columns.map(quote).join(", ")} FROM ${quote(table)}`);
  read.safeIntegers(true);
  let batch = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const values = [];
    const rows = batch.map((row) => {
      const marks = columns.map((column) => {
        values.push(converted(row[column], types.get(column)));
        return `$${values.length}`;
      });
      return `(${marks.join(", ")})`;
    });
    await client.query(
      `INSERT INTO ${quote(table)} (${columns.map(quote).join(", ")}) VALUES ${rows.join(", ")} ${onConflict}`,
      values,
    );
    batch = [];
  };
  for (const row of read.iterate()) {
    batch.push(row);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
}

/** Sequences behind integer keys move past the copied rows, so the next insert does not collide. */
async function moveSequences(client) {
  const { rows } = await client.query(
    `SELECT table_name AS "table", column_name AS "column",
       pg_get_serial_sequence(format('%I', table_name), column_name) AS sequence
     FROM information_schema.columns WHERE table_schema = current_schema()
       AND column_default LIKE 'nextval(%'`,
  );
  for (const { table, column, sequence } of rows) {
    await client.query(
      `SELECT setval($1, GREATEST((SELECT MAX(${quote(column)}) FROM ${quote(table)}), 1))`,
      [sequence],
    );
  }
}

async function main() {
  checkSourceMigrated();
  // As the app's start does: the target database is made when the server lacks it.
  await (await connectMakingDatabase(to)).end();
  console.info("Migrating the target...");
  execFileSync(process.execPath, ["node_modules/prisma/build/index.js", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: to },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const tables = tablesInOrder();
  const client = new pg.Client(postgresSettings(to));
  await client.connect();
  try {
    await client.query("BEGIN");
    for (const table of tables.filter((name) => REPLACED.has(name))) {
      await client.query(`DELETE FROM ${quote(table)}`);
    }
    for (const table of tables) await copyTable(client, table);
    await moveSequences(client);
    const differences = [];
    for (const table of tables) {
      const [{ count: here }] = source
        .prepare(`SELECT COUNT(*) AS count FROM ${quote(table)}`)
        .all();
      const {
        rows: [{ count: there }],
      } = await client.query(`SELECT COUNT(*)::int AS count FROM ${quote(table)}`);
      const same = AT_LEAST.has(table) ? there >= here : there === here;
      console.info(`${same ? "  " : "! "}${table}: ${here} -> ${there}`);
      if (!same) differences.push(table);
    }
    if (differences.length > 0) {
      throw new Error(
        `Counts differ in ${differences.join(", ")}: the target holds rows the source does not (copy into an empty, freshly migrated database). Nothing was copied.`,
      );
    }
    await client.query("COMMIT");
    console.info(`Copied ${tables.length} tables from ${file}.`);
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
    source.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
