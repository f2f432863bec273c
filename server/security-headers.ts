import { randomBytes } from "node:crypto";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";
import type { ServerConfig } from "./config";

/** The nonce of this response's Content-Security-Policy; Remix puts it on its scripts. */
export function cspNonce(res: Response): string {
  return res.locals.cspNonce as string;
}

/**
 * Security headers on every response. The CSP is enforced: scripts run only from this
 * origin or inline with this response's nonce. Styles may be inline (sonner injects its
 * own); images may come from any https URL because users link their avatars and photos.
 */
export function securityHeaders(config: ServerConfig): RequestHandler[] {
  const https = config.APP_URL?.startsWith("https:") ?? false;
  const development = config.mode === "development";
  const setNonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
  return [
    setNonce,
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "base-uri": ["'self'"],
          "script-src": ["'self'", (_req, res) => `'nonce-${cspNonce(res as Response)}'`],
          "script-src-attr": ["'none'"],
          "style-src": ["'self'", "'unsafe-inline'"],
          // Patients may give any http(s) image link (profile photo, new service); on an
          // https site the browser upgrades http images itself.
          "img-src": ["'self'", "https:", "http:", "data:"],
          "font-src": ["'self'", "data:"],
          // The dev server's live reload talks over a WebSocket.
          "connect-src": development ? ["'self'", "ws:"] : ["'self'"],
          "frame-src": ["https://www.openstreetmap.org"],
          "frame-ancestors": ["'none'"],
          // Chromium checks form-action on the redirect after a post too: the Google
          // button posts here and is redirected to Google's consent screen.
          "form-action": config.GOOGLE_CLIENT_ID
            ? ["'self'", "https://accounts.google.com"]
            : ["'self'"],
          "object-src": ["'none'"],
          "upgrade-insecure-requests": https ? [] : null,
        },
      },
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
