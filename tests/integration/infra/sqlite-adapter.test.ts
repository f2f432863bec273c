// One connection serves every request of the process: a query made while another
// request's transaction is open must not become part of that transaction.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@prisma/client";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { prisma } from "~/infra/db.server";
import {
  ClinicSqliteAdapter,
  containedVisitTables,
  VISIT_TABLES,
  writtenTable,
} from "~/infra/sqlite-adapter.server";

const extraClients: PrismaClient[] = [];
afterEach(async () => {
  await Promise.all(extraClients.splice(0).map((client) => client.$disconnect()));
});

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Request A opens a transaction and writes; request B updates a row meanwhile; A then
 * fails and is rolled back. `waitForB` makes A wait for B inside its transaction (only
 * possible when B is not held back). B is another request: it starts from outside A's
 * callback (a continuation registered before A began), as a concurrent request would.
 */
async function interleave(client: PrismaClient, email: string, waitForB: boolean) {
  await client.user.create({ data: { name: "Before", email } });
  let startB!: () => void;
  const b = new Promise<void>((resolve) => (startB = resolve)).then(
    // A single-statement write (raw SQL; also what a plain read is): no transaction of its own.
    () => client.$executeRaw`UPDATE "User" SET "name" = 'Written by B' WHERE "email" = ${email}`,
  );
  let bDone = false;
  void b.then(() => (bDone = true));
  let bDoneInsideA = false;
  const a = client
    .$transaction(async (tx) => {
      await tx.user.create({ data: { name: "Rolled back", email: `rolled-${email}` } });
      startB();
      if (waitForB) await b;
      else for (let turn = 0; turn < 50 && !bDone; turn += 1) await nextTurn();
      bDoneInsideA = bDone;
      throw new Error("A fails");
    })
    .catch((error: Error) => error.message);
  expect(await a).toBe("A fails");
  await b;
  return {
    bDoneInsideA,
    row: await client.user.findUnique({ where: { email } }),
    rolledBack: await client.user.findUnique({ where: { email: `rolled-${email}` } }),
  };
}

/**
 * A transaction reads, then another connection to the file (as another process would)
 * tries to commit a write without waiting, then the transaction writes.
 */
async function readThenWriteBesideAnotherProcess(client: PrismaClient, email: string) {
  await client.user.create({ data: { name: "Before", email } });
  const other = new Database(new URL(process.env.DATABASE_URL!).pathname, { timeout: 0 });
  let otherProcess = "committed";
  try {
    const transaction = await client
      .$transaction(async (tx) => {
        await tx.user.findUniqueOrThrow({ where: { email } });
        try {
          other.prepare(`UPDATE "User" SET "phone" = '555 0100' WHERE "email" = ?`).run(email);
        } catch (error) {
          otherProcess = (error as Error).message;
        }
        await tx.user.update({ where: { email }, data: { name: "Written in the transaction" } });
      })
      .then(() => "committed")
      .catch((error: Error) => error.message);
    return { transaction, otherProcess };
  } finally {
    other.close();
  }
}

/**
 * What ran, in order, when work for the event loop's next turn (a request that has
 * arrived) is queued just before a transaction of two statements begins.
 */
async function turnsTakenAroundATransaction(client: PrismaClient) {
  const order: string[] = [];
  setImmediate(() => order.push("other"));
  await client.$transaction(async (tx) => {
    await tx.user.count();
    order.push("first");
    await tx.user.count();
    order.push("second");
  });
  await nextTurn();
  return order;
}

describe("the app's SQLite adapter", () => {
  it("holds another request's write until the open transaction ends, so it survives the rollback", async () => {
    const { bDoneInsideA, row, rolledBack } = await interleave(prisma, "kept@example.com", false);
    expect(bDoneInsideA).toBe(false);
    expect(rolledBack).toBeNull();
    expect(row?.name).toBe("Written by B");
  });

  it("(why: with the plain adapter that write runs inside the transaction and is lost)", async () => {
    const plain = new PrismaClient({
      adapter: new PrismaBetterSQLite3({ url: process.env.DATABASE_URL! }),
    });
    extraClients.push(plain);
    const { bDoneInsideA, row } = await interleave(plain, "lost@example.com", true);
    expect(bDoneInsideA).toBe(true);
    expect(row?.name).toBe("Before");
  });

  it("takes the write lock as a transaction begins: another process's commit cannot fail its later write", async () => {
    const outcome = await readThenWriteBesideAnotherProcess(prisma, "immediate@example.com");
    // The other process waited for the lock instead of committing in between...
    expect(outcome.otherProcess).toMatch(/SQLITE_BUSY|database is locked/);
    // ...so the transaction's own write, after its read, went through.
    expect(outcome.transaction).toBe("committed");
  });

  it("(why: after a plain BEGIN, that commit in between makes the write fail at once)", async () => {
    const plain = new PrismaClient({
      adapter: new PrismaBetterSQLite3({ url: process.env.DATABASE_URL!, timeout: 5000 }),
    });
    extraClients.push(plain);
    const outcome = await readThenWriteBesideAnotherProcess(plain, "deferred@example.com");
    expect(outcome.otherProcess).toBe("committed");
    expect(outcome.transaction).toMatch(/busy|locked/i);
  });

  it("lets the event loop take in other work before a transaction begins", async () => {
    expect(await turnsTakenAroundATransaction(prisma)).toEqual(["other", "first", "second"]);
  });

  it("(why: with the plain adapter the transaction runs before anything else gets a turn)", async () => {
    const plain = new PrismaClient({
      adapter: new PrismaBetterSQLite3({ url: process.env.DATABASE_URL! }),
    });
    extraClients.push(plain);
    expect(await turnsTakenAroundATransaction(plain)).toEqual(["first", "second", "other"]);
  });

  it("lets other work in inside a transaction once it has run for longer than its slice", async () => {
    const order: string[] = [];
    await prisma.$transaction(async (tx) => {
      await tx.user.count();
      order.push("first");
      setImmediate(() => order.push("other"));
      // Work of the callback's own between two statements (composing a mail, say).
      for (const started = performance.now(); performance.now() - started < 20;);
      await tx.user.count();
      order.push("second");
    });
    expect(order).toEqual(["first", "other", "second"]);
  });

  it("lets it take in other work between a request's statements outside transactions", async () => {
    const order: string[] = [];
    await prisma.user.count();
    order.push("first");
    setImmediate(() => order.push("other"));
    await prisma.user.count();
    order.push("second");
    expect(order).toEqual(["first", "other", "second"]);
  });

  it("sets WAL and foreign keys before the first query", async () => {
    const fresh = new PrismaClient({
      adapter: new ClinicSqliteAdapter({ url: process.env.DATABASE_URL! }),
    });
    extraClients.push(fresh);
    const [journal] =
      await fresh.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode");
    const [keys] = await fresh.$queryRawUnsafe<{ foreign_keys: bigint }[]>("PRAGMA foreign_keys");
    expect(journal?.journal_mode).toBe("wal");
    expect(Number(keys?.foreign_keys)).toBe(1);
  });

  it("names the one table a write changes, and nothing it cannot be sure of", () => {
    expect(writtenTable("INSERT INTO `main`.`SlotHold` (`resource`) VALUES (?)")).toBe("SlotHold");
    expect(writtenTable('UPDATE "OutboxMessage" SET "status" = ? WHERE "id" = ?')).toBe(
      "OutboxMessage",
    );
    expect(writtenTable("DELETE FROM `main`.`Appointment` WHERE `id` = ?")).toBe("Appointment");
    expect(writtenTable('INSERT OR REPLACE INTO "User"("id") VALUES (?);')).toBe("User");
    // A read, a CTE, several statements: none is set aside from the shared stamp.
    expect(writtenTable("SELECT * FROM `main`.`Appointment`")).toBeNull();
    expect(writtenTable('WITH x AS (SELECT 1) UPDATE "User" SET "name" = ?')).toBeNull();
    expect(
      writtenTable('UPDATE "User" SET "name" = ?; UPDATE "Product" SET "name" = ?'),
    ).toBeNull();
  });

  it("counts a visit table's cascades and triggers with it only when they stay inside the visit tables", () => {
    const file = new URL(process.env.DATABASE_URL!).pathname;
    const connection = new Database(file, { readonly: true });
    try {
      const contained = containedVisitTables(connection);
      // An appointment's holds, history and report days (its trigger) are all visit tables...
      expect(contained.has("Appointment")).toBe(true);
      expect(contained.has("SlotHold")).toBe(true);
      // ...an account's reviews, services and dentist link are not (their keys set null).
      expect(contained.has("User")).toBe(false);
      expect([...contained].every((table) => VISIT_TABLES.has(table))).toBe(true);
    } finally {
      connection.close();
    }
  });
});
