// What tests say to the database in SQL of their own (a failure made on purpose, a look at
// the schema or a query plan), said for the engine the file runs on (tests/support/engine.ts).
import Database from "better-sqlite3";
import pg from "pg";
import { prisma } from "~/infra/db.server";
import { postgresSettings } from "../../scripts/postgres-url.mjs";
import { testEngine } from "./engine";

/**
 * Makes every `event` on `table` fail with `message` (a full disk, a broken file) until the
 * answer is called. `name` names the trigger that does it.
 */
export async function failWrites({
  name,
  table,
  event,
  message,
}: {
  name: string;
  table: string;
  event: "INSERT" | "UPDATE";
  message: string;
}): Promise<() => Promise<void>> {
  const quotedMessage = message.replaceAll("'", "''");
  if (testEngine() === "sqlite") {
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER ${name} BEFORE ${event} ON "${table}" BEGIN SELECT RAISE(ABORT, '${quotedMessage}'); END`,
    );
    return async () => {
      await prisma.$executeRawUnsafe(`DROP TRIGGER ${name}`);
    };
  }
  await prisma.$executeRawUnsafe(
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '${quotedMessage}'; END $$`,
  );
  await prisma.$executeRawUnsafe(
    `CREATE TRIGGER ${name} BEFORE ${event} ON "${table}" FOR EACH ROW EXECUTE FUNCTION ${name}()`,
  );
  return async () => {
    await prisma.$executeRawUnsafe(`DROP TRIGGER ${name} ON "${table}"`);
    await prisma.$executeRawUnsafe(`DROP FUNCTION ${name}()`);
  };
}

/** The database's own tables (not Prisma's), by name. */
export async function tableNames(): Promise<string[]> {
  const rows = await prisma.$queryRawUnsafe<{ name: string }[]>(
    testEngine() === "sqlite"
      ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_prisma%'"
      : "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT LIKE '\\_prisma%'",
  );
  return rows.map((row) => row.name).sort();
}

/** The triggers on `table` whose names contain `part`, by name. */
export async function triggerNames(table: string, part = ""): Promise<string[]> {
  const rows = await prisma.$queryRawUnsafe<{ name: string }[]>(
    testEngine() === "sqlite"
      ? `SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = '${table}' AND name LIKE '%${part}%'`
      : `SELECT tgname AS name FROM pg_trigger WHERE tgrelid = '"${table}"'::regclass AND NOT tgisinternal AND tgname LIKE '%${part}%'`,
  );
  return rows.map((row) => row.name).sort();
}

/**
 * The plan of a query as text (`?` for each parameter, given after it). PostgreSQL plans a
 * small test table as a whole-table scan whatever its indexes: here it is told to use an
 * index wherever one serves, so the plan says whether one does.
 */
export async function queryPlan(sql: string, ...params: unknown[]): Promise<string> {
  if (testEngine() === "sqlite") {
    const rows = await prisma.$queryRawUnsafe<{ detail: string }[]>(
      `EXPLAIN QUERY PLAN ${sql}`,
      ...params,
    );
    return rows.map((row) => row.detail).join("\n");
  }
  let n = 0;
  const numbered = sql.replace(/\?/g, () => `$${++n}`);
  return prisma.$transaction(async () => {
    await prisma.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
    const rows = await prisma.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
      `EXPLAIN ${numbered}`,
      ...params,
    );
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}

/**
 * Runs `sql` (`?` for each parameter) on a connection of its own to the test's database,
 * as another process would (the staff command, a SQL shell, another instance): not through
 * the app's client, its adapter or its transaction. Answers the rows.
 */
export async function onOtherConnection<T = Record<string, unknown>>(
  sql: string,
  ...params: unknown[]
): Promise<T[]> {
  const url = process.env.DATABASE_URL!;
  if (testEngine() === "sqlite") {
    const db = new Database(url.replace(/^file:/, ""));
    try {
      const statement = db.prepare(sql);
      return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as T[];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client(postgresSettings(url));
  await client.connect();
  try {
    let n = 0;
    const { rows } = await client.query(
      sql.replace(/\?/g, () => `$${++n}`),
      params,
    );
    return rows as T[];
  } finally {
    await client.end();
  }
}
