import {
  createReadableStreamFromReadable,
  createRequestHandler,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import type {
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from "express";
import { requestHost } from "./request-edge";
import type { ResponseCache } from "./response-cache";

type Options = {
  /** The current build (a new one after each rebuild in development). */
  getBuild: () => ServerBuild;
  mode: "development" | "production";
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /** The generation of what public answers show (`server.cacheGeneration`); null: keep nothing. */
  cacheGeneration: () => Promise<string | null>;
  /** Null when the response cache is off. */
  cache: ResponseCache | null;
};

/**
 * Hands a request to Remix and writes its answer, through the response cache: a kept
 * answer is written without running Remix; an answer the app declares public is kept on
 * the way out, under the generation read before Remix ran (a write that lands meanwhile
 * moves it, so that answer is never served). Any answer that sets a cookie is marked
 * `private, no-store`, whatever the route said: a shared cache must never hand one
 * visitor's cookie to another.
 */
export function remixHandler({ getBuild, mode, getLoadContext, cacheGeneration, cache }: Options) {
  let current: { build: ServerBuild; handle: ReturnType<typeof createRequestHandler> } | null =
    null;
  const handlerFor = (build: ServerBuild) => {
    if (current?.build !== build) current = { build, handle: createRequestHandler(build, mode) };
    return current.handle;
  };

  const handler: RequestHandler = async (req, res, next) => {
    try {
      const context = getLoadContext(req, res);
      const nonce = context.cspNonce;
      const key = cache?.keyFor(req) ?? null;
      const generation = key === null ? null : await cacheGeneration();
      const kept = cache && key !== null && generation !== null ? { cache, key, generation } : null;
      const hit = kept?.cache.lookup(kept.key, kept.generation);
      if (hit) return kept!.cache.send(res, hit, nonce);
      // A HEAD that might be kept asks Remix for the whole answer, so that a GET can use it.
      const method = kept && req.method === "HEAD" ? "GET" : req.method;
      let response = await handlerFor(getBuild())(toFetchRequest(req, res, method), context);
      if (response.headers.has("set-cookie")) {
        // Some responses (Response.redirect) have read-only headers: copy those first.
        response = new Response(response.body, response);
        response.headers.set("cache-control", "private, no-store");
      }
      const seconds = kept ? kept.cache.keepFor(response) : 0;
      if (kept && seconds > 0 && response.body) {
        // One copy of the body goes to the client as it comes, the other into the cache.
        const [toClient, toCache] = response.body.tee();
        const options = { generation: kept.generation, seconds, nonce };
        void kept.cache.store(kept.key, new Response(toCache, response), options).catch(() => {});
        response = new Response(toClient, response);
        response.headers.set("x-cache", "MISS");
      }
      await sendFetchResponse(req, res, response);
    } catch (error) {
      next(error);
    }
  };
  return handler;
}

/** The Fetch API request Remix reads, for an Express request the edge has checked. */
function toFetchRequest(req: ExpressRequest, res: ExpressResponse, method: string): Request {
  const url = `${req.protocol}://${requestHost(req)}${req.originalUrl}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  // Loaders and actions stop (request.signal) when the client goes away before the answer.
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(url, {
    method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
  } as RequestInit);
}

async function sendFetchResponse(req: ExpressRequest, res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  const cookies = response.headers.getSetCookie();
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (req.method === "HEAD" || !response.body) {
    await response.body?.cancel();
    res.end();
    return;
  }
  await writeBody(response.body, res);
}

/**
 * Streams a body to the client: the many small chunks React writes in one turn of the event
 * loop leave together, in one socket write and one compression flush.
 */
async function writeBody(body: ReadableStream<Uint8Array>, res: ExpressResponse) {
  const reader = body.getReader();
  let held = false;
  const release = () => {
    held = false;
    // end() has sent everything already.
    if (res.writableEnded) return;
    (res as ExpressResponse & { flush?: () => void }).flush?.();
    res.uncork();
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!held) {
        held = true;
        res.cork();
        setImmediate(release);
      }
      res.write(value);
    }
    res.end();
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  }
}
