// `prisma` from ~/infra/db.server is the one way to the database: inside a transaction's
// callback it is that transaction (docs/decisions/029-transactions-without-traps.md).
import { describe, expect, it } from "vitest";
import { inTransaction, prisma } from "~/infra/db.server";
import { testEngine } from "../../support/engine";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A promise and the function that settles it. */
function signal() {
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => (fire = resolve));
  return { fired, fire };
}

let counter = 0;
const email = (what: string) => `${what}-${(counter += 1)}@example.com`;

/** What a model that never heard of the caller's transaction does: it uses `prisma`. */
function renameUser(address: string, name: string) {
  return prisma.user.update({ where: { email: address }, data: { name } });
}

describe("prisma inside a transaction", () => {
  it("is the transaction: a model's query sees its writes and commits with it, without waiting for it", async () => {
    const address = email("inside");
    // With the root client here, the query would wait for the transaction to end, which
    // waits for the query: the transaction fails when its timeout runs out.
    const seen = await prisma.$transaction(async (tx) => {
      await tx.user.create({ data: { name: "Uncommitted", email: address } });
      const row = await prisma.user.findUnique({ where: { email: address } });
      await renameUser(address, "Renamed inside");
      return row?.name;
    });
    expect(seen).toBe("Uncommitted");
    expect((await prisma.user.findUnique({ where: { email: address } }))?.name).toBe(
      "Renamed inside",
    );
  });

  it("rolls a model's writes back with the transaction they were made in", async () => {
    const address = email("rolled");
    await prisma.user.create({ data: { name: "Before", email: address } });
    const outcome = await prisma
      .$transaction(async () => {
        await renameUser(address, "Rolled back");
        throw new Error("the booking failed");
      })
      .catch((error: Error) => error.message);
    expect(outcome).toBe("the booking failed");
    expect((await prisma.user.findUnique({ where: { email: address } }))?.name).toBe("Before");
  });

  it("joins a transaction a model opens inside another one, both callbacks and batches", async () => {
    const address = email("nested");
    const outcome = await prisma
      .$transaction(async (tx) => {
        await tx.user.create({ data: { name: "Outer", email: address } });
        // A model that opens its own transaction, called inside the caller's.
        const inner = await prisma.$transaction(async () => renameUser(address, "Inner"));
        const [batched] = await prisma.$transaction([
          prisma.user.update({ where: { email: address }, data: { name: "Batched" } }),
        ]);
        expect([inner.name, batched.name]).toEqual(["Inner", "Batched"]);
        throw new Error("the outer one fails");
      })
      .catch((error: Error) => error.message);
    expect(outcome).toBe("the outer one fails");
    // One transaction: nothing of the inner ones survived the outer rollback.
    expect(await prisma.user.findUnique({ where: { email: address } })).toBeNull();
  });

  it("is the root client again for work the callback left running after it ended", async () => {
    const address = email("after");
    const later = signal();
    let leftRunning!: Promise<string | undefined>;
    await prisma.$transaction(async (tx) => {
      await tx.user.create({ data: { name: "Committed", email: address } });
      expect(inTransaction()).toBe(true);
      leftRunning = later.fired.then(async () => {
        expect(inTransaction()).toBe(false);
        return (await prisma.user.findUnique({ where: { email: address } }))?.name;
      });
    });
    later.fire();
    expect(await leftRunning).toBe("Committed");
    expect(inTransaction()).toBe(false);
  });
});

describe("turns at the connection", () => {
  it("lets a read that arrived while a transaction was open in before the transactions that came after it", async () => {
    const order: string[] = [];
    const firstIsOpen = signal();
    const endFirst = signal();
    const first = prisma.$transaction(async (tx) => {
      await tx.user.count();
      firstIsOpen.fire();
      await endFirst.fired;
      order.push("transaction 1");
    });
    await firstIsOpen.fired;
    const read = prisma.user.count().then(() => order.push("read"));
    if (testEngine() === "postgresql") {
      // A pool of connections: another request's read takes one of its own at once.
      await read;
      endFirst.fire();
      await first;
      expect(order).toEqual(["read", "transaction 1"]);
      return;
    }
    // On SQLite's one connection another request's read (this test's scope is outside the
    // transaction) waits.
    for (let turn = 0; turn < 5; turn += 1) await nextTurn();
    expect(order).toEqual([]);
    // A run of transactions from other requests, all after the read.
    const run = Array.from({ length: 10 }, (_, index) =>
      prisma.$transaction(async (tx) => {
        await tx.user.count();
        await nextTurn();
        order.push(`transaction ${index + 2}`);
      }),
    );
    for (let turn = 0; turn < 5; turn += 1) await nextTurn();
    endFirst.fire();
    await Promise.all([first, read, ...run]);
    expect(order.slice(0, 3)).toEqual(["transaction 1", "read", "transaction 2"]);
  });
});
