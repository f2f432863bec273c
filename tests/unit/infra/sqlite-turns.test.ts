import { describe, expect, it } from "vitest";
import { Turns } from "~/infra/sqlite-adapter.server";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A statement that runs until `finish` is called, recording when it starts and ends. */
function statement(turns: Turns, name: string, log: string[]) {
  let finish!: () => void;
  const done = turns.outside(async () => {
    log.push(`${name} runs`);
    await new Promise<void>((resolve) => (finish = resolve));
    log.push(`${name} done`);
  });
  return { done, finish: () => finish() };
}

describe("Turns", () => {
  it("runs statements together, and a transaction only once those before it are done", async () => {
    const turns = new Turns();
    const log: string[] = [];
    const a = statement(turns, "a", log);
    const b = statement(turns, "b", log);
    const transaction = turns.transaction().then((release) => {
      log.push("transaction opens");
      return release;
    });
    const c = statement(turns, "c", log);
    await nextTurn();
    expect(log).toEqual(["a runs", "b runs"]);
    a.finish();
    b.finish();
    const release = await transaction;
    await nextTurn();
    expect(log).toEqual(["a runs", "b runs", "a done", "b done", "transaction opens"]);
    release();
    release(); // a second call changes nothing
    await nextTurn();
    expect(log.at(-1)).toBe("c runs");
    c.finish();
    await Promise.all([a.done, b.done, c.done]);
  });

  it("serves transactions and statements in the order they came", async () => {
    const turns = new Turns();
    const order: string[] = [];
    const first = await turns.transaction();
    const waiting = [
      turns.outside(async () => order.push("read 1")),
      turns.transaction().then((release) => (order.push("transaction 2"), release())),
      turns.outside(async () => order.push("read 2")),
      turns.outside(async () => order.push("read 3")),
      turns.transaction().then((release) => (order.push("transaction 3"), release())),
    ];
    await nextTurn();
    expect(order).toEqual([]);
    first();
    await Promise.all(waiting);
    expect(order).toEqual(["read 1", "transaction 2", "read 2", "read 3", "transaction 3"]);
  });
});
