import { z } from "./zod";

/**
 * What a form says for a field left empty: the spec's messages
 * (docs/spec/product-spec.md §5), spelled as the spec spells them. `newPassword` is ours.
 */
export const REQUIRED_MESSAGES = {
  name: "please Enter your Name",
  email: "please Enter your email",
  userImage: "please Enter your userImage",
  password: "please Enter your password",
  newPassword: "please Enter your new password",
  description: "please Enter your description",
  price: "please Enter your price",
  photo: "please Enter your photo",
  phone: "please Enter your phone",
  date: "please Enter your date",
  time: "please Enter your time",
  message: "please Enter your message",
  service: "please Enter your service",
  rating: "please Enter your rating",
} as const;

export const EMAIL_FORMAT_MESSAGE = "Please enter a valid email address";
export const HTTP_URL_MESSAGE = "Please enter an image link that starts with http:// or https://";

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

/** Text as a form sent it, trimmed; anything that is not a string is empty. */
export function trimmedText() {
  return z
    .unknown()
    .optional()
    .transform((value) => (typeof value === "string" ? value.trim() : ""));
}

/** A ticked checkbox (a form sends "on"; the API may send true). */
export const checkbox = z
  .unknown()
  .optional()
  .transform((value) => value === "on" || value === "true" || value === true);

/**
 * What no name may hold: C0 and C1 control characters (tab, line feed and carriage return
 * among them) and DEL, and Unicode's line and paragraph separators. A name is one line of a
 * greeting, a screen or a mail header.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the rule
const NAME_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const NAME_CHARACTERS_MESSAGE =
  "Please write the name on one line, without tabs, line breaks or other control characters";

/** The one name rule: true for a name on one line, without control characters. */
export function isOneLineName(value: string): boolean {
  return !NAME_CONTROL_CHARACTERS.test(value);
}

/** A name someone else typed (Google's), made one line: each run of control characters a space. */
export function asOneLineName(value: string): string {
  return value.replace(new RegExp(`${NAME_CONTROL_CHARACTERS.source}+`, "g"), " ").trim();
}

/** A person's name (an account, a booking, a review) or a service's title. */
export function nameField() {
  return requiredText(REQUIRED_MESSAGES.name, 100).refine(isOneLineName, NAME_CHARACTERS_MESSAGE);
}

/** The message of a booking or a review. */
export function messageField() {
  return requiredText(REQUIRED_MESSAGES.message, 1000);
}

/** The longest e-mail address there can be (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;
const EMAIL_ADDRESS = z.email();

/**
 * The one e-mail rule: an address as zod's e-mail check reads one (a local part, an @, a
 * domain with a top level of two letters or more), at most 254 characters. Every form and
 * the API ask it, each with its own words.
 */
export function isEmailAddress(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_ADDRESS.safeParse(value).success;
}

export const RESERVED_EMAIL_MESSAGE =
  "This address can never receive mail (.invalid is a reserved domain): please enter your own e-mail address";

/**
 * True for an address under the `.invalid` top-level domain (RFC 2606): it can never
 * receive mail, so nobody can prove it is theirs. The desk's stand-in for a caller without
 * an address lives there (~/models/patients/no-email); nobody may type one as their own.
 */
export function isReservedAddress(value: string): boolean {
  const domain = value.slice(value.lastIndexOf("@") + 1).trim();
  return /(^|\.)invalid\.?$/i.test(domain);
}

/**
 * A required e-mail address, checked by the one e-mail rule unless `checkFormat` is false,
 * and then refused under the reserved `.invalid` domain.
 */
export function emailField({ checkFormat = true }: { checkFormat?: boolean } = {}) {
  const present = requiredText(REQUIRED_MESSAGES.email, MAX_EMAIL_LENGTH);
  return checkFormat
    ? present
        .refine(isEmailAddress, EMAIL_FORMAT_MESSAGE)
        .refine((value) => !isReservedAddress(value), RESERVED_EMAIL_MESSAGE)
    : present;
}

/** The longest phone number a form takes, separators included. */
export const MAX_PHONE_LENGTH = 30;
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/**
 * The one phone rule: digits with the usual separators (spaces, ( ) . -) and an optional
 * leading +, at least six digits so that it can be called, at most 30 characters.
 */
export function isPhoneNumber(value: string): boolean {
  return (
    value.length <= MAX_PHONE_LENGTH &&
    PHONE_CHARACTERS.test(value) &&
    value.replace(/\D/g, "").length >= 6
  );
}

/** A required phone number, checked by the one phone rule. */
export function phoneField(
  formatMessage: string,
  requiredMessage: string = REQUIRED_MESSAGES.phone,
) {
  return requiredText(requiredMessage, MAX_PHONE_LENGTH).refine(isPhoneNumber, formatMessage);
}

/** True for absolute http(s) URLs. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

const SITE_IMAGE_PATH = /^\/images(?:\/[a-z0-9][a-z0-9-]*)+\.(?:svg|png|jpe?g|webp|avif|gif)$/i;

/**
 * True for a root-relative path to an image the site ships (`/images/...`, as the seed
 * and the avatar choices use): plain path segments only, no dot segments, query or host.
 */
export function isSiteImagePath(value: string): boolean {
  return SITE_IMAGE_PATH.test(value);
}

/**
 * The image links a form or the API accepts (docs/spec/decisions.md 16, 17): an absolute
 * http(s) URL, or an image the site itself ships.
 */
export function isImageLink(value: string): boolean {
  return isSiteImagePath(value) || isHttpUrl(value);
}

/** A required image link (a profile picture, a service's photo). */
export function imageUrlField(requiredMessage: string) {
  return requiredText(requiredMessage, 2000).refine(isImageLink, HTTP_URL_MESSAGE);
}
