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

/** The price ranges offered as radio buttons; a range is inclusive at both ends, in dollars. */
export const PRICE_RANGES = [
  { value: "0-100", label: "$0 to $100" },
  { value: "100-500", label: "$100 to $500" },
  { value: "500-1000", label: "$500 to $1,000" },
  { value: "1000-2500", label: "$1,000 to $2,500" },
  { value: "2500-10000", label: "$2,500 to $10,000" },
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
