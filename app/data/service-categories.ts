/**
 * The fixed set of service categories (docs/spec/decisions.md 5); filters and new services
 * use it.
 */
export const SERVICE_CATEGORIES = [
  "Preventive",
  "Cosmetic",
  "Restorative",
  "Orthodontics",
  "Oral surgery",
] as const;

export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

export function isServiceCategory(value: unknown): value is ServiceCategory {
  return typeof value === "string" && (SERVICE_CATEGORIES as readonly string[]).includes(value);
}
