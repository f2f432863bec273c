import { LRUCache } from "lru-cache";

/**
 * An in-process cache of the catalogue reads (service pages, the count, reviews), cleared
 * by every write. The clinic runs as one process on one SQLite file, so a write made
 * anywhere goes through this process and invalidation is exact; the time limit only
 * bounds staleness after a change made outside the app (a seed run, a manual fix).
 *
 * It is bounded by bytes, not entries (each value's size is estimated from its JSON), so
 * no sequence of requests can make it hold more than MAX_BYTES.
 *
 * Cached values are shared between requests: treat them as read-only.
 *
 * The store lives on globalThis so that it survives development rebuilds: the Express
 * server, which caches whole responses of the same reads, asks for the generation through
 * the build (`server.readCacheGeneration` in entry.server.tsx), whichever build is current.
 */

const MAX_BYTES = 16 * 1024 * 1024;
const MAX_AGE_MS = 5 * 60_000;

type Kept = { value: unknown; size: number; storedAt: number };
type ReadCache = {
  generation: number;
  values: LRUCache<string, Kept>;
  /** Loads under way: concurrent misses of one key share one query. */
  pending: Map<string, Promise<unknown>>;
};

declare global {
  var __readCache: ReadCache | undefined;
}

function store(): ReadCache {
  globalThis.__readCache ??= {
    generation: 0,
    values: new LRUCache({ maxSize: MAX_BYTES, sizeCalculation: (kept) => kept.size }),
    pending: new Map(),
  };
  return globalThis.__readCache;
}

/** Changes on every write; anything cached under an older generation is stale. */
export function readCacheGeneration(): number {
  return store().generation;
}

/** Call after every write to the catalogue, reviews or anything a cached read shows. */
export function invalidateReadCache(): void {
  const cache = store();
  cache.generation += 1;
  cache.values.clear();
  cache.pending.clear();
}

/** Bytes a value takes, roughly: its bytes, or twice its JSON (strings are UTF-16). */
export function estimatedSize(value: unknown): number {
  if (value instanceof Uint8Array) return value.byteLength + 64;
  return 2 * (JSON.stringify(value)?.length ?? 0) + 64;
}

/**
 * `load()`'s result, computed once per key until the next write. Concurrent misses share
 * one query; a failed load is not kept, and neither is one that a write overtook.
 */
export function cachedRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  const cache = store();
  const kept = cache.values.get(key);
  if (kept && Date.now() - kept.storedAt < MAX_AGE_MS) return Promise.resolve(kept.value as T);
  const running = cache.pending.get(key);
  if (running) return running as Promise<T>;

  const generation = cache.generation;
  const value = load();
  cache.pending.set(key, value);
  value.then(
    (result) => {
      if (cache.pending.get(key) === value) cache.pending.delete(key);
      // A write that landed while this read ran may not be in its result.
      if (cache.generation !== generation) return;
      const size = estimatedSize(result);
      if (size <= MAX_BYTES) cache.values.set(key, { value: result, size, storedAt: Date.now() });
    },
    () => {
      if (cache.pending.get(key) === value) cache.pending.delete(key);
    },
  );
  return value;
}

/** Bytes held now (for tests). */
export function readCacheSize(): number {
  return store().values.calculatedSize;
}
