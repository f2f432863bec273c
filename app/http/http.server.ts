import { data } from "@remix-run/node";
import type { BadRequest } from "~/utils/bad-request";
import { type Failure, retryAfterHeaders } from "~/utils/result";

/** Merges headers from several sources, keeping every Set-Cookie. */
export function combineHeaders(...sources: Array<HeadersInit | null | undefined>): Headers {
  const combined = new Headers();
  for (const source of sources) {
    if (!source) continue;
    for (const [key, value] of new Headers(source).entries()) {
      combined.append(key, value);
    }
  }
  return combined;
}

/** The path and query of a request, for sending a visitor back after login. */
export function requestPath(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** The 400 a loader throws for a query parameter it cannot use; the page shows the message. */
export function badRequest(message: string) {
  const body: BadRequest = { badRequest: true, message };
  return data(body, { status: 400, headers: { "cache-control": "no-store" } });
}

/**
 * The 429 a staff page's loader throws once the staff member's hourly bound of patients read
 * is reached: the error boundary shows the message as it shows a 400's.
 */
export function tooManyReads(failure: Failure) {
  const body: BadRequest = { badRequest: true, message: failure.message };
  return data(body, {
    status: failure.status,
    headers: { "cache-control": "no-store", ...retryAfterHeaders(failure) },
  });
}
