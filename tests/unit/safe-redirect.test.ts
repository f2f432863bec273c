import { describe, expect, it } from "vitest";
import { loginPathFor, safeRedirect } from "~/utils/safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/user/profile", "/user/profile"],
    ["/make-appointment?service=abc", "/make-appointment?service=abc"],
    ["/product/teeth-cleaning#reviews", "/product/teeth-cleaning#reviews"],
  ])("follows the local path %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/",
    "http:evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/\n/evil.example",
    "/\t/evil.example",
    "",
    null,
    undefined,
  ])("refuses %s", (input) => {
    expect(safeRedirect(input)).toBe("/");
  });

  it("uses the given default", () => {
    expect(safeRedirect("//evil.example", "/login")).toBe("/login");
  });

  it("builds the login path that remembers where to return", () => {
    expect(loginPathFor("/user/profile")).toBe("/login?redirectTo=%2Fuser%2Fprofile");
    expect(loginPathFor("//evil.example")).toBe("/login");
  });
});
