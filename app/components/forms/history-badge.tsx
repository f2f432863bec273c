import type { HistoryState } from "~/models/forms/due.server";

export const HISTORY_LABELS: Record<HistoryState, string> = {
  due: "History due",
  review: "History to review",
};

/**
 * The diary card's word on the patient's medical history
 * (docs/decisions/050-medical-history-and-consent-forms.md): due before the visit, or
 * signed and waiting for a dentist's review. Nothing when neither.
 */
export function HistoryBadge({ state }: { state: HistoryState | null | undefined }) {
  if (!state) return null;
  return (
    <p className="text-xs" data-testid="history-state">
      <span
        className={`inline-block rounded border px-1.5 py-0.5 font-semibold ${
          state === "due"
            ? "border-amber-800 bg-amber-50 text-amber-900"
            : "border-sky-800 bg-sky-50 text-sky-900"
        }`}
      >
        {HISTORY_LABELS[state]}
      </span>
    </p>
  );
}
