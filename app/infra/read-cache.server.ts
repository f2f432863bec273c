import { LRUCache } from "lru-cache";
import { cacheGenerations, inTransaction } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";

/**
 * The data areas and their tables: a write to one moves the area's generation in its own
 * transaction (the triggers of migration `cache_generations`, checked by
 * tests/integration/infra/cache-generations.test.ts). ADR 046.
 */
export const DATA_AREAS = {
  catalogue: ["Product"],
  reviews: ["Review"],
  team: ["Dentist", "DentistService", "DentistException", "Chair", "ClinicClosure"],
  settings: ["ClinicSettings"],
  accounts: ["User", "Session"],
  visits: ["Appointment", "AppointmentStatusChange"],
  forms: ["FormTemplate", "FormVersion", "FormSubmission", "FormReview"],
} as const satisfies Record<string, readonly string[]>;

export type DataArea = keyof typeof DATA_AREAS;

/** The areas a public page or public JSON read shows (what the response cache follows). */
export const PUBLIC_AREAS: readonly DataArea[] = ["catalogue", "reviews", "team", "settings"];

type Kept = { stamp: string; value: unknown; size: number };

declare global {
  // One store per process, kept across development rebuilds.
  var __readCache:
    | { values: LRUCache<string, Kept>; pending: Map<string, Kept & { value: Promise<unknown> }> }
    | undefined;
}

function store() {
  const maxSize = getEnv().DATA_CACHE_MB * 1024 * 1024;
  if (maxSize === 0) return null;
  globalThis.__readCache ??= {
    values: new LRUCache({ maxSize, sizeCalculation: (kept) => kept.size }),
    pending: new Map(),
  };
  return globalThis.__readCache;
}

/**
 * Every area's generation, read from the database now; null when it cannot be read (before
 * the first migration, a broken file): then nothing is kept. A loader that makes several
 * cached reads may read this once, after its request began, and hand it to each of them
 * (`cachedRead`'s `generations`): a write committed before the request began is still seen.
 */
export type Generations = ReadonlyMap<string, string> | null;

export function readGenerations(): Promise<Generations> {
  return cacheGenerations().catch(() => null);
}

function stampOf(areas: readonly DataArea[], generations: Generations): string | null {
  const parts = areas.map((area) => generations?.get(area));
  return parts.includes(undefined) ? null : parts.join(":");
}

/** The generations of `areas` as one string, read from the database now (null as above). */
export async function generationOf(areas: readonly DataArea[]): Promise<string | null> {
  return stampOf(areas, await readGenerations());
}

/** Bytes a value takes, roughly: twice its JSON (strings are UTF-16). */
const estimatedSize = (value: unknown) => 2 * (JSON.stringify(value)?.length ?? 0) + 64;

/**
 * `load()`'s result, kept while the generations of `areas` (those of the tables it reads),
 * read from the database on every call (or once by its request's loader: `generations`),
 * stay where they were: a write by any process is seen by the next read. Concurrent misses
 * share one load; a failed load is not kept, nor one `keep` refuses. Inside a transaction
 * the load just runs (it may see uncommitted rows). Kept values are shared: treat them as
 * read-only. Bounded by DATA_CACHE_MB.
 */
export async function cachedRead<T>(
  areas: readonly DataArea[],
  key: string,
  load: () => Promise<T>,
  options: { keep?: (value: T) => boolean; generations?: Generations } = {},
): Promise<T> {
  const { keep = () => true } = options;
  const cache = inTransaction() ? null : store();
  const stamp =
    cache &&
    stampOf(
      areas,
      options.generations === undefined ? await readGenerations() : options.generations,
    );
  if (!cache || stamp === null) return load();
  const kept = cache.values.get(key);
  if (kept?.stamp === stamp) return kept.value as T;
  const running = cache.pending.get(key);
  if (running?.stamp === stamp) return running.value as Promise<T>;

  const value = load();
  const pending = { stamp, value, size: 0 };
  cache.pending.set(key, pending);
  try {
    const result = await value;
    const size = keep(result) ? estimatedSize(result) : Infinity;
    if (size <= cache.values.maxSize) cache.values.set(key, { stamp, value: result, size });
    return result;
  } finally {
    if (cache.pending.get(key) === pending) cache.pending.delete(key);
  }
}

/** Empties the store (for tests: the app never needs to). */
export function clearReadCache(): void {
  globalThis.__readCache?.values.clear();
  globalThis.__readCache?.pending.clear();
}

/** Bytes held now (for tests). */
export function readCacheSize(): number {
  return globalThis.__readCache?.values.calculatedSize ?? 0;
}
