import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { upgradeExistingData } from "../../scripts/upgrade-data.mjs";
import { clinicTimeToUtc } from "~/utils/clinic-time";
import { TMP_DIR } from "../support/paths";

const MIGRATIONS = "prisma/migrations";
const file = path.join(TMP_DIR, `upgrade-${process.pid}-${Date.now()}.db`);
afterAll(() => {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
});

function migrationSql(predicate: (name: string) => boolean) {
  return readdirSync(MIGRATIONS)
    .filter((name) => /^\d{14}_/.test(name) && predicate(name))
    .sort()
    .map((name) => readFileSync(path.join(MIGRATIONS, name, "migration.sql"), "utf8"));
}

const isDiary = (name: string) => name.endsWith("_diary");
const instant = (date: Date) => date.toISOString().replace("Z", "+00:00");

describe("upgrading a database that holds bookings made before the diary", () => {
  it("keeps every booking's slot, gives it the first dentist and chair, its instants and holds", () => {
    mkdirSync(TMP_DIR, { recursive: true });
    const db = new Database(file);
    const before = migrationSql((name) => name < "20261123" && !isDiary(name));
    for (const sql of before) db.exec(sql);
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

    for (const sql of migrationSql(isDiary)) db.exec(sql);
    expect(upgradeExistingData(db)).toBe(4);
    expect(upgradeExistingData(db)).toBe(0);

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
      startsAt: instant(clinicTimeToUtc("2026-03-09", "10:00", "America/New_York")),
      endsAt: instant(clinicTimeToUtc("2026-03-09", "10:30", "America/New_York")),
    });
    expect(byId["a-summer"]!.startsAt).toBe("2026-03-09T14:00:00.000+00:00");
    expect(byId["a-winter"]!.startsAt).toBe("2026-01-12T21:30:00.000+00:00");
    expect(byId["a-cancelled"]).toMatchObject({ status: "cancelled", chairId: "chair-1" });

    const holds = db
      .prepare(
        `SELECT resource, startsAt, layer, appointmentId FROM "SlotHold" ORDER BY appointmentId, resource`,
      )
      .all();
    expect(holds).toEqual([
      {
        resource: "chair:chair-1",
        startsAt: "2026-01-12T21:30:00.000+00:00",
        layer: 1,
        appointmentId: "a-chair-2",
      },
      {
        resource: "dentist:dentist-first",
        startsAt: "2026-01-12T21:30:00.000+00:00",
        layer: 1,
        appointmentId: "a-chair-2",
      },
      {
        resource: "chair:chair-1",
        startsAt: "2026-03-09T14:00:00.000+00:00",
        layer: 0,
        appointmentId: "a-summer",
      },
      {
        resource: "dentist:dentist-first",
        startsAt: "2026-03-09T14:00:00.000+00:00",
        layer: 0,
        appointmentId: "a-summer",
      },
      {
        resource: "chair:chair-1",
        startsAt: "2026-01-12T21:30:00.000+00:00",
        layer: 0,
        appointmentId: "a-winter",
      },
      {
        resource: "dentist:dentist-first",
        startsAt: "2026-01-12T21:30:00.000+00:00",
        layer: 0,
        appointmentId: "a-winter",
      },
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
