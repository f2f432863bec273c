import { createHash } from "node:crypto";
import { isIP } from "node:net";
import type pg from "pg";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { sharedPool } from "~/infra/db.server";
import {
  DistinctBucket,
  type DistinctLimit,
  SharedDistinctBucket,
} from "~/infra/distinct-limit.server";
import { getEnv, type Env } from "~/infra/env.server";
import { fail, type Failure } from "~/utils/result";

/**
 * Every limit of the app, in one place: a named bucket each, sized by its env setting
 * (.env.example), counted in this process's memory on SQLite (one process on one file) and
 * in the database on PostgreSQL, where several instances share every bucket
 * (RateLimiterPostgres on the table `rate_limit_points` its migration makes, and the bound
 * on distinct patients read on `rate_limit_items`; a database that does not answer falls
 * back to this instance's memory rather than refusing everyone). The domain takes from the
 * sign-in buckets, so pages show the refusal in their form (with JavaScript or without) and the JSON API answers it with Retry-After;
 * the Express server takes from `writes` through the build (`server.limitWrite` in
 * entry.server.tsx) after it has refused cross-site requests, which so never count.
 * docs/decisions/012-limits-and-the-request-edge.md says why each one is there.
 */

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a minute and try again.";
export const WRITE_LIMIT_MESSAGE = "Too many requests: please wait a minute and try again";

/** "a minute", "15 minutes": how long a refusal asks to wait. */
export function waitingTime(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "a minute" : `${minutes} minutes`;
}

export const accountLockedMessage = (seconds: number) =>
  `Too many failed logins with this email. Please wait ${waitingTime(seconds)} and try again, or reset your password.`;

export const registrationsMessage = (seconds: number) =>
  `Too many new accounts from your network. Please try again in ${waitingTime(seconds)}.`;

/** Where a bucket counts when instances share it: its name in the table, and the pool. */
export type SharedStore = { name: string; pool: pg.Pool };

/** One limit: `points` takes per key in a fixed window of `seconds`. */
export class Bucket {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    readonly points: number,
    readonly seconds: number,
    private readonly message: (retryAfterSeconds: number) => string,
    shared?: SharedStore,
  ) {
    const memory = new RateLimiterMemory({ points, duration: seconds });
    this.limiter = shared
      ? new RateLimiterPostgres({
          storeClient: shared.pool,
          storeType: "pool",
          tableName: "rate_limit_points",
          tableCreated: true,
          keyPrefix: shared.name,
          points,
          duration: seconds,
          insuranceLimiter: memory,
        })
      : memory;
  }

  /** Takes one point for `key`: null, or the 429 to answer (with Retry-After) once none is left. */
  async take(key: string): Promise<Failure | null> {
    try {
      await this.limiter.consume(key);
      return null;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      return fail(429, this.message(retryAfter), retryAfter);
    }
  }

  /** Gives back the point an attempt took, once it turned out not to count (a login that succeeded). */
  async giveBack(key: string): Promise<void> {
    const current = await this.limiter.get(key);
    // A window that ended meanwhile has nothing to give back to.
    if (current && current.consumedPoints > 0) await this.limiter.reward(key, 1);
  }

  /** Clears what `key` has taken (tests that fill a bucket on purpose clean up with it). */
  async forget(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

export const patientReadsMessage = (seconds: number) =>
  `You have opened the records of many patients in the last hour. Please wait ${waitingTime(seconds)} before opening more, or ask an administrator.`;

export type RateLimits = ReturnType<typeof createRateLimits>;

/** A bound on distinct items (~/infra/distinct-limit.server), in the database when shared. */
function distinctLimit(
  points: number,
  seconds: number,
  message: (retryAfterSeconds: number) => string,
  shared?: SharedStore,
): DistinctLimit {
  return shared
    ? new SharedDistinctBucket(points, seconds, message, shared)
    : new DistinctBucket(points, seconds, message);
}

export function createRateLimits(env: Env, pool: pg.Pool | null = null) {
  const shared = (name: string) => (pool ? { name, pool } : undefined);
  return {
    /** Login, registration and reset attempts per client and minute; successful logins give theirs back. */
    signIn: new Bucket(
      env.RATE_LIMIT_SIGNIN_PER_MINUTE,
      60,
      () => RATE_LIMIT_MESSAGE,
      shared("signIn"),
    ),
    /**
     * Failed logins per account (the address typed, whether or not it has an account, so the
     * refusal tells nothing) and client address: one address stops guessing at an account
     * long before the account's own bound, which it so cannot use up for everyone.
     */
    loginFailures: new Bucket(
      env.RATE_LIMIT_ACCOUNT_FAILURES_PER_15_MINUTES,
      15 * 60,
      accountLockedMessage,
      shared("loginFailures"),
    ),
    /**
     * Password checks per account from all addresses together: one account cannot be
     * guessed from many addresses. Only guesses that reached the check count (the per-address
     * bound refuses first), a device that signed in to the account before is not stopped by
     * it (~/http/device.server), a successful login gives its point back and a password set
     * through a mailed link (reset, claim) lifts it.
     */
    accountChecks: new Bucket(
      env.RATE_LIMIT_ACCOUNT_CHECKS_PER_15_MINUTES,
      15 * 60,
      accountLockedMessage,
      shared("accountChecks"),
    ),
    /** Accounts created per client and hour: free accounts are what books the diary out. */
    registrations: new Bucket(
      env.RATE_LIMIT_REGISTRATIONS_PER_HOUR,
      60 * 60,
      registrationsMessage,
      shared("registrations"),
    ),
    /** A patient's data exports per account and minute: each one reads all they have. */
    dataExports: new Bucket(10, 60, () => RATE_LIMIT_MESSAGE, shared("dataExports")),
    /**
     * Password confirmations of an account deletion per account and minute: the password
     * is tried there too, and a stolen session must not guess it from many addresses.
     */
    accountDeletions: new Bucket(10, 60, () => RATE_LIMIT_MESSAGE, shared("accountDeletions")),
    /** Changes to a patient's family (members added, permissions, removals) per account and minute. */
    familyChanges: new Bucket(30, 60, () => RATE_LIMIT_MESSAGE, shared("familyChanges")),
    /** Staff changes (status, moves, bookings, settings...) per staff member and minute. */
    staffWrites: new Bucket(
      env.RATE_LIMIT_STAFF_WRITES_PER_MINUTE,
      60,
      () => RATE_LIMIT_MESSAGE,
      shared("staffWrites"),
    ),
    /** Distinct patients whose contact details or messages a staff member reads per hour. */
    patientReads: distinctLimit(
      env.RATE_LIMIT_PATIENT_READS_PER_HOUR,
      60 * 60,
      patientReadsMessage,
      shared("patientReads"),
    ),
    /** Presses of a mail link's button (confirm, reschedule, cancel) per client, action and minute. */
    mailLinks: new Bucket(20, 60, () => RATE_LIMIT_MESSAGE, shared("mailLinks")),
    /** Texts received (webhooks) per sending number and minute (docs/decisions/052-text-messages.md). */
    smsInbound: new Bucket(10, 60, () => RATE_LIMIT_MESSAGE, shared("smsInbound")),
    /** Every write (POST, PUT, PATCH, DELETE) per client and minute. */
    writes: new Bucket(
      env.RATE_LIMIT_WRITES_PER_MINUTE,
      60,
      () => WRITE_LIMIT_MESSAGE,
      shared("writes"),
    ),
  };
}

let limits: RateLimits | undefined;

/** The app's buckets, sized from the environment on first use. */
export function rateLimits(): RateLimits {
  limits ??= createRateLimits(getEnv(), sharedPool());
  return limits;
}

/**
 * The key a client is counted under: its address as the server sees it (`req.ip`, which
 * believes X-Forwarded-For only with TRUST_PROXY). An IPv4 address written as IPv6 is the
 * IPv4 address; an IPv6 address counts by its /64, the block one subscriber gets, so a
 * client cannot take a fresh allowance from each address of its own network.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIP(mapped) === 4) return mapped;
  if (isIP(address) !== 6) return address;
  return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, "::" expanded (a trailing IPv4 part too). */
function ipv6Groups(address: string): string[] {
  const [head = "", tail] = address.toLowerCase().split("%", 1)[0]!.split("::");
  const parse = (part: string) =>
    part
      ? part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [group.padStart(4, "0")];
          const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
          return [
            ((a << 8) | b).toString(16).padStart(4, "0"),
            ((c << 8) | d).toString(16).padStart(4, "0"),
          ];
        })
      : [];
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => "0000");
  return [...left, ...zeros, ...right];
}

/** The key an account's failed logins count under: a digest of the address as typed, normalised. */
export function accountKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22);
}

/** The key of one account's failed logins from one client. */
export function pairKey(account: string, client: string): string {
  return `${account}|${client}`;
}

/**
 * A password set through a mailed link (a reset, a claim) proves the mailbox: the account's
 * lock-out ends, and so does that of the address the owner used the link from.
 */
export async function liftLoginLock(email: string, clientIp?: string): Promise<void> {
  const account = accountKey(email);
  await rateLimits().accountChecks.forget(account);
  if (clientIp) await rateLimits().loginFailures.forget(pairKey(account, clientKey(clientIp)));
}

/** What `server.limitWrite` answers the Express server: a write of this client counted, or its refusal. */
export function limitWrite(address: string): Promise<Failure | null> {
  return rateLimits().writes.take(clientKey(address));
}

/** Counts one staff change by `userId`; the failure to hand back when over the limit, or null. */
export function limitStaffWrite(userId: string): Promise<Failure | null> {
  return rateLimits().staffWrites.take(staffWriteKey(userId));
}

export const staffWriteKey = (userId: string) => `staff:${userId}`;

/** Who pressed a mail link's button: the client address its presses count under. */
export type LinkClient = { clientIp: string };

/**
 * Counts one press of a mail link's button (`action`: confirm, reschedule, cancel, a
 * waiting-list offer) by this client; 20 a minute each (tokens are not guessable).
 */
export function limitLinkAction(action: string, client: LinkClient): Promise<Failure | null> {
  return rateLimits().mailLinks.take(`${action}:${clientKey(client.clientIp)}`);
}
