// The two counts several instances on PostgreSQL must share beyond the rate limits' points
// (issue 33 item 3): the hourly bound on distinct patients a staff member reads, kept in
// `rate_limit_items`, and the texts' monthly cap, checked and reserved under one lock. A
// second pool on the same database stands for another instance's connections; two delivery
// passes at once, each on its own connections, for two instances sweeping the outbox.
// PostgreSQL only (vitest.config.ts, POSTGRES_ONLY): on SQLite one process counts both.
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma, sharedPool } from "~/infra/db.server";
import { SharedDistinctBucket } from "~/infra/distinct-limit.server";
import { patientReadsMessage, rateLimits } from "~/infra/rate-limit.server";
import { deliverDue } from "~/models/mail/outbox.server";
import { updateClinicSettings } from "~/models/settings/clinic-settings.server";
import { enqueueText } from "~/models/sms/outbound.server";
import { DROP_REASONS } from "~/models/sms/send-rules";
import { clinicTimeToUtc } from "~/utils/clinic-time";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import { otherInstancePool } from "../../support/postgres";
import { startTwilioStandIn, type TwilioStandIn } from "../../support/twilio-stand-in";
import { TEST_TWILIO } from "../../support/twilio-signing";

/** Another instance's connections to the same database. */
const otherInstance = otherInstancePool(4);
afterAll(() => otherInstance.end());

const bucketOn = (pool: pg.Pool, points: number, name = "bound-test") =>
  new SharedDistinctBucket(points, 3600, patientReadsMessage, { name, pool });

describe("the hourly bound of distinct patients read, on PostgreSQL", () => {
  it("is reached across instances: the next new patient is refused on the other one", async () => {
    const here = rateLimits().patientReads;
    const there = bucketOn(otherInstance, here.points, "patientReads");
    const staff = "staff-across";
    try {
      const seen = Array.from({ length: here.points - 1 }, (_, n) => `patient-${n}`);
      expect(await here.take(staff, seen)).toBeNull();
      expect(await there.take(staff, ["patient-last"])).toBeNull();
      expect(await here.count(staff)).toBe(here.points);
      const refused = await there.take(staff, ["patient-one-more"]);
      expect(refused).toMatchObject({
        failure: { status: 429, message: patientReadsMessage(3600), retryAfter: 3600 },
        firstOfWindow: true,
        count: here.points,
      });
      // Logged once per window, whichever instance refuses next.
      expect(await here.take(staff, ["patient-another"])).toMatchObject({ firstOfWindow: false });
      // The same patients again are not new, on either instance.
      expect(await there.take(staff, ["patient-0", "patient-last"])).toBeNull();
      expect(await here.take(staff, ["patient-last"])).toBeNull();
    } finally {
      await here.forget(staff);
    }
    expect(await there.count(staff)).toBe(0);
  });

  it("holds when both instances take at once: never more than the bound", async () => {
    const pools = [sharedPool()!, otherInstance];
    const buckets = pools.map((pool) => bucketOn(pool, 10));
    const staff = "staff-racing";
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, n) => buckets[n % 2]!.take(staff, [`racer-${n}`])),
    );
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome?.firstOfWindow)).toHaveLength(1);
    expect(await buckets[0]!.count(staff)).toBe(10);
    await buckets[0]!.forget(staff);
  });

  it("starts a new window after the hour, and prunes ended windows", async () => {
    const here = bucketOn(sharedPool()!, 2);
    const there = bucketOn(otherInstance, 2);
    const start = Date.now();
    expect(await here.take("staff-early", ["a", "b"], start)).toBeNull();
    expect(await here.take("staff-early", ["c"], start + 1000)).toMatchObject({
      failure: { retryAfter: 3599 },
    });
    const later = start + 3600 * 1000;
    // The window ended: a new one, where the patient read before counts once again.
    expect(await there.take("staff-early", ["a", "c"], later)).toBeNull();
    expect(await here.take("staff-other", ["x"], later)).toBeNull();
    expect(await there.count("staff-early", later)).toBe(2);
    // Another key's window opened after the first one's ended: its rows are gone.
    expect(await here.take("staff-late", ["y"], later + 3600 * 1000)).toBeNull();
    const left = await prisma.rateLimitItem.findMany({
      where: { key: { startsWith: "bound-test:staff-" } },
      select: { key: true },
    });
    expect(left.map((row) => row.key)).toEqual(["bound-test:staff-late"]);
    await here.forget("staff-late");
  });
});

describe("the texts' monthly cap, on PostgreSQL", () => {
  let twilio: TwilioStandIn;
  beforeAll(async () => {
    twilio = await startTwilioStandIn();
    Object.assign(process.env, TEST_TWILIO, {
      SMS_PROVIDER: "twilio",
      TWILIO_API_BASE: twilio.url,
    });
  });
  afterAll(async () => {
    for (const name of ["SMS_PROVIDER", "TWILIO_API_BASE", ...Object.keys(TEST_TWILIO)]) {
      delete process.env[name];
    }
    await twilio.close();
  });

  it("is never passed by two instances sending at once: 20 due, a cap of 5, 5 sent", async () => {
    const now = clinicTimeToUtc(upcoming(TUESDAY, 3), "12:00");
    await updateClinicSettings({ smsMonthlyCap: 5 });
    try {
      for (let n = 0; n < 20; n += 1) {
        await enqueueText(
          {
            dedupeKey: `race:${n}`,
            kind: "reminder",
            to: `+1201555${String(7000 + n)}`,
            body: `Racing ${n}`,
          },
          now,
        );
      }
      // Each send takes a while at the provider, so the two passes' sends overlap (as they
      // would across instances): a count taken while the other's text is on its way.
      twilio.answerAfter(100);
      const passes = await Promise.all([deliverDue(now), deliverDue(now)]);
      expect(passes.reduce((sent, pass) => sent + pass.sent, 0)).toBe(5);
      expect(twilio.texts.filter((text) => text.body.startsWith("Racing"))).toHaveLength(5);
      const rows = await prisma.outboxMessage.groupBy({
        by: ["status", "lastError"],
        where: { dedupeKey: { startsWith: "sms:race:" } },
        _count: true,
      });
      expect(
        rows
          .map((row) => [row.status, row.lastError, row._count])
          .sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
      ).toEqual([
        ["dropped", DROP_REASONS.cap(5), 15],
        ["sent", null, 5],
      ]);
    } finally {
      twilio.answerAfter(0);
      await updateClinicSettings({ smsMonthlyCap: 1000 });
    }
  });
});
