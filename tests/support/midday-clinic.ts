// For suites where the production server's own reminder sweep must find reminders due on
// the real clock: the clinic's time zone is chosen so that it is early afternoon there
// now, hours away from the quiet hours (20:00-08:00), whatever the time of the run.
import { startProductionServer } from "./production-server";

/**
 * A fixed-offset IANA zone (`Etc/GMT-3` is UTC+3: the sign is POSIX's) in which `now` is
 * 13:xx, so the sweep is outside the quiet hours for the next 6 hours.
 */
export function middayTimeZone(now: Date = new Date()): string {
  const offset = 13 - now.getUTCHours();
  if (offset === 0) return "Etc/GMT";
  return `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}

/**
 * A production server whose clinic is in `middayTimeZone()`, with no closures, from its
 * first sweep on: both are written to its database before it starts (the server caches its
 * settings).
 */
export async function startMiddayClinic(options: {
  port: number;
  env?: Record<string, string>;
  /** More settings to write before the server starts. */
  settings?: Record<string, string | number>;
}): Promise<{
  server: Awaited<ReturnType<typeof startProductionServer>>;
  timeZone: string;
}> {
  const timeZone = middayTimeZone();
  const server = await startProductionServer({
    port: options.port,
    env: options.env,
    async beforeStart(db) {
      await db.clinicSettings.update({ where: { id: 1 }, data: { ...options.settings, timeZone } });
      // The seed's holidays are real dates (Thanksgiving 2026 is the 26th and 27th of
      // November): a run on one of them would find the clinic closed and its sweeps held.
      await db.clinicClosure.deleteMany({});
    },
  });
  return { server, timeZone };
}
