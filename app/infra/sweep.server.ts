import { Cron } from "croner";

/** A background job of the server process, stopped on shutdown. */
export type BackgroundJob = { stop(): Promise<void> };

/**
 * Runs `sweep` on a croner schedule, never two at once (a sweep that outlasts its period
 * skips the turns it overlaps); a failed sweep is logged and the next turn runs as usual.
 * `stop` waits for a sweep in progress.
 */
export function startSweep(
  label: string,
  sweep: () => Promise<unknown>,
  schedule: { pattern: string; intervalSeconds?: number },
): BackgroundJob {
  let running: Promise<void> | null = null;
  const job = new Cron(
    schedule.pattern,
    { interval: schedule.intervalSeconds, unref: true, protect: true },
    () => {
      running = sweep()
        .then(() => undefined)
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
    },
  };
}
