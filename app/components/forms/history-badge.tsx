import type { HistoryState } from "~/models/forms/due.server";

export const HISTORY_LABELS: Record<HistoryState, string> = {
  due: "History due",
  review: "History to review",
};

/**
 * The diary card's word on the patient's medical history
 * (docs/decisions/050-medical-history-and-consent-forms.md): due before the visit, or
 * signed and waiting for a dentist's review. Nothing when neither. A badge of the card's
 * status line: its shape comes from `.diary-status`, only its tone is here.
 */
export function HistoryBadge({ state }: { state: HistoryState | null | undefined }) {
  if (!state) return null;
  return (
    <span
      className={
        state === "due"
          ? "border-amber-800 bg-amber-50 text-amber-900"
          : "border-sky-800 bg-sky-50 text-sky-900"
      }
      data-testid="history-state"
    >
      {HISTORY_LABELS[state]}
    </span>
  );
}
