// The data upgrades a migration asks for (~/models/booking/upgrade.server), in their own
// process: scripts/prepare-db.mjs runs this file when the database says one is pending,
// before the server starts, with the environment the server gets. scripts/build-server.mjs
// bundles it into build/data-upgrade.js; in development tsx runs it from here.
import { pathToFileURL } from "node:url";
import { upgradeData } from "~/models/booking/upgrade.server";
import { prisma } from "~/infra/db.server";

export async function runDataUpgrades(): Promise<number> {
  try {
    const { earlierBookings, holdsReplaced, formTemplates } = await upgradeData();
    if (earlierBookings > 0) {
      console.info(`Gave ${earlierBookings} earlier bookings their dentist, chair and times`);
    }
    if (holdsReplaced > 0) console.info(`Held ${holdsReplaced} upcoming visits in 15-minute steps`);
    if (formTemplates > 0) console.info(`Wrote the clinic's ${formTemplates} forms`);
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
