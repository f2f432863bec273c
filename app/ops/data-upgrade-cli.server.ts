// The data upgrades a migration asks for (~/models/booking/upgrade.server), in their own
// process: scripts/prepare-db.mjs runs this file when the database says one is pending,
// before the server starts. scripts/build-server.mjs bundles it into build/data-upgrade.js;
// in development tsx runs it from here. It reads only the database part of the environment.
import { pathToFileURL } from "node:url";
import { upgradeData } from "~/models/booking/upgrade.server";
import { parseDatabaseEnv } from "~/infra/env.server";
import { openDatabase } from "~/infra/database-engine.server";

export async function runDataUpgrades(
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const database = parseDatabaseEnv(env);
  const { client: prisma } = openDatabase({
    url: database.DATABASE_URL,
    busyTimeoutMs: database.DATABASE_BUSY_TIMEOUT_MS,
    poolSize: 2,
  });
  try {
    const { earlierBookings, holdsReplaced } = await upgradeData(prisma);
    if (earlierBookings > 0) {
      console.info(`Gave ${earlierBookings} earlier bookings their dentist, chair and times`);
    }
    if (holdsReplaced > 0) console.info(`Held ${holdsReplaced} upcoming visits in 15-minute steps`);
    return 0;
  } catch (error) {
    console.error("The data upgrade failed; nothing was changed", error);
    return 1;
  } finally {
    await prisma.$disconnect();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runDataUpgrades();
}
