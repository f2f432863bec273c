import { describe, expect, it } from "vitest";
import { parseEnv } from "~/infra/env.server";
import {
  accountKey,
  accountLockedMessage,
  Bucket,
  clientKey,
  createRateLimits,
  RATE_LIMIT_MESSAGE,
  registrationsMessage,
} from "~/infra/rate-limit.server";

describe("a bucket", () => {
  it("allows its points, then refuses with 429, the message and the seconds to wait", async () => {
    const bucket = new Bucket(3, 60, () => "wait");
    for (let i = 0; i < 3; i += 1) expect(await bucket.take("ip")).toBeNull();
    const refused = await bucket.take("ip");
    expect(refused).toMatchObject({ ok: false, status: 429, message: "wait" });
    expect(refused?.retryAfter).toBeGreaterThan(0);
    expect(refused?.retryAfter).toBeLessThanOrEqual(60);
  });

  it("counts each key on its own", async () => {
    const bucket = new Bucket(1, 60, () => "wait");
    expect(await bucket.take("1.1.1.1")).toBeNull();
    expect(await bucket.take("2.2.2.2")).toBeNull();
    expect(await bucket.take("1.1.1.1")).not.toBeNull();
  });

  it("takes a point given back again, and gives back no more than was taken", async () => {
    const bucket = new Bucket(2, 60, () => "wait");
    await bucket.giveBack("never-taken");
    expect(await bucket.take("never-taken")).toBeNull();
    expect(await bucket.take("never-taken")).toBeNull();
    expect(await bucket.take("never-taken")).not.toBeNull();

    expect(await bucket.take("k")).toBeNull();
    await bucket.giveBack("k");
    await bucket.giveBack("k");
    expect(await bucket.take("k")).toBeNull();
    expect(await bucket.take("k")).toBeNull();
    expect(await bucket.take("k")).not.toBeNull();
  });
});

describe("the app's buckets", () => {
  it("are sized by their env settings, with the documented defaults", () => {
    const defaults = createRateLimits(parseEnv({ NODE_ENV: "test" }));
    expect(defaults.signIn).toMatchObject({ points: 10, seconds: 60 });
    expect(defaults.loginFailures).toMatchObject({ points: 10, seconds: 900 });
    // Well above one address's bound: an address cannot use it up for everyone.
    expect(defaults.accountChecks).toMatchObject({ points: 100, seconds: 900 });
    expect(defaults.registrations).toMatchObject({ points: 5, seconds: 3600 });
    expect(defaults.writes).toMatchObject({ points: 60, seconds: 60 });
    const set = createRateLimits(
      parseEnv({
        NODE_ENV: "test",
        RATE_LIMIT_SIGNIN_PER_MINUTE: "3",
        RATE_LIMIT_ACCOUNT_FAILURES_PER_15_MINUTES: "4",
        RATE_LIMIT_ACCOUNT_CHECKS_PER_15_MINUTES: "40",
        RATE_LIMIT_REGISTRATIONS_PER_HOUR: "2",
        RATE_LIMIT_WRITES_PER_MINUTE: "7",
      }),
    );
    expect(
      [set.signIn, set.loginFailures, set.accountChecks, set.registrations, set.writes].map(
        (b) => b.points,
      ),
    ).toEqual([3, 4, 40, 2, 7]);
    expect(() => parseEnv({ NODE_ENV: "test", RATE_LIMIT_REGISTRATIONS_PER_HOUR: "0" })).toThrow(
      /^Invalid environment: RATE_LIMIT_REGISTRATIONS_PER_HOUR/,
    );
  });

  it("refuse with messages that say how long to wait", async () => {
    const limits = createRateLimits(
      parseEnv({
        NODE_ENV: "test",
        RATE_LIMIT_SIGNIN_PER_MINUTE: "1",
        RATE_LIMIT_ACCOUNT_FAILURES_PER_15_MINUTES: "1",
        RATE_LIMIT_REGISTRATIONS_PER_HOUR: "1",
      }),
    );
    await limits.signIn.take("c");
    expect((await limits.signIn.take("c"))?.message).toBe(RATE_LIMIT_MESSAGE);
    await limits.loginFailures.take("a");
    expect((await limits.loginFailures.take("a"))?.message).toBe(accountLockedMessage(900));
    await limits.registrations.take("c");
    expect((await limits.registrations.take("c"))?.message).toBe(registrationsMessage(3600));
    expect(accountLockedMessage(900)).toContain("wait 15 minutes");
    expect(registrationsMessage(3600)).toContain("in 60 minutes");
    expect(accountLockedMessage(30)).toContain("wait a minute");
  });
});

describe("keys", () => {
  it("count a client by its IPv4 address, also when written as IPv6", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("count an IPv6 client by its /64, however the address is written", () => {
    const key = clientKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd");
    expect(key).toBe("2001:0db8:0001:0002::/64");
    expect(clientKey("2001:db8:1:2::1")).toBe(key);
    expect(clientKey("2001:DB8:1:2:ffff::")).toBe(key);
    expect(clientKey("2001:db8:1:3::1")).not.toBe(key);
    expect(clientKey("::1")).toBe("0000:0000:0000:0000::/64");
    expect(clientKey("64:ff9b::203.0.113.7")).toBe("0064:ff9b:0000:0000::/64");
  });

  it("leave anything that is not an address as it is", () => {
    expect(clientKey("unknown")).toBe("unknown");
  });

  it("name an account by a digest of the address typed, case and spaces aside", () => {
    expect(accountKey(" Someone@Example.com ")).toBe(accountKey("someone@example.com"));
    expect(accountKey("someone@example.com")).not.toBe(accountKey("someone-else@example.com"));
    expect(accountKey("someone@example.com")).not.toContain("someone");
  });
});
