import { describe, expect, it } from "vitest";
import { cardDescription, dollarsToCents, formatPrice, truncate } from "~/utils/format";

describe("card text", () => {
  it("cuts names at 25 characters", () => {
    expect(truncate("Comprehensive Orthodontic Assessment", 25)).toBe("Comprehensive Orthodontic");
    expect(truncate("Short", 25)).toBe("Short");
  });

  it("cuts descriptions at 55 characters and always adds '...'", () => {
    const long = "A".repeat(80);
    expect(cardDescription(long)).toBe(`${"A".repeat(55)}...`);
    expect(cardDescription("Brief")).toBe("Brief...");
  });

  it("does not split a character made of two code units", () => {
    expect(truncate("😀😀😀", 2)).toBe("😀😀");
  });
});

describe("prices", () => {
  it("shows cents as dollars with a $ prefix and two decimals", () => {
    expect(formatPrice(9500)).toBe("$95.00");
    expect(formatPrice(12050)).toBe("$120.50");
    expect(formatPrice(450000)).toBe("$4,500.00");
    expect(formatPrice(5)).toBe("$0.05");
  });

  it("turns typed dollars into whole cents", () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(Number.NaN)).toBeNull();
  });
});
