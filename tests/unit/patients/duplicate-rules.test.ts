// When two patient records look like one person (issue 31 item 12), apart from the database.
import { describe, expect, it } from "vitest";
import { sameName, samePhone, worthALookup } from "~/models/patients/duplicate-rules";

describe("likely duplicates", () => {
  it("takes two numbers as one when their last digits agree, a country code on one side only", () => {
    expect(samePhone("+1 555 010 1003", "(555) 010-1003")).toBe(true);
    expect(samePhone("5550101003", "+1-555-010-1003")).toBe(true);
    expect(samePhone("555 0199", "+1 555 0199")).toBe(true);
    expect(samePhone("+1 555 010 1003", "+1 555 010 1004")).toBe(false);
    // Too few digits to tell anyone apart.
    expect(samePhone("0199", "0199")).toBe(false);
    expect(samePhone("", "")).toBe(false);
  });

  it("takes names as one whatever the case and spacing, never an empty one", () => {
    expect(sameName("  Ana   SILVA ", "ana silva")).toBe(true);
    expect(sameName("Ana Silva", "Ana Silvia")).toBe(false);
    expect(sameName(" ", "")).toBe(false);
  });

  it("asks only for a number of seven digits, an address, or a name with a date of birth", () => {
    const typed = { name: "", email: "", phone: "", dateOfBirth: "" };
    expect(worthALookup(typed)).toBe(false);
    expect(worthALookup({ ...typed, phone: "555 01" })).toBe(false);
    expect(worthALookup({ ...typed, phone: "555 0199" })).toBe(true);
    expect(worthALookup({ ...typed, email: "ana@" })).toBe(false);
    expect(worthALookup({ ...typed, email: "ana@example.com" })).toBe(true);
    expect(worthALookup({ ...typed, name: "Ana Silva" })).toBe(false);
    expect(worthALookup({ ...typed, name: "Ana Silva", dateOfBirth: "1984-03-09" })).toBe(true);
  });
});
