import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import {
  DriverAdapterError,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlDriverAdapterFactory,
  type SqlQuery,
  type Transaction,
} from "@prisma/driver-adapter-utils";
import Database from "better-sqlite3";
import { sqliteTime } from "~/infra/sqlite-time";

type Options = { url: string; timeout?: number };

const query = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] });

/**
 * The app's SQLite connection: Prisma's public driver-adapter interface around Prisma's own
 * better-sqlite3 adapter (which does the SQL, the conversions and the error mapping), with
 * what one connection shared by every request needs (ADR 026, 029): WAL, foreign keys and
 * `synchronous = NORMAL` as it opens; no statement run inside another request's open
 * transaction (`Turns`); transactions that take the write lock as they begin (`BEGIN
 * IMMEDIATE`), so another process's commit between their read and write cannot fail them.
 * `generations()` reads the cache generations (ADR 046) on a connection of its own: what is
 * committed, without waiting for this process's open transaction; `readCommitted()` reads
 * there too.
 */
export class ClinicSqlite implements SqlDriverAdapterFactory {
  readonly provider = "sqlite";
  readonly adapterName: string;
  readonly #inner: PrismaBetterSQLite3;
  readonly #file: string;
  readonly #timeout: number;
  #reader: Database.Statement | null = null;

  constructor({ url, timeout = 5000 }: Options) {
    this.#inner = new PrismaBetterSQLite3({ url, timeout });
    this.adapterName = this.#inner.adapterName;
    this.#file = url.startsWith("file:") ? url.slice("file:".length) : url;
    this.#timeout = timeout;
  }

  async connect(): Promise<SqlDriverAdapter> {
    const inner = await this.#inner.connect();
    await inner.executeScript(
      "PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;",
    );
    const turns = new Turns();
    return {
      provider: inner.provider,
      adapterName: inner.adapterName,
      queryRaw: (sql) => turns.outside(() => inner.queryRaw(sql)),
      executeRaw: (sql) => turns.outside(() => inner.executeRaw(sql)),
      executeScript: (script) => turns.outside(() => inner.executeScript(script)),
      startTransaction: (isolationLevel) => beginImmediately(inner, turns, isolationLevel),
      dispose: async () => {
        this.#closeReader();
        await inner.dispose();
      },
    };
  }

  /** Each data area's generation, as committed now (throws when the database does not answer). */
  async generations(): Promise<Map<string, string>> {
    if (!this.#reader) {
      const reader = new Database(this.#file, { timeout: this.#timeout, fileMustExist: true });
      try {
        this.#reader = reader.prepare('SELECT "area", "generation" FROM "CacheGeneration"').raw();
      } catch (error) {
        reader.close();
        throw error;
      }
    }
    const rows = this.#reader.all() as [string, number][];
    return new Map(rows.map(([area, generation]) => [area, String(generation)]));
  }

  /**
   * The rows of one read, as committed now, on the connection of `generations()`: no
   * Prisma between (its handling of a raw query costs more than a short read itself), nor
   * this process's open transaction. `values` bind as Prisma's adapter binds them: a time
   * as its text (the columns' own form, so it compares as they sort), a boolean as 1 or 0.
   */
  async readCommitted({
    sql,
    values,
  }: {
    sql: string;
    values: readonly unknown[];
  }): Promise<Record<string, unknown>[]> {
    if (!this.#reader) await this.generations();
    const bound = values.map((value) =>
      value instanceof Date
        ? sqliteTime(value)
        : typeof value === "boolean"
          ? Number(value)
          : value,
    );
    return this.#reader!.database.prepare(sql).all(bound) as Record<string, unknown>[];
  }

  #closeReader() {
    this.#reader?.database.close();
    this.#reader = null;
  }
}

/** A transaction of its own on the connection, begun with `BEGIN IMMEDIATE` in its turn. */
async function beginImmediately(
  inner: SqlDriverAdapter,
  turns: Turns,
  isolationLevel?: IsolationLevel,
): Promise<Transaction> {
  // As Prisma's adapter: SQLite's transactions are serializable, and nothing else is offered.
  if (isolationLevel && isolationLevel !== "SERIALIZABLE") {
    throw new DriverAdapterError({ kind: "InvalidIsolationLevel", level: isolationLevel });
  }
  const release = await turns.transaction();
  try {
    await inner.executeRaw(query("BEGIN IMMEDIATE"));
  } catch (error) {
    release();
    throw error;
  }
  // Prisma sends COMMIT or ROLLBACK through executeRaw, then calls commit() or rollback().
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    options: { usePhantomQuery: false },
    queryRaw: (sql) => inner.queryRaw(sql),
    executeRaw: (sql) => inner.executeRaw(sql),
    commit: async () => release(),
    rollback: async () => release(),
  };
}

/**
 * Turns at the one connection, in arrival order. A transaction holds it alone from BEGIN to
 * COMMIT or ROLLBACK, across as many turns of the event loop as its callback takes;
 * statements outside transactions run between transactions, a statement that arrives
 * while one is open (or queued) after it, before any transaction that came later.
 */
export class Turns {
  #open = false;
  /** Statements outside transactions let in and not finished. */
  #running = 0;
  readonly #waiting: Array<{ transaction: boolean; admit: () => void }> = [];

  async outside<T>(run: () => Promise<T>): Promise<T> {
    if (this.#open || this.#waiting.length > 0) {
      await new Promise<void>((admit) => this.#waiting.push({ transaction: false, admit }));
    } else {
      this.#running += 1;
    }
    try {
      return await run();
    } finally {
      this.#running -= 1;
      this.#next();
    }
  }

  /** Resolves once the connection is this transaction's; call the answer when it ends. */
  async transaction(): Promise<() => void> {
    if (!this.#open && this.#running === 0 && this.#waiting.length === 0) this.#open = true;
    else await new Promise<void>((admit) => this.#waiting.push({ transaction: true, admit }));
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#open = false;
      this.#next();
    };
  }

  #next() {
    while (!this.#open && this.#waiting.length > 0) {
      const head = this.#waiting[0]!;
      if (head.transaction) {
        if (this.#running > 0) return;
        this.#open = true;
      } else {
        this.#running += 1;
      }
      this.#waiting.shift();
      head.admit();
    }
  }
}
