import { describe, expect, it } from "vitest";
import { parseEnv } from "~/utils/env.server";

describe("environment", () => {
  it("requires SESSION_SECRET in production, with a one-line message", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(
      "Invalid environment: SESSION_SECRET: SESSION_SECRET is required in production",
    );
  });

  it("has development defaults", () => {
    const env = parseEnv({});
    expect(env.NODE_ENV).toBe("development");
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBe("file:./data/clinic.db");
    expect(env.SESSION_SECRET.length).toBeGreaterThan(10);
    expect(env.APP_URL).toBe("http://localhost:3000");
  });

  it("refuses a port that is not a port", () => {
    expect(() => parseEnv({ PORT: "http" })).toThrow(/Invalid environment: PORT/);
  });
});
