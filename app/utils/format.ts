/** Cuts text to `max` characters (the spec's card rule: names at 25, descriptions at 55). */
export function truncate(text: string, max: number): string {
  return Array.from(text).slice(0, max).join("");
}

/** How much of a description a service card shows. */
export const CARD_DESCRIPTION_CHARS = 55;

/** The card description: the first 55 characters followed by '...'. */
export function cardDescription(description: string): string {
  return `${truncate(description, CARD_DESCRIPTION_CHARS)}...`;
}

/** Whole cents as US dollars with a $ prefix and two decimals: 12050 -> "$120.50". */
export function formatPrice(priceCents: number): string {
  const dollars = Math.floor(Math.abs(priceCents) / 100);
  const cents = Math.abs(priceCents) % 100;
  const sign = priceCents < 0 ? "-" : "";
  return `${sign}$${dollars.toLocaleString("en-US")}.${String(cents).padStart(2, "0")}`;
}

/** Dollars (as typed or sent by the API) to whole cents, or null when not a price. */
export function dollarsToCents(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  return Math.round(value * 100);
}
