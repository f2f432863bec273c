import type { AppointmentStatus } from "~/models/booking/appointment-status";

const TONES: Record<AppointmentStatus, string> = {
  booked: "border-slate-400 bg-white text-slate-800",
  confirmed: "border-brand-700 bg-brand-50 text-brand-800",
  checked_in: "border-amber-600 bg-amber-50 text-amber-900",
  completed: "border-emerald-700 bg-emerald-50 text-emerald-900",
  cancelled: "border-slate-400 bg-slate-100 text-slate-700 line-through",
  no_show: "border-red-700 bg-red-50 text-red-800",
};

/** A visit's status as a word (never colour alone); `labels` come from the domain's STATUS_LABELS. */
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
          ? TONES[status]
          : `inline-block rounded border px-1.5 py-0.5 text-xs font-semibold ${TONES[status]}`
      }
    >
      {labels[status]}
    </span>
  );
}
