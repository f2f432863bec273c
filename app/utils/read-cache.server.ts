/**
 * An in-process cache of the catalogue reads (service pages, the count, reviews), cleared
 * by every write. The clinic runs as one process on one SQLite file, so a write made
 * anywhere goes through this process and invalidation is exact; the time limit only
 * bounds staleness after a change made outside the app (a seed run, a manual fix).
 *
 * Cached values are shared between requests: treat them as read-only.
 *
 * The store lives on globalThis so that it survives development rebuilds: the Express
 * server, which caches whole responses of the same reads, asks for the generation through
 * the build (`server.readCacheGeneration` in entry.server.tsx), whichever build is current.
 */

const MAX_ENTRIES = 1000;
const MAX_AGE_MS = 5 * 60_000;

type Entry = { value: Promise<unknown>; storedAt: number };
type ReadCache = { generation: number; entries: Map<string, Entry> };

declare global {
  var __readCache: ReadCache | undefined;
}

function store(): ReadCache {
  globalThis.__readCache ??= { generation: 0, entries: new Map() };
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
  cache.entries.clear();
}

/**
 * `load()`'s result, computed once per key until the next write. Concurrent misses share
 * one query; a failed load is not kept.
 */
export function cachedRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  const cache = store();
  const now = Date.now();
  const hit = cache.entries.get(key);
  if (hit && now - hit.storedAt < MAX_AGE_MS) return hit.value as Promise<T>;

  const value = load();
  if (cache.entries.size >= MAX_ENTRIES) {
    // Oldest first: Map keeps insertion order.
    const oldest = cache.entries.keys().next().value;
    if (oldest !== undefined) cache.entries.delete(oldest);
  }
  cache.entries.set(key, { value, storedAt: now });
  value.catch(() => {
    if (cache.entries.get(key)?.value === value) cache.entries.delete(key);
  });
  // A write that lands while this read runs clears the map, so a result read before the
  // write is never served after it.
  return value;
}
