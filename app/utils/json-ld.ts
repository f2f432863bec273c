/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>`, `&` and the two JavaScript
 * line separators are written as \u escapes, so no value (a clinic name typed by staff)
 * can end the element or start markup; JSON parsers read the escapes back unchanged.
 */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
