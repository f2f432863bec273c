import { describe, expect, it } from "vitest";
import { parseEnv, serverConfig } from "~/infra/env.server";

describe("environment", () => {
  it("requires SESSION_SECRET in production, with a one-line message", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(
      "Invalid environment: SESSION_SECRET: SESSION_SECRET is required in production",
    );
  });

  it("reads no NODE_ENV as production: a secret is required, and the server runs as production", () => {
    expect(() => parseEnv({})).toThrow(
      "Invalid environment: SESSION_SECRET: SESSION_SECRET is required in production",
    );
    expect(() => parseEnv({ SESSION_SECRET: " , " })).toThrow(/SESSION_SECRET is required/);
    const env = parseEnv({ SESSION_SECRET: "a-real-secret" });
    expect(env.NODE_ENV).toBe("production");
    expect(env.SESSION_SECRETS).toEqual(["a-real-secret"]);
    expect(serverConfig(env).mode).toBe("production");
  });

  it("has development defaults", () => {
    const env = parseEnv({ NODE_ENV: "development" });
    expect(env.NODE_ENV).toBe("development");
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBe("file:./data/clinic.db");
    expect(env.SESSION_SECRETS).toHaveLength(1);
    expect(env.SESSION_SECRETS[0]!.length).toBeGreaterThan(10);
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(serverConfig(env).mode).toBe("development");
  });

  it("refuses a port that is not a port", () => {
    expect(() => parseEnv({ PORT: "http" })).toThrow(/Invalid environment: PORT/);
  });

  it("takes several comma-separated session secrets, newest first", () => {
    const env = parseEnv({ NODE_ENV: "production", SESSION_SECRET: " newest , older,, oldest " });
    expect(env.SESSION_SECRETS).toEqual(["newest", "older", "oldest"]);
  });

  it("validates the server's settings in the same schema", () => {
    const env = parseEnv({
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: "4000",
      TRUST_PROXY: "true",
      BODY_LIMIT_BYTES: "2048",
      RATE_LIMIT_WRITES_PER_MINUTE: "5",
      RATE_LIMIT_SIGNIN_PER_MINUTE: "2",
      REQUEST_LOG: "false",
    });
    expect(serverConfig(env)).toEqual({
      mode: "production",
      PORT: 4000,
      HOST: "127.0.0.1",
      APP_URL: "http://localhost:4000",
      PUBLIC_ORIGIN: null,
      TRUST_PROXY: true,
      GOOGLE_CLIENT_ID: undefined,
      BODY_LIMIT_BYTES: 2048,
      REQUEST_LOG: false,
      RESPONSE_CACHE_MB: 16,
    });
    expect(env).toMatchObject({ RATE_LIMIT_WRITES_PER_MINUTE: 5, RATE_LIMIT_SIGNIN_PER_MINUTE: 2 });
    expect(
      serverConfig(parseEnv({ NODE_ENV: "test", APP_URL: "https://clinic.example/app" }))
        .PUBLIC_ORIGIN,
    ).toBe("https://clinic.example");
    expect(() => parseEnv({ NODE_ENV: "test", BODY_LIMIT_BYTES: "-1" })).toThrow(
      /^Invalid environment: BODY_LIMIT_BYTES: /,
    );
    expect(() => parseEnv({ NODE_ENV: "test", TRUST_PROXY: "yes" })).toThrow(
      /^Invalid environment: TRUST_PROXY: /,
    );
  });
});
