import { PrismaClient } from "@prisma/client";
import { getEnv } from "./env.server";
import { ClinicSqliteAdapter } from "./sqlite-adapter.server";

declare global {
  // Survives dev-server rebuilds, which re-evaluate this module.
  var __prisma: { client: PrismaClient } | undefined;
}

function createClient() {
  // better-sqlite3's `timeout` is SQLite's busy timeout.
  const adapter = new ClinicSqliteAdapter({ url: getEnv().DATABASE_URL, timeout: 5000 });
  return { client: new PrismaClient({ adapter }) };
}

globalThis.__prisma ??= createClient();

export const prisma: PrismaClient = globalThis.__prisma.client;
