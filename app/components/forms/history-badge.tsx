import type { HistoryState } from "~/models/forms/due.server";

export const HISTORY_LABELS: Record<HistoryState, string> = {
  due: "History due",
  review: "History to review",
};

/**
 * The diary card's word on the patient's medical history
 * (docs/decisions/050-medical-history-and-consent-forms.md): due before the visit, or
 * signed and waiting for a dentist's review. Nothing when neither. A badge of the card's
 * status line: its shape comes from `.diary-status`, its tone from `.history-<state>`.
 */
export function HistoryBadge({ state }: { state: HistoryState | null | undefined }) {
  if (!state) return null;
  return (
    <span className={`history-${state}`} data-testid="history-state">
      {HISTORY_LABELS[state]}
    </span>
  );
}
