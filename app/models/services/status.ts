/** A service's place in the review of patient-added services (docs/decisions/023-service-approval.md). */
export const SERVICE_STATUSES = ["published", "awaiting_review", "rejected"] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export function isServiceStatus(value: unknown): value is ServiceStatus {
  return (SERVICE_STATUSES as readonly unknown[]).includes(value);
}

/** The admin's list of services shows all, one status, or the hidden ones. */
export const STAFF_SERVICE_FILTERS = [
  "all",
  "published",
  "awaiting_review",
  "rejected",
  "hidden",
] as const;
export type StaffServiceFilter = (typeof STAFF_SERVICE_FILTERS)[number];

/** A filter from the query; anything else is all services. */
export function staffServiceFilterOf(value: string | null): StaffServiceFilter {
  return (STAFF_SERVICE_FILTERS as readonly (string | null)[]).includes(value)
    ? (value as StaffServiceFilter)
    : "all";
}

/** What a service's author and staff read for each status. */
export const SERVICE_STATUS_LABELS: Record<ServiceStatus, string> = {
  published: "Published",
  awaiting_review: "Awaiting review",
  rejected: "Not published",
};

/** The label of a service as it stands: a published service the clinic hid is not on the site. */
export function serviceStandingLabel(service: { status: ServiceStatus; hidden: boolean }): string {
  if (service.status === "published" && service.hidden) return "Hidden by the clinic";
  return SERVICE_STATUS_LABELS[service.status];
}
