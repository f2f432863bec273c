const DEFAULT_REDIRECT = "/";
const BASE = "http://local.invalid";

// eslint-disable-next-line no-control-regex -- rejecting control characters is the point
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;

/** A path a browser reads as "this site": one slash, then no second slash or backslash. */
function isLocalPath(path: string) {
  return path.startsWith("/") && !path.startsWith("//") && !CONTROL_OR_BACKSLASH.test(path);
}

function decoded(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * Returns `to` when it is a path on this site, otherwise the default. The decision is made
 * on the path as the URL parser normalises it (dot segments removed: `/.//evil.example`
 * and `/%2e%2e//evil.example` both become `//evil.example`), and again on that path
 * decoded (`/%2f%2fevil.example`, `/%5cevil.example`, `/%09/evil.example`), so nothing
 * that a browser or a proxy could turn into another host gets through. Absolute URLs,
 * protocol-relative ones, backslashes and control characters are all refused.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  defaultRedirect: string = DEFAULT_REDIRECT,
): string {
  if (!to || typeof to !== "string") return defaultRedirect;
  const target = to.trim();
  if (!isLocalPath(target)) return defaultRedirect;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return defaultRedirect;
  }
  if (url.origin !== BASE) return defaultRedirect;
  const path = decoded(url.pathname);
  if (!isLocalPath(url.pathname) || path === null || !isLocalPath(path)) return defaultRedirect;
  return url.pathname + url.search + url.hash;
}

/** The login page that brings the visitor back to `path` afterwards. */
export function loginPathFor(path: string): string {
  const target = safeRedirect(path);
  return target === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(target)}`;
}

/** The registration page that brings the new patient back to `path` after signing in. */
export function registerPathFor(path: string): string {
  const target = safeRedirect(path);
  return target === "/" ? "/register" : `/register?redirectTo=${encodeURIComponent(target)}`;
}
