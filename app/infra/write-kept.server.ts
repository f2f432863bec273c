import { LRUCache } from "lru-cache";
import { databaseWriteStamp, inTransaction } from "~/infra/db.server";

type Kept<T> = { value: T; stamp: string; until: number };

/**
 * Values read from the database and kept only while nothing at all has been written to it
 * (by this process or another: `databaseWriteStamp` in db.server.ts), and at most until
 * the time each load says (`keepUntil`, ms since the epoch; null keeps nothing). For the
 * reads of a signed-in page view that would otherwise ask the database every time: the
 * session lookup, the patient's next visit (docs/decisions/025-session-lookup-cache.md).
 *
 * The stamp is read before the load: a write that lands during it leaves an entry that is
 * never used. Inside a transaction's callback nothing is used or kept. Kept values are shared between requests: treat them as read-only.
 */
export function keptUntilWrite<T>(max: number) {
  const entries = new LRUCache<string, Kept<T>>({ max });
  return async function read(
    key: string,
    load: () => Promise<{ value: T; keepUntil: number | null }>,
  ): Promise<T> {
    // Inside a transaction the load may see rows that are not committed: neither used nor kept.
    const stamp = inTransaction() ? null : databaseWriteStamp();
    const kept = stamp === null ? undefined : entries.get(key);
    if (kept && kept.stamp === stamp && kept.until > Date.now()) return kept.value;
    const { value, keepUntil } = await load();
    if (stamp !== null && keepUntil !== null) entries.set(key, { value, stamp, until: keepUntil });
    return value;
  };
}
