import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { LRUCache } from "lru-cache";

/** One answer larger than this is served but not kept. */
const MAX_ENTRY_BYTES = 1024 * 1024;
/** The longest an answer is kept, whatever its s-maxage says. */
const MAX_AGE_SECONDS = 300;
/** Per entry beyond its body: key, headers, bookkeeping. */
const ENTRY_OVERHEAD_BYTES = 512;
const KEPT_HEADERS = ["content-type", "cache-control", "vary"];

type Entry = {
  generation: string;
  expiresAt: number;
  status: number;
  headers: Record<string, string>;
  /** The body, cut where its scripts carry the render's CSP nonce (a hit writes its own). */
  pieces: Buffer[];
  length: number;
};

/**
 * Keeps whole answers of the app in memory, as Remix produced them, and serves them again
 * without running Remix, until the generation of what public answers show moves (read from
 * the database per request: any write to those tables, whoever makes it; ADR 046) or
 * their time is up. It knows no routes: the app declares what may be kept, and only this
 * is:
 *
 * - a GET or HEAD without Cookie or Authorization (nobody's own answer), for a URL in its
 *   one plain form: no query string, lower case, no trailing slash, nothing escaped (so
 *   neither made-up parameters nor spellings of the same path can fill the cache);
 * - answered 200 with `Cache-Control: public, s-maxage=N`, no Set-Cookie, and no Vary
 *   beyond Cookie and Accept-Encoding.
 *
 * The cache is bounded by bytes, `megabytes` (least recently used answers leave first).
 */
export function createResponseCache(megabytes: number) {
  const entries = new LRUCache<string, Entry>({
    maxSize: megabytes * 1024 * 1024,
    maxEntrySize: Math.min(MAX_ENTRY_BYTES + ENTRY_OVERHEAD_BYTES, megabytes * 1024 * 1024),
    sizeCalculation: (entry, key) => entry.length + key.length + ENTRY_OVERHEAD_BYTES,
  });

  return {
    /** The key a request is kept under, or null when its answer may not be kept. */
    keyFor(req: ExpressRequest): string | null {
      if (req.method !== "GET" && req.method !== "HEAD") return null;
      if (req.headers.cookie !== undefined || req.headers.authorization !== undefined) return null;
      const url = req.originalUrl;
      return isPlainPath(url) ? url : null;
    },

    /** A live entry for the key under the current generation. */
    lookup(key: string, generation: string): Entry | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.generation === generation && entry.expiresAt > Date.now()) return entry;
      entries.delete(key);
      return undefined;
    },

    /** How long (seconds) the answer may be kept, or 0 when it may not be kept at all. */
    keepFor(response: Response): number {
      if (response.status !== 200 || response.headers.has("set-cookie")) return 0;
      if (Number(response.headers.get("content-length")) > MAX_ENTRY_BYTES) return 0;
      const vary = response.headers.get("vary");
      if (vary && vary.split(",").some((name) => !VARY_OK.has(name.trim().toLowerCase()))) {
        return 0;
      }
      return sharedMaxAge(response.headers.get("cache-control"));
    },

    /**
     * Reads the answer's body and keeps it under the generation the request started with;
     * `nonce` is this response's CSP nonce. A body larger than an entry may be is not kept.
     */
    async store(
      key: string,
      response: Response,
      { generation, seconds, nonce }: { generation: string; seconds: number; nonce?: string },
    ): Promise<void> {
      const chunks: Uint8Array[] = [];
      let size = 0;
      const reader = response.body?.getReader();
      for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
        size += read.value.byteLength;
        if (size > MAX_ENTRY_BYTES) return void (await reader!.cancel());
        chunks.push(read.value);
      }
      const body = Buffer.concat(chunks, size);
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = response.headers.get(name);
        if (value) headers[name] = value;
      }
      const html = headers["content-type"]?.startsWith("text/html") ?? false;
      const pieces = html && nonce ? split(body, `nonce="${nonce}"`) : [body];
      entries.set(key, {
        generation,
        expiresAt: Date.now() + Math.min(seconds, MAX_AGE_SECONDS) * 1000,
        status: response.status,
        headers,
        pieces,
        length: size - (pieces.length - 1) * `nonce="${nonce}"`.length,
      });
    },

    /** Writes an entry as this request's answer, with this response's nonce (`X-Cache: HIT`). */
    send(res: ExpressResponse, entry: Entry, nonce?: string) {
      // A HEAD gets the headers alone: Node sends no body for it.
      const stamp = Buffer.from(`nonce="${nonce ?? ""}"`);
      const length = entry.length + stamp.length * (entry.pieces.length - 1);
      res.status(entry.status).set(entry.headers).set("content-length", String(length));
      res.set("x-cache", "HIT");
      res.cork();
      entry.pieces.forEach((piece, index) => {
        if (index > 0) res.write(stamp);
        res.write(piece);
      });
      res.end();
      res.uncork();
    },

    /** Bytes held now (for tests and benchmarks). */
    get size() {
      return entries.calculatedSize;
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;

const VARY_OK = new Set(["cookie", "accept-encoding"]);

/** A path in its one plain form: /, or lower-case segments, no query, no escapes, no trailing slash. */
function isPlainPath(url: string): boolean {
  return url === "/" || /^(\/[a-z0-9._~!$&'()*+,;=:@-]+)+$/.test(url);
}

/** s-maxage of a `public` Cache-Control (0 when absent, or when anything forbids keeping it). */
function sharedMaxAge(cacheControl: string | null): number {
  const value = cacheControl?.toLowerCase() ?? "";
  if (!/\bpublic\b/.test(value) || /\b(private|no-store|no-cache)\b/.test(value)) return 0;
  return Number(/\bs-maxage=(\d+)/.exec(value)?.[1] ?? 0);
}

function split(body: Buffer, separator: string): Buffer[] {
  return body
    .toString()
    .split(separator)
    .map((piece) => Buffer.from(piece));
}
