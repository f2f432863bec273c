import type { ServiceCategory } from "./service-categories";

// What the All Services filter is, shared by the server and the browser. Kept free of
// zod (the parsing lives in ~/validation/catalog) so the home page ships no schema code.

/** Services per page of the list (docs/spec/decisions.md 4). */
export const PAGE_SIZE = 6;
/**
 * The most pages one render of the list holds (60 services): `?page=N` beyond it shows
 * page N alone, with links back, so no request makes the server render the catalogue.
 */
export const MAX_LISTED_PAGES = 10;

/**
 * The price ranges offered as radio buttons, in dollars. A range is inclusive at both ends
 * (as `radio: [min, max]` in the API), so each one ends a cent below where the next begins:
 * a $100 service is in "$100 to $499.99" only. The last one runs to the highest price a
 * service may have.
 */
export const PRICE_RANGES = [
  { value: "0-99.99", label: "$0 to $99.99" },
  { value: "100-499.99", label: "$100 to $499.99" },
  { value: "500-999.99", label: "$500 to $999.99" },
  { value: "1000-2499.99", label: "$1,000 to $2,499.99" },
  { value: "2500-100000", label: "$2,500 and more" },
] as const;

export type PriceRange = [min: number, max: number];

/** What the list is narrowed to: `checked` categories and an optional `radio` price range. */
export type CatalogFilter = { checked: ServiceCategory[]; radio: PriceRange | null };

export const NO_FILTER: CatalogFilter = { checked: [], radio: null };

/** Whether a range is one of PRICE_RANGES (the others are served, but never cached). */
export function isOfferedRange([min, max]: PriceRange): boolean {
  return PRICE_RANGES.some(({ value }) => value === `${min}-${max}`);
}

/** Filter mode: either list is set. */
export function isFiltering(filter: CatalogFilter): boolean {
  return filter.checked.length > 0 || filter.radio !== null;
}

/** The query string that reproduces `filter` (plus any extra pairs), without a leading '?'. */
export function filterToQuery(filter: CatalogFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const category of filter.checked) params.append("checked", category);
  if (filter.radio) params.set("radio", `${filter.radio[0]}-${filter.radio[1]}`);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params.toString();
}
