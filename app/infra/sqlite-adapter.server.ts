import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type Database from "better-sqlite3";
import { ConnectionTurns } from "~/infra/connection-turns.server";

type Adapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;

/**
 * Prisma's better-sqlite3 adapter with three fixes for a server that shares one connection
 * between all its requests.
 *
 * 1. Queries made outside a transaction wait while a transaction is open. The adapter
 *    serialises transactions among themselves, but runs any other query at once on the
 *    same connection, so it would land inside another request's open transaction: a
 *    write would be rolled back with it, and a read would see its uncommitted rows.
 *    Both take turns in the order they came (ConnectionTurns), so a run of transactions
 *    does not hold off the reads that arrived between them.
 * 2. The pragmas are set on the connection as it opens, before any query can run.
 * 3. Transactions take the write lock as they begin (`BEGIN IMMEDIATE`). With the adapter's
 *    plain `BEGIN`, a transaction that read first and wrote second failed at once with
 *    SQLITE_BUSY when another process (the staff command, a restore check, a test
 *    harness) had committed in between: SQLite cannot move a read snapshot forward inside
 *    a transaction, and the busy timeout never applies to that case. Taken up front, the
 *    lock waits its turn under the busy timeout like any other write (ADR 026).
 *
 * Keep transactions short: while one is open, every other query of this process waits. A
 * query inside a transaction's callback must go through the transaction, or it waits for
 * the very transaction that waits for it: `prisma` from db.server does that by itself.
 */
export class ClinicSqliteAdapter extends PrismaBetterSQLite3 {
  #totalChanges: Database.Statement | null = null;
  #dataVersion: Database.Statement | null = null;
  #ping: Database.Statement | null = null;

  /**
   * Asks the open connection to run a statement (for the health check): true when it ran,
   * false before the first query has connected; throws when the database does not answer.
   */
  ping(): boolean {
    if (!this.#ping) return false;
    this.#ping.get();
    return true;
  }

  /**
   * Changes whenever a row of the database may have changed since the last call, from
   * SQLite's own counters: `total_changes()`, the rows this connection has inserted,
   * updated or deleted (a write that matched no row moves nothing), and `data_version`,
   * which moves when another connection commits (the staff command, a manual fix, a test
   * harness). Null until the first query has connected. A value kept with it is current as
   * long as the stamp is the same: the session lookup (session.server.ts) and the read
   * caches rely on it (ADR 025 and 030).
   *
   * Rows a transaction changes count as it changes them, before it commits: a stamp read
   * meanwhile may move for rows that are then rolled back, which only costs a re-read.
   * Reads outside the transaction wait for it to end, so nothing read under a stamp can
   * miss a change the stamp already counts.
   */
  writeStamp(): string | null {
    if (!this.#totalChanges || !this.#dataVersion) return null;
    return `${String(this.#totalChanges.get())}:${String(this.#dataVersion.get())}`;
  }

  override async connect(): Promise<Adapter> {
    const adapter = await super.connect();
    const connection = connectionOf(adapter);
    applyPragmas(connection);
    beginImmediately(connection);
    this.#totalChanges = connection.prepare("SELECT total_changes()").pluck();
    this.#dataVersion = connection.prepare("PRAGMA data_version").pluck();
    this.#ping = connection.prepare("SELECT 1").pluck();

    const turns = new ConnectionTurns();
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => {
      const release = await turns.transaction();
      let transaction: Awaited<ReturnType<typeof startTransaction>>;
      try {
        transaction = await startTransaction(isolationLevel);
      } catch (error) {
        release();
        throw error;
      }
      for (const end of ["commit", "rollback"] as const) {
        const step = transaction[end].bind(transaction);
        transaction[end] = async () => {
          try {
            await step();
          } finally {
            release();
          }
        };
      }
      return transaction;
    };

    const queryRaw = adapter.queryRaw.bind(adapter);
    const executeRaw = adapter.executeRaw.bind(adapter);
    const executeScript = adapter.executeScript.bind(adapter);
    adapter.queryRaw = (query) => turns.statement(() => queryRaw(query));
    adapter.executeRaw = (query) => turns.statement(() => executeRaw(query));
    adapter.executeScript = (script) => turns.statement(() => executeScript(script));
    return adapter;
  }
}

/** The better-sqlite3 handle behind the adapter (a public field the adapter's types omit). */
function connectionOf(adapter: Adapter): Database.Database {
  return (adapter as unknown as { client: Database.Database }).client;
}

/** The adapter opens each transaction with a bare `BEGIN`; this makes it `BEGIN IMMEDIATE`. */
function beginImmediately(connection: Database.Database) {
  // The class's own method, looked up on each call (what a test's spy on it sees).
  const prototype = Object.getPrototypeOf(connection) as Database.Database;
  connection.prepare = ((source: string) =>
    prototype.prepare.call(
      connection,
      source.trim().toUpperCase() === "BEGIN" ? "BEGIN IMMEDIATE" : source,
    )) as Database.Database["prepare"];
}

/**
 * WAL lets readers go on while a booking writes; NORMAL sync is durable under WAL against
 * a process crash, the failure a container sees. better-sqlite3 keeps foreign keys on by
 * default; setting it again documents that the app relies on it.
 */
function applyPragmas(connection: Database.Database) {
  connection.pragma("journal_mode = WAL");
  connection.pragma("foreign_keys = ON");
  connection.pragma("synchronous = NORMAL");
}
