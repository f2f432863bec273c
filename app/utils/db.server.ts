import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@prisma/client";
import { getEnv } from "./env.server";

declare global {
  // Survives dev-server rebuilds, which re-evaluate this module.
  var __prisma: { client: PrismaClient; ready: Promise<void> } | undefined;
}

/**
 * WAL lets readers go on while a booking writes; NORMAL sync is durable under WAL
 * against a process crash, the failure a container sees. better-sqlite3 keeps foreign
 * keys on by default; setting it again documents that the app relies on it.
 */
async function applyPragmas(client: PrismaClient) {
  await client.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  await client.$executeRawUnsafe("PRAGMA foreign_keys = ON");
  await client.$executeRawUnsafe("PRAGMA synchronous = NORMAL");
}

function createClient() {
  // better-sqlite3's `timeout` is SQLite's busy timeout.
  const adapter = new PrismaBetterSQLite3({ url: getEnv().DATABASE_URL, timeout: 5000 });
  const client = new PrismaClient({ adapter });
  // Issued before any other query, so they run first on the single connection.
  const ready = applyPragmas(client).catch((error: unknown) => {
    console.error("Could not apply SQLite pragmas", error);
  });
  return { client, ready };
}

globalThis.__prisma ??= createClient();

export const prisma: PrismaClient = globalThis.__prisma.client;

/** Resolves once the start-up pragmas have been applied. */
export function ensureDatabaseReady(): Promise<void> {
  return globalThis.__prisma?.ready ?? Promise.resolve();
}
