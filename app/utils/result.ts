/**
 * The one vocabulary of outcomes. A rule (validation, a domain function in app/models)
 * answers `ok({ ...what it produced })` or a `Failure`: the HTTP status and a message the
 * visitor may read. Page actions turn a Failure into the form again with its message
 * (~/http/form-action.server), the JSON API into `{ success: false, message }`
 * (~/http/api.server). Shared with the browser, so it imports nothing server-only.
 */

export type Failure = {
  ok: false;
  status: number;
  message: string;
  /** Seconds until trying again can succeed (rate limit, busy database): Retry-After. */
  retryAfter?: number;
  /** The input field the refusal is about, when it is about one (validation). */
  field?: string | null;
};

export type Success<T extends object = object> = { ok: true } & T;

export type Result<T extends object = object> = Success<T> | Failure;

export function ok<T extends object>(value: T): Success<T> {
  return { ok: true, ...value };
}

export function fail(status: number, message: string, retryAfter?: number): Failure {
  return retryAfter === undefined
    ? { ok: false, status, message }
    : { ok: false, status, message, retryAfter };
}

/** Bad input: 400 with the message of the first problem. */
export function invalid(message: string): Failure {
  return fail(400, message);
}

/** The Retry-After header a refusal asks for, if any. */
export function retryAfterHeaders(failure: { retryAfter?: number }): HeadersInit | undefined {
  return failure.retryAfter === undefined
    ? undefined
    : { "retry-after": String(failure.retryAfter) };
}

// Prisma's error codes (prisma.io/docs/orm/reference/error-reference), read from the error
// rather than by its class so that this module stays free of @prisma/client.
function prismaCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

/** A unique index refused the write (Prisma P2002): someone else got there first. */
export function isUniqueViolation(error: unknown): boolean {
  return prismaCode(error) === "P2002";
}

export const DATABASE_BUSY_MESSAGE = "The clinic's system is busy. Please try again in a moment.";
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * Prisma's "operation timed out" (what the SQLite adapter reports when the busy timeout
 * runs out), "timed out fetching a connection" and "write conflict or deadlock, retry";
 * and a transaction that waited for the connection longer than Prisma's `maxWait` (2 s:
 * a burst of transactions queued ahead of it).
 */
const PRISMA_BUSY_CODES = new Set(["P1008", "P2024", "P2034"]);
/**
 * The driver's own codes for the same: SQLite busy or locked; PostgreSQL's lock not had in
 * time (55P03, lock_timeout), serialization failure (40001) and deadlock (40P01).
 */
const DRIVER_BUSY = /^(SQLITE_(BUSY|LOCKED)|55P03$|40001$|40P01$)/;
/**
 * P2028 (any transaction API error) only when the transaction could not start in time, or
 * ran out of it (its statements waited on other transactions' locks).
 */
const TRANSACTION_NOT_STARTED =
  /Unable to start a transaction in the given time|A query cannot be executed on an expired transaction/;

/**
 * The database was too busy to answer in time (SQLite busy or locked, a Prisma timeout):
 * nothing is wrong with the request, and the same request a moment later can succeed.
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const codes = [prismaCode(error), driverAdapterCode(error)];
  if (codes.some((code) => code && (PRISMA_BUSY_CODES.has(code) || DRIVER_BUSY.test(code)))) {
    return true;
  }
  if (
    codes[0] === "P2028" &&
    error instanceof Error &&
    TRANSACTION_NOT_STARTED.test(error.message)
  ) {
    return true;
  }
  return "cause" in error && error.cause !== error && isDatabaseBusy(error.cause);
}

/** SQLite's own code, as Prisma passes on the driver adapter's error (raw queries: P2010). */
function driverAdapterCode(error: object): string | undefined {
  type Meta = { driverAdapterError?: { cause?: { originalCode?: unknown } } };
  const code = (error as { meta?: Meta }).meta?.driverAdapterError?.cause?.originalCode;
  return typeof code === "string" ? code : undefined;
}

export const TRY_AGAIN_MESSAGE = "Something went wrong. Please try again.";

/**
 * What to answer when a domain call threw: a busy database is a 503 the visitor may retry
 * (logged as a warning), anything else a 500 with `message` (logged as an error). Never
 * the error itself.
 */
export function unexpectedError(
  what: string,
  error: unknown,
  message: string = TRY_AGAIN_MESSAGE,
): Failure {
  if (isDatabaseBusy(error)) {
    console.warn(`${what}: the database was busy`, error instanceof Error ? error.message : error);
    return fail(503, DATABASE_BUSY_MESSAGE, DATABASE_BUSY_RETRY_AFTER_SECONDS);
  }
  console.error(`${what} failed`, error);
  return fail(500, message);
}
