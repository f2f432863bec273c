import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { defineConfig } from "prisma/config";
import { PostgresAdapterFactory } from "./app/infra/postgres-adapter.server";
import { isPostgresUrl } from "./scripts/postgres-url.mjs";

// Without DATABASE_URL the CLI cannot read the schema's datasource, falls back to the
// native query engine and tries to download it (which fails on machines without that
// network). The app's own default applies, so `npm install` (prisma generate) works anywhere.
process.env.DATABASE_URL ||= "file:./data/clinic.db";
const databaseUrl = process.env.DATABASE_URL;

// DATABASE_URL chooses the engine, its schema and its migrations: `postgresql://` is
// PostgreSQL (prisma/postgresql/, generated from prisma/schema.prisma), anything else SQLite
// (docs/decisions/051-postgresql.md).
const postgres = isPostgresUrl(databaseUrl);
const folder = postgres ? path.join("prisma", "postgresql") : "prisma";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join(folder, "schema.prisma"),
  migrations: { path: path.join(folder, "migrations"), seed: "tsx prisma/seed.ts" },
  adapter: async () =>
    postgres
      ? new PostgresAdapterFactory({ url: databaseUrl, poolSize: 2 })
      : new PrismaBetterSQLite3({ url: databaseUrl, timeout: 5000 }),
});
