// The data half of migrations that need the app's code: bookings made before the diary
// (the diary migration marked them with a 1970 start) and the upgrades a migration names in
// PendingDataUpgrade. The work is the booking core's (app/models/booking/upgrade.server.ts,
// through its one writer), run in its own process by scripts/prepare-db.mjs after
// `migrate deploy` and before the server starts; this file only says whether there is any.

/** How Prisma's SQLite adapter writes a DateTime: ISO text with an explicit +00:00. */
export function sqliteInstant(date) {
  return date.toISOString().replace("Z", "+00:00");
}

export const UNMIGRATED_START = "1970-01-01T00:00:00.000+00:00";

const formats = new Map();

function wallClock(instant, timeZone) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  );
  return Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute);
}

/** The instant a wall-clock `date` `time` happens in `timeZone` (as app/utils/clinic-time.ts). */
export function localToUtc(date, time, timeZone) {
  const [year, month, day] = date.split("-").map(Number);
  const [hours, minutes] = time.split(":").map(Number);
  const target = Date.UTC(year, month - 1, day, hours, minutes);
  let instant = target;
  for (let step = 0; step < 2; step += 1) instant += target - wallClock(instant, timeZone);
  return new Date(instant);
}

const hasTable = (db, name) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name);

/**
 * How many data upgrades wait: earlier bookings without instants, and named upgrades.
 * @param {import("better-sqlite3").Database} db
 * @returns {number}
 */
export function pendingDataUpgrades(db) {
  if (!hasTable(db, "Appointment") || !hasTable(db, "ClinicSettings")) return 0;
  const earlier = db
    .prepare(`SELECT COUNT(*) AS count FROM "Appointment" WHERE "startsAt" = ?`)
    .get(UNMIGRATED_START).count;
  const named = hasTable(db, "PendingDataUpgrade")
    ? db.prepare(`SELECT COUNT(*) AS count FROM "PendingDataUpgrade"`).get().count
    : 0;
  return earlier + named;
}
