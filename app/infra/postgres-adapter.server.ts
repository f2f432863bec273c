/**
 * Prisma's driver adapter for PostgreSQL, ours, over `pg`, at the public interface of
 * `@prisma/driver-adapter-utils` (docs/decisions/051-postgresql.md). Used by the app
 * (~/infra/database-engine.server) and by the Prisma CLI (prisma.config.ts), so it imports
 * no `~/` module: the CLI loads it without the app's path aliases.
 *
 * Where it differs from `@prisma/adapter-pg` 6.19 (../shared/ENVIRONMENT.md, "PostgreSQL"):
 * - columns of type `name` read as text and `"char"` as a character (the schema engine's
 *   catalog queries return both; prisma#27403);
 * - `executeScript` sends the whole script as one simple-protocol query, so a migration's
 *   PL/pgSQL bodies stay whole and the migration applies atomically;
 * - the pool takes discrete settings, never the URL (with a URL, pg ignores `database` and
 *   the shadow database would be the real one), and the shadow database is dropped after
 *   its pool is closed.
 * Every session runs in UTC, so `CURRENT_TIMESTAMP` in SQL is what Prisma writes (UTC
 * wall-clock in `timestamp(3)` columns).
 */
import {
  DriverAdapterError,
  type IsolationLevel,
  type MappedError,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
} from "@prisma/driver-adapter-utils";
import type pg from "pg";
import { postgresSchemaOf, postgresSettings } from "../../scripts/postgres-url.mjs";
import { pgModule } from "./pg.server";
import { argument, columnType, TYPES } from "./postgres-types.server";

const ADAPTER_NAME = "clinic-postgres";

export type PostgresOptions = {
  /** `postgresql://user:password@host:port/database?schema=...` */
  url: string;
  /** Connections this process may hold at most (docs/operations/postgresql.md). */
  poolSize?: number;
};

type PgError = Error & {
  code?: string;
  severity?: string;
  detail?: string;
  column?: string;
  hint?: string;
  constraint?: string;
  syscall?: string;
};

/** A pg error as Prisma knows it: P2002 for a unique index, P2034 to retry, and so on. */
export function mappedError(
  error: unknown,
): MappedError & { originalCode?: string; originalMessage?: string } {
  const e = error as PgError;
  const fields = () =>
    e.detail
      ?.match(/Key \(([^)]+)\)/)?.[1]
      ?.split(", ")
      .map((f) => f.replace(/"/g, ""));
  const original = { originalCode: e.code, originalMessage: e.message };
  switch (e.code) {
    case "ECONNREFUSED":
    case "ENOTFOUND":
      return { kind: "DatabaseNotReachable" };
    case "ECONNRESET":
      return { kind: "ConnectionClosed" };
    case "ETIMEDOUT":
      return { kind: "SocketTimeout" };
    case "23505": {
      const names = fields();
      return {
        ...original,
        kind: "UniqueConstraintViolation",
        constraint: names ? { fields: names } : undefined,
      };
    }
    case "23502":
      return {
        ...original,
        kind: "NullConstraintViolation",
        constraint: e.column ? { fields: [e.column] } : undefined,
      };
    case "23503":
      return {
        ...original,
        kind: "ForeignKeyConstraintViolation",
        constraint: e.constraint ? { index: e.constraint } : undefined,
      };
    // A serialization failure or a deadlock: the transaction may simply be run again.
    case "40001":
    case "40P01":
      return { ...original, kind: "TransactionWriteConflict" };
    case "22001":
      return { ...original, kind: "LengthMismatch", column: e.column };
    case "22003":
      return { ...original, kind: "ValueOutOfRange", cause: e.message };
    case "3D000":
      return { ...original, kind: "DatabaseDoesNotExist" };
    case "28P01":
      return { ...original, kind: "AuthenticationFailed" };
    case "42P01":
      return { ...original, kind: "TableDoesNotExist" };
    case "42703":
      return { ...original, kind: "ColumnNotFound" };
    case "42P04":
      return { ...original, kind: "DatabaseAlreadyExists" };
    case "53300":
      return { ...original, kind: "TooManyConnections", cause: e.message };
    default:
      if (typeof e.severity !== "string") throw error;
      return {
        ...original,
        kind: "postgres",
        code: e.code ?? "N/A",
        severity: e.severity,
        message: e.message,
        detail: e.detail,
        column: e.column,
        hint: e.hint,
      };
  }
}

function rethrow(error: unknown): never {
  throw new DriverAdapterError(mappedError(error));
}

type Runner = Pick<pg.Pool | pg.PoolClient, "query">;

class Queryable {
  readonly provider = "postgres" as const;
  readonly adapterName = ADAPTER_NAME;
  constructor(protected readonly runner: Runner) {}

  async queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    const { fields, rows } = await this.run(query);
    return {
      columnNames: fields.map((field) => field.name),
      columnTypes: fields.map((field) => columnType(field.dataTypeID)),
      rows: rows as unknown[][],
    };
  }

  async executeRaw(query: SqlQuery): Promise<number> {
    return (await this.run(query)).rowCount ?? 0;
  }

  protected async run(query: SqlQuery): Promise<pg.QueryArrayResult> {
    const values = query.args.map((arg, i) => argument(arg, query.argTypes[i]));
    try {
      return await this.runner.query({ text: query.sql, values, rowMode: "array", types: TYPES });
    } catch (error) {
      rethrow(error);
    }
  }
}

class PostgresTransaction extends Queryable implements Transaction {
  readonly options = { usePhantomQuery: false };
  #released = false;
  /** The statement running on the transaction's connection: the next one waits for it. */
  #last: Promise<unknown> = Promise.resolve();
  constructor(private readonly client: pg.PoolClient) {
    super(client);
  }

  // A callback may send several statements at once (Promise.all); one connection runs one
  // at a time, so they take turns here (pg's own queueing of them is deprecated).
  protected override run(query: SqlQuery): Promise<pg.QueryArrayResult> {
    const next = this.#last.then(
      () => super.run(query),
      () => super.run(query),
    );
    this.#last = next.catch(() => undefined);
    return next;
  }
  // Prisma sends COMMIT or ROLLBACK itself (usePhantomQuery: false); these give the connection back.
  async commit(): Promise<void> {
    this.release();
  }
  async rollback(): Promise<void> {
    this.release();
  }
  release(error?: Error) {
    if (this.#released) return;
    this.#released = true;
    this.client.release(error);
  }
}

export class PostgresAdapter extends Queryable implements SqlDriverAdapter {
  constructor(
    readonly pool: pg.Pool,
    private readonly schema: string,
    private readonly onDispose: () => Promise<void>,
  ) {
    super(pool);
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      rethrow(error);
    }
    const transaction = new PostgresTransaction(client);
    try {
      await client.query(isolationLevel ? `BEGIN ISOLATION LEVEL ${isolationLevel}` : "BEGIN");
    } catch (error) {
      transaction.release(error as Error);
      rethrow(error);
    }
    return transaction;
  }

  /** The whole script as one simple-protocol query: one implicit transaction, bodies whole. */
  async executeScript(script: string): Promise<void> {
    try {
      await this.pool.query(script);
    } catch (error) {
      rethrow(error);
    }
  }

  getConnectionInfo() {
    return { schemaName: this.schema, supportsRelationJoins: true };
  }

  async dispose(): Promise<void> {
    await this.onDispose();
  }
}

function newPool(settings: pg.PoolConfig): pg.Pool {
  const pool = new (pgModule().Pool)(settings);
  // An idle connection the server closed (a restart, a failover): the pool drops it and
  // opens another when asked; without a listener the error would end the process.
  pool.on("error", (error: Error & { code?: string }) => {
    // 57P01: ended by the server (a drop, a restart); the pool opens another when asked.
    if (error.code !== "57P01") console.warn("postgres: idle connection lost:", error.message);
  });
  return pool;
}

/** The factory Prisma's client and CLI ask for connections. */
export class PostgresAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = "postgres" as const;
  readonly adapterName = ADAPTER_NAME;
  #pool: pg.Pool | null = null;
  constructor(private readonly options: PostgresOptions) {}

  /**
   * The pool Prisma's connection, `generations()` and the shared rate limits
   * (~/infra/rate-limit.server) use, opened when first needed.
   */
  pool(): pg.Pool {
    this.#pool ??= newPool({
      ...postgresSettings(this.options.url),
      max: this.options.poolSize ?? 10,
    });
    return this.#pool;
  }

  async connect(): Promise<PostgresAdapter> {
    const pool = this.pool();
    return new PostgresAdapter(pool, postgresSchemaOf(this.options.url), async () => {
      if (this.#pool === pool) this.#pool = null;
      await pool.end();
    });
  }

  /**
   * Each data area's cache generation as committed now (docs/decisions/046-one-cache-rule.md):
   * a plain query on the pool, outside any transaction, so another instance's commit is seen
   * by the next read. Throws when the database does not answer.
   */
  async generations(): Promise<Map<string, string>> {
    const { rows } = await this.pool().query<[string, number]>({
      text: 'SELECT "area", "generation" FROM "CacheGeneration"',
      rowMode: "array",
    });
    return new Map(rows.map(([area, generation]) => [area, String(generation)]));
  }

  /**
   * The rows of one read, as committed now, on the pool: no Prisma between (its handling
   * of a raw query costs more than a short read itself). Arguments and columns convert as
   * the adapter's own queries do.
   */
  async readCommitted({
    text,
    values,
  }: {
    text: string;
    values: readonly unknown[];
  }): Promise<Record<string, unknown>[]> {
    const { rows } = await this.pool().query<Record<string, unknown>>({
      text,
      values: values.map((value) => argument(value, undefined)),
      types: TYPES,
    });
    return rows;
  }

  /** A scratch database for `migrate diff --from-migrations`, dropped when Prisma is done. */
  async connectToShadowDb(): Promise<PostgresAdapter> {
    const admin = new (pgModule().Client)(postgresSettings(this.options.url));
    await admin.connect();
    const database = `prisma_shadow_${crypto.randomUUID().replace(/-/g, "")}`;
    try {
      await admin.query(`CREATE DATABASE "${database}"`);
    } catch (error) {
      await admin.end();
      rethrow(error);
    }
    const pool = newPool({ ...postgresSettings(this.options.url, database), max: 2 });
    return new PostgresAdapter(pool, "public", async () => {
      await pool.end();
      try {
        await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    });
  }
}
