/**
 * Which server runs a sweep, when several share one PostgreSQL database
 * (docs/decisions/051-postgresql.md): a row per sweep in `SweepLease`, taken by the server
 * that finds it free or expired and renewed by its holder while it runs, so a sweep runs
 * on one server at a time and a server that dies (killed, its machine gone) hands it over
 * once its lease expires. The database's clock decides, not the servers'. On SQLite there
 * is one server per file (it holds the file's lock), so there is nothing to take.
 */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { databaseEngine, prisma } from "~/infra/db.server";

/** This server, as the lease table names it. */
export const LEASE_HOLDER = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;

/**
 * Takes or renews the lease on `name` for `seconds` from now: true while this server
 * holds it (always on SQLite).
 */
export async function takeLease(name: string, seconds: number): Promise<boolean> {
  if (databaseEngine() !== "postgresql") return true;
  const rows = await prisma.$queryRaw<{ holder: string }[]>`
    INSERT INTO "SweepLease" AS lease ("name", "holder", "expiresAt")
    VALUES (${name}, ${LEASE_HOLDER}, LOCALTIMESTAMP + ${seconds} * INTERVAL '1 second')
    ON CONFLICT ("name") DO UPDATE SET "holder" = excluded."holder", "expiresAt" = excluded."expiresAt"
    WHERE lease."expiresAt" <= LOCALTIMESTAMP OR lease."holder" = excluded."holder"
    RETURNING "holder"`;
  return rows.length === 1;
}

/** Gives the lease up (a server that stops), so another takes it at its next turn. */
export async function releaseLease(name: string): Promise<void> {
  if (databaseEngine() !== "postgresql") return;
  await prisma.$executeRaw`DELETE FROM "SweepLease" WHERE "name" = ${name} AND "holder" = ${LEASE_HOLDER}`;
}
