import { fail, type Failure } from "./result";

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a minute and try again.";

type Window = { count: number; resetAt: number };

/**
 * A fixed-window counter kept in this process's memory: enough for one server process,
 * which is how this app runs (SQLite). Keys are a client address plus an action name.
 */
export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
  const windows = new Map<string, Window>();
  // Bounds the memory a flood of distinct addresses could take.
  const MAX_KEYS = 10_000;

  function sweep(now: number) {
    for (const [key, window] of windows) {
      if (window.resetAt <= now) windows.delete(key);
    }
  }

  /** Counts one attempt; false (with the seconds to wait) once the limit is passed. */
  function hit(key: string, now = Date.now()): { ok: true } | { ok: false; retryAfter: number } {
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      if (windows.size >= MAX_KEYS) sweep(now);
      window = { count: 0, resetAt: now + windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    if (window.count > limit) {
      return { ok: false, retryAfter: Math.ceil((window.resetAt - now) / 1000) };
    }
    return { ok: true };
  }

  return { hit, reset: () => windows.clear() };
}

/** Sign-in attempts (login, register, password reset): 10 a minute per client and action. */
export const signInLimiter = createRateLimiter({ limit: 10, windowMs: 60_000 });

/**
 * Counts an attempt at `action` from `clientIp`; returns the domain failure to hand
 * back when the client is over the limit, or null. Pages and the API share the count.
 */
export function limitSignIn(action: string, clientIp: string): Failure | null {
  const result = signInLimiter.hit(`${action}:${clientIp}`);
  return result.ok ? null : fail(429, RATE_LIMIT_MESSAGE, result.retryAfter);
}

/** Staff changes (status, moves, bookings, patient records): 120 a minute per staff member. */
export const staffWriteLimiter = createRateLimiter({ limit: 120, windowMs: 60_000 });

/** Counts one staff change by `userId`; the failure to hand back when over the limit, or null. */
export function limitStaffWrite(userId: string): Failure | null {
  const result = staffWriteLimiter.hit(`staff:${userId}`);
  return result.ok ? null : fail(429, RATE_LIMIT_MESSAGE, result.retryAfter);
}
