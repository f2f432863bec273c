import { randomFillSync } from "node:crypto";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";
import type { ServerConfig } from "./config";

/** The nonce of this response's Content-Security-Policy; Remix puts it on its scripts. */
export function cspNonce(res: Response): string {
  return res.locals.cspNonce as string;
}

const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_BYTES * 256);
let taken = pool.length;

/**
 * 128 random bits, base64: each nonce is its own slice of the system's CSPRNG output,
 * drawn 256 at a time (one call into OpenSSL per request was 8% of a cached answer's CPU).
 */
export function newNonce(): string {
  if (taken === pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  const nonce = pool.toString("base64", taken, taken + NONCE_BYTES);
  taken += NONCE_BYTES;
  return nonce;
}

const NONCE = "{nonce}";

/**
 * The policy: scripts run only from this origin or inline with this response's nonce.
 * Styles may be inline (sonner injects its own); images may come from any http(s) URL
 * because users link their avatars and photos. Written out once; each response puts its
 * nonce in (helmet rebuilt and validated the whole policy on every request).
 */
export function contentSecurityPolicy(config: ServerConfig): [before: string, after: string] {
  const https = config.APP_URL?.startsWith("https:") ?? false;
  const development = config.mode === "development";
  const directives: Record<string, string[] | null> = {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "script-src": ["'self'", `'nonce-${NONCE}'`],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    // Patients may give any http(s) image link (profile photo, new service); on an https
    // site the browser upgrades http images itself.
    "img-src": ["'self'", "https:", "http:", "data:"],
    "font-src": ["'self'", "data:"],
    // The dev server's live reload talks over a WebSocket.
    "connect-src": development ? ["'self'", "ws:"] : ["'self'"],
    "frame-src": ["https://www.openstreetmap.org"],
    "frame-ancestors": ["'none'"],
    // Chromium checks form-action on the redirect after a post too: the Google button
    // posts here and is redirected to Google's consent screen.
    "form-action": config.GOOGLE_CLIENT_ID ? ["'self'", "https://accounts.google.com"] : ["'self'"],
    "object-src": ["'none'"],
    "upgrade-insecure-requests": https ? [] : null,
  };
  const policy = Object.entries(directives)
    .flatMap(([name, values]) => (values === null ? [] : [[name, ...values].join(" ")]))
    .join(";");
  const [before = "", after = ""] = policy.split(NONCE);
  return [before, after];
}

/** Security headers on every response; the CSP is enforced, with a nonce per response. */
export function securityHeaders(config: ServerConfig): RequestHandler[] {
  const [before, after] = contentSecurityPolicy(config);
  const setPolicy: RequestHandler = (_req, res, next) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", before + nonce + after);
    next();
  };
  return [
    setPolicy,
    helmet({
      contentSecurityPolicy: false,
      // "same-origin" rather than "no-referrer": with no-referrer, browsers send
      // `Origin: null` on same-site form posts, which the CSRF check must refuse.
      referrerPolicy: { policy: "same-origin" },
      strictTransportSecurity:
        config.mode === "production" ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      xFrameOptions: { action: "deny" },
    }),
    (_req, res, next) => {
      res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
      next();
    },
  ];
}
