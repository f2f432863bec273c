import { describe, expect, it } from "vitest";
import {
  afterFailure,
  backoffDelayMs,
  isPermanentSmtpError,
  type OutboxPolicy,
} from "~/models/mail/outbox-rules";

const policy: OutboxPolicy = {
  maxAttempts: 5,
  lockMs: 60_000,
  baseDelayMs: 60_000,
  maxDelayMs: 10 * 60_000,
};
const NOW = new Date("2026-11-23T10:00:00Z");
const transient = Object.assign(new Error("Try again later"), { responseCode: 451 });

describe("backoffDelayMs", () => {
  it("doubles from the base after each failed attempt", () => {
    expect([1, 2, 3, 4].map((attempts) => backoffDelayMs(attempts, policy))).toEqual([
      60_000, 120_000, 240_000, 480_000,
    ]);
  });

  it("stops growing at the cap, however many attempts", () => {
    expect(backoffDelayMs(5, policy)).toBe(600_000);
    expect(backoffDelayMs(1_000, policy)).toBe(600_000);
  });
});

describe("isPermanentSmtpError", () => {
  it("takes an SMTP 5xx answer as final and anything else as worth retrying", () => {
    expect(isPermanentSmtpError({ responseCode: 550 })).toBe(true);
    expect(isPermanentSmtpError(transient)).toBe(false);
    expect(
      isPermanentSmtpError(Object.assign(new Error("refused"), { code: "ECONNREFUSED" })),
    ).toBe(false);
    expect(isPermanentSmtpError(null)).toBe(false);
  });
});

describe("afterFailure", () => {
  it("schedules the next attempt after the backoff while attempts remain", () => {
    expect(afterFailure(2, transient, NOW, policy)).toEqual({
      status: "pending",
      nextAttemptAt: new Date(NOW.getTime() + 120_000),
    });
  });

  it("marks the message failed once the last attempt failed", () => {
    expect(afterFailure(5, transient, NOW, policy).status).toBe("failed");
    expect(afterFailure(4, transient, NOW, policy).status).toBe("pending");
  });

  it("marks the message failed at once when the server refused it for good", () => {
    expect(afterFailure(1, { responseCode: 550 }, NOW, policy).status).toBe("failed");
  });
});
