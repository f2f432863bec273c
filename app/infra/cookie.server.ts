import type { CookieOptions } from "@remix-run/node";
import { getEnv, type Env } from "~/infra/env.server";

/**
 * The session cookie's name. In production (where cookies are Secure) it carries the
 * `__Host-` prefix: browsers then keep it only if it is Secure, for Path=/ and without a
 * Domain, so no other subdomain or plain-http page can plant or overwrite it. Tests read
 * the name here rather than spelling it.
 */
export function sessionCookieName(nodeEnv: Env["NODE_ENV"] = getEnv().NODE_ENV) {
  return nodeEnv === "production" ? "__Host-session" : "__session";
}

/**
 * The options of every cookie the app sets (the session, the toast, Google sign-in's two):
 * httpOnly, SameSite=Lax, the whole site, Secure in production, and signed with the first
 * of SESSION_SECRET's secrets while read with any of them, so a secret can be rotated
 * without signing anyone out.
 */
export function cookieOptions({ maxAge }: { maxAge?: number } = {}) {
  const env = getEnv();
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.NODE_ENV === "production",
    secrets: env.SESSION_SECRETS,
    ...(maxAge === undefined ? {} : { maxAge }),
  } satisfies CookieOptions;
}
