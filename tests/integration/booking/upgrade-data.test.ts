// Upgrading databases made by earlier releases: the migrations, then the data upgrades
// they ask for, done by the booking core's one writer (app/models/booking/upgrade.server.ts)
// in a process of their own, as scripts/prepare-db.mjs runs them before the server starts.
import { execFile } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { pendingDataUpgrades } from "../../../scripts/upgrade-data.mjs";
import type { UpgradeSummary } from "~/models/booking/upgrade.server";
import { clinicTimeToUtc } from "~/utils/clinic-time";
import { TMP_DIR } from "../../support/paths";

const MIGRATIONS = "prisma/migrations";
const files: string[] = [];
afterAll(() => {
  for (const file of files) {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  }
});

function scratchDatabase(name: string) {
  mkdirSync(TMP_DIR, { recursive: true });
  const file = path.join(TMP_DIR, `upgrade-${name}-${process.pid}-${Date.now()}.db`);
  files.push(file);
  return { file, db: new Database(file) };
}

function migrationSql(predicate: (name: string) => boolean) {
  return readdirSync(MIGRATIONS)
    .filter((name) => /^\d{14}_/.test(name) && predicate(name))
    .sort()
    .map((name) => readFileSync(path.join(MIGRATIONS, name, "migration.sql"), "utf8"));
}

/** The data upgrades on `file`, run as scripts/dev.mjs runs them; what they did, from their output. */
async function upgradeData(file: string): Promise<UpgradeSummary> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "app/ops/data-upgrade-cli.server.ts"],
    { env: { ...process.env, DATABASE_URL: `file:${file}` } },
  );
  const count = (pattern: RegExp) => Number(pattern.exec(stdout)?.[1] ?? 0);
  return {
    earlierBookings: count(/Gave (\d+) earlier bookings/),
    holdsReplaced: count(/Held (\d+) upcoming visits/),
    formTemplates: count(/Wrote the clinic's (\d+) forms/),
  };
}

const isDiary = (name: string) => name.endsWith("_diary");
const isCore = (name: string) => name.endsWith("_booking_core");
// Asks for a data upgrade of its own (the clinic's forms), in the table the core made.
const isForms = (name: string) => name.endsWith("_medical_forms");
const instant = (date: Date) => date.toISOString().replace("Z", "+00:00");
const ZONE = "America/New_York";

describe("upgrading a database that holds bookings made before the diary", () => {
  it("keeps every booking's slot, gives it the first dentist and chair, its instants and holds", async () => {
    const { file, db } = scratchDatabase("before-diary");
    for (const sql of migrationSql((name) => name < "20261123" && !isDiary(name))) db.exec(sql);
    const now = "2026-01-01T00:00:00.000+00:00";
    db.prepare(
      `INSERT INTO "User" (id, name, email, updatedAt) VALUES ('u1', 'Old Patient', 'old@example.com', ?)`,
    ).run(now);
    db.prepare(
      `INSERT INTO "Product" (id, slug, name, description, priceCents, photo, category, updatedAt)
       VALUES ('p1', 'check-up', 'Check-up', 'x', 5000, '/x.svg', 'Preventive', ?)`,
    ).run(now);
    const book = db.prepare(
      `INSERT INTO "Appointment" (id, userId, productId, name, email, phone, date, time, message, status, chair, createdAt, updatedAt)
       VALUES (?, 'u1', 'p1', 'Old Patient', 'old@example.com', '555 0100', ?, ?, 'hi', ?, ?, ?, ?)`,
    );
    // The day after the US spring-forward, in winter time, and two chairs of one slot.
    book.run("a-summer", "2026-03-09", "10:00", "booked", 1, now, now);
    book.run("a-winter", "2026-01-12", "16:30", "booked", 1, now, now);
    book.run("a-cancelled", "2026-01-12", "10:00", "cancelled", null, now, now);
    book.run("a-chair-2", "2026-01-12", "16:30", "booked", 2, "2026-01-02T00:00:00.000+00:00", now);

    for (const sql of migrationSql((name) => name >= "20261123")) db.exec(sql);
    // Four bookings, and the forms the forms migration asks for.
    expect(pendingDataUpgrades(db)).toBe(5);
    expect(await upgradeData(file)).toEqual({
      earlierBookings: 4,
      holdsReplaced: 0,
      formTemplates: 3,
    });
    expect(await upgradeData(file)).toEqual({
      earlierBookings: 0,
      holdsReplaced: 0,
      formTemplates: 0,
    });
    expect(pendingDataUpgrades(db)).toBe(0);

    const rows = db.prepare(`SELECT * FROM "Appointment" ORDER BY id`).all() as Record<
      string,
      string | number
    >[];
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(byId["a-summer"]).toMatchObject({
      date: "2026-03-09",
      time: "10:00",
      dentistId: "dentist-first",
      chairId: "chair-1",
      status: "booked",
      startsAt: instant(clinicTimeToUtc("2026-03-09", "10:00", ZONE)),
      endsAt: instant(clinicTimeToUtc("2026-03-09", "10:30", ZONE)),
    });
    expect(byId["a-summer"]!.startsAt).toBe("2026-03-09T14:00:00.000+00:00");
    expect(byId["a-winter"]!.startsAt).toBe("2026-01-12T21:30:00.000+00:00");
    expect(byId["a-cancelled"]).toMatchObject({ status: "cancelled", chairId: "chair-1" });

    const holds = db
      .prepare(
        `SELECT resource, startsAt, layer, appointmentId FROM "SlotHold" ORDER BY appointmentId, resource, startsAt`,
      )
      .all();
    const both = (id: string, layer: number, ...steps: string[]) =>
      ["chair:chair-1", "dentist:dentist-first"].flatMap((resource) =>
        steps.map((startsAt) => ({ resource, startsAt, layer, appointmentId: id })),
      );
    // Each 30-minute visit holds two 15-minute steps; the second booking of the old
    // two-chair slot now shares the one chair and dentist, on the next layer.
    expect(holds).toEqual([
      ...both("a-chair-2", 1, "2026-01-12T21:30:00.000+00:00", "2026-01-12T21:45:00.000+00:00"),
      ...both("a-summer", 0, "2026-03-09T14:00:00.000+00:00", "2026-03-09T14:15:00.000+00:00"),
      ...both("a-winter", 0, "2026-01-12T21:30:00.000+00:00", "2026-01-12T21:45:00.000+00:00"),
    ]);
    expect(
      db
        .prepare(`SELECT "to" FROM "AppointmentStatusChange" WHERE appointmentId = 'a-cancelled'`)
        .all(),
    ).toEqual([{ to: "cancelled" }]);
    // The first dentist works the old hours and performs every service there was.
    expect(db.prepare(`SELECT productId FROM "DentistService"`).all()).toEqual([
      { productId: "p1" },
    ]);
    expect(db.prepare(`SELECT id, timeZone, gridMinutes FROM "ClinicSettings"`).all()).toEqual([
      { id: 1, timeZone: "America/New_York", gridMinutes: 30 },
    ]);
    db.close();
  });
});

describe("upgrading a database of the diary's first release", () => {
  it("holds upcoming visits in 15-minute steps from their own length, moves desk notes out of the patient's message, and checks statuses", async () => {
    const { file, db } = scratchDatabase("diary");
    for (const sql of migrationSql((name) => !isCore(name) && !isForms(name))) db.exec(sql);
    const stamp = "2026-01-01T00:00:00.000+00:00";
    db.prepare(
      `INSERT INTO "User" (id, name, email, phone, updatedAt) VALUES ('u1', 'Pat', 'pat@example.com', '+1 (555) 010-0142', ?)`,
    ).run(stamp);
    db.prepare(
      `INSERT INTO "Product" (id, slug, name, description, priceCents, photo, category, durationMinutes, updatedAt)
       VALUES ('p1', 'crown', 'Crown', 'x', 5000, '/x.svg', 'Restorative', 30, ?)`,
    ).run(stamp);
    const insert = db.prepare(
      `INSERT INTO "Appointment" (id, userId, productId, name, email, phone, date, time, message, dentistId, chairId, startsAt, endsAt, bufferMinutes, status, source, createdAt, updatedAt)
       VALUES (?, 'u1', 'p1', 'Pat', 'pat@example.com', '555', ?, ?, ?, 'dentist-first', 'chair-1', ?, ?, 10, ?, ?, ?, ?)`,
    );
    const hold = db.prepare(
      `INSERT INTO "SlotHold" (resource, startsAt, layer, appointmentId) VALUES (?, ?, 0, ?)`,
    );
    const visit = (id: string, date: string, time: string, minutes: number, source: string) => {
      const start = clinicTimeToUtc(date, time, ZONE);
      const end = new Date(start.getTime() + minutes * 60_000);
      insert.run(
        id,
        date,
        time,
        source === "staff" ? "Patient is anxious" : "Hi",
        instant(start),
        instant(end),
        "booked",
        source,
        stamp,
        stamp,
      );
      // The old holds: 30-minute steps of the service's length then, with its buffer.
      for (let at = start.getTime(); at < end.getTime() + 10 * 60_000; at += 30 * 60_000) {
        for (const resource of ["dentist:dentist-first", "chair:chair-1"]) {
          hold.run(resource, instant(new Date(at)), id);
        }
      }
    };
    // An hour booked when the crown took an hour; the service is 30 minutes now.
    visit("upcoming", "2099-01-05", "10:00", 60, "staff");
    visit("past", "2020-01-06", "10:00", 30, "online");

    for (const sql of migrationSql(isCore)) db.exec(sql);
    for (const sql of migrationSql(isForms)) db.exec(sql);
    expect(pendingDataUpgrades(db)).toBe(2);
    expect(await upgradeData(file)).toEqual({
      earlierBookings: 0,
      holdsReplaced: 1,
      formTemplates: 3,
    });
    expect(pendingDataUpgrades(db)).toBe(0);
    const steps = db
      .prepare(
        `SELECT startsAt FROM "SlotHold" WHERE appointmentId = 'upcoming' AND resource = 'chair:chair-1' ORDER BY startsAt`,
      )
      .all()
      .map((row) => (row as { startsAt: string }).startsAt);
    // 10:00 to 11:00 and ten minutes of buffer: five 15-minute steps, up to 11:15.
    expect(steps).toEqual(
      ["10:00", "10:15", "10:30", "10:45", "11:00"].map((time) =>
        instant(clinicTimeToUtc("2099-01-05", time, ZONE)),
      ),
    );
    // A past visit's holds are left as they were.
    expect(
      db.prepare(`SELECT COUNT(*) AS n FROM "SlotHold" WHERE appointmentId = 'past'`).get(),
    ).toEqual({ n: 4 });
    expect(db.prepare(`SELECT message, staffNote FROM "Appointment" ORDER BY id`).all()).toEqual([
      { message: "Hi", staffNote: "" },
      { message: "", staffNote: "Patient is anxious" },
    ]);
    expect(db.prepare(`SELECT phoneDigits FROM "User"`).get()).toEqual({
      phoneDigits: "15550100142",
    });
    expect(() =>
      db.prepare(`UPDATE "Appointment" SET status = 'sleeping' WHERE id = 'past'`).run(),
    ).toThrow(/CHECK constraint failed/);
    db.close();
  });
});
