import { describe, expect, it } from "vitest";
import {
  ACCOUNT_MESSAGES,
  newPasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  resetRequestSchema,
} from "~/validation/account";
import { EMAIL_FORMAT_MESSAGE, HTTP_URL_MESSAGE } from "~/validation/fields";
import { validateForm } from "~/validation/form";
import { DEFAULT_AVATAR, withChosenAvatar } from "~/data/avatars";
import {
  LOGIN_FIELDS,
  NEW_PASSWORD_FIELDS,
  PROFILE_FIELDS,
  REGISTER_FIELDS,
  REGISTER_PRESETS,
  RESET_FIELDS,
} from "~/validation/form-fields";

const login = (input: Record<string, unknown>) => validateForm(loginSchema, input, LOGIN_FIELDS);
const register = (input: Record<string, unknown>) =>
  validateForm(registerSchema, input, REGISTER_FIELDS, REGISTER_PRESETS);
const reset = (input: Record<string, unknown>) =>
  validateForm(resetRequestSchema, input, RESET_FIELDS);
const profile = (input: Record<string, unknown>) =>
  validateForm(profileSchema, input, PROFILE_FIELDS);

function messageOf(result: { ok: boolean; message?: string }) {
  return result.ok ? "valid" : result.message;
}

describe("login messages, in the spec's order", () => {
  it.each([
    [{}, "Fill All Details"],
    [{ email: "", password: "" }, "Fill All Details"],
    [{ email: "   ", password: "" }, "Fill All Details"],
    [{ email: "", password: "secret" }, "please Enter your email"],
    [{ email: "a@example.com", password: "" }, "please Enter your password"],
    [{ email: "a@example.com", password: "abcd" }, "password need minimum 5 character"],
    [{ email: "a@example.com", password: "abcde" }, "valid"],
  ])("%j gives %s", (input, expected) => {
    expect(messageOf(login(input))).toBe(expected);
  });

  it("reports the e-mail before the password when both are wrong", () => {
    expect(messageOf(login({ email: "", password: "abc" }))).toBe("please Enter your email");
  });

  it("lower-cases the address and keeps the password as typed", () => {
    const result = login({ email: "  Pat@Example.COM ", password: " pass word " });
    expect(result).toEqual({
      ok: true,
      data: { email: "pat@example.com", password: " pass word " },
    });
  });

  it("refuses passwords longer than bcrypt reads", () => {
    expect(messageOf(login({ email: "a@example.com", password: "x".repeat(73) }))).toBe(
      ACCOUNT_MESSAGES.passwordTooLong,
    );
    expect(messageOf(login({ email: "a@example.com", password: "x".repeat(72) }))).toBe("valid");
  });

  it("treats values that are not strings as missing", () => {
    expect(messageOf(login({ email: ["a@example.com"], password: 12345 }))).toBe(
      "please Enter your email",
    );
  });
});

describe("register messages, in the spec's order", () => {
  const full = {
    name: "Pat Patient",
    email: "pat@example.com",
    userImage: "https://example.com/pat.png",
    password: "secret1",
  };

  it.each([
    [{}, "Fill All Details"],
    [{ name: "", email: "", userImage: "", password: "" }, "Fill All Details"],
    [{ ...full, name: "" }, "please Enter your Name"],
    [{ ...full, email: "" }, "please Enter your email"],
    [{ ...full, userImage: "" }, "please Enter your userImage"],
    [{ ...full, password: "" }, "please Enter your password"],
    [{ ...full, password: "1234" }, "password need minimum 5 character"],
    [full, "valid"],
  ])("%j gives %s", (input, expected) => {
    expect(messageOf(register(input))).toBe(expected);
  });

  it.each([
    [{ name: "", email: "", userImage: "", password: "1" }, "please Enter your Name"],
    [{ name: "A", email: "", userImage: "", password: "" }, "please Enter your email"],
    [
      { name: "A", email: "a@example.com", userImage: "", password: "" },
      "please Enter your userImage",
    ],
    [
      { name: "A", email: "a@example.com", userImage: "https://x.example/a.png", password: "" },
      "please Enter your password",
    ],
  ])("with several fields missing, %j gives the first: %s", (input, expected) => {
    expect(messageOf(register(input))).toBe(expected);
  });

  it("counts the picture the form starts with as nothing filled in", () => {
    const untouched = { name: "", email: "", userImage: DEFAULT_AVATAR, password: "" };
    expect(messageOf(register(untouched))).toBe("Fill All Details");
    expect(messageOf(register({ ...untouched, name: "A" }))).toBe("please Enter your email");
    // A link of one's own is a detail the patient gave.
    expect(messageOf(register({ ...untouched, userImage: "https://x.example/a.png" }))).toBe(
      "please Enter your Name",
    );
    expect(messageOf(register({ ...full, userImage: DEFAULT_AVATAR }))).toBe("valid");
  });

  it("refuses an e-mail that is not an address, before later fields", () => {
    expect(messageOf(register({ ...full, email: "not-an-email", password: "" }))).toBe(
      EMAIL_FORMAT_MESSAGE,
    );
  });

  it.each([
    "javascript:alert(1)",
    "data:image/png;base64,AAAA",
    "/uploads/me.png",
    "ftp://x.example/a",
  ])("refuses the image link %s", (userImage) => {
    expect(messageOf(register({ ...full, userImage }))).toBe(HTTP_URL_MESSAGE);
  });

  it("trims the name and lower-cases the address", () => {
    const result = register({ ...full, name: "  Pat  ", email: "PAT@Example.com" });
    expect(result.ok && result.data).toMatchObject({ name: "Pat", email: "pat@example.com" });
  });
});

describe("the picture a form posts", () => {
  const teal = "/images/avatars/teal-smile.svg";
  const indigo = "/images/avatars/indigo-star.svg";
  it.each([
    // The preselected picture, untouched or changed without JavaScript (the link keeps its text).
    [{ avatar: teal, userImage: teal }, teal],
    [{ avatar: indigo, userImage: teal }, indigo],
    [{ avatar: indigo, userImage: "" }, indigo],
    // A link of one's own typed while a picture is still chosen wins.
    [{ avatar: teal, userImage: "https://x.example/me.png" }, "https://x.example/me.png"],
    // 'My own picture, from a link' posts what was typed, even nothing.
    [{ avatar: "", userImage: "" }, ""],
    [{ avatar: "", userImage: "https://x.example/me.png" }, "https://x.example/me.png"],
  ])("%j posts %s", (form, expected) => {
    expect(withChosenAvatar(form, "userImage").userImage).toBe(expected);
  });
});

describe("reset password messages", () => {
  it.each([
    [{}, "Fill All Details"],
    [{ email: "", newPassword: "secret1" }, "please Enter your email"],
    [{ email: "nope", newPassword: "secret1" }, EMAIL_FORMAT_MESSAGE],
    [{ email: "a@example.com", newPassword: "" }, "please Enter your new password"],
    [{ email: "a@example.com", newPassword: "abc" }, "password need minimum 5 character"],
    [{ email: "a@example.com", newPassword: "abcde" }, "valid"],
  ])("%j gives %s", (input, expected) => {
    expect(messageOf(reset(input))).toBe(expected);
  });
});

describe("the reset link's form: the new password, twice", () => {
  const choose = (input: Record<string, unknown>) =>
    validateForm(newPasswordSchema, input, NEW_PASSWORD_FIELDS);

  it.each([
    [{}, "Fill All Details"],
    [{ password: "", confirmPassword: "" }, "Fill All Details"],
    [{ password: "", confirmPassword: "secret1" }, "please Enter your new password"],
    [{ password: "abc", confirmPassword: "abc" }, ACCOUNT_MESSAGES.passwordMin],
    [{ password: "secret1", confirmPassword: "" }, "please Enter your new password again"],
    [{ password: "secret1", confirmPassword: "secret2" }, "The two passwords do not match"],
    // Never trimmed: a trailing space is part of the password.
    [{ password: "secret1 ", confirmPassword: "secret1" }, "The two passwords do not match"],
    [
      { password: "x".repeat(73), confirmPassword: "x".repeat(73) },
      ACCOUNT_MESSAGES.passwordTooLong,
    ],
    [{ password: "secret1", confirmPassword: "secret1" }, "valid"],
  ])("%j gives %s", (input, expected) => {
    expect(messageOf(choose(input))).toBe(expected);
  });

  it("names the field of the mismatch, for the form", () => {
    const result = choose({ password: "secret1", confirmPassword: "secret2" });
    expect(result.ok ? null : result.field).toBe("confirmPassword");
  });
});

describe("profile update", () => {
  it.each([
    [{ name: "", userImage: "", address: "" }, "Fill All Details"],
    [{ name: "", userImage: "", address: "1 Main St" }, "please Enter your Name"],
    [{ name: "Pat", userImage: "mailto:x@example.com", address: "" }, HTTP_URL_MESSAGE],
    [{ name: "Pat", userImage: "", address: "" }, "valid"],
    // The demo patient's picture, as the seed stores it (docs/spec/decisions.md 17).
    [{ name: "Pat", userImage: "/images/avatars/demo-patient.svg", address: "" }, "valid"],
    [{ name: "Pat", userImage: "https://example.com/p.png", address: "1 Main St" }, "valid"],
    [
      { name: "Pat", userImage: "", address: "x".repeat(301) },
      "Address is too long (at most 300 characters)",
    ],
  ])("%j gives %s", (input, expected) => {
    expect(messageOf(profile(input))).toBe(expected);
  });
});
