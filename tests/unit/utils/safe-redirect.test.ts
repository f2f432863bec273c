import { describe, expect, it } from "vitest";
import { loginPathFor, registerPathFor, safeRedirect } from "~/utils/safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/user/profile", "/user/profile"],
    ["/make-appointment?service=abc", "/make-appointment?service=abc"],
    ["/product/teeth-cleaning#reviews", "/product/teeth-cleaning#reviews"],
    // Normalised, and still on this site.
    ["/user/../make-appointment", "/make-appointment"],
    ["/./user/profile", "/user/profile"],
    ["/%2e%2e/user/profile", "/user/profile"],
    ["/all-service?q=a//b", "/all-service?q=a//b"],
    ["/%252f%252fevil.example", "/%252f%252fevil.example"],
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
    "/\r/evil.example",
    // Dot segments that the URL parser removes, leaving `//evil.example` (issue 9.3).
    "/.//evil.example",
    "/..//evil.example",
    "/%2e%2e//evil.example",
    "/%2E//evil.example",
    "/.%2e//evil.example",
    "/a/..//evil.example",
    "/./\\evil.example",
    // Encoded slashes, backslashes and control characters that decode into another host.
    "/%2f%2fevil.example",
    "/%2F/evil.example",
    "/%5cevil.example",
    "/%5C%5Cevil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%0d%0a//evil.example",
    "/%00",
    "/%E0%A4%A",
    " //evil.example",
    "\t//evil.example",
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

  it("builds the registration path that remembers where to return", () => {
    expect(registerPathFor("/make-appointment?service=s1")).toBe(
      "/register?redirectTo=%2Fmake-appointment%3Fservice%3Ds1",
    );
    expect(registerPathFor("//evil.example")).toBe("/register");
  });
});
