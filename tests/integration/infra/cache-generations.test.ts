// The one rule of staleness (docs/decisions/046-one-cache-rule.md): a cached value is used
// while the generations of its data areas, read from the database, stay where they were
// when it was read; the database's own triggers move an area's generation in the
// transaction of every write to its tables, whoever writes.
import { describe, expect, it } from "vitest";
import { bookAppointment } from "~/models/booking/book.server";
import { countServices } from "~/models/services/catalog.server";
import { createReview } from "~/models/reviews/reviews.server";
import { prisma } from "~/infra/db.server";
import {
  cachedRead,
  clearReadCache,
  DATA_AREAS,
  generationOf,
  type Generations,
  PUBLIC_AREAS,
  readGenerations,
  type DataArea,
} from "~/infra/read-cache.server";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import { testEngine } from "../../support/engine";
import { createService, createUser, FIRST_DENTIST } from "../../support/factories";
import { onOtherConnection } from "../../support/sql";

const AREAS = Object.keys(DATA_AREAS) as DataArea[];
const generations = async () =>
  Object.fromEntries(await Promise.all(AREAS.map(async (a) => [a, await generationOf([a])])));

/** The triggers that move a generation: the table, the write (INSERT...) and the area. */
async function generationTriggers() {
  if (testEngine() === "sqlite") {
    const rows = await onOtherConnection<{ tableName: string; sql: string }>(
      "SELECT tbl_name AS tableName, sql FROM sqlite_master WHERE type = 'trigger'",
    );
    return rows
      .filter((row) => row.sql.includes('"CacheGeneration"'))
      .map((row) => ({
        tableName: row.tableName,
        event: /AFTER (\w+)/.exec(row.sql)?.[1],
        area: /WHERE "area" = '(\w+)'/.exec(row.sql)?.[1],
      }));
  }
  const rows = await onOtherConnection<{ tableName: string; event: string; statement: string }>(
    `SELECT event_object_table AS "tableName", event_manipulation AS "event",
       action_statement AS "statement"
     FROM information_schema.triggers WHERE trigger_schema = current_schema()`,
  );
  return rows
    .filter((row) => row.statement.includes("cache_generation_move"))
    .map((row) => ({
      tableName: row.tableName,
      event: row.event,
      area: /\('(\w+)'\)/.exec(row.statement)?.[1],
    }));
}

const serviceData = (slug: string) => ({
  name: `Service ${slug}`,
  slug,
  description: "Written for the generation tests.",
  priceCents: 100,
  photo: "/x.svg",
  category: "Preventive",
});

describe("the generations", () => {
  it("has an insert, update and delete trigger on every table of every area, moving that area", async () => {
    const triggers = await generationTriggers();
    for (const [area, tables] of Object.entries(DATA_AREAS)) {
      for (const table of tables) {
        const moving = triggers.filter((t) => t.tableName === table && t.area === area);
        expect(moving.map((t) => t.event).sort(), table).toEqual(["DELETE", "INSERT", "UPDATE"]);
      }
    }
    // No other table moves a generation (a table would belong to an area unlisted here).
    const listed = new Set<string>(Object.values(DATA_AREAS).flat());
    expect(triggers.filter((t) => !listed.has(t.tableName))).toEqual([]);
  });

  it("moves its area, and no other, with a write committed in a transaction", async () => {
    const before = await generations();
    await prisma.$transaction(async (tx) => {
      await tx.service.create({ data: serviceData(`in-tx-${Date.now()}`) });
    });
    const after = await generations();
    for (const area of AREAS) {
      if (area === "catalogue") expect(after[area]).not.toBe(before[area]);
      else expect(after[area], area).toBe(before[area]);
    }
  });

  it("moves nothing for a write that is rolled back", async () => {
    const before = await generations();
    const outcome = await prisma
      .$transaction(async (tx) => {
        await tx.service.create({ data: serviceData(`rolled-back-${Date.now()}`) });
        throw new Error("rolled back");
      })
      .catch((error: Error) => error.message);
    expect(outcome).toBe("rolled back");
    expect(await generations()).toEqual(before);
  });

  it("moves nothing for a write that matched no row (an idle sweep's update)", async () => {
    const before = await generations();
    await prisma.user.deleteMany({ where: { email: "nobody@example.com" } });
    await prisma.service.updateMany({ where: { id: "no-such-service" }, data: { hidden: true } });
    expect(await generations()).toEqual(before);
  });

  it("moves the area of a row another table's foreign key changes (an account's reviews)", async () => {
    const author = await createUser();
    const service = await createService();
    await createReview(
      { name: "Ana", service: service.id, message: "Kind and careful.", rating: "5" },
      author.id,
    );
    const before = await generationOf(["reviews"]);
    // Deleting the account sets its reviews' author to null: a write to the reviews' table.
    await prisma.user.delete({ where: { id: author.id } });
    expect(await generationOf(["reviews"])).not.toBe(before);
  });

  it("leaves the public areas alone through a booking and what follows it", async () => {
    const service = await createService({ durationMinutes: 30 });
    const patient = await createUser({ phone: "" });
    const before = await generationOf(PUBLIC_AREAS);
    const booked = await bookAppointment(
      {
        service: service.id,
        dentist: FIRST_DENTIST,
        date: upcoming(TUESDAY, 2),
        time: "10:00",
        name: "Cached Patient",
        email: patient.email,
        phone: "+1 555 0123",
        message: "Kept beside the cache.",
      },
      patient.id,
    );
    expect(booked).toMatchObject({ ok: true });
    expect(await generationOf(PUBLIC_AREAS)).toBe(before);
  });
});

describe("a cached read", () => {
  it("sees another connection's write at once (another process, the staff command, a SQL shell)", async () => {
    const before = await countServices();
    const service = await createService();
    expect(await countServices()).toBe(before + 1);
    await onOtherConnection(
      `UPDATE "Product" SET "hidden" = NOT "hidden" WHERE "id" = ?`,
      service.id,
    );
    expect(await countServices()).toBe(before);
  });

  it("is loaded once for concurrent misses, and not at all for a hit", async () => {
    clearReadCache();
    let loads = 0;
    const load = async () => (loads += 1);
    const read = () => cachedRead(["catalogue"], "k", load);
    expect(await Promise.all([read(), read()])).toEqual([1, 1]);
    expect(await read()).toBe(1);
    expect(loads).toBe(1);
  });

  it("is loaded again after a write to one of its areas, and not after a write to another", async () => {
    clearReadCache();
    let loads = 0;
    const load = async () => (loads += 1);
    const read = () => cachedRead(["team", "settings"], "team-and-settings", load);
    await read();
    await prisma.service.create({ data: serviceData(`other-area-${Date.now()}`) });
    expect(await read()).toBe(1);
    await prisma.clinicSettings.update({ where: { id: 1 }, data: { phone: "+1 555 0177" } });
    expect(await read()).toBe(2);
  });

  it("given the generations its loader read once, sees every write committed before they were read", async () => {
    clearReadCache();
    let loads = 0;
    const load = async () => (loads += 1);
    const read = (generations?: Generations) =>
      cachedRead(["team", "settings"], "read-once", load, { generations });
    await read(await readGenerations());
    await onOtherConnection(
      `UPDATE "ClinicSettings" SET "phone" = ? WHERE "id" = 1`,
      "+1 555 0178",
    );
    // A later request's loader reads them again: the other process's write is seen.
    const later = await readGenerations();
    expect(await read(later)).toBe(2);
    expect(await read(later)).toBe(2);
    expect(await read()).toBe(2);
    // Generations that cannot be read keep nothing.
    expect(await read(null)).toBe(3);
    expect(loads).toBe(3);
  });

  it("keeps nothing that `keep` refuses (a name a request made up), nor a failed load", async () => {
    clearReadCache();
    let loads = 0;
    const lookup = (found: boolean) =>
      cachedRead(
        ["catalogue"],
        `lookup:${found}`,
        async () => {
          loads += 1;
          return found ? { found } : null;
        },
        { keep: (value) => value !== null },
      );
    await lookup(false);
    await lookup(false);
    await lookup(true);
    await lookup(true);
    expect(loads).toBe(3);
    const failing = () => cachedRead(["catalogue"], "fails", () => Promise.reject(new Error("x")));
    await expect(failing()).rejects.toThrow("x");
    expect(await cachedRead(["catalogue"], "fails", async () => "recovered")).toBe("recovered");
  });

  it("is neither served nor kept inside a transaction, whose reads may not be committed", async () => {
    const before = await countServices();
    const outcome = await prisma
      .$transaction(async () => {
        await createService();
        expect(await countServices()).toBe(before + 1);
        throw new Error("rolled back");
      })
      .catch((error: Error) => error.message);
    expect(outcome).toBe("rolled back");
    expect(await countServices()).toBe(before);
  });
});
