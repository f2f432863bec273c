import { describe, expect, it } from "vitest";
import { updateClinicSettings } from "~/models/clinic-settings.server";
import { countServices, createService, getServicePage } from "~/models/service.server";
import { createReview, listReviews } from "~/models/review.server";
import { prisma } from "~/utils/db.server";
import { cachedRead, invalidateReadCache, readCacheGeneration } from "~/utils/read-cache.server";
import { createService as insertService, createUser } from "../support/factories";

describe("read cache", () => {
  it("runs one query for concurrent misses and none for a hit", async () => {
    invalidateReadCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return loads;
    };
    const [first, second] = await Promise.all([cachedRead("k", load), cachedRead("k", load)]);
    expect([first, second, await cachedRead("k", load)]).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
  });

  it("forgets a failed load", async () => {
    invalidateReadCache();
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
    expect(readCacheGeneration()).toBeGreaterThan(generation);
    expect(await countServices()).toBe(before + 1);
    const page = await getServicePage("1");
    expect(page.ok && page.services[0]?.name).toBe("Cached Whitening");
    expect(firstPage.ok && firstPage.services[0]?.name).not.toBe("Cached Whitening");
    await updateClinicSettings({ serviceApprovalRequired: true });
  });

  it("shows a new review at once in GET /api/reviews' list", async () => {
    const user = await createUser();
    const service = await insertService();
    const before = await listReviews();
    const result = await createReview(
      { name: "Ana", service: service.id, message: "Painless and quick.", rating: "5" },
      user.id,
    );
    expect(result.ok).toBe(true);
    const after = await listReviews();
    expect(after).toHaveLength(Math.min(before.length + 1, 20));
    expect(after[0]?.message).toBe("Painless and quick.");
  });

  it("keeps serving the cached answer to a write made around the domain until invalidated", async () => {
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
    expect(await countServices()).toBe(before);
    invalidateReadCache();
    expect(await countServices()).toBe(before + 1);
  });
});
