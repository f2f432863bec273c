// The data half of the diary migration (prisma/migrations/*_diary): bookings made before
// it keep their local date and time, and get the instants and slot holds the new model
// needs. Those need the clinic's time zone, which SQL cannot apply, so this step runs
// after `migrate deploy` (scripts/prepare-db.mjs). Idempotent: it only touches rows the
// migration marked with a 1970 start, in one transaction.

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

/**
 * @param {import("better-sqlite3").Database} db
 * @returns {number} the bookings upgraded
 */
export function upgradeExistingData(db) {
  const hasSettings = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'ClinicSettings'")
    .get();
  if (!hasSettings) return 0;
  const settings = db
    .prepare('SELECT "timeZone", "gridMinutes" FROM "ClinicSettings" WHERE id = 1')
    .get();
  const rows = db
    .prepare(
      `SELECT a.id, a.date, a.time, a.status, a.dentistId, a.chairId, p.durationMinutes, p.bufferMinutes
       FROM "Appointment" a JOIN "Product" p ON p.id = a.productId
       WHERE a.startsAt = ? ORDER BY a.createdAt, a.id`,
    )
    .all(UNMIGRATED_START);
  if (rows.length === 0) return 0;

  const setTimes = db.prepare(
    'UPDATE "Appointment" SET "startsAt" = ?, "endsAt" = ?, "bufferMinutes" = ? WHERE id = ?',
  );
  const history = db.prepare(
    `INSERT INTO "AppointmentStatusChange" ("id", "appointmentId", "from", "to", "at", "note")
     VALUES (?, ?, NULL, ?, ?, 'Booked before the diary; moved to the first dentist and chair')`,
  );
  const layerTaken = db.prepare(
    'SELECT 1 FROM "SlotHold" WHERE "resource" = ? AND "startsAt" = ? AND "layer" = ?',
  );
  const hold = db.prepare(
    'INSERT INTO "SlotHold" ("resource", "startsAt", "layer", "appointmentId") VALUES (?, ?, ?, ?)',
  );
  const stepMs = settings.gridMinutes * 60_000;

  db.transaction(() => {
    for (const row of rows) {
      const start = localToUtc(row.date, row.time, settings.timeZone);
      const end = new Date(start.getTime() + row.durationMinutes * 60_000);
      setTimes.run(sqliteInstant(start), sqliteInstant(end), row.bufferMinutes, row.id);
      history.run(`upgrade-${row.id}`, row.id, row.status, sqliteInstant(new Date()));
      if (row.status === "cancelled") continue;
      const holdEnd = end.getTime() + row.bufferMinutes * 60_000;
      for (let step = start.getTime(); step < holdEnd; step += stepMs) {
        const at = sqliteInstant(new Date(step));
        for (const resource of [`dentist:${row.dentistId}`, `chair:${row.chairId}`]) {
          // The old model allowed several chairs per slot; those now share one chair and
          // dentist, so the later ones sit on a higher layer (a recorded double booking).
          let layer = 0;
          while (layerTaken.get(resource, at, layer)) layer += 1;
          hold.run(resource, at, layer, row.id);
        }
      }
    }
  })();
  return rows.length;
}
