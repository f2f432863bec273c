import { describe, expect, it } from "vitest";
import { formHoldsNullCharacter, formToObject, holdsNullCharacter } from "~/validation/form";

describe("null characters (PostgreSQL's text cannot store one)", () => {
  it("are found in a text, and only U+0000 counts", () => {
    expect(holdsNullCharacter("a\u0000b")).toBe(true);
    expect(holdsNullCharacter("%00 \\u0000 \u0001 \ufffd")).toBe(false);
  });

  it("are found in any of a form's names or text fields, repeated or not", () => {
    const form = (entries: Array<[string, string]>) => {
      const data = new FormData();
      for (const [name, value] of entries) data.append(name, value);
      return data;
    };
    expect(formHoldsNullCharacter(form([["name", "Ada"]]))).toBe(false);
    expect(formHoldsNullCharacter(form([["na\u0000me", "Ada"]]))).toBe(true);
    // formToObject keeps the first of a repeated name; the check reads every one.
    const repeated = form([
      ["day", "mon"],
      ["day", "t\u0000ue"],
    ]);
    expect(formToObject(repeated)).toEqual({ day: "mon" });
    expect(formHoldsNullCharacter(repeated)).toBe(true);
    const withFile = new FormData();
    withFile.append("photo", new Blob(["\u0000binary"]), "photo.png");
    expect(formHoldsNullCharacter(withFile)).toBe(false);
  });
});
