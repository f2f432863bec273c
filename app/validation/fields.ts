import { z } from "zod";

/**
 * A required text field: anything that is not a non-blank string gets `message`.
 * Values are trimmed; `max` keeps stored text to a sane size.
 */
export function requiredText(message: string, max = 2000) {
  return z
    .unknown()
    .transform((value) =>
      typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "",
    )
    .pipe(
      z
        .string()
        .min(1, message)
        .max(
          max,
          `${message.replace(/^please Enter your /, "Your ")} is too long (at most ${max} characters)`,
        ),
    );
}

export const HTTP_URL_MESSAGE = "Please enter an image link that starts with http:// or https://";

/** True for absolute http(s) URLs: the only image links the app accepts from users. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}
