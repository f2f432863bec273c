/** The clinic's public details: the home page, the header's phone link, the privacy notice. */
export const CLINIC = {
  name: "Dental Clinic",
  address: { street: "48 Main Street", city: "Springfield", region: "MA", postalCode: "01103" },
  email: "hello@dental-clinic.example",
  phone: "+1 (555) 010-2040",
  emergencyNote: "Toothache or a broken tooth? Call us first thing: we keep same-day slots for emergencies.",
  /** Map centre and the area shown by the embedded OpenStreetMap view. */
  map: { lat: 42.1015, lon: -72.5898, span: 0.01 },
} as const;

export function clinicAddressLine(): string {
  const { street, city, region, postalCode } = CLINIC.address;
  return `${street}, ${city}, ${region} ${postalCode}`;
}

/** OpenStreetMap's embeddable view of the clinic (allowed by the CSP's frame-src). */
export function clinicMapUrl(): string {
  const { lat, lon, span } = CLINIC.map;
  const bbox = [lon - span, lat - span / 2, lon + span, lat + span / 2].map((n) => n.toFixed(4));
  const params = new URLSearchParams({
    bbox: bbox.join(","),
    layer: "mapnik",
    marker: `${lat},${lon}`,
  });
  return `https://www.openstreetmap.org/export/embed.html?${params.toString()}`;
}

/** The clinic's phone as a `tel:` link. */
export function clinicTelHref(): string {
  return `tel:${CLINIC.phone.replace(/[^+\d]/g, "")}`;
}

/** Directions to the clinic on OpenStreetMap (the visitor's device fills in the start). */
export function clinicDirectionsUrl(): string {
  const { lat, lon } = CLINIC.map;
  const params = new URLSearchParams({ route: `;${lat},${lon}` });
  return `https://www.openstreetmap.org/directions?${params.toString()}`;
}
