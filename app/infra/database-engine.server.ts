/**
 * Two engines, one code (docs/decisions/051-postgresql.md): DATABASE_URL chooses. `file:`
 * is SQLite, the default (one process on one file); `postgresql://` is PostgreSQL (several
 * instances on one server). Everything that differs between them asks here.
 */
import { createRequire } from "node:module";
import { PrismaClient } from "@prisma/client";
import type pg from "pg";
import { PostgresAdapterFactory } from "~/infra/postgres-adapter.server";
import { ClinicSqlite } from "~/infra/sqlite-adapter.server";
import { isPostgresUrl } from "../../scripts/postgres-url.mjs";

export type DatabaseEngine = "sqlite" | "postgresql";

/** The engine a DATABASE_URL names. */
export function engineOf(url: string): DatabaseEngine {
  return isPostgresUrl(url) ? "postgresql" : "sqlite";
}

export type DatabaseSettings = {
  url: string;
  /** SQLite: how long a write waits for another process's lock. */
  busyTimeoutMs: number;
  /** PostgreSQL: connections this process may hold (docs/operations/postgresql.md). */
  poolSize: number;
};

/** A raw read as Prisma.sql writes it: `?` placeholders in `sql`, `$1` ones in `text`. */
export type RawRead = { sql: string; text: string; values: readonly unknown[] };

/**
 * Where the caches read each data area's generation (ADR 046), committed, per call, and
 * other reads of what is committed (~/infra/db.server readCommitted), beside Prisma.
 */
export type GenerationSource = {
  generations(): Promise<Map<string, string>>;
  readCommitted(query: RawRead): Promise<Record<string, unknown>[]>;
};

export type OpenDatabase = {
  engine: DatabaseEngine;
  client: PrismaClient;
  adapter: GenerationSource;
  /** PostgreSQL: the connections the instance shares (the rate limits count there too). */
  pool: (() => pg.Pool) | null;
};

type ClientClass = new (options: { adapter: PostgresAdapterFactory }) => unknown;

/**
 * PostgreSQL's Prisma client, generated from prisma/postgresql/schema.prisma (which
 * scripts/postgres-schema.mjs writes from the one schema) into node_modules, loaded only
 * when PostgreSQL is chosen. Prisma generates a client per provider, but from one schema
 * both have the same models and methods: it is typed as the SQLite one, whose types are
 * the narrower (PostgreSQL adds options such as `mode: "insensitive"`, which the app does
 * not use so that both engines answer alike).
 */
function postgresClientClass(): ClientClass {
  const require = createRequire(import.meta.url);
  // Generated into node_modules by scripts/generate-clients.mjs, not a package of its own.
  // eslint-disable-next-line import-x/no-extraneous-dependencies
  const generated = require(".prisma/client-postgresql") as { PrismaClient: ClientClass };
  return generated.PrismaClient;
}

/** A Prisma client on the database `url` names, through the engine's adapter. */
export function openDatabase(settings: DatabaseSettings): OpenDatabase {
  if (engineOf(settings.url) === "postgresql") {
    const PostgresClient = postgresClientClass();
    const adapter = new PostgresAdapterFactory({ url: settings.url, poolSize: settings.poolSize });
    const client = new PostgresClient({ adapter }) as PrismaClient;
    return { engine: "postgresql", client, adapter, pool: () => adapter.pool() };
  }
  // better-sqlite3's `timeout` is SQLite's busy timeout.
  const adapter = new ClinicSqlite({ url: settings.url, timeout: settings.busyTimeoutMs });
  return { engine: "sqlite", client: new PrismaClient({ adapter }), adapter, pool: null };
}
