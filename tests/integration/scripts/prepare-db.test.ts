// The start-up's shortcut past the Prisma CLI (scripts/prepare-db.mjs): it may skip
// `prisma migrate deploy` only when the CLI would have nothing to do. The file here is a
// copy of the template the CLI itself migrated (tests/support/template-db.ts).
import { chmodSync, copyFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { TMP_DIR } from "../../support/paths";
import { migrationsPending, prepareDatabase } from "../../../scripts/prepare-db.mjs";

const copies: string[] = [];
afterEach(() => {
  for (const file of copies.splice(0)) rmSync(file, { force: true });
});

/** A copy of this file's migrated database, changed by `change` when given. */
function migrated(change?: (db: Database.Database) => void) {
  const file = path.join(TMP_DIR, `prepare-db-${process.pid}-${copies.length}.db`);
  copies.push(file);
  copyFileSync(process.env.DATABASE_URL!.replace(/^file:/, ""), file);
  if (change) {
    const db = new Database(file);
    change(db);
    db.close();
  }
  return file;
}

const LAST = "(SELECT MAX(migration_name) FROM _prisma_migrations)";

describe("migrationsPending", () => {
  it("is false for a database the CLI migrated to the last migration", () => {
    expect(migrationsPending(migrated())).toBe(false);
  });

  it("is true for a missing file and for a database without Prisma's table", () => {
    expect(migrationsPending(path.join(TMP_DIR, `never-created-${process.pid}.db`))).toBe(true);
    expect(migrationsPending(migrated((db) => db.exec("DROP TABLE _prisma_migrations")))).toBe(
      true,
    );
  });

  it("is true when a migration is missing, failed, rolled back or changed since", () => {
    const cases = [
      `DELETE FROM _prisma_migrations WHERE migration_name = ${LAST}`,
      `UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = ${LAST}`,
      `UPDATE _prisma_migrations SET rolled_back_at = finished_at WHERE migration_name = ${LAST}`,
      `UPDATE _prisma_migrations SET checksum = 'edited' WHERE migration_name = ${LAST}`,
    ];
    for (const sql of cases)
      expect(migrationsPending(migrated((db) => db.exec(sql))), sql).toBe(true);
  });

  it("is true when the database holds a migration this checkout does not have", () => {
    const file = migrated((db) =>
      db.exec(
        `INSERT INTO _prisma_migrations (id, checksum, migration_name, finished_at, started_at, applied_steps_count)
         VALUES ('x', 'x', '29991231000000_from_a_newer_release', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 1)`,
      ),
    );
    expect(migrationsPending(file)).toBe(true);
  });
});

describe("prepareDatabase", () => {
  it("narrows a database file made readable by others before (issue 21.10) to its owner", async () => {
    const file = migrated();
    chmodSync(file, 0o644);
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = `file:${file}`;
    try {
      await prepareDatabase({
        seedScript: [process.execPath, "-e", ""],
        upgradeScript: [process.execPath, "-e", ""],
      });
    } finally {
      process.env.DATABASE_URL = saved;
    }
    expect((statSync(file).mode & 0o777).toString(8)).toBe("600");
  });
});
