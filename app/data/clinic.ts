/**
 * The clinic's fixed page content. Its name, address, phone, e-mail and hours live in the
 * settings row (~/models/settings/clinic-settings.server, `getPublicClinic()`).
 */
export const CLINIC_PAGE = {
  emergencyNote: "Toothache or a broken tooth? Call us first thing: we keep same-day slots for emergencies.",
  /** Map centre and the area shown by the embedded OpenStreetMap view. */
  map: { lat: 42.1015, lon: -72.5898, span: 0.01 },
} as const;

/** OpenStreetMap's embeddable view of the clinic (allowed by the CSP's frame-src). */
export function clinicMapUrl(): string {
  const { lat, lon, span } = CLINIC_PAGE.map;
  const bbox = [lon - span, lat - span / 2, lon + span, lat + span / 2].map((n) => n.toFixed(4));
  const params = new URLSearchParams({
    bbox: bbox.join(","),
    layer: "mapnik",
    marker: `${lat},${lon}`,
  });
  return `https://www.openstreetmap.org/export/embed.html?${params.toString()}`;
}

/** A phone number as a `tel:` link (digits and a leading +). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

/** Directions to the clinic on OpenStreetMap (the visitor's device fills in the start). */
export function clinicDirectionsUrl(): string {
  const { lat, lon } = CLINIC_PAGE.map;
  const params = new URLSearchParams({ route: `;${lat},${lon}` });
  return `https://www.openstreetmap.org/directions?${params.toString()}`;
}
