import type { User } from "@prisma/client";
import { createCookie, createCookieSessionStorage, redirect } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { GoogleStrategy } from "remix-auth-google";
import { findOrCreateGoogleUser, GoogleSignInError } from "~/models/accounts/user.server";
import { cookieOptions } from "~/infra/cookie.server";
import { getEnv } from "~/infra/env.server";
import { combineHeaders } from "~/http/http.server";
import { safeRedirect } from "~/utils/safe-redirect";

export const GOOGLE_UNAVAILABLE_MESSAGE = "Google sign-in is not available";
/**
 * What the visitor reads whenever Google's side failed (cancelled, refused code, forged
 * callback): the callback's `error` and Google's descriptions are anyone's text, so they
 * go to the log, never onto the page.
 */
export const GOOGLE_FAILED_MESSAGE = "Google sign-in did not work. Please try again.";
const OAUTH_COOKIE_MAX_AGE = 10 * 60;

type Google = {
  authenticator: Authenticator<User>;
  /** Holds the OAuth `state` between the start of the flow and Google's callback. */
  stateStorage: ReturnType<typeof createCookieSessionStorage>;
  /** Holds where to send the visitor afterwards, across the trip to Google. */
  redirectToCookie: ReturnType<typeof createCookie>;
};

let google: Google | null | undefined;

/** The Google sign-in machinery, or null when GOOGLE_CLIENT_ID/SECRET/CALLBACK_URL are not all set. */
export function getGoogle(): Google | null {
  if (google !== undefined) return google;
  const env = getEnv();
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET || !env.GOOGLE_CALLBACK_URL) {
    return (google = null);
  }
  const stateStorage = createCookieSessionStorage({
    cookie: { name: "__oauth", ...cookieOptions({ maxAge: OAUTH_COOKIE_MAX_AGE }) },
  });
  // throwOnError: failures come back as AuthorizationError, turned into a toast by the route.
  const authenticator = new Authenticator<User>(stateStorage, { throwOnError: true });
  authenticator.use(
    new GoogleStrategy<User>(
      {
        clientID: env.GOOGLE_CLIENT_ID,
        clientSecret: env.GOOGLE_CLIENT_SECRET,
        callbackURL: env.GOOGLE_CALLBACK_URL,
        prompt: "select_account",
      },
      async ({ profile }) => {
        try {
          return await findOrCreateGoogleUser({
            sub: profile.id,
            email: profile._json.email,
            emailVerified: profile._json.email_verified === true,
            name: profile.displayName,
            picture: profile._json.picture,
          });
        } catch (error) {
          if (error instanceof GoogleSignInError) throw error;
          // Anything else (the database, say) must not reach the visitor's toast.
          console.error("Google sign-in: finding or creating the user failed", error);
          throw new GoogleSignInError("Something went wrong");
        }
      },
    ),
  );
  const redirectToCookie = createCookie(
    "__oauth_redirect",
    cookieOptions({ maxAge: OAUTH_COOKIE_MAX_AGE }),
  );
  return (google = { authenticator, stateStorage, redirectToCookie });
}

export function isGoogleEnabled() {
  return getGoogle() !== null;
}

/**
 * Starts the flow: the redirect to Google's consent screen, with the state cookie the
 * strategy set and a cookie remembering `redirectTo` for the way back.
 */
export async function startGoogleSignIn(request: Request, google: Google, redirectTo: string) {
  try {
    // A body-less copy: the strategy copies the request, and only its URL and cookies matter.
    await google.authenticator.authenticate(
      "google",
      new Request(request.url, { headers: request.headers }),
    );
  } catch (thrown) {
    const location = thrown instanceof Response ? thrown.headers.get("location") : null;
    if (thrown instanceof Response && location) {
      return redirect(location, {
        headers: combineHeaders(thrown.headers, {
          "set-cookie": await google.redirectToCookie.serialize(safeRedirect(redirectTo)),
        }),
      });
    }
    throw thrown;
  }
  throw new Error("The Google strategy did not redirect to Google");
}

export type GoogleCallbackResult =
  | { ok: true; user: User; redirectTo: string; headers: Headers }
  | { ok: false; message: string; redirectTo: string; headers: Headers };

/**
 * Finishes the flow on Google's callback: the user (found, linked or created) and where
 * to go next, or a message for the visitor. The returned headers clear the flow's cookies.
 */
export async function finishGoogleSignIn(
  request: Request,
  google: Google,
): Promise<GoogleCallbackResult> {
  const cookie = request.headers.get("cookie");
  const redirectTo = safeRedirect((await google.redirectToCookie.parse(cookie)) as string | null);
  const headers = combineHeaders(
    { "set-cookie": await google.redirectToCookie.serialize("", { maxAge: 0 }) },
    {
      "set-cookie": await google.stateStorage.destroySession(
        await google.stateStorage.getSession(cookie),
      ),
    },
  );
  // Google sends the visitor back with ?error=access_denied when they cancel.
  const query = new URL(request.url).searchParams;
  const providerError = query.get("error");
  if (providerError) {
    logFailure("Google answered with an error", {
      error: providerError,
      description: query.get("error_description"),
    });
    return { ok: false, message: GOOGLE_FAILED_MESSAGE, redirectTo, headers };
  }
  try {
    const user = await google.authenticator.authenticate("google", request);
    return { ok: true, user, redirectTo, headers };
  } catch (error) {
    if (error instanceof AuthorizationError) {
      if (error.cause instanceof GoogleSignInError) {
        return { ok: false, message: error.cause.message, redirectTo, headers };
      }
      logFailure("The Google strategy refused the callback", { error: error.message });
      return { ok: false, message: GOOGLE_FAILED_MESSAGE, redirectTo, headers };
    }
    throw error;
  }
}

/**
 * One log line, its details JSON-encoded and cut short: they are a stranger's text, which
 * must not forge log lines or flood the log.
 */
function logFailure(what: string, details: Record<string, string | null>) {
  const cut = Object.fromEntries(
    Object.entries(details).map(([key, value]) => [key, value?.slice(0, 300) ?? null]),
  );
  console.warn(`Google sign-in: ${what}`, JSON.stringify(cut));
}
