import { createCookie } from "@remix-run/node";
import { cookieOptions } from "~/infra/cookie.server";
import { getEnv } from "~/infra/env.server";
import { accountKey } from "~/infra/rate-limit.server";

/**
 * A browser (or API client) that has signed in to an account before carries a signed
 * cookie naming that account (by its key, ~/infra/rate-limit.server's `accountKey`): the
 * account-wide bound on password guesses does not stop it, so guesses from elsewhere cannot
 * lock the owner out of their own device (docs/decisions/012-limits-and-the-request-edge.md). Only the server can write
 * it; it names at most a few accounts, newest first, and lasts 400 days (what browsers keep).
 */
const MAX_ACCOUNTS = 5;
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

let cookie: ReturnType<typeof createCookie> | undefined;
function deviceCookie() {
  const name = getEnv().NODE_ENV === "production" ? "__Host-device" : "device";
  cookie ??= createCookie(name, cookieOptions({ maxAge: MAX_AGE_SECONDS }));
  return cookie;
}

async function accountsOf(request: Request): Promise<string[]> {
  const value: unknown = await deviceCookie().parse(request.headers.get("cookie"));
  return Array.isArray(value) ? value.filter((key): key is string => typeof key === "string") : [];
}

/** The accounts this request's device has signed in to before (their keys). */
export async function knownAccounts(request: Request): Promise<string[]> {
  return accountsOf(request);
}

/** The Set-Cookie that remembers, on this device, a sign-in to the account at `email`. */
export async function rememberSignIn(request: Request, email: string): Promise<string> {
  const key = accountKey(email);
  const accounts = [key, ...(await accountsOf(request)).filter((known) => known !== key)];
  return deviceCookie().serialize(accounts.slice(0, MAX_ACCOUNTS));
}
