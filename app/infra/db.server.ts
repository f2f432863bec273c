import { AsyncLocalStorage } from "node:async_hooks";
import type { PrismaClient, Prisma } from "@prisma/client";
import type pg from "pg";
import {
  type DatabaseEngine,
  type GenerationSource,
  openDatabase,
} from "~/infra/database-engine.server";
import { getEnv } from "~/infra/env.server";

/** The transaction whose callback is running, while it runs. */
type Scope = { tx: Prisma.TransactionClient; open: boolean };

declare global {
  // Survives dev-server rebuilds, which re-evaluate this module: the client's
  // `$transaction` and `prisma` below must share one scope.
  var __prisma:
    | {
        client: PrismaClient;
        engine: DatabaseEngine;
        adapter: GenerationSource;
        pool: (() => pg.Pool) | null;
        currentTransaction: AsyncLocalStorage<Scope>;
      }
    | undefined;
}

function createClient() {
  const env = getEnv();
  const { client, engine, adapter, pool } = openDatabase({
    url: env.DATABASE_URL,
    busyTimeoutMs: env.DATABASE_BUSY_TIMEOUT_MS,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  const currentTransaction = new AsyncLocalStorage<Scope>();
  client.$transaction = joiningTransactions(client.$transaction.bind(client), currentTransaction);
  return { client, engine, adapter, pool, currentTransaction };
}

/**
 * `$transaction` that runs its callback in a scope `prisma` sees, and that joins the
 * transaction already open in the caller's scope instead of queueing behind it (which
 * would wait for itself until the outer transaction timed out).
 */
function joiningTransactions(
  begin: PrismaClient["$transaction"],
  currentTransaction: AsyncLocalStorage<Scope>,
): PrismaClient["$transaction"] {
  /** Transaction callbacks running now (one at a time: the connection serves one transaction). */
  let openScopes = 0;
  async function transaction(
    work: Prisma.PrismaPromise<unknown>[] | ((tx: Prisma.TransactionClient) => Promise<unknown>),
    options?: Parameters<PrismaClient["$transaction"]>[1],
  ): Promise<unknown> {
    const scope = currentTransaction.getStore();
    if (scope?.open) {
      if (typeof work === "function") return work(scope.tx);
      // The batch's queries were made through `prisma`, so they belong to `scope.tx`.
      const results: unknown[] = [];
      for (const query of work) results.push(await query);
      return results;
    }
    if (Array.isArray(work)) return begin(work, options);
    return begin((tx) => {
      const opened: Scope = { tx, open: true };
      openScopes += 1;
      return currentTransaction
        .run(opened, () => work(tx))
        .finally(() => {
          // Whatever the callback left running goes back to the root client once it is done.
          opened.open = false;
          openScopes -= 1;
          // On Node 20 an enabled AsyncLocalStorage slows every promise of the process
          // (about 3x per await): it is enabled only while a transaction's callback runs.
          if (openScopes === 0) currentTransaction.disable();
        });
    }, options);
  }
  return transaction as PrismaClient["$transaction"];
}

globalThis.__prisma ??= createClient();
const { adapter, currentTransaction, engine } = globalThis.__prisma;

/** The engine DATABASE_URL chose for this process (~/infra/database-engine.server). */
export function databaseEngine(): DatabaseEngine {
  return engine;
}

/** PostgreSQL: the instance's pool, where the rate limits shared by instances count. */
export function sharedPool(): pg.Pool | null {
  return globalThis.__prisma?.pool?.() ?? null;
}

/**
 * The one way to the database. Inside a `$transaction` callback (and whatever it calls,
 * however deep) it is that transaction: a model need not be handed `tx` to take part in
 * its caller's transaction, and a query inside a transaction can no longer wait for the
 * transaction to end (every other query of the process does on SQLite; ClinicSqlite). A
 * `$transaction` inside one joins it. Outside transactions it is the client itself.
 * eslint.config.js keeps every other way to the database out of app/.
 */
export const prisma: PrismaClient = new Proxy(globalThis.__prisma.client, {
  get(root, property) {
    const scope = currentTransaction.getStore();
    if (scope?.open && property !== "$transaction" && Reflect.has(scope.tx, property)) {
      return Reflect.get(scope.tx, property);
    }
    const value: unknown = Reflect.get(root, property);
    return typeof value === "function" ? value.bind(root) : value;
  },
});

/** Whether the caller runs inside a transaction's callback (its reads may not be committed). */
export function inTransaction(): boolean {
  return currentTransaction.getStore()?.open === true;
}

/**
 * Each data area's cache generation as committed now (ADR 046): moved by the database's
 * own triggers in the transaction of every write to the area's tables, whoever writes.
 */
export function cacheGenerations(): Promise<Map<string, string>> {
  return adapter.generations();
}

/**
 * The rows of a raw read of what is committed (the free times' reads of holds): straight
 * through the adapter (SQLite's reading connection, PostgreSQL's pool), since Prisma's
 * handling of a raw query costs more than such a read itself; inside a transaction (whose
 * own writes it must see), through Prisma. Columns come as the driver gives them (a count
 * may be a number, a bigint or, from PostgreSQL, its text).
 */
export function readCommitted<T>(query: Prisma.Sql): Promise<T[]> {
  if (!inTransaction()) return adapter.readCommitted(query) as Promise<T[]>;
  return prisma.$queryRaw<T[]>(query);
}

/** Throws when the database does not answer (the health check; no Prisma, no waiting). */
export async function pingDatabase(): Promise<void> {
  await adapter.generations();
}
