import { PrismaClient } from "@prisma/client";
import { getEnv } from "./env.server";
import { ClinicSqliteAdapter } from "./sqlite-adapter.server";

declare global {
  // Survives dev-server rebuilds, which re-evaluate this module.
  var __prisma: { client: PrismaClient; adapter: ClinicSqliteAdapter } | undefined;
}

function createClient() {
  const env = getEnv();
  // better-sqlite3's `timeout` is SQLite's busy timeout.
  const adapter = new ClinicSqliteAdapter({
    url: env.DATABASE_URL,
    timeout: env.DATABASE_BUSY_TIMEOUT_MS,
  });
  return { client: new PrismaClient({ adapter }), adapter };
}

globalThis.__prisma ??= createClient();

export const prisma: PrismaClient = globalThis.__prisma.client;
const adapter = globalThis.__prisma.adapter;

/** See ClinicSqliteAdapter.writeStamp: changes whenever the database may have been written. */
export function databaseWriteStamp(): string | null {
  return adapter.writeStamp();
}

/**
 * Throws when the database does not answer. On the open connection when there is one (no
 * Prisma query: the health check is polled), else through Prisma, which connects.
 */
export async function pingDatabase(): Promise<void> {
  if (!adapter.ping()) await prisma.$queryRawUnsafe("SELECT 1");
}
