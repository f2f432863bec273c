import type { Request, RequestHandler } from "express";
import type { ServerConfig } from "./config";
import { refuse } from "./refuse";
import { requestHost } from "./request-edge";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** `Bearer <token>`, or the token alone: the API's two ways to send one. */
const TOKEN = /^(?:Bearer\s+)?[A-Za-z0-9._~+/=-]+$/i;

/** The host of the Origin header, null for `Origin: null`, undefined when absent, false when malformed. */
function originHost(req: Request): string | null | undefined | false {
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  if (origin === "null") return null;
  try {
    return new URL(origin).host || false;
  } catch {
    return false;
  }
}

function refererHost(req: Request): string | null | undefined {
  const referer = req.headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).host;
  } catch {
    return null;
  }
}

/** The paths whose requests prove themselves with a provider's signature. */
export function isSignedWebhook(path: string): boolean {
  return path === "/webhooks/sms" || path === "/webhooks/sms/status";
}

/**
 * Guards every write (POST, PUT, PATCH, DELETE), in this order:
 *
 * 1. A malformed Origin is a bad request (400), whoever sends it.
 * 2. With APP_URL set, a write addressed to another host is refused (421): the site
 *    answers forms at its own address only (a rebinding DNS name cannot post to it).
 * 3. A request that a browser sent from another site is refused (403). Browsers attach
 *    the session cookie to a cross-site form post (SameSite=Lax still allows top-level
 *    POST navigations in some browsers, and always from sibling subdomains), so the
 *    Origin (or Referer, or Fetch Metadata) must name this host. The one exception is a
 *    request authenticated by an API token alone: a token in Authorization and no cookie
 *    at all. No browser adds such a header on its own (Basic credentials it does add do
 *    not look like a token), and without a cookie the request carries nobody's session.
 *    Its Origin says nothing then, and is dropped, so that Remix's own check of it does
 *    not fail the request.
 *
 * It runs before the write limit, so refused requests never use up anyone's allowance.
 */
export function crossSiteGuard(config: ServerConfig): RequestHandler {
  const publicHost = config.PUBLIC_ORIGIN ? new URL(config.PUBLIC_ORIGIN).host : null;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    // Twilio's webhooks carry no cookie and no Origin: their signature is checked instead
    // (app/http/sms-webhook.server.ts, docs/decisions/052-text-messages.md).
    if (isSignedWebhook(req.path)) return next();
    const origin = originHost(req);
    if (origin === false) return refuse(req, res, 400, "Bad request: malformed Origin header");
    const host = requestHost(req);
    if (publicHost && host !== publicHost) {
      return refuse(req, res, 421, `This site answers at ${config.PUBLIC_ORIGIN} only`);
    }
    const authorization = req.headers.authorization;
    if (authorization && TOKEN.test(authorization) && req.headers.cookie === undefined) {
      delete req.headers.origin;
      return next();
    }
    const source = origin === undefined ? refererHost(req) : origin;
    if (source === undefined) {
      // No Origin or Referer: not a modern browser's cross-site post (they always send
      // Origin on POST), unless Fetch Metadata says otherwise.
      if (req.headers["sec-fetch-site"] === "cross-site") {
        return refuse(req, res, 403, "Cross-site request refused");
      }
      return next();
    }
    if (source !== null && source === host) return next();
    refuse(req, res, 403, "Cross-site request refused");
  };
}
