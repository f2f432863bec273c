import { LRUCache } from "lru-cache";
import { databaseWriteStamp, inTransaction, sharedWriteStamp } from "~/infra/db.server";

/**
 * An in-process cache of the catalogue reads (service pages, the count, reviews, the
 * team, the clinic's settings, a day's plans), kept until the database is next written:
 * its generation is the database's own write stamp (`sharedWriteStamp`), which moves on
 * every write of this process and of any other connection to the file (the staff
 * command, a manual fix), except a write to the visits' own tables (bookings and what
 * follows them: VISIT_TABLES in sqlite-adapter.server.ts). No write path has to remember
 * the cache (docs/decisions/030-caches-follow-the-database.md).
 *
 * So a cached load must not read those tables: a booking would not empty it.
 * tests/integration/infra/read-cache-tables.test.ts reads the tables of every cached read (each
 * file calling `cachedRead` has its probe there) and of every public answer. A read of the
 * visits themselves (the diary's day and week) goes through `cachedVisitRead`, a store of
 * its own whose generation is every write's stamp: a booking, a move or a check-in empties
 * it, and the catalogue's store keeps its values.
 *
 * It is bounded by bytes, not entries (each value's size is estimated from its JSON), so
 * no sequence of requests can make it hold more than MAX_BYTES.
 *
 * Cached values are shared between requests: treat them as read-only.
 *
 * The store lives on globalThis so that it survives development rebuilds. The Express
 * server, which caches whole responses of the same reads, asks for the same generation
 * through the build (`server.readCacheGeneration` in entry.server.tsx).
 */

const MAX_BYTES = 16 * 1024 * 1024;

type Kept = { value: unknown; size: number };
type ReadCache = {
  generation: string | null;
  values: LRUCache<string, Kept>;
  /** Loads under way: concurrent misses of one key share one query. */
  pending: Map<string, Promise<unknown>>;
};

type StoreName = "catalogue" | "visits";

declare global {
  var __readCaches: Record<StoreName, ReadCache> | undefined;
}

function newStore(): ReadCache {
  return {
    generation: null,
    values: new LRUCache({ maxSize: MAX_BYTES, sizeCalculation: (kept) => kept.size }),
    pending: new Map(),
  };
}

function store(name: StoreName = "catalogue"): ReadCache {
  globalThis.__readCaches ??= { catalogue: newStore(), visits: newStore() };
  return globalThis.__readCaches[name];
}

const GENERATIONS: Record<StoreName, () => string | null> = {
  catalogue: () => readCacheGeneration(),
  visits: () => databaseWriteStamp(),
};

/**
 * Changes on every write to a table a cached read may show; anything cached under another
 * generation is stale. Null before the first query has connected: nothing may be kept then.
 */
export function readCacheGeneration(): string | null {
  return sharedWriteStamp();
}

function empty(cache: ReadCache): void {
  cache.values.clear();
  cache.pending.clear();
}

/** Empties both stores (tests start from it; the app never needs to: writes move the generation). */
export function clearReadCache(): void {
  empty(store("catalogue"));
  empty(store("visits"));
}

/** The store, emptied first if the database was written since it was filled. */
function current(name: StoreName, generation: string): ReadCache {
  const cache = store(name);
  if (cache.generation !== generation) {
    empty(cache);
    cache.generation = generation;
  }
  return cache;
}

/** Bytes a value takes, roughly: its bytes, or twice its JSON (strings are UTF-16). */
export function estimatedSize(value: unknown): number {
  if (value instanceof Uint8Array) return value.byteLength + 64;
  return 2 * (JSON.stringify(value)?.length ?? 0) + 64;
}

/**
 * `load()`'s result, computed once per key until the next write. Concurrent misses share
 * one query; a failed load is not kept, and neither is one that a write overtook, nor one
 * `keep` refuses (a lookup by what a request named keeps what it found, not every name
 * tried). Inside a transaction the load just runs: what it reads may not be committed.
 */
export function cachedRead<T>(
  key: string,
  load: () => Promise<T>,
  { keep = () => true }: { keep?: (value: T) => boolean } = {},
): Promise<T> {
  return readThrough("catalogue", key, load, keep);
}

/**
 * As `cachedRead`, for a read of the visits' own tables (a day or week of the diary): kept
 * until the next write of any table, a booking's included.
 */
export function cachedVisitRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  return readThrough("visits", key, load, () => true);
}

function readThrough<T>(
  name: StoreName,
  key: string,
  load: () => Promise<T>,
  keep: (value: T) => boolean,
): Promise<T> {
  const generationNow = GENERATIONS[name];
  const generation = inTransaction() ? null : generationNow();
  if (generation === null) return load();
  const cache = current(name, generation);
  const kept = cache.values.get(key);
  if (kept) return Promise.resolve(kept.value as T);
  const running = cache.pending.get(key);
  if (running) return running as Promise<T>;

  const value = load();
  cache.pending.set(key, value);
  value.then(
    (result) => {
      if (cache.pending.get(key) === value) cache.pending.delete(key);
      // A write that landed while this read ran may not be in its result.
      if (generationNow() !== generation || cache.generation !== generation) return;
      if (!keep(result)) return;
      const size = estimatedSize(result);
      if (size <= MAX_BYTES) cache.values.set(key, { value: result, size });
    },
    () => {
      if (cache.pending.get(key) === value) cache.pending.delete(key);
    },
  );
  return value;
}

/** Bytes held now by the catalogue's store (for tests). */
export function readCacheSize(): number {
  return store("catalogue").values.calculatedSize;
}
