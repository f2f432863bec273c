import type { HeadersFunction } from "@remix-run/node";

/**
 * The headers pages and the API answer with, beyond their bodies. First, what may keep a
 * copy of an answer, in one place. Public pages and the public JSON reads
 * say `public, s-maxage=...`: shared caches (the server's own response cache, a CDN) may
 * keep them, browsers revalidate. Everything a visitor sees as their own says
 * `private, no-store`. The server's response cache keeps only what says public
 * (server/response-cache.ts), and every write to what they show moves its generation
 * (ADR 046), so the age only bounds what depends on the clock (the footer's year, "today").
 */

export const PAGE_CACHE_SECONDS = 60;
export const API_CACHE_SECONDS = 300;
export const PRIVATE_NO_STORE = "private, no-store";

export function publicCache(seconds: number): string {
  return `public, max-age=0, s-maxage=${seconds}`;
}

/**
 * The `headers` export of a page that is the same for every visitor who is not signed
 * in. entry.server.tsx turns it private for anyone who is (see `pageCachePolicy`).
 */
export const publicPageHeaders: HeadersFunction = ({ errorHeaders }) => {
  const headers = new Headers();
  if (!errorHeaders) headers.set("Cache-Control", publicCache(PAGE_CACHE_SECONDS));
  return headers;
};

/**
 * The last word on every page and page-data answer (entry.server.tsx): a page shows who is
 * signed in and the pending toast, so it differs by Cookie; sent to a request with a
 * cookie or a token, or setting a cookie, it is that visitor's own and nothing may keep
 * it; an error is not kept either.
 */
export function pageCachePolicy(request: Request, status: number, headers: Headers): void {
  const vary = headers.get("vary");
  if (
    !vary
      ?.toLowerCase()
      .split(/\s*,\s*/)
      .includes("cookie")
  ) {
    headers.set("vary", vary ? `${vary}, Cookie` : "Cookie");
  }
  const personal =
    request.headers.has("cookie") ||
    request.headers.has("authorization") ||
    headers.has("set-cookie");
  if (personal) headers.set("cache-control", PRIVATE_NO_STORE);
  else if (status >= 500) headers.set("cache-control", "no-store");
}
