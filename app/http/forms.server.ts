import { createCookie, data } from "@remix-run/node";
import { cookieOptions } from "~/infra/cookie.server";
import { getEnv } from "~/infra/env.server";
import { KIOSK_MINUTES } from "~/models/forms/kiosk.server";
import type { BadRequest } from "~/utils/bad-request";
import { type Failure, retryAfterHeaders } from "~/utils/result";

/**
 * The HTTP side of the forms (docs/decisions/050-medical-history-and-consent-forms.md): a
 * loader's refusal as a page, who signed (address and browser), and the desk tablet's own
 * cookie, which holds its token and nothing of any staff session.
 */

/** A loader's refusal (403, 404, 429) as the page that says why. */
export function pageRefusal(failure: Failure) {
  const body: BadRequest = { badRequest: true, message: failure.message };
  return data(body, {
    status: failure.status,
    headers: { "cache-control": "no-store", ...retryAfterHeaders(failure) },
  });
}

/** A resource route's refusal (a PDF that cannot be given): its message as plain text. */
export function textRefusal(failure: Failure): Response {
  return new Response(failure.message, {
    status: failure.status,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
      ...retryAfterHeaders(failure),
    },
  });
}

/** Where a form was signed from: the client's address as the server sees it, and its browser. */
export function signingClient(
  request: Request,
  context: { clientIp?: unknown },
): { clientIp: string; userAgent: string } {
  return {
    clientIp: typeof context.clientIp === "string" ? context.clientIp : "",
    userAgent: request.headers.get("user-agent") ?? "",
  };
}

const kioskCookie = () =>
  createCookie(getEnv().NODE_ENV === "production" ? "__Host-kiosk" : "kiosk", {
    ...cookieOptions({ maxAge: KIOSK_MINUTES * 60 }),
    sameSite: "strict",
  });

/** The tablet's token, or null. */
export async function kioskToken(request: Request): Promise<string | null> {
  const value: unknown = await kioskCookie().parse(request.headers.get("cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/** The Set-Cookie that gives the tablet its token, or (null) takes it away. */
export function kioskCookieHeader(token: string | null): Promise<string> {
  return token === null
    ? kioskCookie().serialize("", { maxAge: 0 })
    : kioskCookie().serialize(token);
}
