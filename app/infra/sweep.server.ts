import { Cron } from "croner";
import { databaseEngine } from "~/infra/db.server";
import { releaseLease, takeLease } from "~/infra/sweep-lease.server";

/** A background job of the server process, stopped on shutdown. */
export type BackgroundJob = { stop(): Promise<void> };

/**
 * How long a sweep's lease lasts (~/infra/sweep-lease.server): renewed at every turn and
 * every third of it while a sweep runs, so it outlives the pause between two turns of the
 * slowest sweep only when its holder has died, and another server takes the sweep over.
 */
export const SWEEP_LEASE_SECONDS = 60;

/**
 * Runs `sweep` on a croner schedule, never two at once (a sweep that outlasts its period
 * skips the turns it overlaps); a failed sweep is logged and the next turn runs as usual.
 * With several servers on one PostgreSQL database, only the one holding the sweep's lease
 * runs it (the others look again at each turn). `stop` waits for a sweep in progress and
 * gives the lease up.
 */
export function startSweep(
  label: string,
  sweep: () => Promise<unknown>,
  schedule: { pattern: string; intervalSeconds?: number },
  leaseSeconds: number = SWEEP_LEASE_SECONDS,
): BackgroundJob {
  let running: Promise<void> | null = null;
  /**
   * Whether this server held the lease at its last turn; on PostgreSQL null before the
   * first, which says who runs the sweep. On SQLite the one server always runs it, unsaid.
   */
  let holding: boolean | null = databaseEngine() === "postgresql" ? null : true;

  async function leased() {
    const held = await takeLease(label, leaseSeconds);
    if (held !== holding) {
      holding = held;
      console.info(
        `[${label}] ${held ? "this server runs the sweep" : "another server runs the sweep"}`,
      );
    }
    if (!held) return;
    const renew = setInterval(
      () =>
        void takeLease(label, leaseSeconds).catch((error: unknown) =>
          console.warn(`[${label}] renewing the sweep's lease failed`, error),
        ),
      (leaseSeconds * 1000) / 3,
    );
    try {
      await sweep();
    } finally {
      clearInterval(renew);
    }
  }

  const job = new Cron(
    schedule.pattern,
    { interval: schedule.intervalSeconds, unref: true, protect: true },
    () => {
      running = leased()
        .catch((error: unknown) => console.error(`[${label}] sweep failed`, error))
        .finally(() => {
          running = null;
        });
      return running;
    },
  );
  return {
    async stop() {
      job.stop();
      await running;
      if (holding) {
        await releaseLease(label).catch((error: unknown) =>
          console.warn(`[${label}] giving the sweep's lease up failed`, error),
        );
      }
    },
  };
}
