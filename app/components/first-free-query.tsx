/**
 * Without JavaScript the strip cannot follow the form's own service and dentist fields:
 * this GET form asks for the strip of another service or dentist.
 */
export function FirstFreeQuery({
  action,
  services,
  dentists,
  selected,
  recall,
}: {
  /** The booking page. */
  action: string;
  services: { value: string; label: string }[];
  dentists: { value: string; label: string }[];
  selected: { service: string; dentist: string };
  /** A recall invitation's token, kept for the booking (docs/decisions/035-recall.md). */
  recall: string;
}) {
  return (
    <form method="get" action={`${action}#first-free`} className="mt-4 space-y-3">
      {recall ? <input type="hidden" name="recall" value={recall} /> : null}
      <div>
        <label htmlFor="strip-service" className="field-label">
          Openings for
        </label>
        <select
          id="strip-service"
          name="service"
          defaultValue={selected.service}
          className="field-input"
        >
          <option value="">Choose a service</option>
          {services.map((service) => (
            <option key={service.value} value={service.value}>
              {service.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="strip-dentist" className="field-label">
          With
        </label>
        <select
          id="strip-dentist"
          name="dentist"
          defaultValue={selected.dentist}
          className="field-input"
        >
          <option value="">Any dentist</option>
          {dentists.map((dentist) => (
            <option key={dentist.value} value={dentist.value}>
              {dentist.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary w-full">
        Show openings
      </button>
    </form>
  );
}
