import { backupStatus } from "~/utils/backup.server";
import { prisma } from "~/utils/db.server";

/**
 * For the container HEALTHCHECK and load balancers: 200 while the database answers and the
 * newest good backup is at most three intervals old (or, on a fresh start, while the first
 * one is under way); 503 otherwise. The backup state is read from memory, never from disk.
 */
export async function loader() {
  let database = "ok";
  try {
    await prisma.$queryRawUnsafe("SELECT 1");
  } catch (error) {
    console.error("healthz: database check failed", error);
    database = "unavailable";
  }
  // "off" where this process runs no backup schedule (tests that call the loader).
  const backup = backupStatus() ?? { status: "off" as const };
  const healthy = database === "ok" && backup.status !== "stale";
  return Response.json(
    { status: healthy ? "ok" : "error", database, backup },
    { status: healthy ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
