import { describe, expect, it } from "vitest";
import { createRateLimiter } from "~/utils/rate-limit.server";

describe("fixed-window rate limiter", () => {
  it("allows the limit, refuses the next, and opens again in the next window", () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000 });
    const start = 1_000_000;
    for (let i = 0; i < 3; i += 1) expect(limiter.hit("ip", start + i).ok).toBe(true);
    expect(limiter.hit("ip", start + 10_000)).toEqual({ ok: false, retryAfter: 50 });
    expect(limiter.hit("ip", start + 60_000).ok).toBe(true);
  });

  it("counts each key on its own", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 });
    expect(limiter.hit("login:1.1.1.1", 0).ok).toBe(true);
    expect(limiter.hit("login:2.2.2.2", 0).ok).toBe(true);
    expect(limiter.hit("register:1.1.1.1", 0).ok).toBe(true);
    expect(limiter.hit("login:1.1.1.1", 0).ok).toBe(false);
  });
});
