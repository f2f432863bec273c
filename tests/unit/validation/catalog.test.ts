import { describe, expect, it } from "vitest";
import { filterToQuery, isFiltering, NO_FILTER, PRICE_RANGES } from "~/data/catalog-filter";
import {
  PAGE_MESSAGE,
  parseFilterBody,
  parseFilterQuery,
  parsePage,
  parseRangeValue,
} from "~/validation/catalog";
import { MAX_PRICE_DOLLARS } from "~/validation/form-fields";

describe("page numbers", () => {
  it.each([
    ["1", 1],
    ["2", 2],
    [3, 3],
    ["1000000", 1_000_000],
  ])("accepts %j as page %d", (input, page) => {
    expect(parsePage(input)).toEqual({ ok: true, data: page });
  });

  it.each([
    "0",
    "-1",
    "abc",
    "1.5",
    1.5,
    0,
    -2,
    "1e3",
    "0x10",
    " 1",
    "",
    "1000001",
    "99999999999999999999",
    null,
    undefined,
    {},
    [1],
    NaN,
    Infinity,
  ])("refuses %j with one message", (input) => {
    expect(parsePage(input)).toEqual({ ok: false, status: 400, message: PAGE_MESSAGE });
  });
});

describe("the filter body (POST /api/product-filters)", () => {
  it("reads categories and a [min, max] range in dollars", () => {
    expect(parseFilterBody({ checked: ["Cosmetic", "Preventive"], radio: [0, 100] })).toEqual({
      ok: true,
      data: { checked: ["Cosmetic", "Preventive"], radio: [0, 100] },
    });
  });

  it("treats missing or empty lists as no filter, and drops repeated categories", () => {
    expect(parseFilterBody({})).toEqual({ ok: true, data: NO_FILTER });
    expect(parseFilterBody({ checked: [], radio: [] })).toEqual({ ok: true, data: NO_FILTER });
    expect(parseFilterBody({ checked: ["Cosmetic", "Cosmetic"] })).toEqual({
      ok: true,
      data: { checked: ["Cosmetic"], radio: null },
    });
  });

  it("names the unknown category and lists the known ones", () => {
    const result = parseFilterBody({ checked: ["Cosmetic", "Tattoos"], radio: [] });
    expect(result).toEqual({
      ok: false,
      status: 400,
      message:
        'Unknown category "Tattoos": choose from Preventive, Cosmetic, Restorative, Orthodontics, Oral surgery',
    });
  });

  it.each([
    [{ checked: "Cosmetic" }, /^checked must be a list of service categories/],
    [{ checked: [1] }, /^checked must be a list/],
    [{ checked: Array(11).fill("Cosmetic") }, /^checked must be a list/],
    [{ radio: [100, 0] }, /^radio must be a price range \[min, max\] in dollars/],
    [{ radio: [1] }, /^radio must be a price range/],
    [{ radio: [1, 2, 3] }, /^radio must be a price range/],
    [{ radio: ["1", "2"] }, /^radio must be a price range/],
    [{ radio: [-1, 2] }, /^radio must be a price range/],
    [{ radio: [0, 2_000_000] }, /^radio must be a price range/],
    [{ radio: "0-100" }, /^radio must be a price range/],
    [{ radio: { min: 0, max: 100 } }, /^radio must be a price range/],
  ])("refuses %j", (body, message) => {
    const result = parseFilterBody(body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});

describe("the filter query (All Services GET form)", () => {
  it("reads repeated checked values and one radio range", () => {
    const params = new URLSearchParams("checked=Cosmetic&checked=Oral+surgery&radio=100-500");
    expect(parseFilterQuery(params)).toEqual({
      ok: true,
      data: { checked: ["Cosmetic", "Oral surgery"], radio: [100, 500] },
    });
  });

  it("ignores an empty radio value and reads an empty query as no filter", () => {
    expect(parseFilterQuery(new URLSearchParams("radio="))).toEqual({
      ok: true,
      data: NO_FILTER,
    });
    expect(parseFilterQuery(new URLSearchParams("page=3"))).toEqual({
      ok: true,
      data: NO_FILTER,
    });
  });

  it.each([
    ["radio=cheap", /^The price range "cheap" must be two amounts in dollars, like 100-500$/],
    ["radio=100", /^The price range "100" must be two amounts/],
    ["radio=500-100", /^radio must be a price range/],
    ["radio=0-100&radio=100-500", /^Choose one price range at a time$/],
    ["checked=Haircuts", /^Unknown category "Haircuts"/],
  ])("refuses ?%s", (query, message) => {
    const result = parseFilterQuery(new URLSearchParams(query));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it("offers price ranges that do not overlap, leave no gap and reach the highest price", () => {
    const ranges = PRICE_RANGES.map((range) => parseRangeValue(range.value)!);
    expect(ranges[0]![0]).toBe(0);
    expect(ranges.at(-1)![1]).toBe(MAX_PRICE_DOLLARS);
    for (let index = 1; index < ranges.length; index += 1) {
      // Inclusive ranges: the next one starts one cent after the last one ends.
      expect(Math.round(ranges[index]![0] * 100)).toBe(Math.round(ranges[index - 1]![1] * 100) + 1);
    }
    const holding = (dollars: number) =>
      ranges.filter(([min, max]) => dollars >= min && dollars <= max).length;
    for (const price of [0, 99.99, 100, 499.99, 500, 1000, 2499.99, 2500, MAX_PRICE_DOLLARS]) {
      expect(holding(price), `$${price}`).toBe(1);
    }
  });

  it("offers only ranges it can read back, and round-trips a filter through the query", () => {
    for (const range of PRICE_RANGES) expect(parseRangeValue(range.value)).not.toBeNull();
    expect(parseRangeValue("19.99-49.5")).toEqual([19.99, 49.5]);
    const filter = {
      checked: ["Cosmetic" as const, "Oral surgery" as const],
      radio: [100, 500] as [number, number],
    };
    const query = filterToQuery(filter, { page: "2" });
    expect(query).toBe("checked=Cosmetic&checked=Oral+surgery&radio=100-500&page=2");
    expect(parseFilterQuery(new URLSearchParams(query))).toEqual({ ok: true, data: filter });
  });

  it("is filter mode when either list is set, and not when both are empty", () => {
    expect(isFiltering(NO_FILTER)).toBe(false);
    expect(isFiltering({ checked: ["Cosmetic"], radio: null })).toBe(true);
    expect(isFiltering({ checked: [], radio: [0, 100] })).toBe(true);
  });
});
