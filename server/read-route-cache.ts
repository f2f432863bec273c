import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/node";
import type {
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from "express";
import { readCacheGeneration } from "../app/utils/read-cache.server";

/** The public JSON reads: the same answer for every visitor until the next write. */
const CACHEABLE = [
  /^\/api\/product-count$/,
  /^\/api\/product-list\/[^/]+$/,
  /^\/api\/reviews$/,
  /^\/api\/get-product(\/[^/]+)?$/,
];
const MAX_ENTRIES = 500;
const MAX_BODY_BYTES = 512 * 1024;
const KEPT_HEADERS = ["content-type", "cache-control", "vary"];

type Cached = {
  generation: number;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
};

/**
 * Serves the public JSON reads of the API from memory. A miss goes through the Remix
 * resource route as usual (these stay ordinary Remix routes); its answer is kept until
 * the app's read cache moves to a new generation, which every write does. Hits skip
 * building a Fetch Request and matching routes, the bulk of a small read's cost.
 */
export function readRouteCache(
  getBuild: () => ServerBuild,
  mode: string,
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext,
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

  return async (req, res, next) => {
    if (
      (req.method !== "GET" && req.method !== "HEAD") ||
      req.headers.authorization ||
      !CACHEABLE.some((pattern) => pattern.test(req.path))
    ) {
      return next();
    }
    const key = req.originalUrl;
    const generation = readCacheGeneration();
    const hit = entries.get(key);
    if (hit && hit.generation === generation) {
      res.status(hit.status).set(hit.headers).set("content-length", String(hit.body.length));
      res.end(req.method === "HEAD" ? undefined : hit.body);
      return;
    }
    try {
      const url = new URL(key, `${req.protocol}://${req.headers.host ?? "localhost"}`);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const response = await handler()(
        new Request(url, { method: req.method, headers }),
        getLoadContext(req, res),
      );
      const body = Buffer.from(await response.arrayBuffer());
      const kept: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = response.headers.get(name);
        if (value) kept[name] = value;
      }
      if (
        response.status === 200 &&
        req.method === "GET" &&
        !response.headers.has("set-cookie") &&
        body.length <= MAX_BODY_BYTES &&
        readCacheGeneration() === generation
      ) {
        if (entries.size >= MAX_ENTRIES) {
          const oldest = entries.keys().next().value;
          if (oldest !== undefined) entries.delete(oldest);
        }
        entries.set(key, { generation, status: response.status, headers: kept, body });
      }
      res.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== "content-length" && name !== "content-encoding") res.append(name, value);
      });
      res.set("content-length", String(body.length));
      res.end(req.method === "HEAD" ? undefined : body);
    } catch (error) {
      next(error);
    }
  };
}
