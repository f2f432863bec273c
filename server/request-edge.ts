import type { Request, RequestHandler } from "express";
import type { ServerConfig } from "./config";
import { refuse } from "./refuse";

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const ALLOWED = new Set(METHODS);
/** A null character, percent-encoded (a raw one is no valid request line). */
const NULL_CHARACTER = /%00/;
/** A host name or IP literal, with an optional port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The host the client asked for: the first X-Forwarded-Host (only ever present behind
 * a trusted proxy, see requestEdge), else Host. The same value Remix compares an
 * action's Origin with.
 */
export function requestHost(req: Request): string {
  const forwarded = req.headers["x-forwarded-host"];
  const first = typeof forwarded === "string" ? forwarded.split(",", 1)[0]?.trim() : undefined;
  return first || req.headers.host || "";
}

/**
 * The first refusals, before anything else reads the request: what would reach Remix
 * malformed and end as a 500 gets a clear 4xx here instead. A method no route answers
 * (TRACE, or anything invented) is 405; a Host (or trusted X-Forwarded-Host) that is no
 * host name is 400; a request line that is not a path, or whose path or query holds a null
 * character (%00: PostgreSQL's text cannot store it, ADR 051), is 400. Without TRUST_PROXY, an
 * X-Forwarded-Host is dropped: only our own proxy may say which host was asked for.
 */
export function requestEdge(config: ServerConfig): RequestHandler {
  return (req, res, next) => {
    if (!ALLOWED.has(req.method)) {
      return refuse(req, res, 405, "Method not allowed", { allow: METHODS.join(", ") });
    }
    if (!config.TRUST_PROXY) delete req.headers["x-forwarded-host"];
    if (!HOST.test(requestHost(req))) {
      return refuse(req, res, 400, "Bad request: the Host header does not name a host");
    }
    if (!req.originalUrl.startsWith("/")) return refuse(req, res, 400, "Bad request");
    if (NULL_CHARACTER.test(req.originalUrl)) {
      return refuse(req, res, 400, "Bad request: the address holds a null character");
    }
    next();
  };
}
