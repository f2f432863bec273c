import { createHash } from "node:crypto";
import type pg from "pg";
import { fail, type Failure } from "~/utils/result";

/**
 * A bound on distinct things per key in a fixed window: the patients one staff member read,
 * where reading the same patient again (the diary reloaded) does not count again. The window
 * starts with the key's first take and lasts `seconds`; a take that would pass the bound is
 * refused whole and adds nothing. Counted in this process's memory on SQLite (one process)
 * and in the database on PostgreSQL, where every instance counts in the same rows.
 */
export interface DistinctLimit {
  readonly points: number;
  readonly seconds: number;
  /** Counts `items` for `key`: null, or the refusal when they do not fit. */
  take(key: string, items: readonly string[], now?: number): Promise<DistinctRefusal | null>;
  /** How many distinct items `key` has taken in its current window. */
  count(key: string, now?: number): Promise<number>;
  /** Clears what `key` has taken (tests that fill the bound on purpose clean up with it). */
  forget(key: string): Promise<void>;
}

export type DistinctRefusal = {
  /** The 429 to answer, with Retry-After: the end of the key's window. */
  failure: Failure;
  /** True for the window's first refusal only (on any instance): it is logged once. */
  firstOfWindow: boolean;
  /** The distinct items the key has taken in the window. */
  count: number;
};

type Message = (retryAfterSeconds: number) => string;

function refusal(message: Message, endsAt: number, now: number, first: boolean, count: number) {
  const retryAfter = Math.max(1, Math.ceil((endsAt - now) / 1000));
  return { failure: fail(429, message(retryAfter), retryAfter), firstOfWindow: first, count };
}

/** The bound in this process's memory: the one server on SQLite. */
export class DistinctBucket implements DistinctLimit {
  private readonly windows = new Map<
    string,
    { endsAt: number; seen: Set<string>; refused: boolean }
  >();

  constructor(
    readonly points: number,
    readonly seconds: number,
    private readonly message: Message,
  ) {}

  take(key: string, items: readonly string[], now: number = Date.now()) {
    return Promise.resolve(this.takeNow(key, items, now));
  }

  /** `take`, answered at once (the fallback of SharedDistinctBucket uses it too). */
  takeNow(key: string, items: readonly string[], now: number): DistinctRefusal | null {
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { endsAt: now + this.seconds * 1000, seen: new Set(), refused: false };
      this.windows.set(key, window);
      this.sweep(now);
    }
    const fresh = new Set(items.filter((item) => !window.seen.has(item)));
    if (window.seen.size + fresh.size > this.points) {
      const first = !window.refused;
      window.refused = true;
      return refusal(this.message, window.endsAt, now, first, window.seen.size);
    }
    for (const item of fresh) window.seen.add(item);
    return null;
  }

  count(key: string, now: number = Date.now()) {
    const window = this.windows.get(key);
    return Promise.resolve(window && window.endsAt > now ? window.seen.size : 0);
  }

  forget(key: string) {
    this.windows.delete(key);
    return Promise.resolve();
  }

  /** Drops ended windows, so staff who stopped reading hold no memory. */
  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

/** The longest a take waits for another instance's take of the same key. */
const LOCK_WAIT_MS = 3000;

/**
 * Decides a take in one statement, under the key's lock: the key's rows of its current
 * window (all share one `expire`, ms since the epoch; the item '' marks that the window's
 * refusal was logged), the new items among those given, and whether they fit. When they
 * do they are added (a row of an ended window taken over); when not, the marker is. The
 * key's rows of ended windows that are not read again are deleted.
 * $1 key, $2 now, $3 the end of a window opened now, $4 the items, $5 the bound.
 */
const TAKE = `
WITH "current" AS (
  SELECT "item", "expire" FROM "rate_limit_items" WHERE "key" = $1 AND "expire" > $2
),
"span" AS (SELECT COALESCE(MAX("expire"), $3) AS "expire" FROM "current"),
"fresh" AS (
  SELECT DISTINCT "given"."item" FROM unnest(CAST($4 AS TEXT[])) AS "given" ("item")
  WHERE "given"."item" <> '' AND "given"."item" NOT IN (SELECT "item" FROM "current")
),
"verdict" AS (
  SELECT (SELECT COUNT(*) FROM "current" WHERE "item" <> '') AS "seen",
    (SELECT COUNT(*) FROM "fresh") AS "adding",
    EXISTS (SELECT 1 FROM "current" WHERE "item" = '') AS "logged",
    NOT EXISTS (SELECT 1 FROM "current") AS "opened"
),
"pruned" AS (
  DELETE FROM "rate_limit_items" WHERE "key" = $1 AND "expire" <= $2 AND "item" <> ''
    AND "item" <> ALL (CAST($4 AS TEXT[]))
),
"added" AS (
  INSERT INTO "rate_limit_items" ("key", "item", "expire")
  SELECT $1, "fresh"."item", "span"."expire" FROM "fresh", "span", "verdict"
  WHERE "verdict"."seen" + "verdict"."adding" <= $5
  UNION ALL
  SELECT $1, '', "span"."expire" FROM "span", "verdict"
  WHERE "verdict"."seen" + "verdict"."adding" > $5 AND NOT "verdict"."logged"
  ON CONFLICT ("key", "item") DO UPDATE SET "expire" = EXCLUDED."expire"
)
SELECT "seen", "adding", "logged", "opened", "expire" FROM "verdict", "span"`;

/**
 * Whether every item given is already counted in the key's current window: such a read (a
 * diary reloaded, a card opened again) changes no count, so it needs no lock.
 * $1 key, $2 now, $3 the items.
 */
const ALL_COUNTED = `
SELECT NOT EXISTS (
  SELECT 1 FROM unnest(CAST($3 AS TEXT[])) AS "given" ("item")
  WHERE "given"."item" NOT IN (
    SELECT "item" FROM "rate_limit_items" WHERE "key" = $1 AND "expire" > $2)
) AS "counted"`;

/**
 * Other keys' rows of ended windows, a batch at a time, never waiting for a row another
 * statement holds: run after a take that opened a window (so once per key and window).
 */
const PRUNE = `
DELETE FROM "rate_limit_items" WHERE ("key", "item") IN (
  SELECT "key", "item" FROM "rate_limit_items" WHERE "expire" <= $1 AND "key" <> $2
  LIMIT 500 FOR UPDATE SKIP LOCKED)`;

type TakeRow = {
  seen: string;
  adding: string;
  logged: boolean;
  opened: boolean;
  expire: string;
};

/**
 * The bound kept in the database, for several instances on PostgreSQL: the table
 * `rate_limit_items` (its migration is for both engines; SQLite leaves it empty). A read of
 * patients all counted already is one statement; one that names a new patient is then one
 * transaction of three round trips: the key's advisory lock (two takes of one key, from any
 * instance, are decided one after the other, so none sees a count the other is about to
 * change), the statement above, the commit. Both statements are prepared once per
 * connection (scripts/bench/patient-reads.ts: ~0.4 ms a diary read again, ~1.5 ms a new
 * patient, on a loaded machine). A database that does not answer falls back to this
 * instance's memory rather than refusing every read, as the other buckets do.
 */
export class SharedDistinctBucket implements DistinctLimit {
  private readonly fallback: DistinctBucket;

  constructor(
    readonly points: number,
    readonly seconds: number,
    private readonly message: Message,
    private readonly store: { name: string; pool: pg.Pool },
  ) {
    this.fallback = new DistinctBucket(points, seconds, message);
  }

  private rowKey(key: string) {
    return `${this.store.name}:${key}`;
  }

  async take(key: string, items: readonly string[], now: number = Date.now()) {
    const rowKey = this.rowKey(key);
    let row: TakeRow | null;
    try {
      row = await this.decide(rowKey, items, now);
    } catch (error) {
      console.warn(`[rate-limit] ${this.store.name} counted in memory: ${String(error)}`);
      return this.fallback.takeNow(key, items, now);
    }
    if (!row) return null;
    if (row.opened) {
      await this.store.pool.query(PRUNE, [now, rowKey]).catch(() => undefined);
    }
    const seen = Number(row.seen);
    if (seen + Number(row.adding) <= this.points) return null;
    return refusal(this.message, Number(row.expire), now, !row.logged, seen);
  }

  private async decide(rowKey: string, items: readonly string[], now: number) {
    if (items.length === 0) return null;
    const { rows: counted } = await this.store.pool.query<{ counted: boolean }>({
      name: "distinct-all-counted",
      text: ALL_COUNTED,
      values: [rowKey, now, items],
    });
    if (counted[0]?.counted) return null;
    const client = await this.store.pool.connect();
    let broken: Error | undefined;
    try {
      // One round trip (simple protocol, so no parameters: the lock's number is digits).
      await client.query(
        `BEGIN; SET LOCAL lock_timeout = '${LOCK_WAIT_MS}ms'; SELECT pg_advisory_xact_lock(${lockNumber(rowKey)})`,
      );
      const { rows } = await client.query<TakeRow>({
        name: "distinct-take",
        text: TAKE,
        values: [rowKey, now, now + this.seconds * 1000, items, this.points],
      });
      await client.query("COMMIT");
      return rows[0]!;
    } catch (error) {
      // A connection whose transaction could not even roll back is not given back to the pool.
      await client.query("ROLLBACK").catch((rollback: Error) => (broken = rollback));
      throw error;
    } finally {
      client.release(broken);
    }
  }

  async count(key: string, now: number = Date.now()) {
    const { rows } = await this.store.pool.query<{ seen: string }>(
      `SELECT COUNT(*) AS "seen" FROM "rate_limit_items"
       WHERE "key" = $1 AND "expire" > $2 AND "item" <> ''`,
      [this.rowKey(key), now],
    );
    return Number(rows[0]?.seen ?? 0);
  }

  async forget(key: string) {
    await this.store.pool.query(`DELETE FROM "rate_limit_items" WHERE "key" = $1`, [
      this.rowKey(key),
    ]);
    await this.fallback.forget(key);
  }
}

/** A key's advisory lock: a signed 64-bit number from its digest, as SQL digits. */
function lockNumber(rowKey: string): string {
  const digest = createHash("sha256").update(`rate_limit_items:${rowKey}`).digest();
  return BigInt.asIntN(64, digest.readBigUInt64BE(0)).toString();
}
