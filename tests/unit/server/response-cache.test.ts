import type { Request as ExpressRequest } from "express";
import { describe, expect, it } from "vitest";
import { createResponseCache } from "../../../server/response-cache";

/** The parts of an Express request the cache reads. */
function request(
  originalUrl: string,
  headers: Record<string, string> = {},
  method = "GET",
): ExpressRequest {
  return { method, originalUrl, headers } as unknown as ExpressRequest;
}

function answer(headers: Record<string, string>, status = 200, body = "<p>page</p>") {
  return new Response(body, { status, headers });
}

const PUBLIC = "public, max-age=0, s-maxage=60";

describe("which requests the response cache may answer", () => {
  const cache = createResponseCache(16);

  it("keys a cookie-less GET or HEAD of a plain path by that path", () => {
    expect(cache.keyFor(request("/"))).toBe("/");
    expect(cache.keyFor(request("/product/teeth-cleaning"))).toBe("/product/teeth-cleaning");
    expect(cache.keyFor(request("/blog", {}, "HEAD"))).toBe("/blog");
  });

  it.each([
    // The production session cookie (app/infra/cookie.server.ts), the development one, the
    // toast: and any other cookie, since the server knows no cookie names.
    ["__Host-session=abc"],
    ["__session=abc"],
    ["en_toast=abc"],
    ["theme=dark; __Host-session=abc"],
    ["anything=1"],
  ])("never answers a request carrying a cookie (%s)", (cookie) => {
    expect(cache.keyFor(request("/", { cookie }))).toBeNull();
  });

  it("never answers a request with credentials, a write, or a URL in another spelling", () => {
    expect(cache.keyFor(request("/", { authorization: "Bearer token" }))).toBeNull();
    expect(cache.keyFor(request("/", {}, "POST"))).toBeNull();
    for (const url of ["/?page=2", "/Blog", "/blog/", "/all%2Dservice", "/?bust=1"]) {
      expect(cache.keyFor(request(url))).toBeNull();
    }
  });
});

describe("which answers the response cache keeps", () => {
  const cache = createResponseCache(16);

  it("keeps a 200 that says public with s-maxage, for that many seconds", () => {
    expect(cache.keepFor(answer({ "cache-control": PUBLIC }))).toBe(60);
    expect(
      cache.keepFor(answer({ "cache-control": PUBLIC, vary: "Cookie, Accept-Encoding" })),
    ).toBe(60);
  });

  it.each([
    ["no Cache-Control", {}, 200],
    ["private", { "cache-control": "private, no-store" }, 200],
    ["public without s-maxage", { "cache-control": "public, max-age=60" }, 200],
    ["public but no-store", { "cache-control": `${PUBLIC}, no-store` }, 200],
    ["a Set-Cookie", { "cache-control": PUBLIC, "set-cookie": "__Host-session=x; Path=/" }, 200],
    ["a Vary on another header", { "cache-control": PUBLIC, vary: "Accept-Language" }, 200],
    ["an error status", { "cache-control": PUBLIC }, 404],
  ] as const)("keeps nothing with %s", (_, headers, status) => {
    expect(cache.keepFor(answer({ ...headers }, status))).toBe(0);
  });

  it("serves what it kept under the current generation only, with this response's nonce", async () => {
    await cache.store(
      "/",
      answer(
        { "cache-control": PUBLIC, "content-type": "text/html" },
        200,
        '<script nonce="n1">a</script><script nonce="n1">b</script>',
      ),
      { generation: "1:0", seconds: 60, nonce: "n1" },
    );
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.lookup("/", "2:0")).toBeUndefined();
    expect(cache.lookup("/", "1:0")).toBeUndefined();

    await cache.store(
      "/",
      answer(
        { "cache-control": PUBLIC, "content-type": "text/html" },
        200,
        '<script nonce="n1">a</script>',
      ),
      { generation: "2:0", seconds: 60, nonce: "n1" },
    );
    const entry = cache.lookup("/", "2:0");
    expect(entry?.pieces.map(String)).toEqual(["<script ", ">a</script>"]);
  });

  it("keeps no answer larger than an entry may be (1 MB)", async () => {
    const big = answer({ "cache-control": PUBLIC }, 200, "x".repeat(1024 * 1024 + 1));
    await cache.store("/big", big, { generation: "1:0", seconds: 60 });
    expect(cache.lookup("/big", "1:0")).toBeUndefined();
    await cache.store("/small", answer({ "cache-control": PUBLIC }), {
      generation: "1:0",
      seconds: 60,
    });
    expect(cache.lookup("/small", "1:0")?.length).toBe("<p>page</p>".length);
  });
});
