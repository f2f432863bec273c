// What tests say to the database in SQL of their own (a failure made on purpose, a look at
// the schema or a query plan), said for the engine the file runs on (tests/support/engine.ts).
import type { PrismaClient } from "@prisma/client";
import { testEngine } from "./engine";

type Raw = Pick<PrismaClient, "$executeRawUnsafe" | "$queryRawUnsafe" | "$transaction">;

/**
 * Makes every `event` on `table` fail with `message` (a full disk, a broken file) until the
 * answer is called. `name` names the trigger that does it.
 */
export async function failWrites(
  db: Raw,
  {
    name,
    table,
    event,
    message,
  }: { name: string; table: string; event: "INSERT" | "UPDATE"; message: string },
): Promise<() => Promise<void>> {
  const quotedMessage = message.replaceAll("'", "''");
  if (testEngine() === "sqlite") {
    await db.$executeRawUnsafe(
      `CREATE TRIGGER ${name} BEFORE ${event} ON "${table}" BEGIN SELECT RAISE(ABORT, '${quotedMessage}'); END`,
    );
    return async () => {
      await db.$executeRawUnsafe(`DROP TRIGGER ${name}`);
    };
  }
  await db.$executeRawUnsafe(
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '${quotedMessage}'; END $$`,
  );
  await db.$executeRawUnsafe(
    `CREATE TRIGGER ${name} BEFORE ${event} ON "${table}" FOR EACH ROW EXECUTE FUNCTION ${name}()`,
  );
  return async () => {
    await db.$executeRawUnsafe(`DROP TRIGGER ${name} ON "${table}"`);
    await db.$executeRawUnsafe(`DROP FUNCTION ${name}()`);
  };
}

/** The database's own tables (not Prisma's), by name. */
export async function tableNames(db: Raw): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<{ name: string }[]>(
    testEngine() === "sqlite"
      ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_prisma%'"
      : "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT LIKE '\\_prisma%'",
  );
  return rows.map((row) => row.name).sort();
}

/** The triggers on `table`, by name. */
export async function triggerNames(db: Raw, table: string): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<{ name: string }[]>(
    testEngine() === "sqlite"
      ? `SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = '${table}'`
      : `SELECT tgname AS name FROM pg_trigger WHERE tgrelid = '"${table}"'::regclass AND NOT tgisinternal`,
  );
  return rows.map((row) => row.name).sort();
}

/**
 * The plan of a query as text (`?` for each parameter, given after it). PostgreSQL plans a
 * small test table as a whole-table scan whatever its indexes: here it is told to use an
 * index wherever one serves, so the plan says whether one does.
 */
export async function queryPlan(db: Raw, sql: string, ...params: unknown[]): Promise<string> {
  if (testEngine() === "sqlite") {
    const rows = await db.$queryRawUnsafe<{ detail: string }[]>(
      `EXPLAIN QUERY PLAN ${sql}`,
      ...params,
    );
    return rows.map((row) => row.detail).join("\n");
  }
  let n = 0;
  const numbered = sql.replace(/\?/g, () => `$${++n}`);
  return db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
    const rows = await tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
      `EXPLAIN ${numbered}`,
      ...params,
    );
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}
