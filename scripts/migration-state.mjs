// What Prisma's migration table says against a checkout's migrations, for both engines'
// start-up shortcut (scripts/prepare-db.mjs, scripts/postgres-db.mjs).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The migrations of a folder as Prisma checksums them: name -> sha256 of migration.sql.
 * @param {string} dir
 */
export function localMigrations(dir) {
  return new Map(
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => {
        const sql = readFileSync(path.join(dir, entry.name, "migration.sql"));
        return [entry.name, createHash("sha256").update(sql).digest("hex")];
      }),
  );
}

/**
 * Whether `_prisma_migrations`' rows leave `migrate deploy` anything to do: true unless
 * every local migration is applied with the same checksum and nothing else is.
 * @param {Map<string, string>} local
 * @param {Array<{ migration_name: string, checksum: string, finished_at: unknown, rolled_back_at: unknown }>} rows
 */
export function rowsLeaveWork(local, rows) {
  const applied = rows.filter((row) => row.rolled_back_at === null);
  if (
    applied.some(
      (row) => row.finished_at === null || local.get(row.migration_name) !== row.checksum,
    )
  ) {
    return true;
  }
  return (
    applied.length !== local.size ||
    new Set(applied.map((row) => row.migration_name)).size !== local.size
  );
}
