import type { RequestHandler } from "express";
import type { ServerHooks } from "./config";
import { isSignedWebhook } from "./csrf";
import { refuse } from "./refuse";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Counts every write against its client's allowance: the app's `writes` bucket, reached
 * through the build (`server.limitWrite`). The client is `req.ip`: the socket's address,
 * or the proxy's X-Forwarded-For entry only when TRUST_PROXY=true, so a forged header
 * cannot buy a fresh allowance.
 */
export function writeLimit(hooks: () => ServerHooks): RequestHandler {
  return (req, res, next) => {
    // Twilio posts every receipt from a few addresses: its webhooks are limited per
    // sending number after the signature check instead (docs/decisions/052-text-messages.md).
    if (!WRITE_METHODS.has(req.method) || isSignedWebhook(req.path)) return next();
    hooks()
      .limitWrite(req.ip ?? req.socket.remoteAddress ?? "unknown")
      .then((refusal) => {
        if (!refusal) return next();
        const headers: Record<string, string> =
          refusal.retryAfter === undefined ? {} : { "retry-after": String(refusal.retryAfter) };
        refuse(req, res, refusal.status, refusal.message, headers);
      }, next);
  };
}
