// The app's SQLite adapter (app/infra/sqlite-adapter.server.ts), proved through Prisma's
// public driver-adapter interface only (`connect()`, `queryRaw`, `executeRaw`,
// `startTransaction`, `commit`, `rollback`, `dispose`), beside Prisma's own better-sqlite3
// adapter, which it must answer exactly like: nothing here depends on how either is built.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { SqlDriverAdapter, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";
import { Prisma, type PrismaClient } from "@prisma/client";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { prisma, readCommitted } from "~/infra/db.server";
import { ClinicSqlite } from "~/infra/sqlite-adapter.server";

const url = () => process.env.DATABASE_URL!;
const file = () => new URL(url()).pathname;
const sql = (text: string, args: unknown[] = []): SqlQuery => ({
  sql: text,
  args,
  argTypes: args.map(() => ({ scalarType: "string", arity: "scalar" }) as const),
});

const opened: Array<{ dispose(): Promise<void> } | PrismaClient> = [];
afterEach(async () => {
  for (const thing of opened.splice(0)) {
    await ("$disconnect" in thing ? thing.$disconnect() : thing.dispose());
  }
});

async function ours(timeout = 5000): Promise<SqlDriverAdapter> {
  const adapter = await new ClinicSqlite({ url: url(), timeout }).connect();
  opened.push(adapter);
  return adapter;
}

async function plain(timeout = 5000): Promise<SqlDriverAdapter> {
  const adapter = await new PrismaBetterSQLite3({ url: url(), timeout }).connect();
  opened.push(adapter);
  return adapter;
}

/** Ends a transaction as Prisma's engine does: the statement, then the adapter's call. */
async function end(transaction: Transaction, how: "COMMIT" | "ROLLBACK") {
  await transaction.executeRaw(sql(how));
  await (how === "COMMIT" ? transaction.commit() : transaction.rollback());
}

const settled = <T>(promise: Promise<T>) => {
  const state = { done: false };
  void promise.then(
    () => (state.done = true),
    () => (state.done = true),
  );
  return state;
};
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("the app's SQLite adapter, through Prisma's public adapter interface", () => {
  it("sets WAL, foreign keys and synchronous = NORMAL as it connects", async () => {
    const adapter = await ours();
    const one = async (pragma: string) =>
      (await adapter.queryRaw(sql(`PRAGMA ${pragma}`))).rows[0]?.[0];
    expect(await one("journal_mode")).toBe("wal");
    expect(Number(await one("foreign_keys"))).toBe(1);
    expect(Number(await one("synchronous"))).toBe(1); // NORMAL
  });

  it("holds a statement made outside while a transaction is open, and runs it after the commit", async () => {
    const adapter = await ours();
    const transaction = await adapter.startTransaction();
    await transaction.executeRaw(
      sql(`UPDATE "ClinicSettings" SET "phone" = ? WHERE "id" = 1`, ["+1 555 0100"]),
    );
    const outside = adapter.queryRaw(sql(`SELECT "phone" FROM "ClinicSettings" WHERE "id" = 1`));
    const state = settled(outside);
    for (let turn = 0; turn < 5; turn += 1) await nextTurn();
    expect(state.done).toBe(false);
    await end(transaction, "COMMIT");
    expect((await outside).rows).toEqual([["+1 555 0100"]]);
  });

  it("(why: Prisma's plain adapter runs that statement inside the other's transaction)", async () => {
    const adapter = await plain();
    const transaction = await adapter.startTransaction();
    await transaction.executeRaw(
      sql(`UPDATE "ClinicSettings" SET "phone" = ? WHERE "id" = 1`, ["+1 555 0199"]),
    );
    // Read before the transaction ends: it sees a row that is then rolled back.
    const outside = await adapter.queryRaw(sql(`SELECT "phone" FROM "ClinicSettings"`));
    await end(transaction, "ROLLBACK");
    expect(outside.rows).toEqual([["+1 555 0199"]]);
  });

  it("serves statements and transactions in the order they came", async () => {
    const adapter = await ours();
    const order: string[] = [];
    const first = await adapter.startTransaction();
    const read = adapter.queryRaw(sql("SELECT 1")).then(() => order.push("read"));
    const second = adapter.startTransaction().then(async (transaction) => {
      order.push("second transaction");
      await end(transaction, "COMMIT");
    });
    const later = adapter.queryRaw(sql("SELECT 2")).then(() => order.push("later read"));
    await end(first, "ROLLBACK");
    await Promise.all([read, second, later]);
    expect(order).toEqual(["read", "second transaction", "later read"]);
  });

  it("begins with BEGIN IMMEDIATE: another connection's write waits for the transaction, whose write then succeeds", async () => {
    const adapter = await ours();
    const other = new Database(file(), { timeout: 0 });
    try {
      const transaction = await adapter.startTransaction();
      await transaction.queryRaw(sql(`SELECT "phone" FROM "ClinicSettings"`));
      expect(() => other.prepare(`UPDATE "ClinicSettings" SET "phone" = 'other'`).run()).toThrow(
        /locked|busy/i,
      );
      await transaction.executeRaw(sql(`UPDATE "ClinicSettings" SET "phone" = 'ours'`));
      await end(transaction, "COMMIT");
    } finally {
      other.close();
    }
  });

  it("(why: after the plain adapter's BEGIN, a commit in between fails the transaction's write)", async () => {
    const adapter = await plain();
    const other = new Database(file(), { timeout: 0 });
    try {
      const transaction = await adapter.startTransaction();
      await transaction.queryRaw(sql(`SELECT "phone" FROM "ClinicSettings"`));
      other.prepare(`UPDATE "ClinicSettings" SET "phone" = 'other'`).run();
      await expect(
        transaction.executeRaw(sql(`UPDATE "ClinicSettings" SET "phone" = 'ours'`)),
      ).rejects.toThrow();
      await end(transaction, "ROLLBACK");
    } finally {
      other.close();
    }
  });

  it("answers and fails exactly as Prisma's adapter: rows, column types, mapped errors", async () => {
    const [mine, theirs] = [await ours(), await plain()];
    const query = sql(
      `SELECT "id", "name", "priceCents", "createdAt", "hidden", 1.5 AS "x", NULL AS "y" FROM "Product" ORDER BY "id" LIMIT 3`,
    );
    expect(await mine.queryRaw(query)).toEqual(await theirs.queryRaw(query));
    const failure = async (adapter: SqlDriverAdapter, statement: SqlQuery) =>
      adapter.executeRaw(statement).then(
        () => null,
        (error: { name: string; cause: unknown }) => ({ name: error.name, cause: error.cause }),
      );
    for (const statement of [
      sql(`INSERT INTO "CacheGeneration" ("area") VALUES ('catalogue')`),
      sql(`INSERT INTO "Review" ("id", "serviceId") VALUES ('x', 'no such service')`),
      sql(`SELECT * FROM "NoSuchTable"`),
    ]) {
      const [a, b] = [await failure(mine, statement), await failure(theirs, statement)];
      expect(a).not.toBeNull();
      expect(a).toEqual(b);
    }
  });

  it("refuses an isolation level SQLite does not offer, as Prisma's adapter does", async () => {
    const [mine, theirs] = [await ours(), await plain()];
    const refusal = (adapter: SqlDriverAdapter) =>
      adapter.startTransaction("READ COMMITTED").then(
        () => null,
        (error: { cause: unknown }) => error.cause,
      );
    expect(await refusal(mine)).toEqual(await refusal(theirs));
    // The line is free: the refused transaction took no turn.
    expect((await mine.queryRaw(sql("SELECT 1"))).rows).toEqual([["1"]]);
  });

  it("lets the line go on when BEGIN fails (the database busy past the timeout)", async () => {
    const adapter = await ours(50);
    const other = new Database(file());
    other.exec("BEGIN IMMEDIATE");
    try {
      const failed = await adapter.startTransaction().then(
        () => null,
        (error: { cause: { kind: string } }) => error.cause.kind,
      );
      // SQLITE_BUSY, as Prisma's adapter maps it (tests/integration/infra/database-busy.test.ts).
      expect(failed).toBe("SocketTimeout");
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    const transaction = await adapter.startTransaction();
    await end(transaction, "ROLLBACK");
  });

  it("keeps another request's write out of a transaction that is then rolled back (through Prisma)", async () => {
    const email = "kept@example.com";
    await prisma.user.create({ data: { name: "Before", email } });
    let startB!: () => void;
    const b = new Promise<void>((resolve) => (startB = resolve)).then(
      () => prisma.$executeRaw`UPDATE "User" SET "name" = 'Written by B' WHERE "email" = ${email}`,
    );
    const a = prisma
      .$transaction(async (tx) => {
        await tx.user.create({ data: { name: "Rolled back", email: `rolled-${email}` } });
        startB();
        for (let turn = 0; turn < 20; turn += 1) await nextTurn();
        throw new Error("A fails");
      })
      .catch((error: Error) => error.message);
    expect(await a).toBe("A fails");
    await b;
    expect((await prisma.user.findUnique({ where: { email } }))?.name).toBe("Written by B");
    expect(await prisma.user.findUnique({ where: { email: `rolled-${email}` } })).toBeNull();
  });
});

describe("reads of what is committed, beside Prisma (readCommitted)", () => {
  it("binds times, texts, numbers and booleans as Prisma does, and a transaction reads its own writes", async () => {
    const day = new Date("2026-12-07T15:00:00.000Z");
    await prisma.$executeRaw`CREATE TABLE "ReadProbe" ("at" DATETIME NOT NULL, "name" TEXT NOT NULL, "n" INTEGER NOT NULL, "flag" BOOLEAN NOT NULL)`;
    await prisma.$executeRaw`INSERT INTO "ReadProbe" VALUES (${day}, ${"a"}, ${3}, ${true}), (${new Date(day.getTime() + 60_000)}, ${"b"}, ${4}, ${false})`;
    const query = (from: Date) => Prisma.sql`SELECT "name", "n" FROM "ReadProbe"
      WHERE "at" >= ${from} AND "name" <> ${"z"} AND "n" >= ${3} AND "flag" = ${true} ORDER BY "name"`;
    expect(await readCommitted(query(day))).toEqual([{ name: "a", n: 3 }]);
    expect(await readCommitted(query(day))).toEqual(
      (await prisma.$queryRaw<unknown[]>(query(day))).map((row) => ({ ...(row as object) })),
    );
    expect(await readCommitted(query(new Date(day.getTime() + 1)))).toEqual([]);
    // Inside a transaction, its own uncommitted row is read (through Prisma).
    await prisma.$transaction(async (tx) => {
      await tx.$executeRaw`INSERT INTO "ReadProbe" VALUES (${day}, ${"c"}, ${5}, ${true})`;
      expect((await readCommitted<{ name: string }>(query(day))).map((row) => row.name)).toEqual([
        "a",
        "c",
      ]);
    });
  });
});
