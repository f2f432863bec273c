import type { BackupHealth } from "~/infra/backup-rules";
import { backupStatus } from "~/infra/backup.server";
import type { DatabaseEngine } from "~/infra/database-engine.server";
import { databaseEngine, pingDatabase } from "~/infra/db.server";

export type HealthReport = {
  status: "ok" | "error";
  /** Which database this instance runs on (DATABASE_URL), and whether it answers. */
  engine: DatabaseEngine;
  database: "ok" | "unavailable";
  backup: BackupHealth | { status: "off" };
};

/**
 * For the container HEALTHCHECK and load balancers: healthy while the database answers and
 * the newest good backup is at most three intervals old (or, on a fresh start, while the
 * first one is under way). The backup state is read from memory, never from disk. The
 * Express server answers /healthz with this before any page middleware
 * (`server.health` in entry.server.tsx); the route module answers it under `remix dev`.
 */
export async function healthReport(): Promise<{ httpStatus: 200 | 503; report: HealthReport }> {
  let database: HealthReport["database"] = "ok";
  try {
    await pingDatabase();
  } catch (error) {
    console.error("healthz: database check failed", error);
    database = "unavailable";
  }
  // "off" where this process runs no backup schedule: on PostgreSQL, whose backups are the
  // server's own, and in tests that call the loader.
  const backup = backupStatus() ?? { status: "off" as const };
  const healthy = database === "ok" && backup.status !== "stale";
  return {
    httpStatus: healthy ? 200 : 503,
    report: { status: healthy ? "ok" : "error", engine: databaseEngine(), database, backup },
  };
}
