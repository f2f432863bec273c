import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce } from "../../../server/security-headers";

describe("the CSP nonce", () => {
  it("is 128 bits in base64, and never repeats across the pool's refills", () => {
    const nonces = Array.from({ length: 1_000 }, () => newNonce());
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});

describe("the content security policy", () => {
  const production = {
    APP_URL: "https://clinic.example",
    mode: "production",
    GOOGLE_CLIENT_ID: "client-id",
  } as Parameters<typeof contentSecurityPolicy>[0];

  it("puts the nonce in script-src only, and keeps every other directive whole", () => {
    const [before, after] = contentSecurityPolicy(production);
    const policy = `${before}NONCE${after}`;
    expect(policy).toBe(
      "default-src 'self';base-uri 'self';script-src 'self' 'nonce-NONCE';script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';img-src 'self' https: http: data:;font-src 'self' data:;" +
        "connect-src 'self';frame-src https://www.openstreetmap.org;frame-ancestors 'none';" +
        "form-action 'self' https://accounts.google.com;object-src 'none';upgrade-insecure-requests",
    );
  });

  it("lets the dev server's WebSocket through, and upgrades nothing on plain http", () => {
    const [before, after] = contentSecurityPolicy({
      ...production,
      APP_URL: "http://localhost:3000",
      mode: "development",
      GOOGLE_CLIENT_ID: undefined,
    });
    const policy = `${before}NONCE${after}`;
    expect(policy).toContain(";connect-src 'self' ws:;");
    expect(policy).toContain(";form-action 'self';");
    expect(policy).not.toContain("upgrade-insecure-requests");
  });
});
