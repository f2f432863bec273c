/**
 * pg, loaded the first time PostgreSQL is used: a clinic on SQLite (one process in a
 * 256 MiB container, docs/operations.md) never pays its ~10 MB. A static import would load
 * it at start-up, as the server build keeps its packages as imports at the top.
 * Imports no `~/` module: the Prisma CLI loads the adapter without the app's aliases.
 */
import { createRequire } from "node:module";
import type Pg from "pg";

let loaded: typeof Pg | undefined;

export function pgModule(): typeof Pg {
  loaded ??= createRequire(import.meta.url)("pg") as typeof Pg;
  return loaded;
}
