import type { Request, RequestHandler } from "express";
import type { ServerConfig } from "./config";
import { refuse } from "./refuse";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin a browser says the request came from: Origin, else Referer's origin. */
function sourceOrigin(req: Request): string | null | undefined {
  const origin = req.headers.origin;
  if (origin) return origin === "null" ? null : origin;
  const referer = req.headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * Refuses state-changing requests that a browser sent from another site. Browsers attach
 * the session cookie to a cross-site form post (SameSite=Lax still allows top-level
 * POST navigations in some browsers, and always allows them from sibling subdomains),
 * so the Origin is what tells the clinic's own forms apart from someone else's.
 * A request carrying its token in Authorization is not at risk: no browser adds that
 * header on its own, so the JSON API with a token works from anywhere.
 */
export function csrfGuard(config: ServerConfig): RequestHandler {
  const appOrigin = config.APP_URL ? new URL(config.APP_URL).origin : null;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || req.headers.authorization) return next();
    const source = sourceOrigin(req);
    if (source === undefined) {
      // No Origin or Referer: not a modern browser's cross-site post (they always send
      // Origin on POST), unless Fetch Metadata says otherwise.
      if (req.headers["sec-fetch-site"] === "cross-site") {
        return refuse(req, res, 403, "Cross-site request refused");
      }
      return next();
    }
    if (source !== null && isSameSite(source, req, config, appOrigin)) return next();
    refuse(req, res, 403, "Cross-site request refused");
  };
}

function isSameSite(source: string, req: Request, config: ServerConfig, appOrigin: string | null) {
  if (source === appOrigin) return true;
  let host: string;
  try {
    host = new URL(source).host;
  } catch {
    return false;
  }
  const forwardedHost = config.TRUST_PROXY ? req.headers["x-forwarded-host"] : undefined;
  const requestHost = (typeof forwardedHost === "string" && forwardedHost) || req.headers.host;
  return Boolean(requestHost) && host === requestHost;
}
