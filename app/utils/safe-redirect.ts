const DEFAULT_REDIRECT = "/";

/**
 * Returns `to` when it is a path on this site, otherwise the default. Rejects
 * protocol-relative (`//evil.example`), backslash (`/\evil.example`) and absolute URLs,
 * and anything with control characters that a browser might strip into one of those.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  defaultRedirect: string = DEFAULT_REDIRECT,
): string {
  if (!to || typeof to !== "string") return defaultRedirect;
  const target = to.trim();
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return defaultRedirect;
  }
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return defaultRedirect;
  try {
    const base = "http://local.invalid";
    const url = new URL(target, base);
    if (url.origin !== base) return defaultRedirect;
    return url.pathname + url.search + url.hash;
  } catch {
    return defaultRedirect;
  }
}

/** The login page that brings the visitor back to `path` afterwards. */
export function loginPathFor(path: string): string {
  const target = safeRedirect(path);
  return target === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(target)}`;
}
