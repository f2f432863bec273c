import { isPostgresUrl } from "../../scripts/postgres-url.mjs";

/**
 * The engine this test file runs on: its DATABASE_URL (tests/support/vitest-setup.ts), a
 * copy of the SQLite template or a clone of the PostgreSQL one.
 */
export function testEngine(): "sqlite" | "postgresql" {
  return isPostgresUrl(process.env.DATABASE_URL) ? "postgresql" : "sqlite";
}
