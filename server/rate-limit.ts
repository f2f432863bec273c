import type { RequestHandler } from "express";
import type { ServerConfig } from "./config";
import { refuse } from "./refuse";

const WINDOW_MS = 60_000;
const MAX_TRACKED_CLIENTS = 50_000;
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Where a password is tried or an account is created: the guessing targets. */
export const SIGN_IN_PATHS = new Set([
  "/login",
  "/register",
  "/forgot-password",
  "/api/login",
  "/api/register",
  "/api/forgot-password",
]);

type Window = { count: number; resetAt: number };

/** Fixed one-minute windows per client and bucket, kept in memory (one process). */
class WindowCounter {
  private windows = new Map<string, Window>();

  constructor(private readonly limit: number) {}

  /** Counts a hit; returns the seconds to wait when over the limit, else null. */
  hit(key: string, now: number): number | null {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= MAX_TRACKED_CLIENTS) this.sweep(now);
      window = { count: 0, resetAt: now + WINDOW_MS };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count > this.limit ? Math.ceil((window.resetAt - now) / 1000) : null;
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
    // Still full (a flood of distinct addresses): forget the oldest windows.
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_TRACKED_CLIENTS) break;
      this.windows.delete(key);
    }
  }
}

function normalisePath(path: string) {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith("/") ? lower.slice(0, -1) : lower;
}

/**
 * Per-client limits on every write, tighter where passwords are tried. The client is
 * `req.ip`: the socket's address, or the proxy's X-Forwarded-For entry only when
 * TRUST_PROXY=true, so a forged header cannot buy a fresh allowance.
 */
export function rateLimit(config: ServerConfig): RequestHandler {
  const writes = new WindowCounter(config.RATE_LIMIT_WRITES_PER_MINUTE);
  const signIns = new WindowCounter(config.RATE_LIMIT_SIGNIN_PER_MINUTE);
  return (req, res, next) => {
    if (!WRITE_METHODS.has(req.method)) return next();
    const client = req.ip ?? req.socket.remoteAddress ?? "unknown";
    const now = Date.now();
    const wait =
      (SIGN_IN_PATHS.has(normalisePath(req.path)) ? signIns.hit(client, now) : null) ??
      writes.hit(client, now);
    if (wait === null) return next();
    refuse(req, res, 429, "Too many requests: please wait a minute and try again", {
      "retry-after": String(wait),
    });
  };
}
