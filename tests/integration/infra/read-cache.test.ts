import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { bookAppointment } from "~/models/booking/book.server";
import { updateClinicSettings } from "~/models/settings/clinic-settings.server";
import { countServices, createService, getServicePage } from "~/models/services/catalog.server";
import { createReview, listReviews } from "~/models/reviews/reviews.server";
import { prisma } from "~/infra/db.server";
import {
  cachedRead,
  cachedVisitRead,
  clearReadCache,
  readCacheGeneration,
} from "~/infra/read-cache.server";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import {
  createService as insertService,
  createUser,
  FIRST_DENTIST,
  storeAppointment,
} from "../../support/factories";

describe("read cache", () => {
  it("runs one query for concurrent misses and none for a hit", async () => {
    // Values are kept under the database's write stamp, which exists once it has connected.
    await prisma.user.count();
    clearReadCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return loads;
    };
    const [first, second] = await Promise.all([cachedRead("k", load), cachedRead("k", load)]);
    expect([first, second, await cachedRead("k", load)]).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
  });

  it("does not keep what `keep` refuses (a name a request made up), and keeps the rest", async () => {
    await prisma.user.count();
    clearReadCache();
    let loads = 0;
    const lookup = (key: string, found: boolean) =>
      cachedRead(
        key,
        async () => {
          loads += 1;
          return found ? { key } : null;
        },
        { keep: (value) => value !== null },
      );
    expect(await lookup("made-up", false)).toBeNull();
    expect(await lookup("made-up", false)).toBeNull();
    expect(loads).toBe(2);
    expect(await lookup("real", true)).toEqual({ key: "real" });
    expect(await lookup("real", true)).toEqual({ key: "real" });
    expect(loads).toBe(3);
  });

  it("forgets a failed load", async () => {
    clearReadCache();
    await expect(cachedRead("fails", () => Promise.reject(new Error("db down")))).rejects.toThrow();
    expect(await cachedRead("fails", async () => "recovered")).toBe("recovered");
  });

  it("shows a service created through the domain at once in the list and the count", async () => {
    // Without the review of patient-added services: published as it is created.
    await updateClinicSettings({ serviceApprovalRequired: false });
    const user = await createUser();
    await insertService();
    const before = await countServices();
    const firstPage = await getServicePage("1");
    const generation = readCacheGeneration();

    const created = await createService(
      {
        name: "Cached Whitening",
        description: "Brand new service that must appear at once.",
        price: "120",
        photo: "https://example.com/photo.png",
        category: "Cosmetic",
      },
      user.id,
    );

    expect(created.ok).toBe(true);
    expect(readCacheGeneration()).not.toBe(generation);
    expect(await countServices()).toBe(before + 1);
    const page = await getServicePage("1");
    expect(page.ok && page.services[0]?.name).toBe("Cached Whitening");
    expect(firstPage.ok && firstPage.services[0]?.name).not.toBe("Cached Whitening");
    await updateClinicSettings({ serviceApprovalRequired: true });
  });

  it("shows a new review at once in GET /api/reviews' list", async () => {
    // A review that publishes at once (docs/decisions/040-reviews-held-for-moderation.md).
    await updateClinicSettings({ reviewApprovalRequired: false });
    const user = await createUser();
    const service = await insertService();
    const before = await listReviews();
    const result = await createReview(
      { name: "Ana", service: service.id, message: "Painless and quick.", rating: "5" },
      user.id,
    );
    expect(result).toMatchObject({ ok: true, review: { status: "published" } });
    const after = await listReviews();
    expect(after).toHaveLength(Math.min(before.length + 1, 20));
    expect(after[0]?.message).toBe("Painless and quick.");
    await updateClinicSettings({ reviewApprovalRequired: true });
  });

  it("sees a write made around the domain at once: the generation is the database's", async () => {
    const before = await countServices();
    await prisma.service.create({
      data: {
        name: "Direct insert",
        slug: `direct-${Date.now()}`,
        description: "Written straight to the database.",
        priceCents: 100,
        photo: "/x.svg",
        category: "Preventive",
      },
    });
    expect(await countServices()).toBe(before + 1);
  });

  it("sees a write by another connection to the file at once (the staff command, a SQL shell)", async () => {
    const before = await countServices();
    const service = await insertService();
    expect(await countServices()).toBe(before + 1);
    const other = new Database(new URL(process.env.DATABASE_URL!).pathname);
    try {
      other.prepare(`UPDATE "Product" SET "hidden" = 1 WHERE "id" = ?`).run(service.id);
    } finally {
      other.close();
    }
    expect(await countServices()).toBe(before);
  });

  it("keeps its values through a write that changed no row (an idle sweep's update)", async () => {
    let loads = 0;
    const load = async () => (loads += 1);
    await cachedRead("idle-sweep", load);
    await prisma.waitlistEntry.updateMany({
      where: { id: "no-such-entry" },
      data: { status: "expired" },
    });
    await prisma.user.deleteMany({ where: { email: "nobody@example.com" } });
    await cachedRead("idle-sweep", load);
    expect(loads).toBe(1);
  });

  it("neither serves nor keeps a read made inside a transaction, which may not be committed", async () => {
    const before = await countServices();
    const outcome = await prisma
      .$transaction(async () => {
        await insertService();
        // The transaction's own row is counted here...
        expect(await countServices()).toBe(before + 1);
        throw new Error("rolled back");
      })
      .catch((error: Error) => error.message);
    expect(outcome).toBe("rolled back");
    // ...but was never kept for anyone else.
    expect(await countServices()).toBe(before);
  });

  it("keeps its values through a booking and what follows it: a visit is no shared read", async () => {
    const service = await insertService({ durationMinutes: 30 });
    const patient = await createUser({ phone: "" });
    let loads = 0;
    const load = async () => (loads += 1);
    await cachedRead("beside-bookings", load);
    const generation = readCacheGeneration();

    // The visit, its holds and history, its confirmation in the outbox, the patient's phone.
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
    expect(await prisma.outboxMessage.count({ where: { userId: patient.id } })).toBe(1);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: patient.id } })).phone).toBe(
      "+1 555 0123",
    );

    expect(readCacheGeneration()).toBe(generation);
    await cachedRead("beside-bookings", load);
    expect(loads).toBe(1);
  });

  it("empties the visits' own store on a booking, and keeps the catalogue's", async () => {
    const service = await insertService({ durationMinutes: 30 });
    const patient = await createUser();
    const date = upcoming(TUESDAY, 3);
    const visitsThatDay = () =>
      prisma.appointment.count({ where: { date, serviceId: service.id } });
    let catalogueLoads = 0;
    const catalogue = async () => (catalogueLoads += 1);
    await cachedRead("beside-visits", catalogue);
    expect(await cachedVisitRead(`visits:${date}`, visitsThatDay)).toBe(0);

    const booked = await bookAppointment(
      {
        service: service.id,
        dentist: FIRST_DENTIST,
        date,
        time: "11:00",
        name: "Visit Store Patient",
        email: patient.email,
        phone: "+1 555 0124",
        message: "Read by the diary at once.",
      },
      patient.id,
    );
    expect(booked).toMatchObject({ ok: true });

    expect(await cachedVisitRead(`visits:${date}`, visitsThatDay)).toBe(1);
    await cachedRead("beside-visits", catalogue);
    expect(catalogueLoads).toBe(1);
  });

  it("still moves for a catalogue row changed through a visit table's foreign key", async () => {
    // Deleting an account (a visit table) sets its reviews' author to null: a shared row.
    const author = await createUser();
    const service = await insertService();
    await createReview(
      { name: "Ana", service: service.id, message: "Kind and careful.", rating: "5" },
      author.id,
    );
    const generation = readCacheGeneration();
    await prisma.user.delete({ where: { id: author.id } });
    expect(readCacheGeneration()).not.toBe(generation);
  });

  it("moves for any commit by another connection, even to a visit table (it names no table)", async () => {
    const service = await insertService();
    const visit = await storeAppointment({
      userId: null,
      serviceId: service.id,
      date: upcoming(TUESDAY, 5),
      time: "09:00",
    });
    const generation = readCacheGeneration();
    const other = new Database(new URL(process.env.DATABASE_URL!).pathname);
    try {
      other.prepare(`UPDATE "Appointment" SET "message" = 'x' WHERE "id" = ?`).run(visit.id);
    } finally {
      other.close();
    }
    expect(readCacheGeneration()).not.toBe(generation);
  });
});
