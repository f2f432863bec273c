/** A service's place in the review of patient-added services (docs/decisions/023-service-approval.md). */
export const SERVICE_STATUSES = ["published", "awaiting_review", "rejected"] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export function isServiceStatus(value: unknown): value is ServiceStatus {
  return (SERVICE_STATUSES as readonly unknown[]).includes(value);
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
