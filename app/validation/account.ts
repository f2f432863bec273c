import { z } from "./zod";
import {
  emailField,
  HTTP_URL_MESSAGE,
  imageUrlField,
  isImageLink,
  nameField,
  REQUIRED_MESSAGES,
} from "./fields";

/** The password rules' messages: the spec's minimum (docs/spec/product-spec.md §5), and ours. */
export const ACCOUNT_MESSAGES = {
  passwordMin: "password need minimum 5 character",
  passwordTooLong: "Password is too long (at most 72 characters)",
  confirmPassword: "please Enter your new password again",
  passwordsDiffer: "The two passwords do not match",
} as const;

export const PASSWORD_MIN_LENGTH = 5;
// bcrypt reads only the first 72 bytes; refusing longer passwords is more honest than
// silently ignoring the rest.
const PASSWORD_MAX_BYTES = 72;

/** A password as typed: never trimmed, at least 5 characters, at most 72 bytes. */
function passwordField(requiredMessage: string) {
  return z
    .unknown()
    .transform((value) => (typeof value === "string" ? value : ""))
    .pipe(
      z
        .string()
        .min(1, requiredMessage)
        .min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.passwordMin)
        .refine(
          (value) => new TextEncoder().encode(value).length <= PASSWORD_MAX_BYTES,
          ACCOUNT_MESSAGES.passwordTooLong,
        ),
    );
}

/** An account's e-mail address, lower-cased (addresses are stored that way). */
function accountEmail({ checkFormat }: { checkFormat: boolean }) {
  return emailField({ checkFormat }).transform((value) => value.toLowerCase());
}

/** Optional text: trimmed, blank allowed. */
function optionalText(label: string, max: number) {
  return z
    .unknown()
    .transform((value) => (typeof value === "string" ? value.trim() : ""))
    .pipe(z.string().max(max, `${label} is too long (at most ${max} characters)`));
}

/**
 * Login, in the spec's order: email, password, minimum length. The address is not
 * format-checked here: a malformed one simply does not match an account.
 */
export const loginSchema = z.object({
  email: accountEmail({ checkFormat: false }),
  password: passwordField(REQUIRED_MESSAGES.password),
});

/** Register, in the spec's order: name, email, userImage, password, minimum length. */
export const registerSchema = z.object({
  name: nameField(),
  email: accountEmail({ checkFormat: true }),
  userImage: imageUrlField(REQUIRED_MESSAGES.userImage),
  password: passwordField(REQUIRED_MESSAGES.password),
});

/**
 * Reset password: email and new password, both required (the spec's fields and
 * messages). The new password is only checked: the link's page sets the password.
 */
export const resetRequestSchema = z.object({
  email: accountEmail({ checkFormat: true }),
  newPassword: passwordField(REQUIRED_MESSAGES.newPassword),
});

/** The reset link's page: the new password, typed twice. */
export const newPasswordSchema = z
  .object({
    password: passwordField(REQUIRED_MESSAGES.newPassword),
    confirmPassword: z
      .unknown()
      .transform((value) => (typeof value === "string" ? value : ""))
      .pipe(z.string().min(1, ACCOUNT_MESSAGES.confirmPassword)),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: ACCOUNT_MESSAGES.passwordsDiffer,
    path: ["confirmPassword"],
  });

/**
 * Profile update. The spec has no client checks; the server still needs a name, and an
 * image link (optional) must be http(s) or one of the site's own images.
 */
export const profileSchema = z.object({
  name: nameField(),
  userImage: optionalText("Image link", 2000).refine(
    (value) => value === "" || isImageLink(value),
    HTTP_URL_MESSAGE,
  ),
  address: optionalText("Address", 300),
});

export type LoginInput = z.output<typeof loginSchema>;
export type RegisterInput = z.output<typeof registerSchema>;
export type ResetRequestInput = z.output<typeof resetRequestSchema>;
export type ProfileInput = z.output<typeof profileSchema>;
