// A stand-in for Google's OAuth endpoints at the network boundary (msw). The app's real
// remix-auth-google code runs unchanged: only its fetches to Google are answered here.
//
// The fake "authorization code" carries the profile the test wants Google to return
// (base64url JSON), so a test decides who signs in without any shared state with the
// server process. A profile with `tokenError` makes the token exchange fail.
import { http, HttpResponse } from "msw";

export const GOOGLE_AUTHORIZE_URL = "https://accounts.google.com/o/oauth2/v2/auth";
export const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
export const GOOGLE_USERINFO_URL = "https://www.googleapis.com/oauth2/v3/userinfo";

/**
 * @typedef {{ sub: string, email?: string, email_verified?: boolean, name?: string,
 *   picture?: string, tokenError?: string }} FakeGoogleProfile
 */

/** @param {FakeGoogleProfile} profile */
export function encodeGoogleCode(profile) {
  return Buffer.from(JSON.stringify(profile)).toString("base64url");
}

/** @param {string} code @returns {FakeGoogleProfile | null} */
function decode(code) {
  try {
    return JSON.parse(Buffer.from(code, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}

function invalidGrant(description) {
  return HttpResponse.json(
    { error: "invalid_grant", error_description: description },
    { status: 400 },
  );
}

export const googleHandlers = [
  http.post(GOOGLE_TOKEN_URL, async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    if (
      form.get("client_id") !== process.env.GOOGLE_CLIENT_ID ||
      form.get("client_secret") !== process.env.GOOGLE_CLIENT_SECRET
    ) {
      return HttpResponse.json({ error: "invalid_client" }, { status: 401 });
    }
    if (form.get("grant_type") !== "authorization_code") return invalidGrant("Bad grant type");
    if (form.get("redirect_uri") !== process.env.GOOGLE_CALLBACK_URL) {
      return invalidGrant("redirect_uri_mismatch");
    }
    const code = form.get("code") ?? "";
    const profile = decode(code);
    if (!profile) return invalidGrant("Malformed auth code.");
    if (profile.tokenError) return invalidGrant(profile.tokenError);
    return HttpResponse.json({
      access_token: `fake-access.${code}`,
      expires_in: 3599,
      scope:
        "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
      token_type: "Bearer",
      id_token: "fake-id-token",
    });
  }),
  http.get(GOOGLE_USERINFO_URL, ({ request }) => {
    const auth = request.headers.get("authorization") ?? "";
    const profile = auth.startsWith("Bearer fake-access.") ? decode(auth.slice(19)) : null;
    if (!profile) {
      return HttpResponse.json(
        { error: "invalid_request", error_description: "Invalid Credentials" },
        { status: 401 },
      );
    }
    const { tokenError: _unused, ...claims } = profile;
    return HttpResponse.json({ email_verified: true, ...claims });
  }),
];
