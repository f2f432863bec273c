import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { defineConfig } from "prisma/config";

// Without DATABASE_URL the CLI cannot read the schema's datasource, falls back to the
// native query engine and tries to download it (which fails on machines without that
// network). The app's own default applies, so `npm install` (prisma generate) works anywhere.
process.env.DATABASE_URL ||= "file:./data/clinic.db";
const databaseUrl = process.env.DATABASE_URL;

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations"), seed: "tsx prisma/seed.ts" },
  adapter: async () => new PrismaBetterSQLite3({ url: databaseUrl, timeout: 5000 }),
});
