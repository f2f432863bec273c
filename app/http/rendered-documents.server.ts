import { createHash } from "node:crypto";
import { Transform } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { LRUCache } from "lru-cache";

/** All kept documents together: an upper bound on the memory the memo may hold. */
const MAX_BYTES = 8 * 1024 * 1024;
/** A document larger than this is sent but not kept. */
const MAX_ENTRY_BYTES = 1024 * 1024;

type Kept = {
  /** The document, cut where its scripts carry the nonce of the render that made it. */
  pieces: string[];
  /** Its size in bytes. */
  length: number;
};

const kept = new LRUCache<string, Kept>({
  maxSize: MAX_BYTES,
  maxEntrySize: MAX_ENTRY_BYTES,
  sizeCalculation: (entry) => entry.length,
  // A key holds its minute: after it, nothing can ask for the document again.
  ttl: 60_000,
});

/** A value JSON would write down as something else, so two different ones could share a key. */
class NotKeyable extends Error {}
const UNDEFINED = "\u0000undefined";
const DATE = "\u0000date:";

/**
 * JSON of the data, telling apart what JSON alone would confuse (undefined and a missing
 * key, a Date and its ISO string, NaN and null); throws NotKeyable for what it cannot
 * write down faithfully (a promise of deferred data, a Map, a class instance).
 */
function faithfulJson(data: unknown): string {
  return JSON.stringify(data, function (this: Record<string, unknown>, key, value: unknown) {
    const original = this[key];
    if (original instanceof Date) return `${DATE}${String(value)}`;
    if (value === undefined) return UNDEFINED;
    if (typeof value === "number" && !Number.isFinite(value)) return `\u0000${String(value)}`;
    if (typeof value === "bigint" || typeof value === "function" || typeof value === "symbol") {
      throw new NotKeyable();
    }
    if (value !== null && typeof value === "object") {
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null && !Array.isArray(value)) {
        throw new NotKeyable();
      }
    }
    return value;
  });
}

/**
 * What a document is made from, as a key: React renders a page from its URL, its routes'
 * data and the clock, and from nothing else (no component reads a cookie or a header), so
 * two GETs that agree on all three get the same document but for the CSP nonce. Null when
 * the render cannot be told by them: not a GET answered 200, an action's or an error's
 * data, or data JSON cannot write down faithfully (deferred data).
 */
export function documentKey(
  request: Request,
  status: number,
  context: EntryContext,
  variant: string,
  now = Date.now(),
): string | null {
  const { actionData, errors, loaderData } = context.staticHandlerContext;
  if (request.method !== "GET" || status !== 200 || actionData || errors) return null;
  let json: string;
  try {
    json = faithfulJson(loaderData);
  } catch (error) {
    if (error instanceof NotKeyable) return null;
    throw error;
  }
  // The clock to the minute: what a component shows of it (the footer's year) is that fresh.
  const minute = Math.floor(now / 60_000);
  return createHash("sha256")
    .update(`${minute}\n${variant}\n${request.url}\n`)
    .update(json)
    .digest("base64");
}

/** The document kept under `key`, with `nonce` where its render's nonce was; else null. */
export function keptDocument(key: string, nonce: string): string | null {
  return kept.get(key)?.pieces.join(`nonce="${nonce}"`) ?? null;
}

/**
 * A stream the render is piped through on its way out, that keeps the whole document
 * under `key` once it has ended, unless `failed()` says the render went wrong or the
 * document is too large to keep.
 */
export function keepingDocument(key: string, nonce: string, failed: () => boolean): Transform {
  const chunks: Buffer[] = [];
  let size = 0;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      if (size <= MAX_ENTRY_BYTES) chunks.push(buffer);
      size += buffer.length;
      done(null, buffer);
    },
    flush(done) {
      if (!failed() && size <= MAX_ENTRY_BYTES) {
        const pieces = Buffer.concat(chunks, size).toString().split(`nonce="${nonce}"`);
        kept.set(key, { pieces, length: size });
      }
      done();
    },
  });
}

/** Bytes of documents kept now (for tests). */
export function keptDocumentBytes(): number {
  return kept.calculatedSize;
}
