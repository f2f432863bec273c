import { copyFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { TMP_DIR } from "./paths";
import { cloneDatabase, dropDatabase, isPostgresUrl, uniqueDatabaseName } from "./postgres";

// Every test file gets a fresh copy of the migrated template, so files never share state:
// a copy of the SQLite file, or on PostgreSQL a database cloned from the template.
const template = inject("templateDb");
const postgres = isPostgresUrl(template);
const file = path.join(
  TMP_DIR,
  `test-${process.env.VITEST_POOL_ID ?? "0"}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.db`,
);
if (postgres) {
  const name = uniqueDatabaseName(
    `${inject("databasePrefix")}_${process.env.VITEST_POOL_ID ?? "0"}`,
  );
  process.env.DATABASE_URL = await cloneDatabase(template, name);
} else {
  copyFileSync(template, file);
  process.env.DATABASE_URL = `file:${file}`;
}
process.env.NODE_ENV = "test";
process.env.SESSION_SECRET = "test-session-secret";
process.env.OUTBOX_DIR = path.join(TMP_DIR, "outbox");
process.env.SMS_DIR = path.join(TMP_DIR, "sms");
// A fresh client for this file's database.
globalThis.__prisma = undefined;
const databaseUrl = process.env.DATABASE_URL;

afterAll(async () => {
  await globalThis.__prisma?.client.$disconnect();
  globalThis.__prisma = undefined;
  if (postgres) await dropDatabase(databaseUrl);
  else
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
});
