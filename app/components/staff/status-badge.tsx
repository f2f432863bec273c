import type { AppointmentStatus } from "~/models/booking/appointment-status";

/**
 * A visit's status as a word (never colour alone); `labels` come from the domain's
 * STATUS_LABELS. Its tone is the stylesheet's `st-<status>` (app/styles/tailwind.css), which
 * the diary's cards use on their own spans.
 */
export function StatusBadge({
  status,
  labels,
}: {
  status: AppointmentStatus;
  labels: Record<AppointmentStatus, string>;
}) {
  return (
    <span
      className={`inline-block rounded border px-1.5 py-0.5 text-xs font-semibold st-${status}`}
    >
      {labels[status]}
    </span>
  );
}
