import type { AppointmentStatus } from "~/models/booking/appointment-status";

/**
 * A visit's status as a word (never colour alone); `labels` come from the domain's
 * STATUS_LABELS. Its tone is the stylesheet's `st-<status>` (app/styles/tailwind.css): one
 * short class, as the diary shows 160 of them.
 */
export function StatusBadge({
  status,
  labels,
  bare = false,
}: {
  status: AppointmentStatus;
  labels: Record<AppointmentStatus, string>;
  /** Its tone only: the diary card's status line (`.diary-status`) gives every badge its shape. */
  bare?: boolean;
}) {
  return (
    <span
      className={
        bare
          ? `st-${status}`
          : `inline-block rounded border px-1.5 py-0.5 text-xs font-semibold st-${status}`
      }
    >
      {labels[status]}
    </span>
  );
}
