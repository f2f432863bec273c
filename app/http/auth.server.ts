import type { User } from "@prisma/client";
import { data, redirect } from "@remix-run/node";
import type { SignInRequired } from "~/utils/sign-in-required";
import { requestPath } from "~/http/http.server";
import { loginPathFor } from "~/utils/safe-redirect";
import { sessionSeen, sessionStarted } from "~/models/accounts/sessions.server";
import {
  commitTokenCookie,
  createSession,
  deleteSessionByToken,
  destroyTokenCookie,
  getCookieToken,
  getHeaderToken,
  getUserByToken,
} from "~/infra/session.server";

/** What pages and the JSON API may show of a user: never the hash or the Google id. */

/**
 * One session lookup per page view: the root loader and the page's own loader of a GET
 * (Remix hands every loader of a request the same Request) share it. A write (an action)
 * looks again each time, since it may have signed someone in or out since.
 */
const usersOfReads = new WeakMap<Request, Promise<User | null>>();

/** The user of a session token, the session's use recorded (its "last seen"). */
async function userOfToken(token: string | null): Promise<User | null> {
  const user = await getUserByToken(token);
  if (user && token) await sessionSeen(token);
  return user;
}

/** The signed-in user of a page request (session cookie), or null. */
export async function getUser(request: Request): Promise<User | null> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return userOfToken(await getCookieToken(request));
  }
  let user = usersOfReads.get(request);
  if (!user) {
    user = getCookieToken(request).then(userOfToken);
    usersOfReads.set(request, user);
    // A failed lookup is not remembered: the next loader asks again.
    user.catch(() => usersOfReads.delete(request));
  }
  return user;
}

/** The user of an API request: `Authorization` token first, then the session cookie. */
export async function getApiUser(request: Request): Promise<User | null> {
  const headerToken = getHeaderToken(request);
  if (headerToken) return userOfToken(headerToken);
  return getUser(request);
}

/** The session token the request signs in with (the API's header, else the cookie's). */
export async function requestToken(request: Request): Promise<string | null> {
  return getHeaderToken(request) ?? (await getCookieToken(request));
}

/**
 * For actions that need a user: signed-out visitors are sent to /login and brought back
 * to `redirectTo` (the page they were on) afterwards.
 */
export async function requireUser(
  request: Request,
  { redirectTo }: { redirectTo?: string } = {},
): Promise<User> {
  const user = await getUser(request);
  if (!user) throw redirect(loginPathFor(redirectTo ?? requestPath(request)));
  return user;
}

/**
 * For the loader of a page only a signed-in user may see: the user, or a thrown 401 that
 * the error boundary (GeneralErrorBoundary, or the route's own) renders as the guard
 * page, which sends the visitor to /login and back here (docs/spec/decisions.md 8).
 */
export async function requirePageUser(request: Request): Promise<User> {
  const user = await getUser(request);
  if (user) return user;
  const guard: SignInRequired = { signInRequired: true, redirectTo: requestPath(request) };
  throw data(guard, { status: 401 });
}

/**
 * Starts a session and returns the Set-Cookie header for the browser plus the API token.
 * The session keeps the browser's User-Agent and `clientIp`, to name the device in the
 * user's list of signed-in devices.
 */
export async function signIn(
  request: Request,
  userId: string,
  { clientIp }: { clientIp?: string } = {},
) {
  const { token, expiresAt } = await createSession(userId, undefined, {
    userAgent: request.headers.get("user-agent"),
    ipAddress: clientIp,
  });
  sessionStarted(token);
  const setCookie = await commitTokenCookie(request, token, expiresAt);
  return { token, setCookie };
}

/** Ends the session on the server (cookie or token) and returns the Set-Cookie that clears it. */
export async function signOut(request: Request) {
  await deleteSessionByToken(getHeaderToken(request) ?? (await getCookieToken(request)));
  return destroyTokenCookie(request);
}
