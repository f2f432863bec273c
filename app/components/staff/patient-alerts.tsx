/**
 * A patient's medical alerts (allergies, conditions) where staff see a visit: the visit
 * page and the diary's card. Renders nothing when there are none; `compact` is the card's
 * one-line form. The data comes from `alertsForPatients` (app/models/patients/alerts.server.ts),
 * which leaves out patients the staff member has no need to know.
 */
export type PatientAlertsData = { allergies: string; conditions: string };

export function PatientAlerts({
  alerts,
  compact = false,
}: {
  alerts: PatientAlertsData | null | undefined;
  compact?: boolean;
}) {
  if (!alerts || (!alerts.allergies && !alerts.conditions)) return null;
  const lines = [
    alerts.allergies ? { label: "Allergies", text: alerts.allergies } : null,
    alerts.conditions ? { label: "Conditions", text: alerts.conditions } : null,
  ].filter((line) => line !== null);
  if (compact) {
    return (
      <p className="text-xs font-semibold text-red-900" data-testid="patient-alerts">
        <span aria-hidden="true">⚠ </span>
        {lines.map((line) => `${line.label}: ${line.text}`).join(" · ")}
      </p>
    );
  }
  return (
    <section
      aria-label="Medical alerts"
      className="rounded-lg border border-red-700 bg-red-50 p-3 text-red-950"
      data-testid="patient-alerts"
    >
      <h2 className="font-semibold">Medical alerts</h2>
      <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1">
        {lines.map((line) => (
          <div key={line.label} className="contents">
            <dt className="font-semibold">{line.label}</dt>
            <dd className="whitespace-pre-line">{line.text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
