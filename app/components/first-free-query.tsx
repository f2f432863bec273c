import { SelectOptions } from "./select-options";

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
          <SelectOptions empty="Choose a service" options={services} />
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
          <SelectOptions empty="Any dentist" options={dentists} />
        </select>
      </div>
      <button type="submit" className="btn-secondary w-full">
        Show openings
      </button>
    </form>
  );
}
