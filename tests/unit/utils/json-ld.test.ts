import { describe, expect, it } from "vitest";
import { jsonLd } from "~/utils/json-ld";

describe("JSON-LD in a script element", () => {
  it("cannot close the element or open markup, and parses back to the same value", () => {
    const value = { name: "</script><script>alert(1)</script> & <!-- \u2028" };
    const text = jsonLd(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
