// The rate limits several instances share on PostgreSQL (issue 33 item 3): every bucket
// counts in the table its migration made (rate_limit_points), so a client's attempts on
// one instance are counted by the other too. PostgreSQL only (vitest.config.ts,
// POSTGRES_ONLY): on SQLite one process counts in its memory.
import { afterAll, describe, expect, it } from "vitest";
import { prisma, sharedPool } from "~/infra/db.server";
import { Bucket, rateLimits } from "~/infra/rate-limit.server";
import { otherInstancePool } from "../../support/postgres";

/** Another instance's connections to the same database. */
const otherInstance = otherInstancePool(2);
afterAll(() => otherInstance.end());

describe("rate limits on PostgreSQL", () => {
  it("count one bucket across instances: what one takes, the other cannot", async () => {
    const here = new Bucket(2, 60, () => "wait", { name: "shared-test", pool: sharedPool()! });
    const there = new Bucket(2, 60, () => "wait", { name: "shared-test", pool: otherInstance });
    expect(await here.take("198.51.100.7")).toBeNull();
    expect(await there.take("198.51.100.7")).toBeNull();
    expect(await here.take("198.51.100.7")).toMatchObject({ status: 429, message: "wait" });
    expect(await there.take("198.51.100.7")).toMatchObject({ status: 429 });
    // A point given back on one instance (a login that succeeded) is there for the other.
    expect(await here.take("198.51.100.9")).toBeNull();
    await there.giveBack("198.51.100.9");
    expect(await here.take("198.51.100.9")).toBeNull();
    expect(await there.take("198.51.100.9")).toBeNull();
    expect(await here.take("198.51.100.9")).toMatchObject({ status: 429 });
  });

  it("keep the app's own buckets in the migration's table, under each bucket's name", async () => {
    await rateLimits().signIn.take("203.0.113.9");
    await rateLimits().signIn.take("203.0.113.9");
    const row = await prisma.rateLimitPoints.findUnique({ where: { key: "signIn:203.0.113.9" } });
    expect(row?.points).toBe(2);
    await rateLimits().signIn.forget("203.0.113.9");
    expect(
      await prisma.rateLimitPoints.findUnique({ where: { key: "signIn:203.0.113.9" } }),
    ).toBeNull();
  });
});
