import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type Database from "better-sqlite3";
import { ConnectionTurns } from "~/infra/connection-turns.server";

type Adapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;

/**
 * Tables of the visits and what follows them (bookings, moves, cancels, their mail, audit,
 * waiting-list, recall and report steps, the patient's phone), whose rows no shared read
 * shows: neither the read cache nor the response cache keeps anything read from them
 * (tests/integration/infra/read-cache-tables.test.ts proves it for every cached read and public
 * answer). Their writes move `writeStamp` but not `sharedStamp` (ADR 030).
 */
export const VISIT_TABLES: ReadonlySet<string> = new Set([
  "Appointment",
  "AppointmentStatusChange",
  "AuditEntry",
  "FormReview",
  "FormSubmission",
  "KioskSession",
  "OutboxMessage",
  "PatientRecall",
  "RecallCall",
  "RecallInvitation",
  "ReportDay",
  "ReportDirtyDay",
  "ReportPeriod",
  "SlotHold",
  "User",
  "WaitlistEntry",
  "WaitlistOffer",
]);

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
  /** total_changes() and data_version, read in one statement (every request asks). */
  #stamp: Database.Statement | null = null;
  #ping: Database.Statement | null = null;
  /** Rows changed by statements that write one of VISIT_TABLES (see sharedStamp). */
  readonly #visitChanges = { rows: 0 };

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
    if (!this.#stamp) return null;
    // The adapter's connection reads integers as BigInt.
    const [changes, version] = this.#stamp.get() as [bigint, bigint];
    return `${String(changes)}:${String(version)}`;
  }

  /**
   * As `writeStamp`, but the rows a statement that writes one of VISIT_TABLES changes do
   * not move it: a booking leaves the shared reads (catalogue, team, settings, a day's
   * plans) and their cached answers alone. Everything else still moves it: any other
   * table's rows, a statement this adapter cannot name the one table of (several
   * statements, a CTE), and any commit by another connection (`data_version` names no
   * table). Rows a visit table's foreign-key actions and triggers change count as the
   * statement's only when the schema keeps all of them inside VISIT_TABLES (`contained`:
   * an appointment's holds and report days do, an account's reviews do not), else only the
   * rows it changed directly are set aside. The read and response caches keep their
   * values under it (ADR 030).
   */
  sharedStamp(): string | null {
    if (!this.#stamp) return null;
    const [changes, version] = this.#stamp.get() as [bigint, bigint];
    return `${String(Number(changes) - this.#visitChanges.rows)}:${String(version)}`;
  }

  override async connect(): Promise<Adapter> {
    const adapter = await super.connect();
    const connection = connectionOf(adapter);
    applyPragmas(connection);
    this.#totalChanges = connection.prepare("SELECT total_changes()").pluck();
    wrapPrepare(connection, {
      counter: this.#visitChanges,
      contained: containedVisitTables(connection),
      totalChanges: this.#totalChanges,
    });
    this.#stamp = connection
      .prepare("SELECT total_changes(), data_version FROM pragma_data_version")
      .raw();
    this.#ping = connection.prepare("SELECT 1").pluck();

    const turns = new ConnectionTurns();
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => {
      await nextTurn();
      const release = await turns.transaction();
      let transaction: Awaited<ReturnType<typeof startTransaction>>;
      try {
        transaction = await startTransaction(isolationLevel);
      } catch (error) {
        release();
        throw error;
      }
      // Its statements run back to back, but not for longer than a slice (see nextTurn).
      let sliceStart = performance.now();
      const paced =
        <Q, R>(run: (query: Q) => Promise<R>) =>
        async (query: Q): Promise<R> => {
          if (performance.now() - sliceStart > TRANSACTION_SLICE_MS) {
            await nextTurn();
            sliceStart = performance.now();
          }
          return run(query);
        };
      transaction.queryRaw = paced(transaction.queryRaw.bind(transaction));
      transaction.executeRaw = paced(transaction.executeRaw.bind(transaction));
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
    adapter.queryRaw = (query) => nextTurn().then(() => turns.statement(() => queryRaw(query)));
    adapter.executeRaw = (query) => nextTurn().then(() => turns.statement(() => executeRaw(query)));
    adapter.executeScript = (script) => turns.statement(() => executeScript(script));
    return adapter;
  }
}

/**
 * The longest a transaction runs its statements without letting the event loop take in
 * anything else (see nextTurn).
 */
const TRANSACTION_SLICE_MS = 4;

/**
 * Resolves on the event loop's next turn. better-sqlite3 answers synchronously, so without
 * it a request's statements, and Prisma's compiling of each, ran back to back as one chain
 * of promises: a booking held the process from its first read to its commit, and a cached
 * read that arrived meanwhile waited for all of it (issue 22, item 7). Before each
 * statement and each transaction the server now takes in what has arrived. Inside a
 * transaction, which holds the connection alone, only once every TRANSACTION_SLICE_MS: a
 * turn after each of its statements would hold up the bookings queued behind it (under a
 * flood of reads, 50 bookings of one time could not all start within Prisma's 2 s).
 */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The better-sqlite3 handle behind the adapter (a public field the adapter's types omit). */
function connectionOf(adapter: Adapter): Database.Database {
  return (adapter as unknown as { client: Database.Database }).client;
}

type VisitCounting = {
  counter: { rows: number };
  /** Visit tables whose foreign-key actions and triggers write only visit tables. */
  contained: ReadonlySet<string>;
  totalChanges: Database.Statement;
};

/**
 * Every statement the adapter runs is prepared here: the bare `BEGIN` it opens each
 * transaction with becomes `BEGIN IMMEDIATE` (ADR 026), and a statement that writes one of
 * VISIT_TABLES counts the rows it changes into `counter` as it runs.
 */
function wrapPrepare(connection: Database.Database, counting: VisitCounting) {
  // The class's own method, looked up on each call (what a test's spy on it sees).
  const prototype = Object.getPrototypeOf(connection) as Database.Database;
  connection.prepare = ((source: string) => {
    const statement = prototype.prepare.call(
      connection,
      source.trim().toUpperCase() === "BEGIN" ? "BEGIN IMMEDIATE" : source,
    );
    const table = writtenTable(source);
    if (table !== null && VISIT_TABLES.has(table)) countChanges(statement, table, counting);
    return statement;
  }) as Database.Database["prepare"];
}

const WRITE =
  /^\s*(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+(?:[`"]?main[`"]?\.)?[`"]?(\w+)[`"]?[\s(]/i;

/**
 * The one table a single INSERT, UPDATE or DELETE writes (as Prisma and hand-written SQL
 * spell them), or null: not a write, more than one statement, or a form not recognised
 * (a WITH clause). Null is always safe: the statement's changes then move every stamp.
 */
export function writtenTable(source: string): string | null {
  const match = WRITE.exec(source);
  if (!match?.[1]) return null;
  const end = source.indexOf(";");
  if (end !== -1 && source.slice(end + 1).trim() !== "") return null;
  return match[1];
}

/**
 * Adds the rows a write to `table` changes to the counter as it runs, the two ways the
 * Prisma adapter runs one (`run()`; `all()` for a RETURNING clause): all the rows the
 * connection's count moved by when the table is contained, else the rows the statement
 * changed directly (`changes`, or one returned row per row changed). Another way (`get`,
 * `iterate`) counts nothing: its changes stay in every stamp, which only costs a re-read.
 */
function countChanges(statement: Database.Statement, table: string, counting: VisitCounting) {
  const { counter, contained, totalChanges } = counting;
  const run = statement.run.bind(statement);
  const all = statement.all.bind(statement);
  if (contained.has(table)) {
    const counted = <T>(step: () => T): T => {
      const before = Number(totalChanges.get());
      try {
        return step();
      } finally {
        counter.rows += Number(totalChanges.get()) - before;
      }
    };
    statement.run = (...params: unknown[]) => counted(() => run(...params));
    statement.all = (...params: unknown[]) => counted(() => all(...params));
    return;
  }
  statement.run = (...params: unknown[]) => {
    const result = run(...params);
    counter.rows += result.changes;
    return result;
  };
  statement.all = (...params: unknown[]) => {
    const rows = all(...params);
    counter.rows += rows.length;
    return rows;
  };
}

const SAFE_ACTIONS = new Set(["NO ACTION", "RESTRICT"]);
/** A write inside a trigger's body (an upsert's `DO UPDATE SET` names no other table). */
const TRIGGER_WRITE =
  /\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|(?<!\bDO\s+)UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+(?:[`"]?main[`"]?\.)?[`"]?(\w+)/gi;

/**
 * The visit tables whose writes reach no other table, however far: every foreign key that
 * refers to one with an action (cascade, set null, set default) belongs to a contained
 * visit table, and so does every table a trigger on one writes. Read from the schema as
 * the connection opens.
 */
export function containedVisitTables(connection: Database.Database): Set<string> {
  const reaches = new Map<string, Set<string>>();
  const reach = (from: string, to: string) => {
    const set = reaches.get(from) ?? new Set<string>();
    set.add(to);
    reaches.set(from, set);
  };
  const tables = connection
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
    .pluck()
    .all() as string[];
  for (const child of tables) {
    const keys = connection.pragma(`foreign_key_list("${child.replace(/"/g, '""')}")`) as {
      table: string;
      on_update: string;
      on_delete: string;
    }[];
    for (const key of keys) {
      if (!SAFE_ACTIONS.has(key.on_update) || !SAFE_ACTIONS.has(key.on_delete)) {
        reach(key.table, child);
      }
    }
  }
  const triggers = connection
    .prepare("SELECT tbl_name AS tableName, sql FROM sqlite_master WHERE type = 'trigger'")
    .all() as { tableName: string; sql: string | null }[];
  for (const { tableName, sql } of triggers) {
    const body =
      sql
        ?.split(/\bBEGIN\b/i)
        .slice(1)
        .join(" ") ?? "";
    // A trigger whose body cannot be read reaches everything.
    if (!body) reach(tableName, "");
    for (const [, written] of body.matchAll(TRIGGER_WRITE)) reach(tableName, written ?? "");
  }
  const contained = new Set(VISIT_TABLES);
  for (let changed = true; changed;) {
    changed = false;
    for (const table of contained) {
      if ([...(reaches.get(table) ?? [])].some((other) => !contained.has(other))) {
        contained.delete(table);
        changed = true;
      }
    }
  }
  return contained;
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
