import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/node";
import type {
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from "express";
import { cspNonce } from "./security-headers";

/** The public JSON reads: the same answer for every client until the next write. */
const API_READS = [
  /^\/api\/product-count$/,
  /^\/api\/product-list\/[^/]+$/,
  /^\/api\/reviews$/,
  /^\/api\/get-product(\/[^/]+)?$/,
];
/** Public pages as an anonymous visitor sees them (no `.data` single-fetch requests). */
const PAGES = [/^\/$/, /^\/all-service$/, /^\/blog$/, /^\/product\/[^/.]+$/, /^\/tool\/[^/.]+$/];
/**
 * Cookies that make a page someone's own: the session (`__Host-session` in production,
 * app/utils/cookie.server.ts), and a toast waiting to be shown.
 */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Host-session|__session|en_toast)=/;

const MAX_ENTRIES = 500;
const MAX_BODY_BYTES = 512 * 1024;
// Every write clears the cache at once; the age limit only bounds what a page shows that
// depends on the clock (the footer's year, "today").
const PAGE_MAX_AGE_MS = 60_000;
const API_MAX_AGE_MS = 5 * 60_000;
const KEPT_HEADERS = ["content-type", "cache-control", "vary"];

type Cached = {
  generation: number;
  storedAt: number;
  status: number;
  headers: Record<string, string>;
  /**
   * The body, cut where a page's scripts carry the CSP nonce of the render that produced
   * it: a hit writes the pieces with its own response's nonce between them, so nothing
   * large is copied per request. A JSON answer is a single piece.
   */
  pieces: Buffer[];
  length: number;
};

function kindOf(req: ExpressRequest): "api" | "page" | null {
  if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.authorization) return null;
  if (API_READS.some((pattern) => pattern.test(req.path))) return "api";
  const cookie = req.headers.cookie;
  if (cookie && PERSONAL_COOKIE.test(cookie)) return null;
  if (PAGES.some((pattern) => pattern.test(req.path))) return "page";
  return null;
}

/**
 * Serves the public reads from memory: the JSON API's catalogue and reviews, and the
 * public pages as an anonymous visitor sees them. A miss goes through Remix as usual (these
 * stay ordinary Remix routes); its answer is kept until the app's read cache moves to a
 * new generation, which every write does. A hit skips building a Fetch Request, matching
 * routes, running loaders and rendering React: the bulk of a small read's cost.
 *
 * A cached page keeps its markup but never its nonce: each response's scripts carry the
 * nonce of that response's Content-Security-Policy.
 */
export function readRouteCache(
  getBuild: () => ServerBuild,
  mode: string,
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext,
  readCacheGeneration: () => number,
): RequestHandler {
  const entries = new Map<string, Cached>();
  let handlerFor: { build: ServerBuild; handle: ReturnType<typeof createRequestHandler> } | null =
    null;
  const handler = () => {
    const build = getBuild();
    if (handlerFor?.build !== build) {
      handlerFor = { build, handle: createRequestHandler(build, mode) };
    }
    return handlerFor.handle;
  };

  function send(req: ExpressRequest, res: ExpressResponse, entry: Cached) {
    const nonce = entry.pieces.length > 1 ? Buffer.from(`nonce="${cspNonce(res)}"`) : null;
    const length = entry.length + (nonce ? nonce.length * (entry.pieces.length - 1) : 0);
    res.status(entry.status).set(entry.headers).set("content-length", String(length));
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    res.cork();
    entry.pieces.forEach((piece, index) => {
      if (index > 0 && nonce) res.write(nonce);
      res.write(piece);
    });
    res.end();
    res.uncork();
  }

  return async (req, res, next) => {
    const kind = kindOf(req);
    if (!kind) return next();
    const key = req.originalUrl;
    const generation = readCacheGeneration();
    const now = Date.now();
    const hit = entries.get(key);
    const maxAge = kind === "page" ? PAGE_MAX_AGE_MS : API_MAX_AGE_MS;
    if (hit && hit.generation === generation && now - hit.storedAt < maxAge) {
      return send(req, res, hit);
    }
    try {
      const url = new URL(key, `${req.protocol}://${req.headers.host ?? "localhost"}`);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const context = getLoadContext(req, res);
      const response = await handler()(new Request(url, { method: "GET", headers }), context);
      const raw = Buffer.from(await response.arrayBuffer());
      const kept: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = response.headers.get(name);
        if (value) kept[name] = value;
      }
      const pieces =
        kind === "page" && context.cspNonce ? split(raw, `nonce="${context.cspNonce}"`) : [raw];
      const entry: Cached = {
        generation,
        storedAt: now,
        status: response.status,
        headers: kept,
        pieces,
        length: pieces.reduce((sum, piece) => sum + piece.length, 0),
      };
      const cacheable =
        response.status === 200 &&
        !response.headers.has("set-cookie") &&
        raw.length <= MAX_BODY_BYTES &&
        readCacheGeneration() === generation;
      if (cacheable) {
        entries.delete(key);
        if (entries.size >= MAX_ENTRIES) {
          const oldest = entries.keys().next().value;
          if (oldest !== undefined) entries.delete(oldest);
        }
        entries.set(key, entry);
        return send(req, res, entry);
      }
      res.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== "content-length" && name !== "content-encoding") res.append(name, value);
      });
      res.set("content-length", String(raw.length));
      res.end(req.method === "HEAD" ? undefined : raw);
    } catch (error) {
      next(error);
    }
  };
}

function split(body: Buffer, separator: string): Buffer[] {
  const pieces: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, start)) {
    pieces.push(body.subarray(start, at));
    start = at + separator.length;
  }
  pieces.push(body.subarray(start));
  return pieces;
}
