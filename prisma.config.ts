import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { defineConfig } from "prisma/config";

// The WebAssembly schema engine needs a driver adapter; without DATABASE_URL the CLI
// falls back to the native engine and tries to download it, so fail loudly instead.
function databaseUrl() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL must be set when running the Prisma CLI");
  return url;
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations"), seed: "tsx prisma/seed.ts" },
  adapter: async () => new PrismaBetterSQLite3({ url: databaseUrl(), timeout: 5000 }),
});
